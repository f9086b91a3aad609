"""Legality violations as the pages say them, in the active language.

The checkers (decks/legality/) are plain Python and write each message in English, as the API gives it; each
violation also carries its message's variable parts (`Violation.params`: counts, card titles, format names… and
`variant`, the phrasing when a code has several). Here each code and variant has its message as a gettext
template that, in English, is the checker's own text: `violation_message` fills it in with the params, so the
same report reads in Italian or Polish on a page while the API stays English. A violation without params, or
with a phrasing not listed here, is shown in English. tests/decks/test_legality_messages_i18n.py builds every
phrasing through the checkers and checks the English templates against the checkers' messages.
"""

from collections.abc import Iterable

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy, ngettext_lazy, pgettext, pgettext_lazy

from cardsdb.labels import either, shown
from decks.legality.decklist_messages import unread_ref
from decks.legality.violations import LegalityReport, Note, Violation

# (code, variant) → the message. ngettext_lazy(…, "count") chooses the plural by the param named `count` (or the
# one named); where the English has one form for every number (the f-string never says "1 copy"), both forms are
# that text, so that the English stays the checker's.
MESSAGES: dict[tuple[str, str], Promise] = {
    # ---- SWCCG (decks/legality/rules.py, verdicts.py) ----
    ("unknown-card", "swccg-deck"): ngettext_lazy(
        "%(ref)s (%(count)s copy in the deck) names no card in the catalogue; remove it or correct the id "
        "(GEMP ids look like 1_168).",
        "%(ref)s (%(count)s copies in the deck) names no card in the catalogue; remove it or correct the id "
        "(GEMP ids look like 1_168).",
        "count",
    ),
    ("unknown-card", "swccg-outside"): ngettext_lazy(
        "%(ref)s (%(count)s copy in the outside deck) names no card in the catalogue; remove it or correct the "
        "id (GEMP ids look like 1_168).",
        "%(ref)s (%(count)s copies in the outside deck) names no card in the catalogue; remove it or correct the "
        "id (GEMP ids look like 1_168).",
        "count",
    ),
    ("not-deck-card", ""): gettext_lazy("%(title)s is a game aid, not a card for decks; remove it."),
    ("outside-deck-only", ""): gettext_lazy(
        "%(title)s does not count toward the deck limit; move it outside the deck."
    ),
    ("deck-size", "swccg-add"): ngettext_lazy(
        "The deck has %(count)s card; %(format)s needs exactly %(needed)s (add %(change)s). Cards outside the "
        "deck do not count.",
        "The deck has %(count)s cards; %(format)s needs exactly %(needed)s (add %(change)s). Cards outside the "
        "deck do not count.",
        "count",
    ),
    ("deck-size", "swccg-remove"): ngettext_lazy(
        "The deck has %(count)s card; %(format)s needs exactly %(needed)s (remove %(change)s). Cards outside "
        "the deck do not count.",
        "The deck has %(count)s cards; %(format)s needs exactly %(needed)s (remove %(change)s). Cards outside "
        "the deck do not count.",
        "count",
    ),
    ("side-mismatch", "swccg"): ngettext_lazy(
        "This is a %(side)s Side deck, but %(count)s card belong to the other side (or neither); remove them.",
        "This is a %(side)s Side deck, but %(count)s cards belong to the other side (or neither); remove them.",
        "count",
    ),
    ("mixed-sides", "swccg-light"): gettext_lazy(
        "The deck mixes %(light)s Light Side and %(dark)s Dark Side cards; a deck is one side. Remove the Light "
        "Side cards."
    ),
    ("mixed-sides", "swccg-dark"): gettext_lazy(
        "The deck mixes %(light)s Light Side and %(dark)s Dark Side cards; a deck is one side. Remove the Dark "
        "Side cards."
    ),
    ("too-many-objectives", ""): ngettext_lazy(
        "The deck has %(count)s Objectives; keep one.",
        "The deck has %(count)s Objectives; keep one.",
        "count",
    ),
    ("too-many-starting-effects", ""): ngettext_lazy(
        "The deck has %(count)s Starting Effects; keep one.",
        "The deck has %(count)s Starting Effects; keep one.",
        "count",
    ),
    ("card-limit", ""): ngettext_lazy(
        "The deck has %(count)s copies of %(title)s; at most %(limit)s allowed. Remove %(over)s.",
        "The deck has %(count)s copies of %(title)s; at most %(limit)s allowed. Remove %(over)s.",
        "count",
    ),
    ("requires-card", ""): gettext_lazy(
        "%(title)s needs %(needed)s in the deck; add it or remove %(title)s."
    ),
    ("too-many-outside-deck", ""): ngettext_lazy(
        "%(count)s card are outside the deck; at most %(limit)s allowed. Remove %(over)s.",
        "%(count)s cards are outside the deck; at most %(limit)s allowed. Remove %(over)s.",
        "count",
    ),
    ("too-many-outside-shields", ""): ngettext_lazy(
        "%(title)s allows %(limit)s Defensive Shields outside the deck; there are %(count)s. Remove %(over)s.",
        "%(title)s allows %(limit)s Defensive Shields outside the deck; there are %(count)s. Remove %(over)s.",
        "limit",
    ),
    ("restricted-card", "swccg"): gettext_lazy(
        "%(title)s is restricted in %(format)s: one copy at most, the deck has %(count)s."
    ),
    ("set-not-legal", "swccg"): gettext_lazy(
        "%(title)s (%(id)s) is from set %(set)s, which %(format)s does not allow; replace it."
    ),
    ("banned-icon", ""): gettext_lazy(
        "%(title)s (%(id)s) has the %(icon)s icon, banned in %(format)s; remove it."
    ),
    ("banned-rarity", ""): gettext_lazy(
        "%(title)s (%(id)s) is %(rarity)s, a rarity banned in %(format)s; remove it."
    ),
    ("banned-card", "swccg"): gettext_lazy("%(title)s (%(id)s) is banned in %(format)s; remove it."),
    # ---- SWTCG (decks/legality/swtcg/) ----
    ("unknown-card", "swtcg-deck"): ngettext_lazy(
        "%(ref)s (%(count)s copy in the deck) names no SWTCG card; remove it or correct the id (ids look like "
        "ANH_12).",
        "%(ref)s (%(count)s copies in the deck) names no SWTCG card; remove it or correct the id (ids look like "
        "ANH_12).",
        "count",
    ),
    ("unknown-card", "swtcg-outside"): ngettext_lazy(
        "%(ref)s (%(count)s copy outside the deck) names no SWTCG card; remove it or correct the id (ids look "
        "like ANH_12).",
        "%(ref)s (%(count)s copies outside the deck) names no SWTCG card; remove it or correct the id (ids look "
        "like ANH_12).",
        "count",
    ),
    ("deck-size", "swtcg"): ngettext_lazy(
        "The deck has %(count)s card; %(format)s needs at least %(needed)s: add %(change)s.",
        "The deck has %(count)s cards; %(format)s needs at least %(needed)s: add %(change)s.",
        "count",
    ),
    ("deck-size", "swtcg-resource"): ngettext_lazy(
        "The deck has %(count)s card; %(format)s needs at least %(needed)s (a Resource kept outside the deck "
        "allows one card fewer): add %(change)s.",
        "The deck has %(count)s cards; %(format)s needs at least %(needed)s (a Resource kept outside the deck "
        "allows one card fewer): add %(change)s.",
        "count",
    ),
    ("arena-minimum", "space"): ngettext_lazy(
        "The deck has %(count)s Space unit; it needs at least %(needed)s in each arena (a multi-arena unit "
        "counts in each of its arenas): add %(change)s.",
        "The deck has %(count)s Space units; it needs at least %(needed)s in each arena (a multi-arena unit "
        "counts in each of its arenas): add %(change)s.",
        "count",
    ),
    ("arena-minimum", "ground"): ngettext_lazy(
        "The deck has %(count)s Ground unit; it needs at least %(needed)s in each arena (a multi-arena unit "
        "counts in each of its arenas): add %(change)s.",
        "The deck has %(count)s Ground units; it needs at least %(needed)s in each arena (a multi-arena unit "
        "counts in each of its arenas): add %(change)s.",
        "count",
    ),
    ("arena-minimum", "character"): ngettext_lazy(
        "The deck has %(count)s Character unit; it needs at least %(needed)s in each arena (a multi-arena unit "
        "counts in each of its arenas): add %(change)s.",
        "The deck has %(count)s Character units; it needs at least %(needed)s in each arena (a multi-arena unit "
        "counts in each of its arenas): add %(change)s.",
        "count",
    ),
    ("arena-balance", ""): gettext_lazy(
        "%(big_count)s %(big)s units is more than %(ratio)s times the %(small_count)s %(small)s units; move "
        "units from %(big)s to %(small)s until it is at most %(most)s."
    ),
    ("unit-minimum", ""): ngettext_lazy(
        "The deck has %(count)s unit (Space, Ground and Character cards; Subordinates are not units); it needs "
        "at least %(needed)s: add %(change)s.",
        "The deck has %(count)s units (Space, Ground and Character cards; Subordinates are not units); it needs "
        "at least %(needed)s: add %(change)s.",
        "count",
    ),
    ("restricted-card", "swtcg"): gettext_lazy(
        "%(title)s is restricted in %(format)s: at most %(limit)s (the deck has %(count)s)."
    ),
    ("copy-limit", ""): ngettext_lazy(
        "%(count)s copy of %(title)s; at most %(limit)s of a card (name and version, any printing): remove "
        "%(over)s.",
        "%(count)s copies of %(title)s; at most %(limit)s of a card (name and version, any printing): remove "
        "%(over)s.",
        "count",
    ),
    ("banned-card", "swtcg-deck"): ngettext_lazy(
        "%(title)s is banned in %(format)s (%(count)s copy in the deck); remove it.",
        "%(title)s is banned in %(format)s (%(count)s copies in the deck); remove it.",
        "count",
    ),
    ("banned-card", "swtcg-outside"): ngettext_lazy(
        "%(title)s is banned in %(format)s (%(count)s copy outside the deck); remove it.",
        "%(title)s is banned in %(format)s (%(count)s copies outside the deck); remove it.",
        "count",
    ),
    ("set-not-legal", "swtcg"): ngettext_lazy(
        "%(count)s card from %(set)s, which is not legal in %(format)s (legal: %(legal)s); replace them.",
        "%(count)s cards from %(set)s, which is not legal in %(format)s (legal: %(legal)s); replace them.",
        "count",
    ),
    ("side-mismatch", "swtcg"): ngettext_lazy(
        "This is a %(side)s deck, but %(count)s card belong to another side; remove them (Neutral cards may "
        "stay).",
        "This is a %(side)s deck, but %(count)s cards belong to another side; remove them (Neutral cards may "
        "stay).",
        "count",
    ),
    ("mixed-sides", "swtcg-deck"): gettext_lazy(
        "The deck mixes primary sides (%(sides)s); keep one of Light, Dark or Yuuzhan Vong, plus Neutral cards."
    ),
    ("mixed-sides", "swtcg-outside"): ngettext_lazy(
        "%(count)s card outside the deck belong to another side than the deck's %(side)s cards; outside cards "
        "must be the deck's side or Neutral.",
        "%(count)s cards outside the deck belong to another side than the deck's %(side)s cards; outside cards "
        "must be the deck's side or Neutral.",
        "count",
    ),
    # ---- SW:DBG setups (decks/legality/swdbg/): a malformed setup ----
    ("bad-setup", "not-object"): gettext_lazy(
        "The setup must be a JSON object with players, bases_to_win and galaxy."
    ),
    ("bad-setup", "unknown-key"): gettext_lazy(
        "%(path)s: unknown key %(key)s; expected one of %(expected)s."
    ),
    ("bad-setup", "cards-missing"): gettext_lazy("%(path)s: missing; list the cards."),
    ("bad-setup", "cards-not-list"): gettext_lazy(
        "%(path)s: must be a list of card codes or titles, or {card, count} objects."
    ),
    ("bad-setup", "card-not-named"): gettext_lazy(
        "%(path)s: must be a card code or title, or {card, count}."
    ),
    ("bad-setup", "count-not-whole"): gettext_lazy(
        "%(path)s: %(value)s is not a whole number of copies (1 or more)."
    ),
    ("bad-setup", "players-missing"): gettext_lazy("%(path)s: missing; list the two players."),
    ("bad-setup", "players-not-list"): gettext_lazy("%(path)s: must be a list of two players."),
    ("bad-setup", "players-count"): gettext_lazy(
        "%(path)s: lists %(count)s; a game has exactly two (2v2 play is not supported)."
    ),
    ("bad-setup", "player-not-object"): gettext_lazy(
        "%(path)s: must be an object with faction, starter, bases and starting_base."
    ),
    ("bad-setup", "starting-base-not-named"): gettext_lazy("%(path)s: must be a base's code or title."),
    ("bad-setup", "faction-unknown"): gettext_lazy(
        "%(path)s: %(value)s is not a faction; choose one of %(choices)s."
    ),
    ("bad-setup", "faction-missing"): gettext_lazy("%(path)s: missing; choose one of %(choices)s."),
    ("bad-setup", "not-whole"): gettext_lazy("%(path)s: %(value)s is not a whole number."),
    ("bad-setup", "galaxy-not-object"): gettext_lazy(
        "%(path)s: must be an object with neutral_edition and cards."
    ),
    ("bad-setup", "edition-not-text"): gettext_lazy("%(path)s: %(value)s is not an edition name."),
    ("unknown-card", "swdbg"): gettext_lazy(
        "%(ref)s (%(path)s) names no SW:DBG card; use a card code or its title."
    ),
    ("ambiguous-card", ""): gettext_lazy("%(ref)s (%(path)s) may be any of %(options)s; use the card code."),
    # ---- SW:DBG: each player's decks ----
    ("starter-deck-size", ""): ngettext_lazy(
        "%(label)s: the starter deck has %(count)s card; it needs exactly %(needed)s.",
        "%(label)s: the starter deck has %(count)s cards; it needs exactly %(needed)s.",
        "count",
    ),
    ("wrong-deck", "starter"): gettext_lazy(
        "%(label)s: %(title)s (%(path)s) is %(deck)s, not a starter card; remove it from the starter deck."
    ),
    ("wrong-deck", "base"): gettext_lazy(
        "%(label)s: %(title)s (%(path)s) is %(deck)s, not a base; remove it from the base deck."
    ),
    ("wrong-deck", "galaxy"): gettext_lazy(
        "%(title)s (%(path)s) is %(deck)s, not a galaxy card; remove it from the galaxy deck."
    ),
    ("starter-faction", ""): gettext_lazy(
        "%(label)s: %(title)s is a %(faction)s starter card; use your own faction's."
    ),
    ("starter-deck-composition", ""): ngettext_lazy(
        "%(label)s: the starter deck has %(count)s copy of %(title)s (the %(role)s); it needs %(needed)s.",
        "%(label)s: the starter deck has %(count)s copies of %(title)s (the %(role)s); it needs %(needed)s.",
        "count",
    ),
    ("base-deck-size", "exact"): ngettext_lazy(
        "%(label)s: the base deck has %(count)s base; %(format)s needs exactly %(needed)s, the starting base "
        "included.",
        "%(label)s: the base deck has %(count)s bases; %(format)s needs exactly %(needed)s, the starting base "
        "included.",
        "count",
    ),
    ("base-deck-size", "short-catalogue"): ngettext_lazy(
        "%(label)s: the base deck has %(count)s base; %(format)s needs exactly %(needed)s, the starting base "
        "included (the catalogue holds only %(held)s %(faction)s bases: list them all).",
        "%(label)s: the base deck has %(count)s bases; %(format)s needs exactly %(needed)s, the starting base "
        "included (the catalogue holds only %(held)s %(faction)s bases: list them all).",
        "count",
    ),
    ("base-faction", ""): gettext_lazy(
        "%(label)s: %(title)s is a %(faction)s base; a base deck holds your own faction's."
    ),
    ("card-copies", "base"): ngettext_lazy(
        "%(label)s: the base deck lists %(title)s %(count)s times; there is %(copies)s copy.",
        "%(label)s: the base deck lists %(title)s %(count)s times; there is %(copies)s copies.",
        "copies",
    ),
    ("card-copies", "galaxy"): ngettext_lazy(
        "The galaxy deck lists %(count)s copies of %(title)s; the game has %(copies)s.",
        "The galaxy deck lists %(count)s copies of %(title)s; the game has %(copies)s.",
        "count",
    ),
    ("base-deck-composition", "missing"): gettext_lazy(
        "%(label)s: %(format)s uses the rulebook's %(faction)s bases (%(bases)s); missing %(missing)s."
    ),
    ("base-deck-composition", "extra"): gettext_lazy(
        "%(label)s: %(format)s uses the rulebook's %(faction)s bases (%(bases)s); not in the list: %(extra)s."
    ),
    ("base-deck-composition", "missing-extra"): gettext_lazy(
        "%(label)s: %(format)s uses the rulebook's %(faction)s bases (%(bases)s); missing %(missing)s; not in "
        "the list: %(extra)s."
    ),
    ("starting-base", "none"): gettext_lazy(
        "%(label)s: the base deck has no starting base; add it (a game begins with it face up)."
    ),
    ("starting-base", "not-starting"): gettext_lazy(
        "%(label)s: %(title)s is not a starting base; the game begins with your faction's starting base."
    ),
    ("starting-base", "other-faction"): gettext_lazy(
        "%(label)s: %(title)s is the %(other)s starting base, not yours."
    ),
    ("starting-base", "not-in-deck"): gettext_lazy(
        "%(label)s: the starting base %(title)s is not in the base deck; add it there."
    ),
    # ---- SW:DBG: the two players, the length of the game, the galaxy ----
    ("same-faction", "same"): gettext_lazy(
        "Both players chose %(faction)s; each player takes a different faction."
    ),
    ("same-faction", "same-side-dark"): gettext_lazy(
        "%(first)s and %(second)s are both on the dark side; %(format)s pits a dark side faction against a "
        "light side one."
    ),
    ("same-faction", "same-side-light"): gettext_lazy(
        "%(first)s and %(second)s are both on the light side; %(format)s pits a dark side faction against a "
        "light side one."
    ),
    ("mixed-editions", ""): gettext_lazy(
        "%(first)s (%(first_edition)s) and %(second)s (%(second_edition)s) come from different editions; "
        "%(format)s uses one edition. Choose a cross-edition format, or two factions of one edition."
    ),
    ("bases-to-win", ""): ngettext_lazy(
        "%(count)s bases to win is outside the rulebook's %(low)s to %(high)s (default %(default)s).",
        "%(count)s bases to win is outside the rulebook's %(low)s to %(high)s (default %(default)s).",
        "count",
    ),
    ("neutral-edition", "choose"): gettext_lazy(
        "The factions come from two editions: choose whose 30 neutral cards join the galaxy deck "
        "(galaxy.neutral_edition: %(editions)s)."
    ),
    ("neutral-edition", "unknown"): gettext_lazy("%(value)s is not an edition; choose %(editions)s."),
    ("neutral-edition", "one-edition"): gettext_lazy(
        "%(format)s uses one edition: the neutral cards must be %(edition)s's, not %(value)s's."
    ),
    ("neutral-edition", "stray"): ngettext_lazy(
        "%(count)s neutral card of the galaxy deck are not from %(edition)s, the neutral edition chosen; the "
        "neutral cards all come from one edition.",
        "%(count)s neutral cards of the galaxy deck are not from %(edition)s, the neutral edition chosen; the "
        "neutral cards all come from one edition.",
        "count",
    ),
    ("galaxy-faction", "played"): ngettext_lazy(
        "The galaxy deck has %(count)s card of %(faction)s; it needs %(needed)s, the faction's whole galaxy set.",
        "The galaxy deck has %(count)s cards of %(faction)s; it needs %(needed)s, the faction's whole galaxy "
        "set.",
        "count",
    ),
    ("galaxy-faction", "not-played"): ngettext_lazy(
        "The galaxy deck has %(count)s card of %(faction)s, which nobody plays; remove them.",
        "The galaxy deck has %(count)s cards of %(faction)s, which nobody plays; remove them.",
        "count",
    ),
    ("galaxy-faction", "unknown-faction"): ngettext_lazy(
        "The galaxy deck lists %(count)s card whose faction the catalogue does not know (%(listed)s), so they "
        "cannot be counted for any faction: fill the faction in with a card fact (manage.py import_card_facts "
        "swdbg, field faction) or leave them out.",
        "The galaxy deck lists %(count)s cards whose faction the catalogue does not know (%(listed)s), so they "
        "cannot be counted for any faction: fill the faction in with a card fact (manage.py import_card_facts "
        "swdbg, field faction) or leave them out.",
        "count",
    ),
    ("galaxy-faction", "neutral"): ngettext_lazy(
        "The galaxy deck has %(count)s neutral card; it needs %(needed)s.",
        "The galaxy deck has %(count)s neutral cards; it needs %(needed)s.",
        "count",
    ),
    ("galaxy-deck-size", ""): ngettext_lazy(
        "The galaxy deck has %(count)s card; it needs exactly %(needed)s (%(per_faction)s per faction and "
        "%(neutral)s neutral).",
        "The galaxy deck has %(count)s cards; it needs exactly %(needed)s (%(per_faction)s per faction and "
        "%(neutral)s neutral).",
        "count",
    ),
}

# Hints that are sentences, by code, and the param that holds their variable part (a hint of card ids, as
# requires-card's, is shown as it is).
HINTS: dict[str, tuple[str, Promise]] = {
    "set-not-legal": (
        "alternatives",
        gettext_lazy("Legal in this format with the same title: %(alternatives)s"),
    ),
    "banned-rarity": (
        "alternatives",
        gettext_lazy("Legal in this format with the same title: %(alternatives)s"),
    ),
    "banned-card": (
        "alternatives",
        gettext_lazy("Legal in this format with the same title: %(alternatives)s"),
    ),
    "starter-deck-composition": ("recipe", gettext_lazy("The %(faction)s starter deck is %(recipe)s.")),
    "starting-base": ("starting", gettext_lazy("The %(faction)s starting base is %(starting)s.")),
}

# The notes of a SW:DBG setup's summary (decks/legality/swdbg/, `SetupState.note`), by key: in English, the
# checker's text. ngettext_lazy as in MESSAGES.
NOTES: dict[str, Promise] = {
    "no-starter-cards": gettext_lazy(
        "The catalogue has no %(faction)s starter cards: the starter deck was not checked."
    ),
    "bases-short-catalogue": ngettext_lazy(
        "The catalogue holds only %(held)s %(faction)s bases and lacks the others: %(format)s needs %(needed)s, "
        "so a base deck of all %(held)s is accepted here, not checked against %(needed)s.",
        "The catalogue holds only %(held)s %(faction)s bases and lacks the others: %(format)s needs %(needed)s, "
        "so a base deck of all %(held)s is accepted here, not checked against %(needed)s.",
        "held",
    ),
    "no-beginner-bases": gettext_lazy(
        "The rulebook's %(format)s base list for %(faction)s is not in the data: only the size, faction and "
        "starting base of that base deck were checked."
    ),
    "bases-to-win-recommended": ngettext_lazy(
        "%(format)s: the rulebook recommends playing to %(recommended)s bases (this setup: %(count)s).",
        "%(format)s: the rulebook recommends playing to %(recommended)s bases (this setup: %(count)s).",
        "recommended",
    ),
    "galaxy-short-catalogue": ngettext_lazy(
        "The catalogue holds %(held)s of the %(needed)s %(faction)s galaxy cards of %(edition)s: the galaxy "
        "deck and what may be purchased are incomplete here.",
        "The catalogue holds %(held)s of the %(needed)s %(faction)s galaxy cards of %(edition)s: the galaxy "
        "deck and what may be purchased are incomplete here.",
        "needed",
    ),
}

# Params that are a side or a faction (cardsdb/labels.py says them in the page's language), or an arena.
SIDE_PARAMS = frozenset({"side", "faction", "first", "second", "other"})
ARENA_PARAMS = frozenset({"big", "small"})
# Where a SW:DBG card starts (swdbg.DECK_NAMES), in "… is a galaxy card, not a base".
DECK_NAMES = {
    "galaxy": pgettext_lazy("SW:DBG: what a card is, in '… is a galaxy card, not a base'", "a galaxy card"),
    "starter": pgettext_lazy(
        "SW:DBG: what a card is, in '… is a starter card, not a base'", "a starter card"
    ),
    "outer_rim": pgettext_lazy(
        "SW:DBG: what a card is, in '… is an Outer Rim Pilot (its own stack), not a base'",
        "an Outer Rim Pilot (its own stack)",
    ),
    "base": pgettext_lazy("SW:DBG: what a card is, in '… is a base, not a starter card'", "a base"),
}
# A starter card's role (swdbg.SetupRules.starter_roles; "card" when its copies match no role).
ROLES = {
    "shuttle": pgettext_lazy("SW:DBG starter card role", "shuttle"),
    "trooper": pgettext_lazy("SW:DBG starter card role", "trooper"),
    "agent": pgettext_lazy("SW:DBG starter card role", "agent"),
    "card": pgettext_lazy("SW:DBG starter card role", "card"),
}


def _values(params: dict) -> dict:
    """The params as the messages show them: sides, factions and arenas in the page's language, lists joined."""
    values = dict(params)
    for name, value in params.items():
        if name in SIDE_PARAMS:
            values[name] = shown(value, "side")
        elif name in ARENA_PARAMS:
            values[name] = shown(value, "type")
        elif name == "ref":  # an unread line of a pasted list: "line 3: …"
            values[name] = unread_ref(value)
        elif name == "deck":
            values[name] = DECK_NAMES.get(value, value)
        elif name == "role":
            values[name] = ROLES.get(value, value)
        elif name == "sides":  # SWTCG primary sides with their counts: "Light: 30, Dark: 5"
            values[name] = ", ".join(f"{shown(side, 'side')}: {n}" for side, n in value)
        elif isinstance(value, tuple):  # titles or editions, any of which will do
            values[name] = either(value)
    if (
        "index" in params
    ):  # a SW:DBG player: "Empire (players[0])", or "Player (players[0])" without a faction
        faction = params.get("player")
        values["label"] = (
            f"{shown(faction, 'side')} (players[{params['index']}])"
            if faction
            else pgettext("a SW:DBG setup's player without a faction", "Player (players[%(index)s])")
            % {"index": params["index"]}
        )
    return values


def violation_message(violation: Violation) -> str:
    """The violation's message in the active language (its English message when it has no template)."""
    if not violation.params:
        return violation.message
    params = dict(violation.params)
    template = MESSAGES.get((violation.code, params.get("variant", "")))
    if template is None:
        return violation.message
    return str(template % _values(params))


def violation_hint(violation: Violation) -> str | None:
    """The violation's hint in the active language, when it is a sentence; otherwise as it is."""
    found = HINTS.get(violation.code)
    if not violation.hint or found is None:
        return violation.hint
    params = dict(violation.params)
    if not params.get(found[0]):
        return violation.hint
    return str(found[1] % _values(params))


def note_message(note: Note) -> str:
    """A summary's note in the active language (its English text when its key has no template)."""
    template = NOTES.get(note.key)
    if template is None or not note.params:
        return note.message
    return str(template % _values(dict(note.params)))


def shown_violations(violations: Iterable[Violation]) -> list[dict]:
    """Each violation as the pages list it: code, cards, and the message and hint in the active language."""
    return [
        {
            "code": v.code,
            "message": violation_message(v),
            "cards": [unread_ref(c) for c in v.cards],  # ids, or a pasted list's unread lines ("line 3: …")
            "hint": violation_hint(v),
        }
        for v in violations
    ]


def shown_report(report: LegalityReport) -> dict:
    """A report as templates/decks/_legality.html reads it (the keys of `LegalityReport.as_dict`), its messages
    in the active language."""
    return {
        "legal": report.legal,
        "format": report.format,
        "format_version": report.format_version,
        "violations": shown_violations(report.violations),
        # a SW:DBG setup's notes in the active language (the API's summary keeps the English ones)
        "summary": (
            {**report.summary, "notes": [note_message(n) for n in report.notes]}
            if report.notes
            else report.summary
        ),
    }
