"""Deck pages: the builder (check without saving; save when logged in), a deck's page, lists, sign-up."""

import json

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import Http404
from django.shortcuts import redirect, render

from cardsdb.api.errors import ApiError
from cardsdb.models import Game

from .. import deck_services as decks
from ..charts import bars_of, line_of
from ..decklists import read_decklist
from ..exports import EXPORTS
from ..legality.checker import check_deck
from ..models import Deck, Format
from ..pool import card_pool, format_rules
from .odds_panel import GROUPS, odds_panel


def signup(request):
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect("deck-list")
    return render(request, "registration/signup.html", {"form": form})


def deck_list(request):
    mine = Deck.objects.filter(owner=request.user) if request.user.is_authenticated else Deck.objects.none()
    public = Deck.objects.filter(is_public=True).select_related("owner", "format")[:100]
    return render(request, "decks/list.html", {"mine": mine.select_related("format"), "public": public})


def _builder_context(request, deck: Deck | None) -> dict:
    data = request.POST if request.method == "POST" else {}
    entries = []
    if deck is not None:
        entries = [{"id": dc.code, "count": dc.count, "zone": dc.zone} for dc in deck.cards.all()]
        titles = decks.card_titles(deck.game_id, [e["id"] for e in entries])
        entries = [{**e, **titles.get(e["id"], {})} for e in entries]
    return {
        "deck": deck,
        "formats": Format.objects.filter(game_id="swccg"),
        "name": data.get("name", deck.name if deck else ""),
        "side": data.get("side", deck.side if deck else ""),
        "format_code": data.get("format", deck.format.code if deck and deck.format else "open"),
        "notes": data.get("notes", deck.notes if deck else ""),
        "is_public": ("is_public" in data) if data else (deck.is_public if deck else False),
        "decklist": data.get("decklist", ""),
        "initial_cards": entries,
    }


def _posted_deck(request, context: dict):
    """The cards the builder posted: its JSON card table (with JavaScript), else the pasted list (without).

    Returns (entries, read result or None, problems as {code, message}).
    """
    raw = request.POST.get("cards_json", "").strip()
    if raw and raw != "[]":
        try:
            entries = decks.entries_from_request(json.loads(raw))
        except (ValueError, ApiError) as exc:
            detail = exc.detail if isinstance(exc, ApiError) else str(exc)
            return (
                [],
                None,
                [{"code": "bad-card-table", "message": f"The card table could not be read: {detail}"}],
            )
        return entries, None, []
    read = read_decklist(context["decklist"], game="swccg", side=context["side"] or None)
    entries = [decks.Entry(e.card_id, e.count, e.zone) for e in read.read.entries]
    return entries, read, [{"code": p.code, "message": p.message} for p in read.problems]


def deck_builder(request, deck_id: int | None = None):
    """Build in the browser: search and add cards, counts and zones, paste lists in any format, and see the
    legality in any format update as you go (JavaScript); without JavaScript, paste a list and press Check.
    Saving needs an account; checking does not."""
    deck = None
    if deck_id is not None:
        try:
            deck = decks.deck_get(deck_id=deck_id, user=request.user, for_change=True)
        except ApiError as exc:
            raise Http404(str(exc.detail)) from None
    context = _builder_context(request, deck)
    if request.method == "POST":
        entries, read, problems = _posted_deck(request, context)
        context.update(read=read, problems=problems)
        titles = decks.card_titles("swccg", [e.code for e in entries])
        context["initial_cards"] = [
            {"id": e.code, "count": e.count, "zone": e.zone, **titles.get(e.code, {})} for e in entries
        ]
        fmt = Format.objects.filter(game_id="swccg", code=context["format_code"]).first()
        inside = [e.code for e in entries if e.zone != "outside" for _ in range(e.count)]
        outside = [e.code for e in entries if e.zone == "outside" for _ in range(e.count)]
        side = context["side"] or (read.side if read else None) or None
        if fmt is not None:
            context["format_name"] = fmt.name
            context["report"] = check_deck(inside, outside, format_rules(fmt), card_pool("swccg"), side=side)
        if request.POST.get("action") == "save":
            if not request.user.is_authenticated:
                messages.error(request, "Log in or sign up to save decks; checking works without an account.")
            elif problems:
                messages.error(request, "Fix the lines the list could not read before saving.")
            elif not context["name"].strip():
                messages.error(request, "Give the deck a name.")
            else:
                fields = {
                    "name": context["name"].strip()[:100],
                    "side": side or "",
                    "notes": context["notes"],
                    "is_public": context["is_public"],
                }
                try:
                    if deck is None:
                        deck = decks.deck_create(
                            owner=request.user,
                            game="swccg",
                            format_code=fmt.code if fmt else None,
                            entries=entries,
                            **fields,
                        )
                    else:
                        decks.deck_update(
                            deck, entries=entries, format_code=fmt.code if fmt else "", **fields
                        )
                except ApiError as exc:
                    messages.error(request, str(exc.detail))
                else:
                    messages.success(request, "Deck saved.")
                    return redirect("deck-detail", deck_id=deck.pk)
    return render(request, "decks/builder.html", context)


def deck_detail(request, deck_id: int):
    try:
        deck = decks.deck_get(deck_id=deck_id, user=request.user)
    except ApiError as exc:
        raise Http404(str(exc.detail)) from None
    format_code = request.GET.get("format") or (deck.format.code if deck.format else "open")
    fmt = Format.objects.filter(game_id=deck.game_id, code=format_code).first() or Format.objects.get(
        game_id=deck.game_id, code="open"
    )
    legality = decks.deck_legality(deck, fmt.code)
    stats = decks.deck_stats(deck)
    groups: dict[str, list] = {}
    for dc in deck.cards.select_related("card").order_by("zone", "card__type", "card__name"):
        label = {"starting": "Starting", "outside": "Outside the deck"}.get(dc.zone, dc.card.type)
        groups.setdefault(label, []).append(dc)
    destiny = stats["destiny"]
    charts = {
        "types": bars_of(stats["by_type"], title="Cards by type"),
        "destiny": bars_of(destiny["histogram"], title="Destiny", x_label="destiny", y_label="cards"),
        "at_least": line_of(destiny["at_least"], title="Share of the deck with destiny ≥ X", x_label="X"),
        "deploy": bars_of(
            stats["deploy_curve"], title="Deploy cost curve", x_label="deploy cost", y_label="cards"
        ),
        "ability": bars_of(
            stats["characters_by_ability"],
            title="Characters by ability",
            x_label="ability",
            y_label="characters",
        ),
    }
    return render(
        request,
        "decks/detail.html",
        {
            "deck": deck,
            "groups": groups,
            "legality": legality,
            "stats": stats,
            "charts": charts,
            "formats": Format.objects.filter(game_id=deck.game_id),
            "odds": odds_panel(deck, request.GET),
            "format_code": fmt.code,
            "format_name": fmt.name,
            "group_numbers": range(1, GROUPS + 1),
            "exports": sorted(EXPORTS),
            "is_owner": request.user.is_authenticated and deck.owner_id == request.user.id,
            "games": Game.objects.all(),
        },
    )
