"""A card's facts as each game prints them: for the card page, the search results, the API and the Pillow renderer
(cardsdb.images).

Each game has its own: SWCCG's destiny, power, ability…; SWTCG's cost, speed, power, health, arenas, version and
usage notes; SW:DBG's faction, cost, attack, resources, Force, HP, traits, target value and reward. A SW:DBG value
the sources disagree on, or that no source gives, is marked (note "disputed" / "unknown") rather than shown as
settled.
"""

import re
from dataclasses import dataclass

from core.swtcg.usage import ALL_PLAY, USAGE_SCOPES, usage_marks

from .images import FaceFacts
from .models import Card

STAT_LABELS = {"light_icons": "Light icons", "dark_icons": "Dark icons", "hit_points": "Hit points"}
SWTCG_STATS = (("cost", "Cost"), ("speed", "Speed"), ("power", "Power"), ("health", "Health"))
SWDBG_STATS = (("cost", "Cost"), ("attack", "Attack"), ("resources", "Resources"), ("force", "Force"))
SWDBG_STATS += (("hit_points", "HP"),)
SWDBG_EXTRAS = (
    ("target_value", "Target value"),
    ("reward", "Reward"),
    ("copies", "Copies"),
    ("deck", "Deck"),
)
# What a SW:DBG card of a type does not carry at all (a unit has no HP, a base no cost): never "unknown" there,
# even where the data lists it so.
NOT_ON_CARD = {
    "Unit": {"hit_points"},
    "Base": {"cost", "attack", "resources", "force", "traits", "target_value", "reward"},
}
# The frame colours of a SW:DBG faction: the Empire's side of the table is the dark one.
FACTION_PALETTE = {"Empire": "Dark", "Separatist": "Dark", "Rebel": "Light", "Republic": "Light"}
DISPUTED, UNKNOWN = "disputed", "unknown"


@dataclass(frozen=True)
class Fact:
    key: str  # the stat or fact it shows ("cost", "arenas", "traits"…), for picking columns
    label: str
    value: str
    note: str = ""  # DISPUTED or UNKNOWN: the value is not settled

    @property
    def text(self) -> str:
        """'14 or 16 (disputed)', 'unknown', '7'."""
        return f"{self.value} ({self.note})" if self.note == DISPUTED else self.value


def card_facts(card: Card) -> list[Fact]:
    """The card's facts in the order its game prints them (stats first)."""
    return {"swtcg": _swtcg, "swdbg": _swdbg}.get(card.game_id, _swccg)(card)


def _swccg(card: Card) -> list[Fact]:
    return [Fact(k, k.replace("_", " ").title(), v) for k, v in card.stats_text.items()]


def _swtcg(card: Card) -> list[Fact]:
    extra = card.extra or {}
    facts = [Fact(k, label, card.stats_text[k]) for k, label in SWTCG_STATS if card.stats_text.get(k)]
    arenas = extra.get("arenas") or card.icons
    if arenas:
        facts.append(Fact("arenas", "Arena" if len(arenas) == 1 else "Arenas", ", ".join(arenas)))
    if extra.get("version"):
        facts.append(Fact("version", "Version", extra["version"]))
    legality = usage_legality(extra)
    if legality:
        facts.append(Fact("legality", "Legality", legality))
    if extra.get("usage"):
        facts.append(Fact("usage", "Usage", extra["usage"]))
    if extra.get("printing_notes"):
        facts.append(Fact("printing", "Printing", ", ".join(extra["printing_notes"])))
    if extra.get("number"):
        facts.append(Fact("number", "Number", str(extra["number"])))
    return facts


def legality_marks(extra: dict) -> list[tuple[str, tuple[str, ...]]]:
    """The bans and restrictions the Usage notes mark, as (kind, scopes): ("banned", ("Vintage",)),
    ("restricted", ("all",)) for all tournament play; without a Usage text, the importer's bare flags with no
    scope (("banned", ())). The words are made of them by usage_legality here and, in the page's language, by
    cardsdb.labels.legality."""
    usage = extra.get("usage") or ""
    if not usage:
        return [(kind, ()) for kind in ("banned", "restricted") if extra.get(kind)]
    marks = []
    for kind, scopes in zip(("banned", "restricted"), usage_marks(usage), strict=True):
        if scopes:
            # a mark without a format covers them all
            named = (ALL_PLAY,) if ALL_PLAY in scopes else tuple(s for s in USAGE_SCOPES if s in scopes)
            marks.append((kind, named))
    return marks


def usage_legality(extra: dict) -> str:
    """ "Banned in Vintage", "Banned in all tournament play; restricted in Standard": the bans and restrictions
    the Usage notes mark, each with its scope. Without a Usage text, the importer's bare flags ("Banned")."""
    parts = []
    for kind, scopes in legality_marks(extra):
        if not scopes:
            parts.append(kind)
        elif scopes == (ALL_PLAY,):
            parts.append(f"{kind} in all tournament play")
        else:
            parts.append(f"{kind} in {' and '.join(scopes)}")
    text = "; ".join(parts)
    return text[:1].upper() + text[1:]


@dataclass(frozen=True)
class Source:
    text: str  # as the data names it ("github:kleer1/swdb Game/Cards/** @d585386 (2024-01-17)")
    url: str = ""  # the repository of a "github:owner/repo" source


@dataclass(frozen=True)
class Provenance:
    notes: str  # what the data says of its values: disputes, what no source gives, what was inferred
    sources: tuple[Source, ...]


_GITHUB = re.compile(r"^github:(?P<repo>[\w.-]+/[\w.-]+)")


def provenance(card: Card) -> Provenance:
    """The notes and sources the card's data carries (SW:DBG's compiled facts: extra["notes"], ["sources"])."""
    extra = card.extra or {}
    raw = extra.get("sources") or []
    sources = []
    for text in [raw] if isinstance(raw, str) else raw:
        found = _GITHUB.match(str(text))
        sources.append(Source(str(text), f"https://github.com/{found['repo']}" if found else ""))
    notes = extra.get("notes")
    return Provenance(notes if isinstance(notes, str) else "", tuple(sources))


def disputed_values(extra: dict) -> dict[str, list[str]]:
    """extra["disputed"] as field → the values the sources give; a bare list of field names is accepted too."""
    raw = extra.get("disputed") or {}
    if isinstance(raw, dict):
        return {str(k): _values(v) for k, v in raw.items()}
    if isinstance(raw, list):
        return {str(k): [] for k in raw}
    return {}


def _values(value) -> list[str]:
    """[14, 16], {"swdb": 14, "bga": 16} (per source) or a single value → ["14", "16"]; a candidate that is a
    list itself (traits: [["Trooper"], ["Scoundrel"]]) reads "Trooper"."""
    if isinstance(value, dict):
        value = list(value.values())
    items = value if isinstance(value, list) else [value]
    return [", ".join(map(str, v)) if isinstance(v, list) else str(v) for v in items if v is not None]


def _swdbg(card: Card) -> list[Fact]:
    extra = card.extra or {}
    disputed = disputed_values(extra)
    unknown = {str(k) for k in extra.get("unknown") or []} - NOT_ON_CARD.get(card.type, set())

    def fact(key: str, label: str, value: str) -> Fact | None:
        if key in disputed:
            return Fact(key, label, value or " or ".join(disputed[key]) or "?", DISPUTED)
        if key in unknown:
            return Fact(key, label, UNKNOWN, UNKNOWN)
        return Fact(key, label, value) if value else None

    def text(value) -> str:
        if value is None or value == "":
            return ""
        if isinstance(value, list):
            return ", ".join(map(str, value))
        return str(value)

    candidates = [fact("faction", "Faction", card.side)]
    candidates += [fact(k, label, card.stats_text.get(k, "")) for k, label in SWDBG_STATS]
    candidates.append(fact("traits", "Traits", ", ".join(card.characteristics)))
    candidates += [fact(k, label, text(extra.get(k))) for k, label in SWDBG_EXTRAS]
    facts = [f for f in candidates if f is not None]
    shown = {f.key for f in facts}
    # Facts the importer marked but that have no place above still deserve a line.
    for key in sorted((unknown | set(disputed)) - shown):
        facts.append(fact(key, key.replace("_", " ").capitalize(), ""))
    return facts


def face_facts(card: Card, face: str = "front") -> FaceFacts:
    if face == "back" and card.back:
        back = card.back
        title, kind, subtype = (
            back.get("title", card.title),
            back.get("type", card.type),
            back.get("subType", ""),
        )
        stats = tuple(
            (k.title(), str(back[k])) for k in ("destiny", "power", "deploy", "forfeit") if k in back
        )
        text, lore, icons = back.get("gametext", ""), back.get("lore", ""), tuple(back.get("icons", []))
    else:
        title, kind, subtype = card.title, card.type, card.subtype
        stats = tuple((STAT_LABELS.get(k, k.title()), v) for k, v in card.stats_text.items())
        text, lore, icons = card.gametext, card.lore, tuple(card.icons)
    side = card.side
    footer_parts = [card.card_set.name if card.card_set else "", card.rarity, card.code]
    if card.game_id == "swtcg" and face == "front":
        stats = tuple((label, card.stats_text[k]) for k, label in SWTCG_STATS if card.stats_text.get(k))
        icons = tuple(card.extra.get("arenas") or card.icons)
    elif card.game_id == "swdbg" and face == "front":
        facts = {f.key: f for f in _swdbg(card)}
        stats = tuple(
            (
                f"{label} ({facts[k].note})" if facts[k].note else label,
                "?" if facts[k].note == UNKNOWN else facts[k].value,
            )
            for k, label in SWDBG_STATS
            if k in facts
        )
        icons = tuple(card.characteristics)
        kind = " · ".join(filter(None, [card.side, card.type]))
        side = FACTION_PALETTE.get(card.side, "Neutral")
        reward = facts.get("reward")
        if reward is not None:
            text = f"{text}\nReward: {reward.text}".strip()
        if "copies" in facts:
            footer_parts.insert(1, f"×{facts['copies'].value}")
    return FaceFacts(
        game=card.game.short_name,
        title=title,
        type_line=f"{kind} — {subtype}" if subtype else kind,
        side=side,
        stats=stats,
        gametext=text,
        lore=lore,
        footer=" · ".join(filter(None, footer_parts)),
        icons=icons,
    )
