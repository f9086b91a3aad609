"""Build the legality card pool and format rules from the database, once per catalogue / format version."""

import re
from dataclasses import replace

from cardsdb.catalogue_versions import catalogue_version
from cardsdb.models import Card, CardAlias, Printing
from core.swtcg.usage import usage_marks
from decks.legality.format_readers import read_format
from decks.legality.formats import FormatRules
from decks.legality.records import CardPool, LegalityCard
from decks.legality.swdbg import SetupCard, SetupPool, SetupRules
from decks.legality.swtcg import TcgCard, TcgFormat
from decks.models import Format

_pools: dict[tuple, CardPool] = {}
_tcg_pools: dict[tuple, dict[str, TcgCard]] = {}
_setup_pools: dict[tuple, SetupPool] = {}
_formats: dict[tuple, FormatRules | TcgFormat | SetupRules] = {}


def _enum(text: str) -> str:
    """A display name in GEMP's enum spelling: "Defensive Shield" → DEFENSIVE_SHIELD, "Admiral's Order" → ADMIRALS_ORDER."""
    return re.sub(r"[^A-Z0-9]+", "_", text.upper().replace("'", "")).strip("_")


def _record(card: Card, card_id: str, rarity: str | None = None) -> LegalityCard:
    gemp = card.extra.get("gemp", {})
    # Cards GEMP has no blueprint for get the same facts from the card JSON, in GEMP's spelling.
    category = gemp.get("cardCategory") or _enum(re.sub(r"\s*#\d+$", "", card.type))
    icons = gemp.get("icons") or sorted({_enum(i) for i in card.icons} | {_enum(card.type)})
    return LegalityCard(
        id=card_id,
        card=card.code,
        title=gemp.get("title") or card.name,
        side=card.side,
        category=category,
        subtype=gemp.get("cardSubtype") or _enum(card.subtype),
        rarity=rarity or gemp.get("rarity") or card.rarity,
        icons=frozenset(icons),
        outside_deck_only=bool(gemp.get("doesNotCountTowardDeckLimit")),
    )


def card_pool(game: str = "swccg") -> CardPool:
    key = (game, catalogue_version(game))
    if key not in _pools:
        for stale in [k for k in _pools if k[0] == game]:  # keep the other games' pools
            del _pools[stale]
        cards = {c.pk: c for c in Card.objects.filter(game_id=game, edition=Card.Edition.CURRENT)}
        records = {c.code: _record(c, c.code) for c in cards.values()}
        reprint_rarity = {
            (p.card_id, p.card_set.code): p.rarity
            for p in Printing.objects.filter(card__in=cards.keys()).select_related("card_set")
        }
        for alias in CardAlias.objects.filter(game_id=game, card__in=cards.keys()):
            card = cards[alias.card_id]
            if alias.face == "back":  # GEMP's X_BACK names the same physical card
                records[alias.code] = records[card.code]
            else:
                set_code = alias.code.split("_", 1)[0]
                records[alias.code] = _record(card, alias.code, reprint_rarity.get((card.pk, set_code)))
        _pools[key] = CardPool(records)
    return _pools[key]


def tcg_pool() -> dict[str, TcgCard]:
    """Every SWTCG card by its code, as the construction rules see it."""
    key = ("swtcg", catalogue_version("swtcg"))
    if key not in _tcg_pools:
        _tcg_pools.clear()
        pool = {}
        rows = Card.objects.filter(game_id="swtcg").values_list(
            "code", "title", "name", "side", "type", "card_set__code", "extra"
        )
        for code, title, name, side, card_type, set_code, extra in rows:
            banned_in, restricted_in = usage_marks(extra.get("usage", ""))
            pool[code] = TcgCard(
                id=code,
                title=title,
                name=name,
                version=extra.get("version"),
                side=side,
                type=card_type,
                set=set_code or "",
                banned_in=banned_in,
                restricted_in=restricted_in,
            )
        # An alias (a repeated row merged into its card: VVI_1 is VV1_1, a PROMO row its set's card) is a printing
        # of the same card: decks saved with it keep working, and its copies count with the card's.
        for code, card_code in CardAlias.objects.filter(game_id="swtcg").values_list("code", "card__code"):
            if card_code in pool and code not in pool:
                pool[code] = replace(pool[card_code], id=code)
        _tcg_pools[key] = share_marks(pool)
    return _tcg_pools[key]


def share_marks(pool: dict[str, TcgCard]) -> dict[str, TcgCard]:
    """A ban or restriction noted on one printing holds for every printing of the card (its copies count
    together too): BOH's 501st Legion Dark Trooper is banned in Vintage, and so is its START reprint."""
    banned: dict[tuple, frozenset] = {}
    restricted: dict[tuple, frozenset] = {}
    for card in pool.values():
        banned[card.copy_key] = banned.get(card.copy_key, frozenset()) | card.banned_in
        restricted[card.copy_key] = restricted.get(card.copy_key, frozenset()) | card.restricted_in
    return {
        code: card
        if (card.banned_in, card.restricted_in) == (banned[card.copy_key], restricted[card.copy_key])
        else replace(card, banned_in=banned[card.copy_key], restricted_in=restricted[card.copy_key])
        for code, card in pool.items()
    }


def setup_pool() -> SetupPool:
    """Every SW:DBG card as the setup rules see it (Card.side is the faction; the rest is in Card.extra)."""
    key = ("swdbg", catalogue_version("swdbg"))
    if key not in _setup_pools:
        _setup_pools.clear()
        cards = []
        for card in Card.objects.filter(game_id="swdbg"):
            extra = card.extra
            cards.append(
                SetupCard(
                    code=card.code,
                    title=card.name,
                    faction=card.side,
                    edition=extra.get("edition", ""),
                    deck=extra.get("deck", ""),
                    card_type=card.type,
                    traits=tuple(card.characteristics),
                    starting_base=bool(extra.get("starting_base")),
                    copies=extra.get("starter_copies") or extra.get("copies"),
                    hit_points=card.hit_points,
                )
            )
        _setup_pools[key] = SetupPool(cards)
    return _setup_pools[key]


def format_rules(fmt: Format) -> FormatRules | TcgFormat | SetupRules:
    """The format's rules in its game's shape (FormatRules for SWCCG, TcgFormat for SWTCG, SetupRules for
    SW:DBG)."""
    key = (fmt.game_id, fmt.code, fmt.version)
    if key not in _formats:
        # A new version replaces the old: nothing keeps the old rules (or the verdict tables built for them) alive.
        for stale in [k for k in _formats if k[:2] == key[:2]]:
            del _formats[stale]
        _formats[key] = read_format(fmt)
    return _formats[key]
