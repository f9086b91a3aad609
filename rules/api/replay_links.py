"""A new share link for a saved replay (POST /api/games/swccg/replays/<id>/share-link/): the old link, its page and
its file, is a 404 from then on, so a link given to the wrong people can be revoked without deleting the replay.
Only the owner may; someone else's replay is a 404 like one that does not exist."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from cardsdb.api.views import ERROR
from rules.api.swccg_replays import OwnReplaysView, _own_replay, replay_answer
from rules.models import SavedReplay, new_share_token


def renew_link(saved: SavedReplay) -> SavedReplay:
    saved.token = new_share_token()
    SavedReplay.objects.filter(pk=saved.pk).update(token=saved.token)
    return saved


class ReplayShareLinkView(OwnReplaysView):
    """A new share link for one of your saved replays (no body); the answer is the replay with its new
    `share_url` and `file_url`."""

    parser_classes = []  # no body: whatever is sent is left unread

    @extend_schema(request=None, responses={200: dict, 401: ERROR, 404: ERROR})
    def post(self, request, replay_id: int):
        return Response(replay_answer(request, renew_link(_own_replay(request, replay_id))))
