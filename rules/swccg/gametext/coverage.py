"""How much of the text the reader understands: sentences read and unread by card type, and the commonest shapes
of the unread ones (numbers and quoted words blurred, so that "Deploy -2 on Hoth" and "Deploy -3 on Endor" count
as one shape only where their words agree)."""

from collections import Counter
from dataclasses import dataclass, field

from .records import CardText
from .vocabulary import UNREAD, Effect

TYPES = ("Character", "Starship", "Vehicle", "Weapon")


@dataclass
class Tally:
    read: int = 0
    unread: int = 0

    @property
    def sentences(self) -> int:
        return self.read + self.unread

    @property
    def share(self) -> float:
        """The share of sentences read, 0..1 (1 when there is no sentence)."""
        return self.read / self.sentences if self.sentences else 1.0


@dataclass
class Coverage:
    by_type: dict[str, Tally] = field(default_factory=dict)
    unread: dict[str, Counter] = field(default_factory=dict)  # card type → unread sentence shape → how many

    def add(self, card: CardText, effects: tuple[Effect, ...]) -> None:
        tally = self.by_type.setdefault(card.type, Tally())
        for sentence, read in sentence_verdicts(effects).items():
            if read:
                tally.read += 1
            else:
                tally.unread += 1
                self.unread.setdefault(card.type, Counter())[shape(sentence)] += 1

    def unread_of(self, types=TYPES) -> Counter:
        out = Counter()
        for name in types:
            out.update(self.unread.get(name, Counter()))
        return out

    def total(self, types=TYPES) -> Tally:
        out = Tally()
        for name in types:
            tally = self.by_type.get(name, Tally())
            out.read += tally.read
            out.unread += tally.unread
        return out


def sentence_verdicts(effects: tuple[Effect, ...]) -> dict[str, bool]:
    """Each sentence of the text (in order) and whether all of it was read."""
    verdicts: dict[str, bool] = {}
    for effect in effects:
        verdicts[effect.sentence] = verdicts.get(effect.sentence, True) and effect.kind != UNREAD
    return verdicts


def shape(sentence: str) -> str:
    """The sentence with its digits as "N": the same phrase with other numbers is the same shape."""
    return "".join("N" if c.isdigit() else c for c in sentence)
