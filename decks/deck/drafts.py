"""A deck built while logged out, kept in the session through log-in and sign-up (Django's login keeps an
anonymous session's data), so the builder can give it back instead of an empty page."""

from urllib.parse import urlencode

from django.urls import reverse

from decks.deck import services as decks

SESSION_KEY = "builder_draft"
FIELDS = ("name", "side", "format_code", "notes", "is_public")


def keep(session, game: str, context: dict, entries: list[decks.Entry]) -> None:
    """Keeps the builder's fields and cards (what a save would have written)."""
    draft = {field: context[field] for field in FIELDS}
    draft.update(game=game, cards=[[e.code, e.count, e.zone] for e in entries])
    session[SESSION_KEY] = draft


def take(session, game: str | None) -> dict | None:
    """The kept draft for `game` (None: any game), removed from the session: it is on the page from now on."""
    draft = session.get(SESSION_KEY)
    if not isinstance(draft, dict) or (game is not None and draft.get("game") != game):
        return None
    del session[SESSION_KEY]
    try:
        draft["entries"] = [
            decks.Entry(str(code), int(count), str(zone)) for code, count, zone in draft["cards"]
        ]
    except (KeyError, TypeError, ValueError):  # a session from an older page: nothing to give back
        return None
    return draft


def back_links(game: str) -> dict[str, str]:
    """Log-in and sign-up addresses that come back to this game's builder."""
    query = urlencode({"next": f"{reverse('deck-new')}?{urlencode({'game': game})}"})
    return {"login_url": f"{reverse('login')}?{query}", "signup_url": f"{reverse('signup')}?{query}"}
