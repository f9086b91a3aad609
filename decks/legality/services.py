"""Reads and checks for formats and legality (views and commands stay thin)."""

from typing import TYPE_CHECKING

from rest_framework import status

from cardsdb.api.errors import ApiError
from cardsdb.api.views import check_game
from cardsdb.games.registry import game_plugin
from decks.formats_io.limits import SuggestionBudget
from decks.legality.checker import check_deck
from decks.legality.pool import card_pool, format_rules, setup_pool, tcg_pool
from decks.legality.swdbg import SetupRules, check_setup
from decks.legality.swtcg import TcgFormat, check_tcg_deck
from decks.legality.violations import LegalityReport
from decks.models import Format

if TYPE_CHECKING:
    from decks.legality.decklists import Decklist


def format_list(*, game: str | None = None):
    formats = Format.objects.all()
    return formats.filter(game_id=game) if game else formats


def format_get(*, game: str, code: str) -> Format:
    fmt = Format.objects.filter(game_id=game, code=code).first() if "\x00" not in code else None
    if fmt is None:
        known = ", ".join(Format.objects.filter(game_id=game).values_list("code", flat=True)[:40])
        raise ApiError(
            "unknown-format",
            f"No format {code!r} for {game}."
            + (f" Known: {known}." if known else " No formats are imported."),
            status.HTTP_400_BAD_REQUEST,
        )
    return fmt


def format_as_dict(fmt: Format) -> dict:
    rules = format_rules(fmt)
    if isinstance(rules, TcgFormat):
        return _tcg_format_as_dict(fmt, rules)
    if isinstance(rules, SetupRules):
        return _setup_format_as_dict(fmt, rules)
    return {
        "game": fmt.game_id,
        "code": rules.code,
        "name": rules.name,
        "version": rules.version,
        "deck_size": rules.deck_size,
        "legal_sets": sorted(rules.legal_sets, key=lambda s: (len(s), s)),
        "banned": sorted(rules.banned),
        "restricted": sorted(rules.restricted),
        "valid": sorted(rules.valid),
        "banned_icons": sorted(rules.banned_icons),
        "banned_rarities": sorted(rules.banned_rarities),
        "max_outside_deck": rules.max_outside_deck,
        "card_limits": [{"titles": sorted(c.titles), "limit": c.limit} for c in rules.card_limits],
        "requirements": [{"title": r.title, "requires": sorted(r.requires)} for r in rules.requirements],
        "shield_caps": [
            {"starting_effects": sorted(s.starting_effects), "limit": s.limit} for s in rules.shield_caps
        ],
        "info": rules.info,
    }


def _tcg_format_as_dict(fmt: Format, rules: TcgFormat) -> dict:
    return {
        "game": fmt.game_id,
        "code": rules.code,
        "name": rules.name,
        "version": rules.version,
        "deck_size": rules.min_deck_size,
        "min_deck_size": rules.min_deck_size,
        "min_deck_size_with_outside_resource": rules.min_deck_size_with_outside_resource,
        "min_units": rules.min_units,
        "min_units_per_arena": rules.min_units_per_arena,
        "max_arena_ratio": rules.max_arena_ratio,
        "copy_limit": rules.copy_limit,
        "restricted_limit": rules.restricted_limit,
        "legal_sets": sorted(rules.legal_sets),
        "ban_scopes": sorted(rules.ban_scopes),
        "banned": sorted(rules.banned),
        "restricted": sorted(rules.restricted),
        "info": rules.info,
    }


def _setup_format_as_dict(fmt: Format, rules: SetupRules) -> dict:
    return {
        "game": fmt.game_id,
        "code": rules.code,
        "name": rules.name,
        "version": rules.version,
        "base_deck_size": rules.base_deck_size,
        "bases_to_win": {
            "default": rules.bases_to_win_default,
            "min": rules.bases_to_win_range[0],
            "max": rules.bases_to_win_range[1],
            "recommended": rules.bases_to_win_recommended,
        },
        "starter": {"size": rules.starter_size, "roles": dict(rules.starter_roles)},
        "galaxy": {"per_faction": rules.galaxy_per_faction, "neutral": rules.galaxy_neutral},
        "cross_edition": rules.cross_edition,
        "opposite_sides": rules.opposite_sides,
        "factions": {name: {"edition": e, "side": s} for name, (e, s) in rules.factions.items()},
        "beginner_bases": {faction: list(titles) for faction, titles in rules.beginner_bases.items()},
    }


def check_cards(
    fmt: Format, inside: list[str], outside: list[str], *, side: str | None = None
) -> LegalityReport:
    """One legality check in the format's game: one id per copy, in the deck and outside it."""
    rules = format_rules(fmt)
    if isinstance(rules, TcgFormat):
        return check_tcg_deck(inside, outside, rules, tcg_pool(), side=side)
    return check_deck(inside, outside, rules, card_pool(fmt.game_id), side=side)


# Deck-list problems that are not an unread card line.
NOT_CARD_PROBLEMS = {"empty-deck", "unknown-side", "unknown-section"}


def unread_ids(problems) -> list[str]:
    """A line that could not be read is a card we cannot check: it stays in the deck as an unknown id
    ("line 3: 4 No Such Card"), once per copy it names, so a report is never "legal" with lines missing and
    the deck's size counts all four copies of "4 No Such Card"."""
    return [
        f"line {p.line}: {p.text.strip()}" if p.line else p.text.strip()
        for p in problems
        if p.code not in NOT_CARD_PROBLEMS
        for _ in range(max(1, getattr(p, "count", 1)))
    ]


class FormatCache:
    """Formats (and the deck-list resolver of each game) looked up once per batch: 500 decks need a handful of
    formats and one catalogue version per game, not thousands of queries."""

    def __init__(self):
        self._games: dict[str, bool] = {}
        self._formats: dict[tuple[str, str], Format] = {}
        self._resolvers: dict = {}

    def resolver(self, game: str):
        from decks.legality.decklists import DatabaseResolver

        if game not in self._resolvers:
            self._resolvers[game] = DatabaseResolver(game)
        return self._resolvers[game]

    def get(self, game: str, code: str) -> Format:
        if game not in self._games:
            check_game(game, required=True)
            self._games[game] = True
        if (game, code) not in self._formats:
            self._formats[(game, code)] = format_get(game=game, code=code)
        return self._formats[(game, code)]


def legality_check(**request) -> dict:
    """One legality check as the API answers it (`legality_report`'s report as a dict, with what a decklist
    read)."""
    report, read = legality_report(**request)
    result = report.as_dict()
    if read is not None:
        result["decklist"] = {
            "format": read.format,
            "name": read.name,
            "side": read.side,
            "cards": len(read.deck_ids()),
            "outside_deck": len(read.outside_ids()),
            "problems": [p.as_dict() for p in read.problems],
        }
    return result


def legality_report(
    *,
    game: str,
    format: str,
    cards: list[str] | None = None,
    outside_deck: list[str] = (),
    decklist: str | None = None,
    side: str | None = None,
    setup: dict | None = None,
    formats: FormatCache | None = None,
    suggestions: SuggestionBudget | None = None,
) -> tuple[LegalityReport, "Decklist | None"]:
    """One legality check: the report, and the decklist as read (None without one). `suggestions`: the
    closest-card look-ups a decklist may use (a batch shares one); a decklist over formats_io.limits raises
    DecklistTooLarge (413) before anything is read. The pages show the report in their language
    (decks/legality/messages.py); the API gives `legality_check`'s dict."""
    formats = formats or FormatCache()
    fmt = formats.get(game, format)
    setup_decks = game_plugin(game).setup_decks
    if setup_decks != (setup is not None):
        raise ApiError(
            "invalid-request",
            "SW:DBG checks game setups: send `setup`."
            if setup_decks
            else "`setup` is for SW:DBG; send `cards` or `decklist`.",
        )
    if setup is not None:
        return check_setup(setup, format_rules(fmt), setup_pool()), None
    side = side.title() if side else None
    read = None
    if decklist is not None:
        from decks.legality.decklists import read_decklist

        read = read_decklist(
            decklist, game=game, side=side, suggestions=suggestions, resolver=lambda: formats.resolver(game)
        )
        cards, outside_deck = read.deck_ids() + unread_ids(read.problems), read.outside_ids()
        side = side or read.side
    return check_cards(fmt, list(cards or []), list(outside_deck), side=side), read
