"""Pick the reader for a pasted or uploaded deck list."""

import re

from . import gemp, holotable, swccgdb
from . import text as plain_text
from .base import ReadResult

READERS = {
    gemp.LIST_FORMAT: gemp.read_list,
    gemp.XML_FORMAT: gemp.read_xml,
    plain_text.FORMAT: plain_text.read,
    swccgdb.FORMAT: swccgdb.read,
    holotable.FORMAT: holotable.read,
}
_GEMP_LIST = re.compile(r"^[\s,]*\d+_\d+[*^]*(?:[\s,|]+\d+_\d+[*^]*)*[\s,|]*$")
_SIDE_LINE = re.compile(r"^\s*side\s*:", re.I | re.M)
_TAB_COUNT = re.compile(r"^\s*\d+\t\S", re.M)
_HTD = re.compile(r'^\s*(?:card\s+"/|back\s+\S+\.gif\s*$)', re.I | re.M)


def detect(text: str) -> str:
    """The format name of a deck list: XML, then GEMP ids, Holotable, swccgdb, else plain text."""
    stripped = text.strip()
    if stripped.startswith("<"):  # also "<?xml …"
        return gemp.XML_FORMAT
    if _GEMP_LIST.match(stripped):
        return gemp.LIST_FORMAT
    if _HTD.search(text):
        return holotable.FORMAT
    if _SIDE_LINE.search(text):
        return swccgdb.FORMAT
    if _TAB_COUNT.search(text):
        return holotable.FORMAT
    return plain_text.FORMAT


def read_any(text: str, resolver, *, side: str | None = None, format: str | None = None) -> ReadResult:
    if format is not None and format not in READERS:
        raise ValueError(f"unknown deck format {format!r}; expected one of {', '.join(READERS)}")
    return READERS[format or detect(text)](text, resolver, side=side)
