"""Pick the reader for a pasted or uploaded deck list."""

import re

from . import gemp, holotable, lackey, swccgdb
from . import text as plain_text
from .base import ReadResult

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
_GEMP_LIST = re.compile(r"^[\s,]*\d+_\d+[*^]*(?:[\s,|]+\d+_\d+[*^]*)*[\s,|]*$")
_SIDE_LINE = re.compile(r"^\s*side\s*:", re.I | re.M)
_TAB_COUNT = re.compile(r"^\s*\d+\t\S", re.M)
_HTD = re.compile(r'^\s*(?:card\s+"/|back\s+\S+\.gif\s*$)', re.I | re.M)
_SUPERZONE = re.compile(r"<superzone\b")
_LACKEY_HEADER = re.compile(r"^\s*(?:supply|sideboard|outside the game)\s*:\s*$", re.I | re.M)
_COUNT = re.compile(r"^\s*\d+(?:\s*[x×])?\s+\S", re.I | re.M)


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
) -> ReadResult:
    """Read with the given format's reader, else the detected one (game: what detection may assume)."""
    if format is not None and format not in READERS:
        raise ValueError(f"unknown deck format {format!r}; expected one of {', '.join(READERS)}")
    return READERS[format or detect(text, game=game)](text, resolver, side=side)
