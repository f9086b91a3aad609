"""Card text into sentences, in one pass over its marks (found by one character class: linear, whatever the text).

A ".", "!" or "?" ends a sentence when what follows (after closing quotes and brackets) is a space and then a
capital, "•", "[", "(", a quote or the end of the text. It does not end one after an abbreviation ("Dr.", "vs.")
or inside parentheses ("(…captured.)"), nor inside a title the caller names as protected: card titles that
hold a sentence mark ("Eject! Eject!").
"""

import re

ENDS = ".!?"
CLOSERS = "'’\")]"
OPENERS = "•[('‘\"<*"
# Not "St." nor "No.": card text ends sentences with "AT-ST." and never abbreviates Saint or Number.
ABBREVIATIONS = frozenset(
    {"dr", "mr", "mrs", "vs", "lt", "gen", "capt", "cmdr", "adm", "sgt", "col", "maj", "jr", "e.g", "i.e"}
)


def protected_titles(titles) -> tuple[str, ...]:
    """The names among `titles` that a sentence mark inside or at the end of could cut, as text names them
    (without uniqueness marks or a version suffix; each half of "A / B" and "A & B"): longest first."""
    found = set()
    for title in titles:
        for name in title.replace(" / ", "\n").replace(" & ", "\n").split("\n"):
            name = name.strip().lstrip("•◇<> ")
            for suffix in (" (V)", " (AI)", " (Holo AI)"):
                name = name.removesuffix(suffix)
            if name and (
                name[-1] in "!?" or any(name[i] in ENDS and name[i + 1] == " " for i in range(len(name) - 1))
            ):
                found.add(name)
    return tuple(sorted(found, key=lambda t: (-len(t), t)))


def _protected_spans(text: str, protected: tuple[str, ...]) -> list[tuple[int, int]]:
    spans = []
    for title in protected:
        start = text.find(title)
        while start >= 0:
            spans.append((start, start + len(title)))
            start = text.find(title, start + len(title))
    return spans


def _word_before(text: str, end: int) -> str:
    """The word ending at `end` if it is short enough to be an abbreviation, else "" (a bounded look back)."""
    start = end
    while start > 0 and end - start <= 4 and (text[start - 1].isalnum() or text[start - 1] == "."):
        start -= 1
    if start > 0 and (text[start - 1].isalnum() or text[start - 1] == "."):
        return ""
    return text[start:end].casefold()


# The marks the splitter looks at: one character class, so finding them is one linear pass in C.
_MARKS = re.compile(r"[().!?]")


def split_sentences(text: str, protected: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The sentences of `text`, each stripped; the text is cut only between sentences, so joining them with
    spaces gives the text back but for its spacing."""
    spans = _protected_spans(text, protected) if protected else []
    inside = bytearray(len(text))  # 1 where a protected title covers the character
    for first, last in spans:
        inside[first:last] = b"\x01" * (last - first)
    last_close = text.rfind(")")
    sentences = []
    depth = 0
    start = 0
    skip = 0  # marks before this were taken with the sentence before
    n = len(text)
    for mark in _MARKS.finditer(text):
        i = mark.start()
        if i < skip:
            continue
        char = text[i]
        closes = False  # a ")" just after a sentence mark, closing the outermost bracket: "(…captured.)"
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
            closes = depth == 0 and i > 0 and text[i - 1] in ENDS
        if not (closes or (char in ENDS and not inside[i] and (depth == 0 or i > last_close))):
            continue
        end = i + 1
        while end < n and text[end] in CLOSERS:
            end += 1
        follows = end
        while follows < n and text[follows] == " ":
            follows += 1
        starts_anew = follows >= n or (
            follows > end and (text[follows].isupper() or text[follows].isdigit() or text[follows] in OPENERS)
        )
        if starts_anew and not (char == "." and _word_before(text, i) in ABBREVIATIONS):
            depth = max(0, depth - text.count(")", i + 1, end))
            sentence = text[start:end].strip()
            if sentence:
                sentences.append(sentence)
            start = skip = follows
    rest = text[start:].strip()
    if rest:
        sentences.append(rest)
    return tuple(sentences)
