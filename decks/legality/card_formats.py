"""One card's standing in every format of its game, for the card page: legal, restricted, banned or not in the
format's card pool, each with the reason in words.

The rules are the deck checker's own (decks/legality): a SWCCG printing is legal where `is_legal_card` says so, and
a card is as good as its best printing (a reprint in a legal set makes it playable); SWTCG asks the format's
`bans`/`restricts` and its legal sets; a SW:DBG setup takes the cards of its editions.
"""

from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import npgettext, pgettext, pgettext_lazy

from decks.legality.formats import FormatRules
from decks.legality.records import LegalityCard
from decks.legality.swdbg import SetupCard, SetupRules
from decks.legality.swtcg import TcgCard, TcgFormat

LEGAL, RESTRICTED, BANNED, NOT_IN_POOL = "legal", "restricted", "banned", "not-in-pool"
# Shown on the card page only, in its language; the reasons below are worded when the page asks, in its language.
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
            fmt.code,
            fmt.name,
            NOT_IN_POOL,
            pgettext("standing reason", "not a card GEMP can play (legacy or earlier wording)"),
        )
    best = _best(found)
    if best.status == LEGAL and not best.reason:
        via = next(p.id for p, s in zip(printings, found, strict=True) if s is best)
        if via != own:
            return Standing(
                fmt.code,
                fmt.name,
                LEGAL,
                pgettext("standing reason", "through its reprint %(id)s") % {"id": via},
            )
    return best


def _swccg_printing(card: LegalityCard, fmt: FormatRules) -> Standing:
    def standing(status: str, reason: str = "") -> Standing:
        return Standing(fmt.code, fmt.name, status, reason)

    if card.category == "GAME_AID":
        return standing(NOT_IN_POOL, pgettext("standing reason", "a game aid, not a deck card"))
    if card.id in fmt.valid:
        return standing(
            LEGAL,
            pgettext("standing reason", "listed as valid in %(format)s (%(id)s)")
            % {"format": fmt.name, "id": card.id},
        )
    if fmt.legal_sets and card.set not in fmt.legal_sets:
        return standing(
            NOT_IN_POOL, pgettext("standing reason", "set %(set)s is not in the format") % {"set": card.set}
        )
    if card.id in fmt.banned:
        return standing(
            BANNED, pgettext("standing reason", "on the format's ban list (%(id)s)") % {"id": card.id}
        )
    icons = sorted(fmt.banned_icons & card.icons)
    if icons:
        named = ", ".join(i.replace("_", " ").title() for i in icons)
        return standing(
            BANNED, pgettext("standing reason", "the %(icon)s icon is banned in the format") % {"icon": named}
        )
    if card.rarity in fmt.banned_rarities:
        return standing(
            BANNED,
            pgettext("standing reason", "rarity %(rarity)s is banned in the format")
            % {"rarity": card.rarity},
        )
    if card.id in fmt.restricted:
        return standing(RESTRICTED, pgettext("standing reason", "one copy per deck"))
    return standing(LEGAL)


def swtcg_standing(printings: Iterable[TcgCard], sets: Iterable[str], fmt: TcgFormat) -> Standing:
    """`sets`: every set the card is printed in (a PROMO printing counts)."""
    cards = list(printings)
    if not cards:
        return Standing(fmt.code, fmt.name, NOT_IN_POOL, pgettext("standing reason", "not in the card pool"))
    card = cards[0]
    in_sets = sorted(set(sets))
    if fmt.legal_sets and not set(in_sets) & fmt.legal_sets:
        return Standing(
            fmt.code,
            fmt.name,
            NOT_IN_POOL,
            pgettext("standing reason", "printed in %(sets)s, not a set of the format")
            % {"sets": ", ".join(in_sets)},
        )
    if any(fmt.bans(c) for c in cards):
        scopes = sorted(card.banned_in & fmt.ban_scopes) or [pgettext("standing reason", "the format's list")]
        return Standing(
            fmt.code,
            fmt.name,
            BANNED,
            pgettext("standing reason", "banned by its Usage notes (%(scopes)s)")
            % {"scopes": ", ".join(scopes)},
        )
    if any(fmt.restricts(c) for c in cards):
        return Standing(
            fmt.code,
            fmt.name,
            RESTRICTED,
            pgettext("standing reason", "at most %(n)d per deck") % {"n": fmt.restricted_limit},
        )
    return Standing(
        fmt.code,
        fmt.name,
        LEGAL,
        npgettext("standing reason", "at most %(n)d copy", "at most %(n)d copies", fmt.copy_limit)
        % {"n": fmt.copy_limit},
    )


def swdbg_standing(card: SetupCard | None, rules: SetupRules) -> Standing:
    if card is None:
        return Standing(
            rules.code, rules.name, NOT_IN_POOL, pgettext("standing reason", "not a card of the setups")
        )
    if card.edition not in rules.editions:
        return Standing(
            rules.code,
            rules.name,
            NOT_IN_POOL,
            pgettext("standing reason", "the setup uses %(editions)s cards")
            % {"editions": ", ".join(rules.editions)},
        )
    if card.faction and card.faction != "Neutral" and card.faction not in rules.factions:
        return Standing(
            rules.code,
            rules.name,
            NOT_IN_POOL,
            pgettext("standing reason", "the %(faction)s is not a faction of the setup")
            % {"faction": card.faction},
        )
    if card.deck == "base" and rules.beginner_bases:
        titles = rules.beginner_bases.get(card.faction, ())
        if titles and card.title not in titles:
            return Standing(
                rules.code,
                rules.name,
                NOT_IN_POOL,
                pgettext("standing reason", "not one of the setup's fixed beginner bases"),
            )
    return Standing(
        rules.code, rules.name, LEGAL, pgettext("standing reason", "%(deck)s card") % {"deck": card.deck}
    )
