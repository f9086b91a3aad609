"""A format's construction rules as data, read from GEMP's swccgFormats.json definitions."""

import hashlib
import json
from dataclasses import dataclass, field

from core.numbers import ascii_int

DEFAULT_DECK_SIZE = 60


@dataclass(frozen=True)
class CardLimit:
    """At most `limit` copies of the cards titled so, counted together (kept in data, not in a rule)."""

    titles: frozenset[str]
    limit: int


@dataclass(frozen=True)
class Requirement:
    """A card titled `title` needs one of `requires` in the deck too."""

    title: str
    requires: frozenset[str]


@dataclass(frozen=True)
class ShieldCap:
    """With one of these Starting Effects in the deck, at most `limit` Defensive Shields outside it."""

    starting_effects: frozenset[str]
    limit: int


@dataclass(frozen=True)
class FormatRules:
    code: str
    name: str
    version: str
    deck_size: int = DEFAULT_DECK_SIZE
    legal_sets: frozenset[str] = frozenset()  # empty: every set
    banned: frozenset[str] = frozenset()
    restricted: frozenset[str] = frozenset()
    valid: frozenset[str] = frozenset()  # always legal, whatever the sets, icons and bans say
    banned_icons: frozenset[str] = frozenset()
    banned_rarities: frozenset[str] = frozenset()
    max_outside_deck: int = 50
    card_limits: tuple[CardLimit, ...] = ()
    requirements: tuple[Requirement, ...] = ()
    shield_caps: tuple[ShieldCap, ...] = ()
    info: dict = field(default_factory=dict, compare=False, hash=False)  # links and flags, shown not enforced


def expand_ids(entries: list) -> frozenset[str]:
    """GEMP card lists: "7_163" or an inclusive range "12_1-20"."""
    ids = set()
    for entry in entries:
        text = str(entry).strip()
        set_code, _, number = text.partition("_")
        if "-" in number:
            low, high = number.split("-", 1)
            # ASCII card numbers of a set ('²' is no number); 4 digits bound the range to 10,000 ids
            first, last = ascii_int(low, max_digits=4), ascii_int(high, max_digits=4)
            if first is None or last is None or first > last:
                raise ValueError(f"bad card range {text!r}")
            ids.update(f"{set_code}_{n}" for n in range(first, last + 1))
        elif set_code and number:
            ids.add(text)
        else:
            raise ValueError(f"bad card id {text!r}")
    return frozenset(ids)


def definition_version(definition: dict, house_rules: dict, source: str) -> str:
    """A short fingerprint: a check says which exact ruleset it applied."""
    payload = json.dumps([definition, house_rules], sort_keys=True).encode()
    return f"{source}+{hashlib.sha256(payload).hexdigest()[:10]}"


def from_gemp(definition: dict, house_rules: dict, *, source: str) -> FormatRules:
    """One entry of swccgFormats.json, plus the card-specific rules GEMP applies to every format."""
    info_keys = (
        "tenetsLink",
        "hall",
        "playtesting",
        "downloadBattlegroundRule",
        "jpSealedRule",
        "defaultGameTimerMinutes",
    )
    return FormatRules(
        code=definition["code"],
        name=definition["name"],
        version=definition_version(definition, house_rules, source),
        deck_size=int(definition.get("deckSize", DEFAULT_DECK_SIZE)),
        legal_sets=frozenset(str(s) for s in definition.get("set", [])),
        banned=expand_ids(definition.get("banned", [])),
        restricted=expand_ids(definition.get("restricted", [])),
        valid=expand_ids(definition.get("valid", [])),
        banned_icons=frozenset(definition.get("bannedIcons", [])),
        banned_rarities=frozenset(definition.get("bannedRarities", [])),
        max_outside_deck=int(house_rules.get("max_outside_deck", 50)),
        card_limits=tuple(
            CardLimit(frozenset(t.lower() for t in rule["titles"]), int(rule["limit"]))
            for rule in house_rules.get("card_limits", [])
        ),
        requirements=tuple(
            Requirement(rule["title"].lower(), frozenset(t.lower() for t in rule["requires"]))
            for rule in house_rules.get("requirements", [])
        ),
        shield_caps=tuple(
            ShieldCap(frozenset(t.lower() for t in rule["starting_effects"]), int(rule["limit"]))
            for rule in house_rules.get("shield_caps", [])
        ),
        info={k: definition[k] for k in info_keys if k in definition},
    )
