"""The Usage column of the SWTCG set files: notes split into bans and restrictions, errata and rulings.

A Usage value holds several notes separated by "|" ("BANNED in Vintage. | Text erratum. | The units you choose
must be clearly identified."). A note that marks the card BANNED or RESTRICTED (upper case, as the community
writes them) is a mark; a note whose first sentence mentions an erratum or errata is an erratum note; every other
note is a ruling. The catalogue importer stores them as data and the deck checker applies the marks.
"""

import re
from dataclasses import dataclass

ALL_PLAY = "all"  # a Usage mark without a format: banned or restricted in all tournament play
USAGE_SCOPES = (ALL_PLAY, "Standard", "Vintage")  # the formats Usage marks name
_MARK = re.compile(r"\b(BANNED|RESTRICTED)\b\W*(?:(?:in\s+)?(Standard|Vintage)\b)?")
_ERRATUM = re.compile(r"\berrat(?:um|a)\b", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
# Mostly " | ", once ".| " and once at the very start: any bar with the spaces around it.
_SEPARATOR = re.compile(r"\s*\|\s*")


def usage_marks(usage: str) -> tuple[frozenset[str], frozenset[str]]:
    """The formats a Usage note bans and restricts the card in: ("*BANNED:Vintage" → {"Vintage"}, …).

    Forms seen in the data: "*BANNED:Standard", "*BANNED", "**BANNED**: … IDC sanctioned tournament",
    "BANNED in Vintage.", "RESTRICTED in Vintage (to 1 copy per deck)", "**RESTRICTED**: …", "*RESTRICTED:Vintage".
    """
    banned, restricted = set(), set()
    for match in _MARK.finditer(usage):
        scope = match[2] or ALL_PLAY
        (banned if match[1] == "BANNED" else restricted).add(scope)
    return frozenset(banned), frozenset(restricted)


@dataclass(frozen=True)
class UsageNotes:
    marks: tuple[tuple[str, str], ...]  # (kind, scope): ("banned", "Vintage"), ("restricted", "all")…
    errata: tuple[str, ...]
    rulings: tuple[str, ...]


def split_notes(usage: str) -> list[str]:
    """The notes of a Usage value, in order, blanks left out."""
    return [note for note in _SEPARATOR.split(usage.strip()) if note]


def is_erratum(note: str) -> bool:
    """A note about the card's erratum: its first sentence says so ("Text erratum in the first ability.").
    Later sentences may mention errata in passing ("… has received errata with the Lightsaber subtype")."""
    return bool(_ERRATUM.search(_SENTENCE_END.split(note, maxsplit=1)[0]))


def read_usage(usage: str) -> UsageNotes:
    """Sort the notes: marks (each once, in the order written), erratum notes and rulings (as written)."""
    marks: list[tuple[str, str]] = []
    errata: list[str] = []
    rulings: list[str] = []
    for note in split_notes(usage):
        found = [(m[1].lower(), m[2] or ALL_PLAY) for m in _MARK.finditer(note)]
        for mark in found:
            if mark not in marks:
                marks.append(mark)
        if not found:  # a mark's own words ("may not be played in…") say nothing more than the mark
            (errata if is_erratum(note) else rulings).append(note)
    return UsageNotes(tuple(marks), tuple(errata), tuple(rulings))
