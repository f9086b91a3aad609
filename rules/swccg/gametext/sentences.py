"""Card text into sentences, in one pass over its characters (no regular expression, so no input makes it slow).

A ".", "!" or "?" ends a sentence when what follows (after closing quotes and brackets) is a space and then a
capital, "•", "[", "(", a quote or the end of the text. It does not end one after an abbreviation ("Dr.", "vs.")
or inside parentheses ("(…captured.)"), nor inside a title the caller names as protected: card titles that
hold a sentence mark ("Eject! Eject!").
"""

ENDS = ".!?"
CLOSERS = "'’\")]"
OPENERS = "•[('‘\"<"
ABBREVIATIONS = frozenset(
    {
        "dr",
        "mr",
        "mrs",
        "vs",
        "st",
        "lt",
        "gen",
        "capt",
        "cmdr",
        "adm",
        "sgt",
        "col",
        "maj",
        "jr",
        "no",
        "e.g",
        "i.e",
    }
)


def protected_titles(titles) -> tuple[str, ...]:
    """The titles among `titles` that a sentence mark inside or at the end of could cut: longest first."""
    found = {
        t
        for t in titles
        if t and (t[-1] in "!?" or any(t[i] in ENDS and t[i + 1] == " " for i in range(len(t) - 1)))
    }
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


def split_sentences(text: str, protected: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The sentences of `text`, each stripped; the text is cut only between sentences, so joining them with
    spaces gives the text back but for its spacing."""
    spans = _protected_spans(text, protected) if protected else []
    inside = bytearray(len(text))  # 1 where a protected title covers the character
    for start, end in spans:
        inside[start:end] = b"\x01" * (end - start)
    last_close = text.rfind(")")
    sentences = []
    depth = 0
    start = 0
    i = 0
    n = len(text)
    while i < n:
        char = text[i]
        closes = False  # a ")" just after a sentence mark, closing the outermost bracket: "(…captured.)"
        if char == "(":
            depth += 1
        elif char == ")":
            depth = max(0, depth - 1)
            closes = depth == 0 and i > 0 and text[i - 1] in ENDS
        if closes or (char in ENDS and not inside[i] and (depth == 0 or i > last_close)):
            end = i + 1
            while end < n and text[end] in CLOSERS:
                if text[end] == ")":
                    depth = max(0, depth - 1)
                end += 1
            follows = end
            while follows < n and text[follows] == " ":
                follows += 1
            starts_anew = follows >= n or (
                follows > end
                and (text[follows].isupper() or text[follows].isdigit() or text[follows] in OPENERS)
            )
            if starts_anew and not (char == "." and _word_before(text, i) in ABBREVIATIONS):
                sentence = text[start:end].strip()
                if sentence:
                    sentences.append(sentence)
                start = follows
                i = follows
                continue
        i += 1
    rest = text[start:].strip()
    if rest:
        sentences.append(rest)
    return tuple(sentences)
