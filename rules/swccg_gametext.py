"""The stored SWCCG cards as the game text reader reads them (rules/swccg/gametext/), and the read text kept once
per catalogue version, like the legality verdicts (decks/legality/pool.py)."""

import json
from pathlib import Path

from django.conf import settings

from cardsdb.catalogue_versions import catalogue_version
from cardsdb.models import Card, CardAlias
from rules.swccg.gametext import CardText, Effect, protected_titles, read_card

_read: dict[tuple, dict[str, tuple[Effect, ...]]] = {}
_some: dict[
    tuple, tuple[tuple[str, ...], dict, dict[str, tuple[Effect, ...]]]
] = {}  # protected titles, memo, read


def card_text(card: Card) -> CardText:
    return CardText(
        code=card.code,
        title=card.title,
        type=card.type,
        subtype=card.subtype,
        gametext=card.gametext,
        edition=card.edition,
        power=card.power,
        ability=card.ability,
        forfeit=card.forfeit,
        deploy=card.deploy,
        destiny=card.destiny,
        landspeed=card.landspeed,
        hyperspeed=card.hyperspeed,
        maneuver=card.maneuver,
        armor=card.armor,
    )


_FIELDS = (
    "code",
    "title",
    "type",
    "subtype",
    "gametext",
    "edition",
    "power",
    "ability",
    "forfeit",
    "deploy",
    "destiny",
    "landspeed",
    "hyperspeed",
    "maneuver",
    "armor",
)


def catalogue_texts() -> list[CardText]:
    """Every SWCCG card of every edition (current, legacy, pre-errata: each keeps its own text), by code."""
    rows = Card.objects.filter(game_id="swccg").order_by("code").values_list(*_FIELDS)
    return [CardText(*row) for row in rows]


def read_catalogue() -> dict[str, tuple[Effect, ...]]:
    """Every SWCCG card's effects by its code, read once per catalogue version."""
    key = ("swccg", catalogue_version("swccg"))
    if key not in _read:
        _read.clear()
        texts = catalogue_texts()
        protected = protected_titles(t.title for t in texts)
        memo: dict = {}
        _read[key] = {t.code: read_card(t, protected, memo) for t in texts}
    return _read[key]


def _readers() -> tuple[tuple[str, ...], dict, dict[str, tuple[Effect, ...]]]:
    """This catalogue version's protected titles, the sentence memo and the cards read so far."""
    key = ("swccg", catalogue_version("swccg"))
    if key not in _some:
        _some.clear()
        titles = Card.objects.filter(game_id="swccg").values_list("title", flat=True)
        _some[key] = (protected_titles(titles), {}, {})
    return _some[key]


def card_effects(card: Card) -> tuple[Effect, ...]:
    """One stored card's effects, of whichever edition (the card page's "How the rules read this card")."""
    protected, memo, _cards = _readers()
    return read_card(card_text(card), protected, memo)


def current_effects(codes) -> dict[str, tuple[Effect, ...]]:
    """The effects of the current cards with these codes (a battle's few cards), without reading the whole
    catalogue: each card is read once per catalogue version (the catalogue's titles, once, say which titles hold a
    sentence mark), or taken from the whole catalogue's reading when it is already there."""
    key = ("swccg", catalogue_version("swccg"))
    wanted = list(dict.fromkeys(codes))
    if key in _read:
        return {c: _read[key][c] for c in wanted if c in _read[key]}
    protected, memo, read = _readers()
    missing = [c for c in wanted if c not in read]
    if missing:
        rows = Card.objects.filter(
            game_id="swccg", edition=Card.Edition.CURRENT, code__in=missing
        ).values_list(*_FIELDS)
        for row in rows:
            read[row[0]] = read_card(CardText(*row), protected, memo)
    return {c: read[c] for c in wanted if c in read}


def sample_deck_ids(path: Path | None = None) -> list[str]:
    """The GEMP ids of GEMP's sample decks (deck and outside-the-deck cards), each once."""
    if path is None:
        if settings.CARDSDB_DATA_DIR is None:
            raise FileNotFoundError(
                "CARDSDB_DATA_DIR is not set (the sample decks are its swccg/gemp/sample_decks.json)"
            )
        path = settings.CARDSDB_DATA_DIR / "swccg" / "gemp" / "sample_decks.json"
    decks = json.loads(Path(path).read_text())["decks"]
    return list(dict.fromkeys(i for deck in decks for i in [*deck["cards"], *deck.get("outside_deck", [])]))


def current_codes(ids) -> list[str]:
    """The current cards the GEMP ids name (aliases followed), each once; ids no card has are left out."""
    wanted = list(dict.fromkeys(ids))
    codes = set(
        Card.objects.filter(game_id="swccg", edition=Card.Edition.CURRENT, code__in=wanted).values_list(
            "code", flat=True
        )
    )
    aliases = dict(
        CardAlias.objects.filter(game_id="swccg", code__in=wanted).values_list("code", "card__code")
    )
    found = [i if i in codes else aliases.get(i) for i in wanted]
    return list(dict.fromkeys(c for c in found if c))
