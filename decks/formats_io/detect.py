"""Pick the reader for a pasted or uploaded deck list."""

import re

from decks.formats_io import gemp, holotable, lackey, swccgdb
from decks.formats_io import text as plain_text
from decks.formats_io.base import ReadResult
from decks.formats_io.limits import SuggestionBudget, check_size

READERS = {
    gemp.LIST_FORMAT: gemp.read_list,
    gemp.XML_FORMAT: gemp.read_xml,
    plain_text.FORMAT: plain_text.read,
    swccgdb.FORMAT: swccgdb.read,
    holotable.FORMAT: holotable.read,
    lackey.DEK_FORMAT: lackey.read_lackey_dek,
    lackey.TXT_FORMAT: lackey.read_lackey_txt,
}
# Games whose players use LackeyCCG: there a list of "count<TAB>title" lines is LackeyCCG's, not Holotable's.
LACKEY_GAMES = frozenset({"swtcg"})
# Line patterns over the whole text use [ \t] where a line's spaces are meant: a "^\s*" would also run over the
# following lines, from every line start (quadratic in a list of blank lines).
_GEMP_LIST = re.compile(r"^[\s,]*[0-9]+_[0-9]+[*^]*(?:[\s,|]+[0-9]+_[0-9]+[*^]*)*[\s,|]*$")
_SIDE_LINE = re.compile(r"^[ \t]*side[ \t]*:", re.I | re.M)
_TAB_COUNT = re.compile(r"^[ \t]*[0-9]+\t\S", re.M)
_HTD = re.compile(r'^[ \t]*(?:card[ \t]+"/|back[ \t]+\S+\.gif[ \t]*$)', re.I | re.M)
_SUPERZONE = re.compile(r"<superzone\b")
_LACKEY_HEADER = re.compile(r"^[ \t]*(?:supply|sideboard|outside the game)[ \t]*:[ \t]*$", re.I | re.M)
_COUNT = re.compile(r"^[ \t]*[0-9]+(?:[ \t]*[x×])?[ \t]+\S", re.I | re.M)


def detect(text: str, *, game: str | None = None) -> str:
    """The format name of a deck list: XML (LackeyCCG's with <superzone>s, else GEMP's), then GEMP ids,
    Holotable, swccgdb, LackeyCCG's text, else plain text.

    LackeyCCG's text is "count<TAB>title" lines with its section headers ("Sideboard:"), or, for a game played
    on LackeyCCG, counted lines under those headers or any "count<TAB>title" lines."""
    stripped = text.strip().lstrip("\ufeff")  # a byte order mark from a file saved on Windows
    if stripped.startswith("<"):  # also "<?xml …"
        return lackey.DEK_FORMAT if _SUPERZONE.search(text) else gemp.XML_FORMAT
    if _GEMP_LIST.match(stripped):
        return gemp.LIST_FORMAT
    if _HTD.search(text):
        return holotable.FORMAT
    if _SIDE_LINE.search(text):
        return swccgdb.FORMAT
    lackey_game = game in LACKEY_GAMES
    if _LACKEY_HEADER.search(text) and (_TAB_COUNT.search(text) or (lackey_game and _COUNT.search(text))):
        return lackey.TXT_FORMAT
    if _TAB_COUNT.search(text):
        return lackey.TXT_FORMAT if lackey_game else holotable.FORMAT
    return plain_text.FORMAT


def read_any(
    text: str,
    resolver,
    *,
    side: str | None = None,
    format: str | None = None,
    game: str | None = None,
    suggestions: SuggestionBudget | None = None,
) -> ReadResult:
    """Read with the given format's reader, else the detected one (game: what detection may assume).

    Raises limits.TooLarge, before any parsing, for a text longer than a deck list can be, and ValueError for
    an unknown format. `suggestions`: how many unread lines get the closest cards (limits.SuggestionBudget)."""
    if format is not None and (not isinstance(format, str) or format not in READERS):
        raise ValueError(f"unknown deck format {format!r}; expected one of {', '.join(READERS)}")
    check_size(text)
    reader = READERS[format or detect(text, game=game)]
    return reader(text, resolver, side=side, suggestions=suggestions)
