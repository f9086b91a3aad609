from django.shortcuts import render

from ..api.errors import json_404, json_500


def not_found(request, exception=None):
    if request.path.startswith("/api/"):
        return json_404(request, exception)
    return render(request, "404.html", {"path": request.path}, status=404)


def server_error(request):
    if request.path.startswith("/api/"):
        return json_500(request)
    return render(request, "500.html", status=500)
