"""One card's standing in every format of its game, for the card page: legal, restricted, banned or not in the
format's card pool, each with the reason in words.

The rules are the deck checker's own (decks/legality): a SWCCG printing is legal where `is_legal_card` says so, and
a card is as good as its best printing (a reprint in a legal set makes it playable); SWTCG asks the format's
`bans`/`restricts` and its legal sets; a SW:DBG setup takes the cards of its editions.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import pgettext_lazy

from decks.legality.formats import FormatRules
from decks.legality.records import LegalityCard
from decks.legality.swdbg import SetupCard, SetupRules
from decks.legality.swtcg import TcgCard, TcgFormat

LEGAL, RESTRICTED, BANNED, NOT_IN_POOL = "legal", "restricted", "banned", "not-in-pool"
# Shown on the card page only, in its language.
LABELS = {
    LEGAL: pgettext_lazy("card standing", "Legal"),
    RESTRICTED: pgettext_lazy("card standing", "Restricted"),
    BANNED: pgettext_lazy("card standing", "Banned"),
    NOT_IN_POOL: pgettext_lazy("card standing", "Not in pool"),
}
_RANK = {LEGAL: 0, RESTRICTED: 1, BANNED: 2, NOT_IN_POOL: 3}  # the best printing decides


@dataclass(frozen=True)
class Standing:
    format_code: str
    format_name: str
    status: str  # LEGAL, RESTRICTED, BANNED or NOT_IN_POOL
    reason: str = ""

    @property
    def label(self) -> str:
        return str(LABELS[self.status])


@dataclass(frozen=True)
class Group:
    """Formats where the card stands the same, for a compact table."""

    status: str
    reason: str
    formats: tuple[str, ...]

    @property
    def label(self) -> str:
        return str(LABELS[self.status])


def grouped(standings: Iterable[Standing]) -> list[Group]:
    """One row per (status, reason), legal first, the formats in their order."""
    rows: dict[tuple[str, str], list[str]] = {}
    for s in standings:
        rows.setdefault((s.status, s.reason), []).append(s.format_name)
    ordered = sorted(rows.items(), key=lambda item: _RANK[item[0][0]])
    return [Group(status, reason, tuple(names)) for (status, reason), names in ordered]


def _best(standings: list[Standing]) -> Standing:
    return min(standings, key=lambda s: _RANK[s.status])


def swccg_standing(printings: Iterable[LegalityCard], fmt: FormatRules, own: str = "") -> Standing:
    """The card's standing through its best printing (its own id `own` and its reprint ids)."""
    printings = list(printings)
    found = [_swccg_printing(p, fmt) for p in printings]
    if not found:
        return Standing(
            fmt.code, fmt.name, NOT_IN_POOL, "not a card GEMP can play (legacy or earlier wording)"
        )
    best = _best(found)
    if best.status == LEGAL and not best.reason:
        via = next(p.id for p, s in zip(printings, found, strict=True) if s is best)
        if via != own:
            return Standing(fmt.code, fmt.name, LEGAL, f"through its reprint {via}")
    return best


def _swccg_printing(card: LegalityCard, fmt: FormatRules) -> Standing:
    def standing(status: str, reason: str = "") -> Standing:
        return Standing(fmt.code, fmt.name, status, reason)

    if card.category == "GAME_AID":
        return standing(NOT_IN_POOL, "a game aid, not a deck card")
    if card.id in fmt.valid:
        return standing(LEGAL, f"listed as valid in {fmt.name} ({card.id})")
    if fmt.legal_sets and card.set not in fmt.legal_sets:
        return standing(NOT_IN_POOL, f"set {card.set} is not in the format")
    if card.id in fmt.banned:
        return standing(BANNED, f"on the format's ban list ({card.id})")
    icons = sorted(fmt.banned_icons & card.icons)
    if icons:
        named = ", ".join(i.replace("_", " ").title() for i in icons)
        return standing(BANNED, f"the {named} icon is banned in the format")
    if card.rarity in fmt.banned_rarities:
        return standing(BANNED, f"rarity {card.rarity} is banned in the format")
    if card.id in fmt.restricted:
        return standing(RESTRICTED, "one copy per deck")
    return standing(LEGAL)


def swtcg_standing(printings: Iterable[TcgCard], sets: Iterable[str], fmt: TcgFormat) -> Standing:
    """`sets`: every set the card is printed in (a PROMO printing counts)."""
    cards = list(printings)
    if not cards:
        return Standing(fmt.code, fmt.name, NOT_IN_POOL, "not in the card pool")
    card = cards[0]
    in_sets = sorted(set(sets))
    if fmt.legal_sets and not set(in_sets) & fmt.legal_sets:
        return Standing(
            fmt.code, fmt.name, NOT_IN_POOL, f"printed in {', '.join(in_sets)}, not a set of the format"
        )
    if any(fmt.bans(c) for c in cards):
        scopes = sorted(card.banned_in & fmt.ban_scopes) or ["the format's list"]
        return Standing(fmt.code, fmt.name, BANNED, f"banned by its Usage notes ({', '.join(scopes)})")
    if any(fmt.restricts(c) for c in cards):
        return Standing(fmt.code, fmt.name, RESTRICTED, f"at most {fmt.restricted_limit} per deck")
    return Standing(fmt.code, fmt.name, LEGAL, f"at most {fmt.copy_limit} copies")


def swdbg_standing(card: SetupCard | None, rules: SetupRules) -> Standing:
    if card is None:
        return Standing(rules.code, rules.name, NOT_IN_POOL, "not a card of the setups")
    if card.edition not in rules.editions:
        return Standing(
            rules.code, rules.name, NOT_IN_POOL, f"the setup uses {', '.join(rules.editions)} cards"
        )
    if card.faction and card.faction != "Neutral" and card.faction not in rules.factions:
        return Standing(
            rules.code, rules.name, NOT_IN_POOL, f"the {card.faction} is not a faction of the setup"
        )
    if card.deck == "base" and rules.beginner_bases:
        titles = rules.beginner_bases.get(card.faction, ())
        if titles and card.title not in titles:
            return Standing(
                rules.code, rules.name, NOT_IN_POOL, "not one of the setup's fixed beginner bases"
            )
    return Standing(rules.code, rules.name, LEGAL, f"{card.deck} card")
