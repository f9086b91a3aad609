"""The two players' factions against each other (side, edition), and the number of bases to win."""

from .state import SetupState


class MatchupChecks(SetupState):
    """The checks that need both players, and the length of the game."""

    def check_factions(self):
        chosen = [p for p in self.players if p.faction]
        if len(chosen) != 2 or len(self.players) != 2:
            return
        first, second = chosen
        (edition1, side1), (edition2, side2) = (self.rules.factions[p.faction] for p in chosen)
        if first.faction == second.faction:
            self.add(
                "same-faction",
                f"Both players chose {first.faction}; each player takes a different faction.",
                variant="same",
                faction=first.faction,
            )
        elif self.rules.opposite_sides and side1 == side2:
            self.add(
                "same-faction",
                f"{first.faction} and {second.faction} are both on the {side1} side; {self.rules.name} "
                "pits a dark side faction against a light side one.",
                variant="same-side-" + side1,
                first=first.faction,
                second=second.faction,
                format=self.rules.name,
            )
        if edition1 != edition2 and not self.rules.cross_edition:
            self.add(
                "mixed-editions",
                f"{first.faction} ({edition1}) and {second.faction} ({edition2}) come from different "
                f"editions; {self.rules.name} uses one edition. Choose a cross-edition format, or two "
                "factions of one edition.",
                first=first.faction,
                first_edition=edition1,
                second=second.faction,
                second_edition=edition2,
                format=self.rules.name,
            )

    def check_bases_to_win(self, value):
        low, high = self.rules.bases_to_win_range
        if value is not None:
            if not isinstance(value, int) or isinstance(value, bool):
                self.bad("bases_to_win", f"{value!r} is not a whole number.", "not-whole", value=repr(value))
            elif not low <= value <= high:
                self.add(
                    "bases-to-win",
                    f"{value} bases to win is outside the rulebook's {low} to {high} "
                    f"(default {self.rules.bases_to_win_default}).",
                    count=value,
                    low=low,
                    high=high,
                    default=self.rules.bases_to_win_default,
                )
            else:
                self.bases_to_win = value
        recommended = self.rules.bases_to_win_recommended
        if recommended is not None and self.bases_to_win != recommended:
            self.note(
                "bases-to-win-recommended",
                f"{self.rules.name}: the rulebook recommends playing to {recommended} bases "
                f"(this setup: {self.bases_to_win}).",
                format=self.rules.name,
                recommended=recommended,
                count=self.bases_to_win,
            )
