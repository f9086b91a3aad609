"""Reading a setup's JSON: its players, their factions and card lists, each card named resolved.

Setup input, a JSON object (an unknown key anywhere is `bad-setup`, naming the key):

    {"players": [                               exactly two
        {"faction": "Empire",                   Empire, Rebel, Republic or Separatist
         "starter": [CARD, ...],                the starter deck (10 cards)
         "bases": [CARD, ...],                  the base deck, starting base included (5, or 10)
         "starting_base": "Lothal"},            optional; default: the base deck's starting base
        {...}],
     "bases_to_win": 3,                         optional; default 3, the rulebook allows 2 to 5
     "galaxy": {                                optional
        "neutral_edition": "original_2023",     whose 30 neutral cards; needed only when the two
                                                factions come from two editions (cross-edition play)
        "cards": [CARD, ...]}}                  optional; default: the standard galaxy deck (every galaxy
                                                card of both factions and of the neutral edition, with
                                                its copies, as the catalogue holds them)

CARD is a card code or a title (case, accents and curly apostrophes ignored; a title found in several
editions is read in the player's own edition, or in the editions in play for the galaxy), or
{"card": CARD, "count": n} for n copies.
"""

from collections.abc import Callable, Sequence

from .cards import SetupCard
from .state import Listed, Player, SetupState

SETUP_KEYS = {"players", "bases_to_win", "galaxy"}
PLAYER_KEYS = {"faction", "starter", "bases", "starting_base"}
GALAXY_KEYS = {"neutral_edition", "cards"}


class SetupReader(SetupState):
    """Reads the input into `Player`s and `Listed` cards; the galaxy check reads its card list with it too."""

    def read_cards(
        self, value, path: str, prefer: Sequence[Callable[[SetupCard], bool]]
    ) -> list[Listed] | None:
        if value is None:
            self.bad(path, "missing; list the cards.", "cards-missing")
            return None
        if not isinstance(value, list):
            self.bad(
                path, "must be a list of card codes or titles, or {card, count} objects.", "cards-not-list"
            )
            return None
        listed = []
        for i, entry in enumerate(value):
            where = f"{path}[{i}]"
            ref, count = entry, 1
            if isinstance(entry, dict):
                self.unknown_keys(entry, {"card", "count"}, where)
                ref, count = entry.get("card"), entry.get("count", 1)
            if not isinstance(ref, str) or not ref.strip():
                self.bad(where, "must be a card code or title, or {card, count}.", "card-not-named")
                continue
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                self.bad(
                    f"{where}.count",
                    f"{count!r} is not a whole number of copies (1 or more).",
                    "count-not-whole",
                    value=repr(count),
                )
                continue
            listed.append(Listed(ref, count, where, self.resolve(ref, where, prefer)))
        return listed

    def resolve(self, ref: str, path: str, prefer) -> SetupCard | None:
        found = self.pool.resolve(ref, prefer)
        if len(found) == 1:
            return found[0]
        if not found:
            self.add(
                "unknown-card",
                f"{ref!r} ({path}) names no SW:DBG card; use a card code or its title.",
                [ref],
                variant="swdbg",
                ref=repr(ref),
                path=path,
            )
        else:
            options = ", ".join(f"{c.code} ({c.title}, {c.faction}, {c.edition})" for c in found)
            self.add(
                "ambiguous-card",
                f"{ref!r} ({path}) may be any of {options}; use the card code.",
                [ref],
                ref=repr(ref),
                path=path,
                options=options,
            )
        return None

    def read_players(self, players):
        if players is None:
            self.bad("players", "missing; list the two players.", "players-missing")
            return
        if not isinstance(players, list):
            self.bad("players", "must be a list of two players.", "players-not-list")
            return
        if len(players) != 2:
            self.bad(
                "players",
                f"lists {len(players)}; a game has exactly two (2v2 play is not supported).",
                "players-count",
                count=len(players),
            )
        for index, data in enumerate(players):
            path = f"players[{index}]"
            if not isinstance(data, dict):
                self.bad(
                    path,
                    "must be an object with faction, starter, bases and starting_base.",
                    "player-not-object",
                )
                continue
            self.unknown_keys(data, PLAYER_KEYS, path)
            faction = self.read_faction(data.get("faction"), f"{path}.faction")
            edition = self.rules.factions[faction][0] if faction else None
            prefer = [lambda c, e=edition: c.edition == e, lambda c, f=faction: c.faction == f]
            lists = {}
            for key, deck in (("starter", "starter"), ("bases", "base")):
                lists[key] = self.read_cards(
                    data.get(key), f"{path}.{key}", [*prefer, lambda c, d=deck: c.deck == d]
                )
            start = None
            if data.get("starting_base") is not None:
                ref = data["starting_base"]
                if isinstance(ref, str) and ref.strip():
                    where = f"{path}.starting_base"
                    start = Listed(
                        ref, 1, where, self.resolve(ref, where, [*prefer, lambda c: c.starting_base])
                    )
                else:
                    self.bad(
                        f"{path}.starting_base", "must be a base's code or title.", "starting-base-not-named"
                    )
            self.players.append(Player(index, faction, lists["starter"], lists["bases"], start))

    def read_faction(self, value, path: str) -> str | None:
        known = {name.casefold(): name for name in self.rules.factions}
        if isinstance(value, str) and value.strip().casefold() in known:
            return known[value.strip().casefold()]
        choices = ", ".join(self.rules.factions)
        if value:
            self.bad(
                path,
                f"{value!r} is not a faction; choose one of {choices}.",
                "faction-unknown",
                value=repr(value),
                choices=choices,
            )
        else:
            self.bad(path, f"missing; choose one of {choices}.", "faction-missing", choices=choices)
        return None
