"""Card-name normalisation shared by the catalogue, search and deck importers."""

import re
import unicodedata

# Uniqueness marks as printed (•, ◇) and as the SWCCG JSON writes the diamond ("<>").
_MARKS = re.compile(r"•|◇|<>")
_SPACES = re.compile(r"\s+")
_QUOTES = str.maketrans({"‘": "'", "’": "'", "“": '"', "”": '"', "–": "-", "—": "-"})
_NON_WORD = re.compile(r"[^\w\s]")


def printed_title(title: str) -> str:
    """The title as printed on the card: the JSON's "<>" diamond shown as ◇."""
    return title.replace("<>", "◇").strip()


def strip_marks(title: str) -> str:
    """The name without uniqueness marks ("•Darth Vader" → "Darth Vader")."""
    return _SPACES.sub(" ", _MARKS.sub("", title)).strip()


def fold(text: str) -> str:
    """Lower-case, accent- and mark-free form used for case- and mark-insensitive matching."""
    if text.isascii():  # the same result, without NFKD and a look at every character (most names are ASCII)
        return _SPACES.sub(" ", _MARKS.sub("", text).casefold()).strip()
    text = _MARKS.sub("", text).translate(_QUOTES)
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _SPACES.sub(" ", text.casefold()).strip()


def fold_words(text: str) -> str:
    """Folded text with punctuation removed: the key for fuzzy name matching."""
    return _SPACES.sub(" ", _NON_WORD.sub(" ", fold(text))).strip()


def acronym(text: str) -> str:
    """Word initials, upper-cased ("A Day Long Remembered" → "ADLR"), as players abbreviate titles."""
    return "".join(word[0] for word in fold_words(text).split() if word).upper()
