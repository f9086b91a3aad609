"""Errata in words: what the card's errata data says, and how its wording differs from the one it replaced.

The SWCCG data records an erratum as a symbol (E1, E2: the card's text was corrected once, twice), a date and a
note ("Original could not deploy…"), on the card and, for objectives, on the back; the earlier wording itself is
a pre-errata card. SWTCG's Usage notes name errata in a sentence (Card.errata["notes"]).
"""

import difflib
import re
from dataclasses import dataclass, field
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import ngettext, pgettext

_SYMBOL = re.compile(r"^E(\d+)$")
_WORDS = re.compile(r"\S+\s*")


@dataclass(frozen=True)
class Erratum:
    face: str  # "" for the card, else the face's name
    summary: str  # "Corrected once (E1), on 12 December 2022."
    notes: str  # the data's note on what changed, as written


@dataclass(frozen=True)
class Explanation:
    errata: tuple[Erratum, ...] = ()
    compared_with: str = ""  # the title of the wording the diff starts from
    diff: tuple[tuple[str, str], ...] = field(default=())  # ("same" | "removed" | "added", text)

    def __bool__(self) -> bool:
        return bool(self.errata or self.diff)


def summary(symbol: str, when: str) -> str:
    """ "Its text has been corrected once (E1), last on 12 December 2022.", in the active language."""
    found = _SYMBOL.match(symbol or "")
    if found:
        n = int(found[1])
        if n == 1:
            text = pgettext("errata summary", "Its text has been corrected once (%(symbol)s)")
        elif n == 2:
            text = pgettext("errata summary", "Its text has been corrected twice (%(symbol)s)")
        else:
            text = ngettext(
                "Its text has been corrected %(n)s time (%(symbol)s)",
                "Its text has been corrected %(n)s times (%(symbol)s)",
                n,
            )
        text = text % {"symbol": symbol, "n": n}
    elif symbol:
        text = pgettext("errata summary", "It has an erratum (%(symbol)s)") % {"symbol": symbol}
    else:
        text = pgettext("errata summary", "It has an erratum")
    try:
        day = date.fromisoformat(when) if when else None
    except ValueError:
        day = None
    if day:
        # "E": the month's name as a date says it (Polish: "grudnia", not "grudzień")
        text = pgettext("errata summary", "%(summary)s, last on %(date)s") % {
            "summary": text,
            "date": date_format(day, "j E Y"),
        }
    elif when:
        text = pgettext("errata summary: when, as the data words it", "%(summary)s, %(when)s") % {
            "summary": text,
            "when": when,
        }
    return text + "."


def errata_of(errata: dict, back: dict | None, back_name: str = "") -> tuple[Erratum, ...]:
    """The card's erratum and, for a two-sided card, the back's when it has its own."""
    found = []
    if errata:
        found.append(
            Erratum("", summary(errata.get("symbol", ""), errata.get("date", "")), errata.get("notes", ""))
        )
    back = back or {}
    if back.get("errataSymbol") or back.get("errataNotes"):
        notes = back.get("errataNotes", "")
        if not errata or notes != errata.get("notes"):
            found.append(
                Erratum(
                    pgettext("errata of a card's back face", "Back (%(name)s)")
                    % {"name": back_name or back.get("title", "")},
                    summary(back.get("errataSymbol", ""), back.get("errataDate", "")),
                    notes,
                )
            )
    return tuple(found)


def word_diff(old: str, new: str) -> tuple[tuple[str, str], ...]:
    """The words removed from and added to `old` to give `new`, in reading order; () when they are the same."""
    a, b = _WORDS.findall(old or ""), _WORDS.findall(new or "")
    if a == b:
        return ()
    result: list[tuple[str, str]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            result.append(("same", "".join(a[i1:i2])))
            continue
        if i2 > i1:
            result.append(("removed", "".join(a[i1:i2])))
        if j2 > j1:
            result.append(("added", "".join(b[j1:j2])))
    return tuple(result)


def explain(
    errata: dict,
    back: dict | None,
    *,
    old: str = "",
    new: str = "",
    compared_with: str = "",
    back_name: str = "",
) -> Explanation:
    """The card's errata, and the word diff from the `old` wording to the `new` one (`compared_with` names the
    other wording: the one this card replaced, or the one that replaced it)."""
    diff = word_diff(old, new) if compared_with else ()
    return Explanation(errata_of(errata, back, back_name), compared_with if diff else "", diff)
