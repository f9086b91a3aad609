"""The SWCCG replay viewer's pages: paste a record or open a GEMP file (no login), and a saved replay opened by
its share link (no login, the token is the key).

The stepping is done by the page's scripts (rules/static/rules/swccg-replay/) against the API: the record is
refereed once as a whole (POST /api/games/swccg/replay/view) and the table is asked for step by step
(POST /api/games/swccg/replay?mode=check&upto=n); a GEMP file is read a page of events at a time
(POST /api/games/swccg/gemp-replay). These views give the page, the user's saved replays (each with a "New link"
that revokes its share link) and a shared file.
"""

import json

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.views.decorators.http import require_GET, require_POST

from cardsdb.api.files import file_response
from rules.api.replay_links import renew_link
from rules.api.swccg_games import MAX_GEMP_BODY, MAX_RECORD_BODY
from rules.api.swccg_replays import GAME, MAX_SAVED_REPLAYS, MAX_TITLE
from rules.models import SavedReplay
from rules.views.swccg_rule_words import rule_words

# A shared page's address is its key: no search engine keeps it, and no other site learns it from a Referer.
PRIVATE_HEADERS = {"X-Robots-Tag": "noindex, nofollow", "Referrer-Policy": "no-referrer"}
# A replay's kind in the page's language; the model's English labels stay the API's.
KIND_LABELS = {
    SavedReplay.Kind.RECORD: pgettext_lazy("replay kind", "game record"),
    SavedReplay.Kind.GEMP: pgettext_lazy("replay kind", "GEMP replay"),
}


def _page(request, shared: SavedReplay | None = None, status: int = 200):
    saved = []
    if request.user.is_authenticated:
        saved = SavedReplay.objects.filter(owner=request.user, game_id=GAME).defer("record", "gemp_file")
        saved = list(saved[:MAX_SAVED_REPLAYS])
    for replay in [*saved, *([shared] if shared else [])]:
        replay.kind_label = KIND_LABELS.get(replay.kind, replay.kind)
    context = {
        "shared": shared,
        "saved_replays": saved,
        "max_saved": MAX_SAVED_REPLAYS,
        "max_title": MAX_TITLE,
        "max_record_body": MAX_RECORD_BODY,
        "max_gemp_body": MAX_GEMP_BODY,
        "rule_words": rule_words(),  # the referee's rule titles and summaries in the page's language
    }
    response = render(request, "rules/swccg_replay.html", context, status=status)
    if shared is not None:
        for header, value in PRIVATE_HEADERS.items():
            response[header] = value
    return response


@require_GET
def viewer_page(request):
    """The viewer: paste a record or open a GEMP replay file; your saved replays when you are logged in."""
    return _page(request)


def _shared(token: str) -> SavedReplay:
    saved = SavedReplay.objects.filter(token=token, game_id=GAME).defer("record", "gemp_file").first()
    if saved is None:
        raise Http404("No shared replay has this link.")
    return saved


@require_POST
def new_link(request, replay_id: int):
    """The saved replays list's "New link": the replay's old share link (page and file) stops working."""
    saved = SavedReplay.objects.filter(pk=replay_id, game_id=GAME).defer("record", "gemp_file").first()
    if saved is None or not request.user.is_authenticated or saved.owner_id != request.user.id:
        raise Http404("You have no saved replay with this id.")
    renew_link(saved)
    messages.success(
        request,
        gettext("New share link made for “%(title)s”: the old one no longer works.") % {"title": saved.title},
    )
    return redirect(f"{reverse('swccg-replay')}#ccg-saved")


@require_GET
def shared_page(request, token: str):
    """A saved replay opened by its share link: anyone with the link, logged in or not."""
    return _page(request, _shared(token))


@require_GET
def shared_file(request, token: str):
    """The shared replay itself, as it was saved: the record's JSON, or the GEMP file's bytes."""
    saved = SavedReplay.objects.filter(token=token, game_id=GAME).first()
    if saved is None:
        raise Http404("No shared replay has this link.")
    if saved.kind == SavedReplay.Kind.RECORD:
        # Compact, as sent: what the viewer posts back to the API stays within the API's body limit.
        text = json.dumps(saved.record, ensure_ascii=False, separators=(",", ":"))
        response = file_response(text.encode(), "application/json", f"swccg-replay-{saved.pk}.json")
    else:
        data = bytes(saved.gemp_file or b"")  # PostgreSQL gives a memoryview
        name = f"swccg-replay-{saved.pk}.{'xml' if data.lstrip()[:1] == b'<' else 'xml.gz'}"
        response = file_response(data, "application/octet-stream", name)
    for header, value in PRIVATE_HEADERS.items():
        response[header] = value
    return response
