"""Deck pages: the builder (check without saving; save when logged in), a deck's page, lists, sign-up."""

import json

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.forms import UserCreationForm
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, ngettext

from cardsdb import jsonsafe
from cardsdb.api.errors import ApiError
from cardsdb.games.registry import game_plugin
from cardsdb.labels import shown as in_language
from cardsdb.labels import side_labels, type_labels
from cardsdb.models import Game
from decks.collection import services as collection
from decks.deck import drafts
from decks.deck import services as decks
from decks.deck.builder_cards import (
    DEFAULT_PASTE_MODE,
    PASTE_MODES,
    card_rows,
    filter_choices,
    merge,
    suggestions,
    type_counts,
)
from decks.deck.chart_words import chart_words
from decks.deck.charts import bars_of, line_of
from decks.deck.exports import exports_for
from decks.deck.setup_pages import setup_summary
from decks.deck.stats import with_gaps
from decks.extensions import DECK_PAGE
from decks.games import PROFILES
from decks.legality.decklist_messages import problem_message, too_large_message
from decks.legality.decklists import read_decklist, stated_side
from decks.legality.messages import shown_report
from decks.legality.services import NOT_CARD_PROBLEMS, check_cards, unread_ids
from decks.models import Deck, Format
from decks.params import nul_message, whole_number, without_nul


def signup(request):
    form = UserCreationForm(request.POST or None)
    # where to go after (the builder's "sign up" link comes back to the deck it kept); only this site's pages
    after = request.POST.get("next") or request.GET.get("next") or ""
    if not url_has_allowed_host_and_scheme(after, {request.get_host()}, require_https=request.is_secure()):
        after = ""
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        return redirect(after or "deck-list")
    return render(request, "registration/signup.html", {"form": form, "next": after})


def deck_list(request):
    mine = Deck.objects.filter(owner=request.user) if request.user.is_authenticated else Deck.objects.none()
    public = Deck.objects.filter(is_public=True).select_related("owner", "format", "game")[:100]
    return render(
        request, "decks/list.html", {"mine": mine.select_related("format", "game"), "public": public}
    )


def _builder_game(request, deck: Deck | None) -> str:
    """The deck's game, else ?game= (or the posted one), else SWCCG."""
    if deck is not None:
        return deck.game_id
    game = request.POST.get("game") or request.GET.get("game") or "swccg"
    return game if game in PROFILES else "swccg"


def _builder_context(request, deck: Deck | None, data) -> dict:
    """The page's fields: as posted (`data`, NUL characters marked), else the deck's, else the defaults."""
    game = _builder_game(request, deck)
    profile = PROFILES[game]
    entries = []
    if deck is not None:
        entries = card_rows(game, [decks.Entry(dc.code, dc.count, dc.zone) for dc in deck.cards.all()])
    return {
        "deck": deck,
        "game": game,
        "game_name": Game.objects.filter(code=game).values_list("name", flat=True).first() or game,
        "profile": profile,
        "zones": [[zone, in_language(label, "zone")] for zone, label in profile.zones],
        "games": [
            (g, Game.objects.filter(code=g).values_list("short_name", flat=True).first() or g)
            for g in PROFILES
            if g != "swdbg"
        ],
        "formats": Format.objects.filter(game_id=game),
        "name": data.get("name", deck.name if deck else ""),
        "side": data.get("side", deck.side if deck else ""),
        "format_code": data.get(
            "format", deck.format.code if deck and deck.format else profile.default_format
        ),
        "notes": data.get("notes", deck.notes if deck else ""),
        "is_public": ("is_public" in data) if data else (deck.is_public if deck else False),
        "decklist": data.get("decklist", ""),
        "initial_cards": entries,
        # The version the page was drawn from: a save refuses to overwrite a change made since (deck_update).
        "version": data.get("version", "") if data else (deck.version if deck else ""),
        "paste_modes": PASTE_MODES,
        "paste_mode": DEFAULT_PASTE_MODE,
        **filter_choices(game),
    }


def _table(raw: str, game: str) -> list:
    """A posted card table ([{id, count, zone}…]); raises ValueError or ApiError when it cannot be read."""
    raw = raw.strip()
    return decks.entries_from_request(jsonsafe.loads(raw), game=game) if raw and raw != "[]" else []


def _posted_deck(post, context: dict):
    """The cards the builder posted: its JSON card table (with JavaScript, a paste already merged in), else
    (without) the table the page showed (`current_json`) and the pasted list, added to it or replacing it as
    the user chose (`paste_mode`; a form without one replaces, as before the choice existed).

    Returns (entries, read result or None, problems as {code, message}).
    """
    try:
        scripted = _table(post.get("cards_json", ""), context["game"])
        current = [] if scripted else _table(post.get("current_json", ""), context["game"])
    except (ValueError, ApiError) as exc:
        detail = exc.detail if isinstance(exc, ApiError) else str(exc)
        return (
            [],
            None,
            [
                {
                    "code": "bad-card-table",
                    "message": gettext("The card table could not be read: %(detail)s") % {"detail": detail},
                }
            ],
        )
    if scripted:
        return scripted, None, []
    text = context["decklist"]
    if current and not text.strip():
        return current, None, []
    # A "Side:" line in the pasted list is the deck's side (applied to the form below), not the form's choice.
    side = None if stated_side(text) else context["side"] or None
    try:
        read = read_decklist(text, game=context["game"], side=side)
    except ApiError as exc:  # a list over formats_io.limits: said on the page, nothing read
        return current, None, [{"code": exc.code, "message": too_large_message(exc)}]
    pasted = [decks.Entry(e.card_id, e.count, e.zone) for e in read.read.entries]
    problems = [p for p in read.problems if not (current and p.code == "empty-deck")]
    entries = merge(current, pasted, post.get("paste_mode", "replace"))
    shown = [
        {
            "code": p.code,
            "message": problem_message(p),
            "text": p.text,
            "suggestions": suggestions(p.candidates),
        }
        for p in problems
    ]
    return entries, read, shown


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
    if _builder_game(request, deck) == "swdbg":  # SW:DBG decks are game setups, built on their own page
        return redirect("setup-edit", deck_id=deck.pk) if deck is not None else redirect("setup-new")
    post, nul_fields = without_nul(request.POST) if request.method == "POST" else ({}, [])
    context = _builder_context(request, deck, post)
    game = context["game"]
    if request.method == "GET" and deck is None:
        _restore_draft(request, context)
    if request.method == "POST":
        entries, read, problems = _posted_deck(post, context)
        context.update(read=read, problems=problems)
        context["initial_cards"] = card_rows(game, entries)
        if read is not None:
            _after_paste(context, read)
        fmt = Format.objects.filter(game_id=game, code=context["format_code"]).first()
        inside = [e.code for e in entries if e.zone != "outside" for _ in range(e.count)]
        inside += unread_ids(read.problems) if read else []
        outside = [e.code for e in entries if e.zone == "outside" for _ in range(e.count)]
        side = context["side"] or (read.side if read else None) or None
        if fmt is not None:
            context["format_name"] = fmt.name
            context["report"] = shown_report(check_cards(fmt, inside, outside, side=side))
        if post.get("action") == "save":
            if not request.user.is_authenticated:
                # kept for after log-in or sign-up; the page's banner links there and back (builder.html)
                drafts.keep(request.session, game, context, entries)
                context["login_needed"] = drafts.back_links(game)
            elif nul_fields:
                messages.error(request, nul_message(nul_fields))
            elif problems:
                messages.error(request, _unread_message(problems))
            elif not context["name"].strip():
                messages.error(request, gettext("Give the deck a name."))
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
                            game=game,
                            format_code=fmt.code if fmt else None,
                            entries=entries,
                            **fields,
                        )
                    else:
                        decks.deck_update(
                            deck,
                            entries=entries,
                            format_code=fmt.code if fmt else "",
                            expected_version=whole_number(post.get("version"), 0),
                            **fields,
                        )
                except ApiError as exc:
                    messages.error(request, _save_refusal(exc, context))
                else:
                    messages.success(request, gettext("Deck saved."))
                    return redirect("deck-detail", deck_id=deck.pk)
    rows = context["initial_cards"]
    labels = dict(context["profile"].zones)
    for row in rows:
        row["zone_label"] = in_language(labels.get(row["zone"], row["zone"]), "zone")
    context["type_counts"] = type_counts(rows)
    # every type and side the game's cards have, in the page's language, for the script's table and results
    context["type_labels"] = {**type_labels(), **{t: in_language(t, "type") for t in context["types"]}}
    context["side_labels"] = {**side_labels(), **{s: in_language(s, "side") for s in context["sides"]}}
    context["deck_total"] = sum(r["count"] for r in rows if r["zone"] != "outside")
    context["outside_total"] = sum(r["count"] for r in rows if r["zone"] == "outside")
    # the table as the page shows it, posted back without JavaScript (the script sends its own cards_json)
    context["current_json"] = json.dumps([{k: r[k] for k in ("id", "count", "zone")} for r in rows])
    return render(request, "decks/builder.html", context)


def _restore_draft(request, context: dict) -> None:
    """The deck this visitor was building before logging in or signing up, back on an empty builder."""
    draft = drafts.take(request.session, context["game"])
    if draft is None:
        return
    context.update({field: draft[field] for field in drafts.FIELDS})
    context["initial_cards"] = card_rows(context["game"], draft["entries"])
    messages.info(request, gettext("The deck you were building is back. Press Save to keep it."))


def _unread_message(problems: list[dict]) -> str:
    """Why a save was refused for the pasted list: how many lines and which (each listed below the form)."""
    lines = [p["text"] for p in problems if p.get("text")]
    shown = "; ".join(f"“{line}”" for line in lines[:5]) + ("; …" if len(lines) > 5 else "")
    n = len(lines) or len(problems)  # a whole-list note ("no cards read") has no line of its own
    return ngettext(
        "Not saved: %(n)d line of the list could not be read (%(lines)s). Fix or remove it, then save again.",
        "Not saved: %(n)d lines of the list could not be read (%(lines)s). Fix or remove them, then save again.",
        n,
    ) % {"n": n, "lines": shown or gettext("see below")}


def _after_paste(context: dict, read) -> None:
    """A list read without JavaScript: its cards are now in the table, so the box keeps only the lines still
    to fix (a second Check must not add the list again), and the list's side ("Side: Dark", or the one its
    cards agree on when the form says "from the cards") becomes the form's."""
    stated = stated_side(context["decklist"])
    if read.side and (stated or not context["side"]) and read.side in context["profile"].sides:
        context["side"] = read.side
    context["decklist"] = "\n".join(p.text for p in read.problems if p.code not in NOT_CARD_PROBLEMS)


def _save_refusal(exc: ApiError, context: dict) -> str:
    """Why a save was refused. A deck changed since the page was drawn (another tab, the API) is not overwritten:
    the page keeps the user's changes and now holds the new version, so saving again replaces it knowingly."""
    if exc.code != "version-mismatch":
        return str(exc.detail)
    context["version"] = exc.details["version"]
    return gettext(
        "Not saved: this deck was changed elsewhere (another tab or the API) after this page was opened. "
        "Your changes are still here; open the deck in another tab to compare, then press Save again to "
        "replace it with what this page holds."
    )


def deck_detail(request, deck_id: int):
    try:
        deck = decks.deck_get(deck_id=deck_id, user=request.user)
    except ApiError as exc:
        raise Http404(str(exc.detail)) from None
    profile = PROFILES.get(deck.game_id, PROFILES["swccg"])
    format_code = request.GET.get("format") or (deck.format.code if deck.format else profile.default_format)
    formats = list(Format.objects.filter(game_id=deck.game_id))
    by_code = {f.code: f for f in formats}  # looked up here: a ?format= with a NUL never reaches the database
    fmt = by_code.get(format_code) or by_code.get(profile.default_format)
    report = decks.deck_report(deck, fmt.code) if fmt else None
    legality = shown_report(report) if report is not None else None  # its messages in the page's language
    zone_labels = {"starting": "Starting", "outside": dict(profile.zones).get("outside", "Outside the deck")}
    groups: dict[str, list] = {}
    for dc in deck.cards.select_related("card").order_by("zone", "card__type", "card__name"):
        # the zone's or the card type's name, in the page's language
        heading = (
            in_language(zone_labels[dc.zone], "zone")
            if dc.zone in zone_labels
            else in_language(dc.card.type, "type")
        )
        groups.setdefault(heading, []).append(dc)
    plugin = game_plugin(deck.game_id)
    stats, charts = _tcg_stats(deck) if plugin.statistics == "tcg" else _swccg_stats(deck)
    summary = (legality or {}).get("summary") or {}
    shown = [dc.card_id for rows in groups.values() for dc in rows]
    return render(
        request,
        "decks/detail.html",
        {
            "deck": deck,
            "groups": groups,
            # any logged-in user who sees the deck: counts and −/+ for each line (one query); none for visitors
            "owned": collection.owned_cards(request.user, shown) if request.user.is_authenticated else None,
            "legality": legality,
            "stats": stats,
            "charts": charts,
            "formats": formats,
            "format_code": fmt.code if fmt else "",
            "format_name": fmt.name if fmt else "",
            "exports": exports_for(deck.game_id),
            "is_owner": request.user.is_authenticated and deck.owner_id == request.user.id,
            "edit_url": reverse("setup-edit" if plugin.setup_decks else "deck-edit", args=[deck.pk]),
            "setup_summary": setup_summary(legality, deck.setup) if plugin.setup_decks and legality else None,
            "side_line": _side_line(deck.side, summary.get("side"), profile.side_label),
            "decklist_heading": _decklist_heading(stats, dict(profile.zones)),
            **DECK_PAGE.context(deck, request.GET),  # the floor above: the Odds panel (rules)
        },
    )


def _side_line(side: str, found: str | None, label: str) -> str:
    """The deck's side; for a deck saved without one, the side its legality check read from the cards."""
    if side:
        return in_language(side, "side")
    if found:
        return gettext("%(side)s, from the cards") % {"side": in_language(found, "side")}
    return gettext("no %(label)s") % {"label": gettext(label).lower()}


def _decklist_heading(stats: dict, zones: dict[str, str]) -> str:
    """'60 cards + 1 outside'; in the game's own words where its deck zone has another name (SW:DBG's '10 cards
    in the starter deck, 5 in the base deck')."""
    total, outside = stats.get("total", 0), stats.get("outside_total", 0)
    cards = ngettext("%(n)d card", "%(n)d cards", total) % {"n": total}
    if zones.get("deck", "Deck") == "Deck":
        return cards + (gettext(" + %(n)d outside") % {"n": outside} if outside else "")
    # Each zone's phrase whole (Polish declines the zone's name after "w"); another zone name reads "in the …".
    in_zone = {
        "Starter deck": gettext("%(cards)s in the starter deck"),
        "Base deck": gettext("%(cards)s in the base deck"),
    }
    heading = in_zone.get(zones["deck"], gettext("%(cards)s in the %(zone)s")) % {
        "cards": cards,
        "zone": in_language(zones["deck"], "zone").lower(),
    }
    if outside and "outside" in zones:
        in_zone = {"Base deck": gettext(", %(n)d in the base deck")}
        heading += in_zone.get(zones["outside"], gettext(", %(n)d in the %(zone)s")) % {
            "n": outside,
            "zone": in_language(zones["outside"], "zone").lower(),
        }
    return heading


def _tcg_stats(deck: Deck) -> tuple[dict, dict]:
    """SWTCG figures (SW:DBG decks show the same for their starter deck); charts of what players compare."""
    stats = decks.deck_tcg_stats(deck)
    charts = {
        "types": bars_of(_types_shown(stats["by_type"]), title=gettext("Cards by type"), **chart_words()),
        "cost": bars_of(
            stats["cost_curve"],
            title=gettext("Cost curve"),
            x_label=gettext("cost"),
            y_label=gettext("cards"),
            **chart_words(),
        ),
    }
    if game_plugin(deck.game_id).has_arenas:
        charts["arenas"] = bars_of(
            stats["arenas"],
            title=gettext("Units per arena"),
            x_label=gettext("arena"),
            y_label=gettext("units"),
            **chart_words(),
        )
        charts["speed"] = bars_of(
            stats["unit_speed"],
            title=gettext("Unit speed"),
            x_label=gettext("speed"),
            y_label=gettext("units"),
            **chart_words(),
        )
    return stats, charts


def _swccg_stats(deck: Deck) -> tuple[dict, dict]:
    stats = decks.deck_stats(deck)
    destiny = stats["destiny"]
    charts = {
        "types": bars_of(_types_shown(stats["by_type"]), title=gettext("Cards by type"), **chart_words()),
        "destiny": bars_of(
            destiny["histogram"],
            title=gettext("Destiny"),
            x_label=gettext("destiny"),
            y_label=gettext("cards"),
            **chart_words(),
        ),
        "at_least": line_of(
            destiny["at_least"],
            title=gettext("Share of the deck with destiny ≥ X"),
            x_label="X",
            **chart_words(),
        ),
        "deploy": bars_of(
            with_gaps(stats["deploy_curve"]),
            title=gettext("Deploy cost curve"),
            x_label=gettext("deploy cost"),
            y_label=gettext("cards"),
            **chart_words(),
        ),
        "ability": bars_of(
            stats["characters_by_ability"],
            title=gettext("Characters by ability"),
            x_label=gettext("ability"),
            y_label=gettext("characters"),
            **chart_words(),
        ),
    }
    return stats, charts


def _types_shown(by_type: dict) -> dict:
    """{card type: count} with the types in the page's language, for a chart's bars."""
    return {in_language(kind, "type"): n for kind, n in by_type.items()}
