"""Deck history and sharing pages: a deck's versions, the diff between any two, restore; delete (with a
confirmation page), duplicate and the "active" toggle; the public deck list with its filters; the share page
/d/<share_id>/; two decks side by side. Writes are POSTs (CSRF-protected forms); every deck is fetched through a
check of who may see or change it, so a private deck is a 404 to everyone but its owner."""

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext, pgettext_lazy
from django.views.decorators.http import require_POST

from cardsdb.api.errors import ApiError
from cardsdb.games.order import ordered_games
from cardsdb.labels import shown as in_language
from cardsdb.models import Card, Game
from cardsdb.naming import find_card
from decks.deck import services as decks
from decks.deck.pages import deck_detail
from decks.deck.storage import MAX_VERSIONS
from decks.games import PROFILES, all_sides, profile
from decks.history import services as history
from decks.legality.messages import shown_violations
from decks.models import Deck, Format
from decks.params import NUL, whole_number

VERSIONS_PER_PAGE = 25
DECKS_PER_PAGE = 25
MAX_CARD_NAMES = history.MAX_CARD_FILTERS
MAX_PICKER_DECKS = 200  # the user's own decks offered in the compare page's pickers
# The diff page's words for a version's fields (decks/deck/snapshot.py: SNAPSHOT_FIELDS); the API keeps the keys.
FIELD_LABELS = {
    "name": pgettext_lazy("deck field", "Name"),
    "side": pgettext_lazy("deck field", "Side"),
    "format_code": pgettext_lazy("deck field", "Format"),
    "notes": pgettext_lazy("deck field", "Notes"),
    "setup": pgettext_lazy("deck field", "Setup"),
}


def _readable(request, deck_id: int, *, for_change: bool = False) -> Deck:
    try:
        return decks.deck_get(deck_id=deck_id, user=request.user, for_change=for_change)
    except ApiError as exc:
        raise Http404(str(exc.detail)) from None


def _text(raw: str | None, limit: int = 100) -> str:
    """Query text as a page reads it: without NUL (PostgreSQL refuses it), bounded."""
    return (raw or "").replace(NUL, "").strip()[:limit]


def _page(request, items, per_page: int):
    return Paginator(items, per_page).get_page(whole_number(request.GET.get("page"), 1, low=1, high=10**6))


def deck_history(request, deck_id: int):
    """The versions the visitor may see (history_services.visible_versions), each linked to its changes since
    the version before it that they may see."""
    deck = _readable(request, deck_id)
    visible = history.version_list(deck, request.user)
    page = _page(request, visible, VERSIONS_PER_PAGE)
    shown = list(page)
    if shown:  # the version before the page's last one: one query; the others are on the page
        older = visible.filter(number__lt=shown[-1].number).values_list("number", flat=True).first()
        for version, previous in zip(shown, [v.number for v in shown[1:]] + [older], strict=True):
            version.total = sum(c.get("count", 0) for c in version.cards)
            version.previous = previous
    names = _format_names(deck.game_id)
    for version in shown:
        version.format_name = names.get(version.format_code, version.format_code)
    before, after = history.default_span(deck, request.user)
    return render(
        request,
        "decks/history.html",
        {
            "deck": deck,
            "page": page,
            "is_owner": history.is_owner(deck, request.user),
            "latest": after if shown else None,
            "default_to": after,
            "default_from": before,
            "kept_per_deck": MAX_VERSIONS,
        },
    )


def _format_names(game: str) -> dict[str, str]:
    """A format's code → its name, for the pages (a version may name a format since removed: its code stays)."""
    return dict(Format.objects.filter(game_id=game).values_list("code", "name"))


def _shown_diff(diff: dict, game: str, names: dict[str, str]) -> dict:
    """The diff as the page words it, in its language: zones, fields, sides and formats by their names."""
    zones = dict(profile(game).zones)
    for row in diff["added"] + diff["removed"]:
        row["zone_label"] = in_language(zones.get(row["zone"], row["zone"]), "zone")
    for field in diff["fields"]:
        field["label"] = FIELD_LABELS.get(field["field"], field["field"])
        if field["field"] == "format_code":
            field["from"], field["to"] = (names.get(v, v) for v in (field["from"], field["to"]))
        elif field["field"] == "side":
            field["from"], field["to"] = (
                in_language(v, "side") if v else v for v in (field["from"], field["to"])
            )
    if diff["legality"]:
        code = diff["legality"]["format"]
        diff["legality"]["format_name"] = names.get(code, code)
    return diff


def deck_diff(request, deck_id: int):
    deck = _readable(request, deck_id)
    after = whole_number(request.GET.get("to"), None, low=1, high=2**31 - 1)
    before, after = history.default_span(deck, request.user, after)
    before = whole_number(request.GET.get("from"), before, low=1, high=2**31 - 1)
    formats = list(Format.objects.filter(game_id=deck.game_id))
    codes = {f.code for f in formats}
    wanted = _text(request.GET.get("format"), 60)
    format_code = wanted if wanted in codes else (deck.format.code if deck.format_id else "")
    context = {"deck": deck, "from": before, "to": after, "formats": formats, "format_code": format_code}
    try:
        found = history.version_diff(
            deck, before, after, viewer=request.user, format_code=format_code or None, listed=shown_violations
        )
    except ApiError as exc:
        context["error"] = str(exc.detail)
        return render(request, "decks/diff.html", context, status=exc.status_code)
    context["diff"] = _shown_diff(found, deck.game_id, {f.code: f.name for f in formats})
    return render(request, "decks/diff.html", context)


@require_POST
def deck_restore(request, deck_id: int):
    deck = _readable(request, deck_id, for_change=True)
    number = whole_number(request.POST.get("number"), low=1, high=2**31 - 1)
    expected = whole_number(request.POST.get("version"), 0)  # the version the page showed
    if number is None:
        messages.error(request, gettext("Pick a version to restore."))
        return redirect("deck-history", deck_id=deck.pk)
    try:
        history.version_restore(deck, number, expected_version=expected)
    except ApiError as exc:
        if exc.code == "version-mismatch":
            messages.error(
                request, gettext("Not restored: the deck changed since this page was opened; look again.")
            )
        else:
            messages.error(request, gettext("Not restored: %(why)s") % {"why": exc.detail})
        return redirect("deck-history", deck_id=deck.pk)
    messages.success(request, gettext("Restored version %(n)d as a new version.") % {"n": number})
    return redirect("deck-detail", deck_id=deck.pk)


def deck_delete(request, deck_id: int):
    deck = _readable(request, deck_id, for_change=True)
    if request.method == "POST":
        try:
            decks.deck_delete(deck, expected_version=whole_number(request.POST.get("version"), 0))
        except ApiError:
            messages.error(
                request, gettext("Not deleted: the deck changed since this page was opened; look again.")
            )
            return redirect("deck-detail", deck_id=deck.pk)
        messages.success(request, gettext("Deleted “%(name)s”.") % {"name": deck.name})
        return redirect("deck-list")
    return render(request, "decks/confirm_delete.html", {"deck": deck})


@require_POST
def deck_duplicate(request, deck_id: int):
    if not request.user.is_authenticated:
        return redirect_to_login(f"/decks/{deck_id}/")
    source = _readable(request, deck_id)
    copy = history.deck_duplicate(source, owner=request.user)
    messages.success(
        request, gettext("Copied “%(name)s” into a new private deck of yours.") % {"name": source.name}
    )
    return redirect("deck-detail", deck_id=copy.pk)


@require_POST
def deck_active(request, deck_id: int):
    deck = _readable(request, deck_id, for_change=True)
    history.deck_set_active(deck, request.POST.get("active") == "1")
    messages.success(
        request,
        gettext("Marked as built from your collection.")
        if deck.is_active
        else gettext("No longer marked as built."),
    )
    return redirect("deck-detail", deck_id=deck.pk)


@require_POST
def deck_new_share_link(request, deck_id: int):
    """The deck page's "New link": the old share address stops working."""
    deck = _readable(request, deck_id, for_change=True)
    history.deck_new_share_link(deck)
    messages.success(request, gettext("New share link made: the old one no longer works."))
    return redirect("deck-detail", deck_id=deck.pk)


def deck_share(request, share_id: str):
    """The stable public address: the deck's page while it is public, a 404 once it is private."""
    deck = history.shared_deck(share_id)
    if deck is None:
        raise Http404("No public deck at this address.")
    return deck_detail(request, deck.pk)


def _cards_named(game: str, game_name: str, names: list[str], side: str):
    """The cards each name (or id) picks — several when a name is shared — with what each name matched (the page
    says it, so "vader" picking •Vader rather than •Darth Vader is plain), and a problem per name that picks
    none, with the closest names."""
    groups, matched, problems = [], [], []
    for name in names:
        try:
            cards = history.cards_for_codes(game, [name])
        except ApiError:
            match = find_card(game, name, side=side or None)
            cards = list(Card.objects.filter(pk__in=match.cards).order_by("name", "code"))
            if not cards:
                problem = gettext("No %(game)s card named “%(name)s”.") % {"game": game_name, "name": name}
                if match.suggestions:
                    problem += " " + gettext("Did you mean %(names)s?") % {
                        "names": ", ".join(match.suggestions)
                    }
                problems.append(problem)
                continue
        groups.append(cards)
        matched.append((name, [card.title for card in cards]))
    return groups, matched, problems


def public_decks(request):
    game = _text(request.GET.get("game"), 20)
    game = game if game in PROFILES else ""
    side = _text(request.GET.get("side"), 20)
    format_code = _text(request.GET.get("format"), 60)
    name = _text(request.GET.get("q"))
    names = [n for n in (_text(v) for v in request.GET.getlist("card")) if n]
    games = ordered_games(Game.objects.filter(code__in=PROFILES))
    problems = []
    if len(names) > MAX_CARD_NAMES:
        problems.append(
            gettext("At most %(n)d cards at once; the first %(n)d are used.") % {"n": MAX_CARD_NAMES}
        )
        names = names[:MAX_CARD_NAMES]
    groups, matched, blocked = [], [], False
    if names and not game:
        problems.append(gettext("Pick a game to search by card."))
        blocked = True
    elif names:
        game_name = next((g.short_name for g in games if g.code == game), game)
        groups, matched, unknown = _cards_named(game, game_name, names, side)
        problems += unknown
        blocked = bool(unknown)
    # A card filter that could not be read lists no decks: its problem is the answer, not "no decks match".
    found = Deck.objects.none() if blocked else None
    if found is None:
        found = history.public_decks(
            game=game or None, side=side or None, format_code=format_code or None, cards=groups, name=name
        )
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "decks/public_list.html",
        {
            "page": _page(request, found, DECKS_PER_PAGE),
            "games": games,
            "game": game,
            "sides": PROFILES[game].sides if game else all_sides(),
            "side": side,
            "formats": Format.objects.filter(game_id=game) if game else [],
            "format_code": format_code,
            "q": name,
            "card_names": names + [""],
            "matched": matched,
            "problems": problems,
            "blocked": blocked,
            "query": query.urlencode(),
        },
    )


def deck_compare(request):
    a_id = whole_number(request.GET.get("a"), low=1, high=2**31 - 1)
    b_id = whole_number(request.GET.get("b"), low=1, high=2**31 - 1)
    a = _readable(request, a_id) if a_id else None
    b = _readable(request, b_id) if b_id else None
    mine = []
    if request.user.is_authenticated:
        mine = list(Deck.objects.filter(owner=request.user).select_related("game")[:MAX_PICKER_DECKS])
    # Logged in: pick among your decks (and the ones chosen); anonymous: type deck ids.
    choices = list({d.pk: d for d in [*mine, *(d for d in (a, b) if d)]}.values()) if mine else []
    context = {"a": a, "b": b, "choices": choices, "pickers": [("a", a), ("b", b)]}
    if a and b:
        try:
            context["result"] = history.deck_compare(a, b)
        except ApiError as exc:
            context["error"] = str(exc.detail)
            return render(request, "decks/compare.html", context, status=exc.status_code)
    return render(request, "decks/compare.html", context)
