"""What a game importer produces: the whole catalogue of a game as plain data, ready to be synced."""

import hashlib
import json
from dataclasses import asdict, dataclass, field


@dataclass
class SetData:
    code: str
    fields: dict


@dataclass
class CardData:
    code: str
    fields: dict  # Card columns (not game, card_set, current_version)
    set_code: str | None = None
    current_version_code: str | None = None
    printings: list[tuple[str, str]] = field(default_factory=list)  # (set code, rarity)
    variants: list[dict] = field(default_factory=list)  # Variant columns
    relations: list[tuple[str, str, str | None]] = field(default_factory=list)  # (kind, text, target code)
    personas: list[str] = field(default_factory=list)
    aliases: list[tuple[str, str, str]] = field(default_factory=list)  # (code, face, reason)
    # Codes of cards this card absorbs (a repeated source row, now one of its aliases): a sync moves whatever
    # refers to such a card here before removing it. Only an importer that merges says so; a code that merely
    # turns up among the aliases is not a merge.
    merged: list[str] = field(default_factory=list)

    def digest(self) -> str:
        """A fingerprint of everything imported for this card: equal digests mean nothing to write."""
        payload = json.dumps(asdict(self), sort_keys=True, ensure_ascii=False, default=str)
        return hashlib.sha256(payload.encode("utf-8")).hexdigest()


@dataclass
class Snapshot:
    game: str
    source: str
    version: str
    sets: list[SetData]
    rarities: dict[str, str]
    personas: dict[str, str]  # code → name
    cards: list[CardData]
    warnings: list[str] = field(default_factory=list)
