"""A sentence as tokens: words (with their inner apostrophes, hyphens and "•"), numbers, and each other mark on its
own ("+", "<", "(", ","…). The readers match tokens by hand; one pass, no regular expression."""

from dataclasses import dataclass

NUMBER_WORDS = {
    "zero": 0.0,
    "one": 1.0,
    "two": 2.0,
    "three": 3.0,
    "four": 4.0,
    "five": 5.0,
    "six": 6.0,
    "seven": 7.0,
    "eight": 8.0,
    "nine": 9.0,
    "ten": 10.0,
    "¼": 0.25,
    "½": 0.5,
    "¾": 0.75,
}
_INNER = "'’-"  # inside a word between letters or digits: "opponent's", "AT-ST"
_QUOTES = "'‘’`\""


@dataclass(frozen=True, slots=True)
class Token:
    text: str
    low: str  # case-folded, curly apostrophes made straight
    start: int  # where it is in the sentence
    end: int


def _word_char(char: str) -> bool:
    return char.isalnum() or char in "•/"


# Marks that are always a token of their own: spaced out in one C-speed pass before the sentence is split on
# whitespace. Apostrophes, hyphens, dots and signs may sit inside a word ("opponent's", "AT-ST", "1.5"), so the few
# chunks holding them are scanned character by character (_scan).
_SPACED = str.maketrans({c: f" {c} " for c in ',;:()[]<>=+!?"`‘“”*&{}'})


def tokenize(sentence: str) -> tuple[Token, ...]:
    tokens = []
    pos = 0
    for chunk in sentence.translate(_SPACED).split():
        pieces = (chunk,) if chunk.isalnum() and chunk[0] not in "¼½¾" else _scan(chunk)
        for piece in pieces:
            start = sentence.find(piece, pos)
            pos = start + len(piece)
            low = "'" if piece in _QUOTES else piece.casefold().replace("’", "'")
            tokens.append(Token(piece, low, start, pos))
    return tuple(tokens)


def _scan(chunk: str) -> list[str]:
    """A chunk holding an apostrophe, a hyphen, a dot, a sign or a fraction, cut into its tokens."""
    pieces = []
    i, n = 0, len(chunk)
    while i < n:
        char = chunk[i]
        if char in "¼½¾" or not _word_char(char):
            pieces.append(char)
            i += 1
            continue
        j = i + 1
        while j < n and (
            (_word_char(chunk[j]) and chunk[j] not in "¼½¾")
            or (chunk[j] in _INNER and j + 1 < n and _word_char(chunk[j + 1]) and chunk[j + 1] != "•")
            or (chunk[j] == "." and j + 1 < n and chunk[j + 1].isdigit() and chunk[j - 1].isdigit())
        ):
            j += 1
        pieces.append(chunk[i:j])
        i = j
    return pieces


def number(token: Token | None) -> float | None:
    """The number a token spells ("2", "two", "¼", "2.5"), or None."""
    if token is None:
        return None
    low = token.low
    if low in NUMBER_WORDS:
        return NUMBER_WORDS[low]
    if low.isdigit() and len(low) <= 4:
        return float(low)
    head, dot, tail = low.partition(".")
    if dot and head.isdigit() and tail.isdigit() and len(low) <= 6:
        return float(low)
    return None


_PHRASES: dict[str, tuple[str, ...]] = {}  # a phrase's words, split once


def _phrase(phrase: str) -> tuple[str, ...]:
    words = _PHRASES.get(phrase)
    if words is None:
        words = _PHRASES[phrase] = tuple(phrase.split())
    return words


class Cursor:
    """Matching helpers over a sentence's tokens. Each returns the index after what it matched, or -1; none looks
    further than the sentence, so a match costs at most its length."""

    __slots__ = ("tokens", "sentence", "n", "lows")

    def __init__(self, sentence: str, tokens: tuple[Token, ...]):
        self.sentence = sentence
        self.tokens = tokens
        self.n = len(tokens)
        self.lows = tuple(t.low for t in tokens)

    def low(self, i: int) -> str:
        return self.lows[i] if 0 <= i < self.n else ""

    def words(self, i: int, phrase: str) -> int:
        """`phrase`'s words (space separated, case-folded) at i."""
        words = _phrase(phrase)
        j = i + len(words)
        if i < 0 or j > self.n or self.lows[i:j] != words:
            return -1
        return j

    def any_of(self, i: int, phrases) -> tuple[int, str]:
        """The first of `phrases` matching at i: (index after it, the phrase), or (-1, "")."""
        for phrase in phrases:
            j = self.words(i, phrase)
            if j >= 0:
                return j, phrase
        return -1, ""

    def find(self, i: int, word: str, stop: int | None = None) -> int:
        """Where `word` next is from i (before stop), outside brackets, or -1."""
        depth = 0
        for k in range(i, self.n if stop is None else min(stop, self.n)):
            low = self.tokens[k].low
            if low == "(":
                depth += 1
            elif low == ")":
                depth = max(0, depth - 1)
            elif depth == 0 and low == word:
                return k
        return -1

    def closing(self, i: int) -> int:
        """The ")" closing the "(" at i, or -1."""
        depth = 0
        for k in range(i, self.n):
            low = self.tokens[k].low
            if low == "(":
                depth += 1
            elif low == ")":
                depth -= 1
                if depth == 0:
                    return k
        return -1

    def text(self, i: int, j: int) -> str:
        """The sentence's own words from token i to before token j."""
        if i >= j or i >= self.n:
            return ""
        return self.sentence[self.tokens[i].start : self.tokens[min(j, self.n) - 1].end].strip(" ,;'")

    def signed(self, i: int) -> tuple[float | None, int]:
        """ "+2" or "-1" at i: (the number, index after), or (None, -1)."""
        sign = self.low(i)
        if sign in ("+", "-"):
            value = number(self.tokens[i + 1]) if i + 1 < self.n else None
            if value is not None:
                return (value if sign == "+" else -value), i + 2
            if self.low(i + 1) == "x":
                return None, -1
        return None, -1

    def count(self, i: int) -> tuple[float | None, int]:
        """A plain number at i ("2", "two"): (it, index after), or (None, -1)."""
        value = number(self.tokens[i]) if i < self.n else None
        return (value, i + 1) if value is not None else (None, -1)
