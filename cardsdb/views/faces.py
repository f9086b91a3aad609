"""PNG card faces drawn from a card's facts, for cards whose image cannot be reached."""

from django.http import FileResponse, Http404
from django.views.decorators.cache import cache_control

from ..face_facts import face_facts
from ..images import cached_face
from ..selectors import card_get

FACES = ("front", "back")


@cache_control(public=True, max_age=86400)
def card_face(request, game: str, code: str):
    found = card_get(game=game, code=code)
    if found is None:
        raise Http404(f"No card {code} in {game}")
    card, face = found
    face = request.GET.get("face", face)
    # Only a card's own faces are drawn: any other value would write one more file to the cache.
    if face not in FACES:
        raise Http404(f"No face {face[:20]!r}; a card has a front and, if two-sided, a back")
    if face == "back" and not card.back:
        face = "front"  # what face_facts draws for it: one file for both
    path = cached_face(face_facts(card, face), key=f"{game}-{card.code}-{face}")
    return FileResponse(path.open("rb"), content_type="image/png")
