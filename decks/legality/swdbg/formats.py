"""SW:DBG formats: a format definition (decks/data/swdbg_formats.json) read into `SetupRules`."""

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..formats import definition_version

FORMATS_FILE = Path(__file__).resolve().parent.parent.parent / "data" / "swdbg_formats.json"


@dataclass(frozen=True)
class SetupRules:
    """A format of SW:DBG: how a game is set up. Built from data by `rules_from_definition`."""

    code: str
    name: str
    version: str
    base_deck_size: int
    bases_to_win_default: int = 3
    bases_to_win_range: tuple[int, int] = (2, 5)
    bases_to_win_recommended: int | None = None  # a note in the summary, never a violation
    starter_size: int = 10
    starter_roles: tuple[tuple[str, int], ...] = (("shuttle", 7), ("trooper", 2), ("agent", 1))
    galaxy_per_faction: int = 30
    galaxy_neutral: int = 30
    cross_edition: bool = False  # may the two factions come from different editions?
    opposite_sides: bool = True  # must one player be dark (Empire, Separatist) and the other light?
    factions: dict[str, tuple[str, str]] = field(default_factory=dict, hash=False)  # name → (edition, side)
    beginner_bases: dict[str, tuple[str, ...]] = field(default_factory=dict, hash=False)  # faction → titles

    @property
    def galaxy_size(self) -> int:
        return 2 * self.galaxy_per_faction + self.galaxy_neutral

    @property
    def editions(self) -> tuple[str, ...]:
        return tuple(sorted({edition for edition, _ in self.factions.values()}))

    def role(self, copies: int | None) -> str | None:
        return next((role for role, n in self.starter_roles if n == copies), None)


def _faction_order(name: str, info: dict) -> tuple:
    edition = info["edition"]
    return (edition.rsplit("_", 1)[-1], edition, info["side"] != "dark", name)


def rules_from_definition(definition: dict) -> SetupRules:
    """One format definition, shared keys merged in (see `load_formats`); KeyError or ValueError if bad."""
    starter = definition["starter"]
    roles = tuple((str(r["role"]), int(r["copies"])) for r in starter["roles"])
    if sum(n for _, n in roles) != int(starter["size"]):
        raise ValueError(f"{definition['code']}: the starter roles do not add up to {starter['size']} cards")
    to_win = definition["bases_to_win"]
    low, high, default = int(to_win["min"]), int(to_win["max"]), int(to_win["default"])
    if not low <= default <= high:
        raise ValueError(f"{definition['code']}: default bases to win {default} is outside {low}-{high}")
    recommended = definition.get("bases_to_win_recommended")
    beginner = definition.get("beginner_base_decks", {}) if definition.get("beginner_bases") else {}
    return SetupRules(
        code=definition["code"],
        name=definition["name"],
        version=definition_version(definition, {}, "swdbg"),
        base_deck_size=int(definition["base_deck_size"]),
        bases_to_win_default=default,
        bases_to_win_range=(low, high),
        bases_to_win_recommended=int(recommended) if recommended is not None else None,
        starter_size=int(starter["size"]),
        starter_roles=roles,
        galaxy_per_faction=int(definition["galaxy"]["per_faction"]),
        galaxy_neutral=int(definition["galaxy"]["neutral"]),
        cross_edition=bool(definition["cross_edition"]),
        opposite_sides=bool(definition["opposite_sides"]),
        # In a fixed order (older edition first — edition codes end in their year — then the dark side): a
        # definition read back from PostgreSQL's jsonb has its keys reordered, and the first is the builder's default.
        factions={
            name: (info["edition"], info["side"])
            for name, info in sorted(definition["factions"].items(), key=lambda item: _faction_order(*item))
        },
        beginner_bases={faction: tuple(titles) for faction, titles in beginner.items()},
    )


def load_formats(path: Path = FORMATS_FILE) -> dict[str, SetupRules]:
    """Every format of the file by code; the keys outside `formats` are shared by all of them."""
    data = json.loads(Path(path).read_text())
    shared = {k: v for k, v in data.items() if k not in ("formats", "_comment")}
    return {f["code"]: rules_from_definition({**shared, **f}) for f in data["formats"]}
