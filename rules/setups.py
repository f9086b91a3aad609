"""SW:DBG game setups from the stored cards: the Django side of the engine (rules/swdbg/ stays plain Python).

A game's setup, as a game record holds it (docs/swdbg-engine.md):

    {"format": "full-galaxy",                  a SW:DBG format code (decks/data/swdbg_formats.json)
     "players": [...], "bases_to_win": 3, "galaxy": {...},   the setup checker's input (decks/legality/swdbg/)
     "options": {"pay_off_neutral": false,    the rulebook's optional rule
                 "turn_limit": 200,           the engine stops a game without a winner there, as a draw
                 "values": {"sw23_tatooine": {"hit_points": 14}}}}   values the catalogue leaves unknown or
                                              disputed, settled for this game

The setup checker refuses what the format does not allow (its violations are the answer); the engine refuses
what it cannot play (a card without rules text, an unknown value).
"""

from cardsdb.models import Card
from decks.legality.pool import format_rules, setup_pool
from decks.legality.swdbg import ResolvedSetup, default_bases, resolve_setup
from decks.models import Format
from rules.swdbg.cards import DbgCard, card_type
from rules.swdbg.setup import DEFAULT_TURN_LIMIT, PlayerSetup, Setup

GAME = "swdbg"
SETUP_KEYS = {"format", "players", "bases_to_win", "galaxy", "options"}
OPTION_KEYS = {"pay_off_neutral", "turn_limit", "values"}
SETTLED_VALUES = {"hit_points", "target_value", "cost", "attack", "resources", "force"}
DEFAULT_FORMAT = "full-galaxy"


class SetupRefused(ValueError):
    """The setup cannot start a game: `problems` are {"code", "message", "cards"} (the checker's violations
    or the engine's refusals)."""

    def __init__(self, problems: list[dict]):
        super().__init__("; ".join(p["message"] for p in problems))
        self.problems = problems


def _problem(code: str, message: str, cards=()) -> dict:
    return {"code": code, "message": message, "cards": list(cards)}


def engine_setup(data: object) -> Setup:
    """The engine's Setup for a record's setup, or SetupRefused naming every problem."""
    if not isinstance(data, dict):
        raise SetupRefused(
            [_problem("bad-setup", "The setup must be an object (format, players, options…).")]
        )
    unknown = sorted(set(data) - SETUP_KEYS, key=str)
    if unknown:
        raise SetupRefused(
            [_problem("bad-setup", f"Unknown setup key {unknown[0]!r}; expected {sorted(SETUP_KEYS)}.")]
        )
    code = data.get("format", DEFAULT_FORMAT)
    fmt = Format.objects.filter(game_id=GAME, code=code).first() if isinstance(code, str) else None
    if fmt is None:
        known = sorted(Format.objects.filter(game_id=GAME).values_list("code", flat=True))
        raise SetupRefused(
            [_problem("bad-setup", f"format {code!r} is not a SW:DBG format; use one of {known}.")]
        )
    options = _options(data.get("options", {}))
    checked = {k: v for k, v in data.items() if k not in ("format", "options")}
    report, resolved = resolve_setup(checked, format_rules(fmt), setup_pool())
    if resolved is None:
        raise SetupRefused([v.as_dict() for v in report.violations])
    return _build(resolved, options)


def _options(options: object) -> dict:
    if not isinstance(options, dict) or set(options) - OPTION_KEYS:
        raise SetupRefused(
            [_problem("bad-setup", f"options is an object with the keys {sorted(OPTION_KEYS)}.")]
        )
    pay_off = options.get("pay_off_neutral", False)
    limit = options.get("turn_limit", DEFAULT_TURN_LIMIT)
    values = options.get("values", {})
    problems = []
    if not isinstance(pay_off, bool):
        problems.append(_problem("bad-setup", "options.pay_off_neutral must be true or false."))
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= 10_000:
        problems.append(_problem("bad-setup", "options.turn_limit must be a whole number from 1 to 10,000."))
    if not isinstance(values, dict) or len(values) > 200:
        problems.append(_problem("bad-setup", "options.values maps at most 200 card codes to their values."))
        values = {}
    for code, settled in values.items():
        if (
            not isinstance(settled, dict)
            or set(settled) - SETTLED_VALUES
            or not all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 99 for v in settled.values()
            )
        ):
            problems.append(
                _problem(
                    "bad-setup", f"options.values[{code!r}] maps {sorted(SETTLED_VALUES)} to numbers 0-99."
                )
            )
    if problems:
        raise SetupRefused(problems)
    return {"pay_off_neutral": pay_off, "turn_limit": limit, "values": values}


def _build(resolved: ResolvedSetup, options: dict) -> Setup:
    codes = {c.code for p in resolved.players for c in (*p.starter, *p.bases)}
    codes |= {c.code for c in (*resolved.galaxy, *resolved.outer_rim)}
    stored = {card.code: card for card in Card.objects.filter(game_id=GAME, code__in=codes)}
    cards = {code: dbg_card(card, options["values"].get(code, {})) for code, card in stored.items()}
    players = tuple(
        PlayerSetup(
            p.faction,
            tuple(cards[c.code] for c in p.starter),
            tuple(cards[c.code] for c in p.bases),
            cards[p.starting_base.code],
        )
        for p in resolved.players
    )
    return Setup(
        players=players,
        galaxy=tuple(cards[c.code] for c in resolved.galaxy),
        outer_rim=tuple(cards[c.code] for c in resolved.outer_rim),
        bases_to_win=resolved.bases_to_win,
        pay_off_neutral=options["pay_off_neutral"],
        turn_limit=options["turn_limit"],
    )


def _int(value) -> int | None:
    return None if value is None else int(value)


def dbg_card(card: Card, settled: dict | None = None) -> DbgCard:
    """A stored SW:DBG card as the engine's record; `settled` fills values the catalogue leaves open."""
    extra, settled = card.extra or {}, settled or {}

    def value(name, stored):
        return settled[name] if name in settled else _int(stored)

    return DbgCard(
        code=card.code,
        title=card.name,
        faction=card.side,
        card_type=card_type(card.type),
        cost=value("cost", card.cost) or 0,
        attack=value("attack", card.attack) or 0,
        resources=value("resources", card.resources) or 0,
        force=value("force", card.force) or 0,
        unique=card.uniqueness_kind == "unique",
        traits=tuple(card.characteristics or ()),
        hit_points=value("hit_points", card.hit_points),
        target_value=value("target_value", extra.get("target_value")),
        starting_base=bool(extra.get("starting_base")),
    )


def default_setup(format_code: str = DEFAULT_FORMAT, factions=("Empire", "Rebel")) -> dict:
    """A record setup for two factions of one edition with their own starter and base decks: the base decks
    the setup builder offers too (decks.legality.swdbg.default_bases). Refuses an unknown format."""
    fmt = (
        Format.objects.filter(game_id=GAME, code=format_code).first()
        if isinstance(format_code, str)
        else None
    )
    if fmt is None:
        raise SetupRefused([_problem("bad-setup", f"format {format_code!r} is not a SW:DBG format.")])
    rules, pool = format_rules(fmt), setup_pool()
    players = []
    for faction in factions:
        starter = [
            {"card": c.code, "count": c.copies or 1} for c in pool.select(deck="starter", faction=faction)
        ]
        players.append({"faction": faction, "starter": starter, "bases": default_bases(rules, pool, faction)})
    return playable({"format": format_code, "players": players})


def playable(setup: dict) -> dict:
    """The setup with the values the catalogue leaves open settled, as a game needs them: a base's disputed hit
    points take the first value the sources give (values the setup settles itself are kept)."""
    players = setup.get("players")
    codes = {
        code
        for p in (players if isinstance(players, list) else [])
        if isinstance(p, dict)
        for code in [*(p.get("bases") or []), p.get("starting_base")]
        if isinstance(code, str)
    }
    options = setup.get("options") if isinstance(setup.get("options"), dict) else {}
    values = dict(options.get("values") or {}) if isinstance(options.get("values", {}), dict) else {}
    for base in Card.objects.filter(game_id=GAME, code__in=codes, hit_points__isnull=True):
        candidates = (base.extra or {}).get("disputed", {}).get("hit_points") or []
        if candidates and base.code not in values:
            values[base.code] = {"hit_points": int(candidates[0])}
    if not values:
        return setup
    return {**setup, "options": {**options, "values": values}}
