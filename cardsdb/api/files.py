"""Views whose answer is a file (a CSV, a PDF, GEMP's XML…) rather than a rendered JSON body."""

from django.http import HttpResponse


class FileAnswerMixin:
    """Skips content negotiation: the file is what the view's ?as= names, so a client asking for it (Accept:
    text/csv) gets it instead of a 406 from renderers that only speak JSON; a refusal is still coded JSON."""

    def perform_content_negotiation(self, request, force=False):
        return super().perform_content_negotiation(request, force=True)


def file_response(content, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
