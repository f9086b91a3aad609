"""The SWCCG calculator pages' forms read into the calculator API's request body (cards by id or name, numbers,
destinies), and the API's own validation and answer run on it; what cannot be read is a FormError with the API's
codes. The answers in words: calculator_words.py; the pages: calculator_pages.py."""

import math
import re
from collections.abc import Callable

from django.utils.translation import gettext as _
from rest_framework import serializers

from cardsdb.api.errors import ApiError
from cardsdb.models import Card
from cardsdb.naming import find_card
from rules.api.swccg_battle_text import MAX_ANSWERS

ROWS = {"battle": 6, "sabacc": 6, "drain": 4, "capture": 3, "escorts": 4}
GEMP_ID = re.compile(r"^[0-9a-z]+_[0-9a-z]+$", re.IGNORECASE)
PICKED = re.compile(r"\(([^()\s]+)\)\s*$")  # "•Darth Vader (1_168)": what the picker's list inserts
MAX_NUMBER_TEXT = 12
MAX_NAME = 120
MAX_LINES = 40  # wild, clone and stake cards named on a sabacc page


class FormError(Exception):
    """What the form shows instead of an answer: a code (the API's codes) and a message."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


def side_name(side: str | None) -> str:
    return {"dark": _("Dark Side"), "light": _("Light Side")}.get(side or "", _("nobody"))


def card_id(text: str, label: str) -> str:
    """A typed card: a GEMP id ("1_168"), a picked "Title (1_168)", or a name the catalogue's look-up finds."""
    text = text.strip()
    if len(text) > MAX_NAME:  # no card's name is this long; the fuzzy look-up's cost grows with it
        raise FormError(
            "no-match",
            _("%(label)s: no card is named “%(name)s”.") % {"label": label, "name": text[:40] + "…"},
        )
    picked = PICKED.search(text)
    if picked:
        return picked.group(1)
    if GEMP_ID.match(text):
        return text
    match = find_card("swccg", text)
    codes = list(dict.fromkeys(e.code for e in match.entries)) if match.cards else []
    if len(codes) == 1:
        return codes[0]
    if codes:
        some = ", ".join(f"{e.title} ({e.code})" for e in match.entries[:6])
        raise FormError(
            "ambiguous-name",
            _("%(label)s: several cards are named “%(name)s”: %(cards)s. Pick one from the list.")
            % {"label": label, "name": text, "cards": some},
        )
    hint = ", ".join(match.suggestions[:5])
    message = _("%(label)s: no card is named “%(name)s”.") % {"label": label, "name": text}
    if hint:
        message += " " + _("Closest: %(names)s.") % {"names": hint}
    raise FormError("no-match", message)


def number(form, key: str, label: str, default: float = 0) -> float:
    raw = (form.get(key) or "").strip()
    if not raw:
        return default
    try:
        value = float(raw) if len(raw) <= MAX_NUMBER_TEXT and raw.isascii() else math.nan
        if not math.isfinite(value):  # "nan" and "inf" parse, and would slip past every bound
            raise ValueError
        return value
    except ValueError:
        raise FormError(
            "invalid-request", _("%(label)s: “%(value)s” is not a number.") % {"label": label, "value": raw}
        ) from None


def numbers(form, key: str, label: str) -> list[float]:
    """Destinies typed as "3 5" or "3, 5"."""
    raw = (form.get(key) or "").replace(",", " ").split()
    return [number({"n": item}, "n", label) for item in raw]


def lines(form, key: str, label: str) -> list[str]:
    typed = [line for line in (form.get(key) or "").splitlines() if line.strip()]
    if len(typed) > MAX_LINES:  # before any look-up: each name may cost a fuzzy search
        raise FormError(
            "invalid-request", _("%(label)s: at most %(n)s cards.") % {"label": label, "n": MAX_LINES}
        )
    return [card_id(line, label) for line in typed]


def row_label(what: str, index: int) -> str:
    return _("%(what)s, row %(n)s") % {"what": what, "n": index + 1}


def rows(form, prefix: str, count: int, what: str):
    """(index, card id) for each filled card row `prefix-card-<i>`."""
    for i in range(count):
        text = (form.get(f"{prefix}-card-{i}") or "").strip()
        if text:
            yield i, card_id(text, row_label(what, i))


# ---- reading each form into the API's request body ----


def read_battle(form, deck_pile: Callable[[str], list[str]]) -> dict:
    body: dict = {}
    reserves = {}
    for side in ("dark", "light"):
        cards = []
        for i, code in rows(form, side, ROWS["battle"], side_name(side)):
            entry = {"card": code, "hit": bool(form.get(f"{side}-hit-{i}"))}
            entry["power"] = number(form, f"{side}-power-{i}", row_label(_("power modifier"), i))
            cards.append(entry)
        body[side] = {
            "cards": cards,
            "destinies": numbers(form, f"{side}-destinies", _("battle destiny")),
            "power_bonus": number(form, f"{side}-power-bonus", _("power bonus")),
            "destiny_bonus": number(form, f"{side}-destiny-bonus", _("destiny bonus")),
        }
        deck = (form.get(f"{side}-deck") or "").strip()
        if deck:
            reserves[side] = deck_pile(deck)
    body["apply_text"] = not form.get("ignore-text")
    body["conditions"] = read_conditions(form, MAX_ANSWERS)
    if (form.get("location") or "").strip():
        body["location"] = card_id(form.get("location"), _("Location"))
    if reserves:  # destinies drawn from the decks: the exact odds instead of one outcome
        body["simulate"] = {"dark": reserves.get("dark", []), "light": reserves.get("light", [])}
    return body


def read_conditions(form, limit: int) -> dict[str, bool]:
    """The ticked card-text checkboxes (`cond-<card id>:<effect index>`) as the API's `conditions`; the API
    checks the keys."""
    keys = [k.removeprefix("cond-") for k in form if k.startswith("cond-") and form.get(k)]
    if len(keys) > limit:
        raise FormError("invalid-request", _("At most %(n)s answers about card text.") % {"n": limit})
    return dict.fromkeys(keys, True)


def read_sabacc(form) -> dict:
    body: dict = {}
    for side in ("dark", "light"):
        body[side] = {"cards": [code for _i, code in rows(form, side, ROWS["sabacc"], side_name(side))]}
    body["wild"] = lines(form, "wild", _("wild cards"))
    body["clones"] = lines(form, "clones", _("clone cards"))
    body["stakes"] = lines(form, "stakes", _("stakes"))
    return body


def read_drain(form) -> dict:
    location = (form.get("location") or "").strip()
    if not location:
        raise FormError("invalid-request", _("Give the location."))
    return {
        "side": form.get("side") or "",
        "location": card_id(location, _("location")),
        "cards": {
            side: [{"card": code} for _i, code in rows(form, side, ROWS["drain"], side_name(side))]
            for side in ("dark", "light")
        },
        "bonus": number(form, "bonus", _("drain bonus")),
        "cancelled": bool(form.get("cancelled")),
        "drained_this_turn": bool(form.get("drained_this_turn")),
    }


def read_capture(form) -> dict:
    body: dict = {"capturer": "dark", "captured": [], "escorts": []}
    seize, imprison = {}, []
    for i, code in rows(form, "captured", ROWS["capture"], _("captured")):
        body["captured"].append({"card": code})
        escort = (form.get(f"captured-seize-{i}") or "").strip()
        if escort:
            seize[code] = card_id(escort, row_label(_("seized by"), i))
        if form.get(f"captured-imprison-{i}"):
            imprison.append(code)
    for i, code in rows(form, "escort", ROWS["escorts"], _("escorts")):
        body["escorts"].append({"card": code, "escorting": bool(form.get(f"escort-escorting-{i}"))})
    location = (form.get("location") or "").strip()
    if location:
        body["location"] = card_id(location, _("location"))
    if seize:
        body["seize"] = seize
    if imprison:
        body["imprison"] = imprison
    return body


# ---- running the API's calculator ----


def run(serializer, answer: Callable[[dict], dict], body: dict) -> dict:
    """The API's own validation and answer; their errors become the form's."""
    checked = serializer(data=body)
    if not checked.is_valid():
        raise FormError("invalid-request", "; ".join(_flatten(checked.errors)))
    try:
        return answer(checked.validated_data)
    except ApiError as exc:
        rule = exc.details.get("rule")
        message = str(exc.detail) + (f" ({rule})" if rule else "")
        raise FormError(exc.code, message) from None


def _flatten(errors, path: str = "") -> list[str]:
    if isinstance(errors, dict):
        return [
            m for key, value in errors.items() for m in _flatten(value, f"{path}.{key}" if path else str(key))
        ]
    if isinstance(errors, list):
        if all(isinstance(e, str | serializers.ErrorDetail) for e in errors):
            return [f"{path}: {e}" if path else str(e) for e in errors]
        return [m for i, value in enumerate(errors) for m in _flatten(value, f"{path}[{i}]")]
    return [f"{path}: {errors}"]


def titles(ids) -> dict[str, str]:
    wanted = list(dict.fromkeys(ids))
    return dict(
        Card.objects.filter(game_id="swccg", code__in=wanted, edition=Card.Edition.CURRENT).values_list(
            "code", "title"
        )
    )


def num(value) -> str:
    return f"{float(value):g}"
