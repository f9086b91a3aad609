"""The SW:DBG setup builder: a game setup (decks/legality/swdbg/) chosen in a plain form, checked, saved.

It works without JavaScript. The form holds what players choose: the format, the bases to win, each player's
faction, starting base and base deck, the neutral edition when the factions come from two editions; the starter
decks are the factions' standard ones. The "advanced" textarea holds the whole setup as JSON: when it is edited
(it differs from the JSON the page showed) it wins over the form, whose fields then show what it says. Otherwise
the form's choices replace their keys in the setup the page showed, so what only the JSON can say (a galaxy
card list, a custom starter deck) survives a change of bases. Since the choices on the page belong to the
faction and format they were drawn for, changing a faction resets that player's decks to the defaults, and
changing the format resets the base decks whose default differs.
"""

import json
from dataclasses import dataclass, field

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext, ngettext

from cardsdb import jsonsafe
from cardsdb.api.errors import ApiError
from cardsdb.labels import shown as shown_label
from cardsdb.models import CardSet
from core.text import fold
from decks.deck import services as decks
from decks.legality.messages import shown_report
from decks.legality.pool import format_rules, setup_pool
from decks.legality.swdbg import SetupPool, SetupRules, check_setup, default_bases
from decks.models import Deck, Format
from decks.params import nul_message, whole_number, without_nul

GAME = "swdbg"
DEFAULT_FORMAT = "beginner"


@dataclass
class PlayerChoice:
    faction: str = ""
    starting_base: str = ""  # a card code
    bases: list[str] = field(default_factory=list)  # card codes


@dataclass
class SetupChoice:
    """What the form says; `setup_from_choice` turns it into a setup."""

    format_code: str
    bases_to_win: int
    neutral_edition: str = ""
    players: list[PlayerChoice] = field(default_factory=list)


# ---- defaults, from the format and the catalogue ----


def starting_bases(pool: SetupPool, faction: str) -> list:
    return [c for c in pool.select(deck="base", faction=faction) if c.starting_base]


def default_player(rules: SetupRules, pool: SetupPool, faction: str) -> PlayerChoice:
    start = starting_bases(pool, faction)
    return PlayerChoice(faction, start[0].code if start else "", default_bases(rules, pool, faction))


def default_bases_to_win(rules: SetupRules) -> int:
    return rules.bases_to_win_recommended or rules.bases_to_win_default


def default_choice(rules: SetupRules, pool: SetupPool) -> SetupChoice:
    """The format's first faction against the first faction of its edition on the other side."""
    factions = list(rules.factions)
    first = factions[0]
    edition, side = rules.factions[first]
    second = next(
        (f for f, (e, s) in rules.factions.items() if e == edition and s != side),
        next(f for f in factions if f != first),
    )
    return SetupChoice(
        rules.code,
        default_bases_to_win(rules),
        players=[default_player(rules, pool, first), default_player(rules, pool, second)],
    )


def standard_starter(pool: SetupPool, faction: str) -> list[dict]:
    """The faction's starter cards with their copies, as the catalogue holds them (7 + 2 + 1)."""
    cards = sorted(pool.select(deck="starter", faction=faction), key=lambda c: (-(c.copies or 0), c.code))
    return [{"card": c.code, "count": c.copies or 1} for c in cards]


# ---- form ↔ setup ----


def setup_from_choice(choice: SetupChoice, previous: object, pool: SetupPool) -> dict:
    """The setup the form says: its choices replace their keys in the setup the page showed."""
    setup = dict(previous) if isinstance(previous, dict) else {}
    old_players = setup.get("players") if isinstance(setup.get("players"), list) else []
    players = []
    for i, chosen in enumerate(choice.players):
        old = old_players[i] if i < len(old_players) and isinstance(old_players[i], dict) else {}
        player = dict(old)
        same_faction = isinstance(old.get("faction"), str) and fold(old["faction"]) == fold(chosen.faction)
        player["faction"] = chosen.faction
        if not same_faction or "starter" not in old:
            player["starter"] = standard_starter(pool, chosen.faction)
        player["bases"] = list(chosen.bases)
        if chosen.starting_base:
            player["starting_base"] = chosen.starting_base
        else:
            player.pop("starting_base", None)
        players.append(player)
    setup["players"] = players
    setup["bases_to_win"] = choice.bases_to_win
    galaxy = dict(setup["galaxy"]) if isinstance(setup.get("galaxy"), dict) else {}
    if choice.neutral_edition:
        galaxy["neutral_edition"] = choice.neutral_edition
    else:
        galaxy.pop("neutral_edition", None)
    if galaxy:
        setup["galaxy"] = galaxy
    else:
        setup.pop("galaxy", None)
    return setup


def choice_from_setup(setup: object, choice: SetupChoice, pool: SetupPool) -> SetupChoice:
    """The form fields showing what a setup says (what they cannot show stays as the form had it)."""
    if not isinstance(setup, dict):
        return choice
    result = SetupChoice(
        choice.format_code, choice.bases_to_win, choice.neutral_edition, list(choice.players)
    )
    to_win = setup.get("bases_to_win")
    if isinstance(to_win, int) and not isinstance(to_win, bool):
        result.bases_to_win = to_win
    galaxy = setup.get("galaxy") if isinstance(setup.get("galaxy"), dict) else {}
    edition = galaxy.get("neutral_edition")
    result.neutral_edition = edition if isinstance(edition, str) else ""
    players = setup.get("players") if isinstance(setup.get("players"), list) else []
    for i, data in enumerate(players[:2]):
        read = decks.setup_player_cards(data, pool)
        raw = data.get("faction") if isinstance(data, dict) else None
        chosen = PlayerChoice(
            read["faction"] or (raw if isinstance(raw, str) else ""),
            read["starting_base"].code if read["starting_base"] else "",
            [card.code for card, _ in read["bases"]],
        )
        if not chosen.starting_base:  # the setup leaves it to the base deck's starting base
            chosen.starting_base = next((c.code for c, _ in read["bases"] if c.starting_base), "")
        if i < len(result.players):
            result.players[i] = chosen
        else:
            result.players.append(chosen)
    return result


def choice_from_post(post, rules: SetupRules, formats: dict, pool: SetupPool) -> tuple[SetupChoice, list]:
    """The posted form, and notices of the choices reset because the faction or format changed."""
    notices = []
    shown = formats.get(post.get("shown_format", ""))
    old_rules = format_rules(shown) if shown is not None else rules
    posted_to_win = whole_number(post.get("bases_to_win"), default_bases_to_win(old_rules))
    if old_rules is not rules and posted_to_win == default_bases_to_win(old_rules):
        posted_to_win = default_bases_to_win(rules)  # the old format's default becomes the new one's
    choice = SetupChoice(rules.code, posted_to_win, post.get("neutral_edition", "").strip())
    for i in range(2):
        faction = post.get(f"p{i}_faction", "").strip()
        was = post.get(f"p{i}_shown_faction")
        if was is not None and was != faction:
            choice.players.append(default_player(rules, pool, faction))
            notices.append(
                gettext(
                    "Player %(number)s now plays %(faction)s: their starter deck and bases are %(faction)s's "
                    "defaults."
                )
                % {"number": i + 1, "faction": shown_label(faction, "side")}
            )
            continue
        player = PlayerChoice(
            faction, post.get(f"p{i}_starting_base", "").strip(), post.getlist(f"p{i}_bases")
        )
        if old_rules is not rules and default_bases(old_rules, pool, faction) != default_bases(
            rules, pool, faction
        ):
            player = default_player(rules, pool, faction)
            notices.append(
                gettext("Player %(number)s's base deck is %(format)s's default for %(faction)s.")
                % {"number": i + 1, "format": rules.name, "faction": shown_label(faction, "side")}
            )
        choice.players.append(player)
    return choice, notices


def _read_json(raw: str):
    """(value, error message or None); a blank text is None, no error (the form speaks)."""
    if not raw.strip():
        return None, None
    try:
        value = jsonsafe.loads(raw, max_depth=decks.SETUP_MAX_DEPTH)
    except jsonsafe.JSONInputError as exc:
        return None, f"Setup JSON: {exc.message} Fix it, or empty the box to use the form."
    if decks.setup_too_deep(value):
        return (
            None,
            f"The setup JSON is nested more than {decks.SETUP_MAX_DEPTH} levels deep; a setup needs 5.",
        )
    return value, None


def _pretty(value, indent: int = 0) -> str:
    """JSON indented only where a line would be long: a player's starter deck stays on one line."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, dict | list) or not value or indent + len(flat) <= 100:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, dict):
        items = [
            f"{pad}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, indent + 2)}" for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _pretty(v, indent + 2) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


# ---- the summary shown beside the report ----


def _edition_names() -> dict[str, str]:
    return dict(CardSet.objects.filter(game_id=GAME).values_list("code", "name"))


def setup_summary(report, setup: object = None) -> dict | None:
    """A setup check's summary (from a LegalityReport or its dict, as deck_legality returns it) with names
    beside the codes: the context variable `setup_summary` of templates/decks/_setup_summary.html. With the
    `setup`, each player also lists their starter deck and base deck (`starter_list`, `base_list`), so a saved
    setup's page shows both players, not only the first one's cards."""
    data = report.as_dict() if hasattr(report, "as_dict") else report
    summary = (data or {}).get("summary") if isinstance(data, dict) else None
    if not summary:
        return None
    pool, editions = setup_pool(), _edition_names()
    listed = setup.get("players") if isinstance(setup, dict) else None
    listed = listed if isinstance(listed, list) else []

    def name(code):
        card = pool.get(code) if code else None
        return card.title if card else code

    def decks_of(i: int) -> dict:
        if i >= len(listed):
            return {}
        read = decks.setup_player_cards(listed[i], pool)
        return {
            "starter_list": [{"code": c.code, "name": c.title, "count": n} for c, n in read["starter"]],
            "base_list": [
                {"code": c.code, "name": c.title, "count": n, "starting": c.starting_base}
                for c, n in read["bases"]
            ],
        }

    players = [
        {
            **p,
            "starting_base_name": name(p.get("starting_base")),
            "edition_name": editions.get(p.get("edition"), p.get("edition")),
            **decks_of(i),
        }
        for i, p in enumerate(summary.get("players", []))
    ]
    purchasable = {}
    for faction, codes in summary.get("purchasable", {}).items():
        cards = [pool.get(code) for code in codes]
        purchasable[faction] = [
            {
                "code": code,
                "name": card.title if card else code,
                "copies": card.copies if card else None,
                "kind": ("Outer Rim Pilot" if card.deck == "outer_rim" else card.faction) if card else "",
            }
            for code, card in zip(codes, cards, strict=True)
        ]
    edition = summary.get("neutral_edition")
    return {
        **summary,
        "players": players,
        "purchasable": purchasable,
        "neutral_edition_name": editions.get(edition, edition),
    }


# ---- the page ----

TOO_MANY_BASES = "too-many-bases"


def base_limit_errors(setup: object, rules: SetupRules, pool: SetupPool) -> list[dict]:
    """{code, message} per player whose base deck holds more bases than the format's (copies counted): the
    form refuses it before saving, as a deck of 11 bases is no setup of any format."""
    players = setup.get("players") if isinstance(setup, dict) else None
    errors = []
    for i, player in enumerate(players[:2] if isinstance(players, list) else []):
        bases = decks.setup_player_cards(player, pool)["bases"]
        chosen = sum(n for _, n in bases)
        if chosen > rules.base_deck_size:
            errors.append(
                {
                    "code": TOO_MANY_BASES,
                    "player": i + 1,
                    "message": ngettext(
                        "Player %(player)s: %(count)s bases chosen; %(format)s takes at most %(most)s, the "
                        "starting base included. Untick %(over)s.",
                        "Player %(player)s: %(count)s bases chosen; %(format)s takes at most %(most)s, the "
                        "starting base included. Untick %(over)s.",
                        chosen,
                    )
                    % {
                        "player": i + 1,
                        "count": chosen,
                        "format": rules.name,
                        "most": rules.base_deck_size,
                        "over": chosen - rules.base_deck_size,
                    },
                }
            )
    return errors


def _player_view(i: int, choice: PlayerChoice, setup: object, rules: SetupRules, pool: SetupPool) -> dict:
    players = setup.get("players") if isinstance(setup, dict) else None
    data = players[i] if isinstance(players, list) and i < len(players) else {}
    starter = decks.setup_player_cards(data, pool)["starter"]
    beginner = {fold(t) for t in rules.beginner_bases.get(choice.faction, ())}
    return {
        "index": i,
        "number": i + 1,
        "choice": choice,
        "starting_bases": starting_bases(pool, choice.faction),
        "bases": [
            {"card": c, "checked": c.code in choice.bases, "beginner": fold(c.title) in beginner}
            for c in sorted(
                pool.select(deck="base", faction=choice.faction), key=lambda c: not c.starting_base
            )
        ],
        "starter": [{"card": c, "count": n, "role": rules.role(c.copies)} for c, n in starter],
        "starter_total": sum(n for _, n in starter),
        "beginner_list_missing": bool(rules.beginner_bases) and choice.faction not in rules.beginner_bases,
    }


def _deck_for_change(request, deck_id: int | None) -> Deck | None:
    if deck_id is None:
        return None
    try:
        return decks.deck_get(deck_id=deck_id, user=request.user, for_change=True)
    except ApiError as exc:
        raise Http404(str(exc.detail)) from None


def _save(request, deck: Deck | None, setup: dict, fmt: Format, context: dict) -> Deck | None:
    """The saved deck, or None with the reason in messages. A deck changed since the page was drawn (another
    tab, the API) is not overwritten: the page keeps its choices and takes the new version, so saving again
    replaces the deck knowingly."""
    if not request.user.is_authenticated:
        messages.error(
            request, gettext("Log in or sign up to save setups; checking works without an account.")
        )
        return None
    fields = {key: context[key] for key in ("name", "notes", "is_public")}
    fields["name"] = fields["name"] or " vs ".join(p.faction for p in context["choice"].players if p.faction)
    try:
        if deck is None:
            return decks.deck_create_setup(owner=request.user, setup=setup, format_code=fmt.code, **fields)
        return decks.deck_update_setup(
            deck,
            setup=setup,
            format_code=fmt.code,
            expected_version=whole_number(context["version"], 0),
            **fields,
        )
    except ApiError as exc:
        if exc.code == "version-mismatch":
            context["version"] = exc.details["version"]
            messages.error(
                request,
                gettext(
                    "Not saved: this setup was changed elsewhere (another tab or the API) after this page was "
                    "opened. Your choices are still here; open the deck in another tab to compare, then press "
                    "Save again to replace it with what this page holds."
                ),
            )
        else:
            messages.error(request, str(exc.detail))
        return None


def _initial(deck: Deck | None, rules: SetupRules, pool: SetupPool) -> tuple[SetupChoice, object, dict]:
    """The page before any post: the deck's setup, or the format's defaults. (choice, setup, fields)"""
    choice = default_choice(rules, pool)
    setup = deck.setup if deck is not None and deck.setup else None
    if setup is not None:
        choice = choice_from_setup(setup, choice, pool)
    else:
        setup = setup_from_choice(choice, None, pool)
    fields = {
        "name": deck.name if deck else "",
        "notes": deck.notes if deck else "",
        "is_public": deck.is_public if deck else False,
        "version": deck.version if deck else "",
    }
    return choice, setup, fields


def _posted(post, rules: SetupRules, formats: dict, pool: SetupPool) -> dict:
    """The posted page: the choice, the setup, the JSON to show and any JSON error, notices, deck fields."""
    choice, notices = choice_from_post(post, rules, formats, pool)
    shown = post.get("setup_shown", "")
    previous, _ = _read_json(shown)
    text = post.get("setup_json", "")
    edited, json_error = _read_json(text)
    if edited is not None and edited != previous:
        setup = edited  # the JSON was edited: it wins, and the form shows what it says
        choice = choice_from_setup(setup, choice, pool)
        notices = [gettext("The setup JSON was edited: it replaces the form's choices.")]
    else:
        setup = setup_from_choice(choice, previous, pool)
    if json_error is None:
        shown = text = _pretty(setup)
    return {
        "choice": choice,
        "setup": setup,
        "setup_json": text,  # on a JSON error: the text as posted, to fix
        "setup_shown": shown,
        "json_error": json_error,
        "notices": notices,
        "name": post.get("name", "").strip()[:100],
        "notes": post.get("notes", ""),
        "is_public": "is_public" in post,
        "version": post.get("version", ""),  # the version the page was drawn from (see _save)
    }


def setup_builder(request, deck_id: int | None = None):
    """Choose a SW:DBG game setup, check it in a format (no account needed), save it as a deck (logged in)."""
    deck = _deck_for_change(request, deck_id)
    if deck is not None and deck.game_id != GAME:
        return redirect("deck-edit", deck_id=deck.pk)
    formats = {f.code: f for f in Format.objects.filter(game_id=GAME)}
    if not formats:
        return render(request, "decks/setup_builder.html", {"deck": deck, "no_formats": True})
    post, nul_fields = without_nul(request.POST) if request.method == "POST" else (None, [])
    fallback = deck.format.code if deck and deck.format else DEFAULT_FORMAT
    fmt = (
        formats.get((post or {}).get("format", fallback))
        or formats.get(fallback)
        or next(iter(formats.values()))
    )
    rules, pool = format_rules(fmt), setup_pool()
    context = {"deck": deck, "formats": formats.values(), "format": fmt, "rules": rules}
    if post is None:
        choice, setup, fields = _initial(deck, rules, pool)
        context.update(setup_json=_pretty(setup), setup_shown=_pretty(setup), **fields)
    else:
        context.update(_posted(post, rules, formats, pool))
        choice, setup = context["choice"], context["setup"]
        saving = post.get("action") == "save"
        if saving and nul_fields:
            messages.error(request, nul_message(nul_fields))
        if context["json_error"]:
            if saving:
                messages.error(request, gettext("Fix the setup JSON before saving."))
        else:
            report = shown_report(check_setup(setup, rules, pool))  # in the page's language
            limits = base_limit_errors(setup, rules, pool)
            context.update(
                report=report,
                format_name=fmt.name,
                setup_summary=setup_summary(report, setup),
                limit_errors=limits,
            )
            if saving and limits:
                messages.error(
                    request, gettext("Not saved: a base deck holds more bases than the format allows.")
                )
            elif saving and not nul_fields:
                saved = _save(request, deck, setup, fmt, context)
                if saved is not None:
                    messages.success(request, gettext("Setup saved."))
                    return redirect("deck-detail", deck_id=saved.pk)
    editions = _edition_names()
    two_editions = len({rules.factions.get(p.faction, ("", ""))[0] for p in choice.players}) > 1
    context.update(
        choice=choice,
        players=[_player_view(i, p, setup, rules, pool) for i, p in enumerate(choice.players)],
        factions=[(name, editions.get(e, e), side) for name, (e, side) in rules.factions.items()],
        bases_to_win_choices=range(rules.bases_to_win_range[0], rules.bases_to_win_range[1] + 1),
        show_neutral_edition=two_editions or bool(choice.neutral_edition),
        editions=[(e, editions.get(e, e)) for e in rules.editions],
    )
    return render(request, "decks/setup_builder.html", context)
