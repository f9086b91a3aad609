"""Reading a SWCCG calculator page's form into the calculator API's request body (cards by id or name, numbers,
destinies), and running the API's own validation and answer on it. Whatever cannot be read or is refused is a
FormError with the API's code, a message and, when one field is to blame, that field's name, so the page shows the
error beside it. The four forms: calculator_reads.py; the answers in words: calculator_words.py."""

import math
import re
from collections.abc import Callable

from django.utils.translation import gettext as _
from rest_framework import serializers

from cardsdb.api.errors import ApiError
from cardsdb.models import Card
from cardsdb.naming import find_card

GEMP_ID = re.compile(r"^[0-9a-z]+_[0-9a-z]+$", re.IGNORECASE)
PICKED = re.compile(r"\(([^()\s]+)\)\s*$")  # "•Darth Vader (1_168)": what the picker's list inserts
MAX_NUMBER_TEXT = 12
MAX_NAME = 120
MAX_LINES = 40  # wild, clone and stake cards named on a sabacc page
SIDE_NAMED = re.compile(
    r"^(?:The )?(dark|light) side\b"
)  # how the rules' messages name a side: "dark side: …"


class FormError(Exception):
    """What the form shows instead of an answer: a code (the API's codes), a message, and the field to blame."""

    def __init__(self, code: str, message: str, field: str = ""):
        super().__init__(message)
        self.code, self.message, self.field = code, message, field


def side_name(side: str | None) -> str:
    return {"dark": _("Dark Side"), "light": _("Light Side")}.get(side or "", _("nobody"))


def row_label(what: str, index: int) -> str:
    return _("%(what)s, row %(n)s") % {"what": what, "n": index + 1}


class Reader:
    """One posted form read field by field. It remembers which field gave each part of the request body
    (`places`: the API's path, e.g. "dark.cards.1.power", → the field and its label) and which field named each
    card, so that the API's refusals land beside the field they are about."""

    def __init__(self, form):
        self.form = form
        self.places: dict[str, tuple[str, str]] = {}
        self.card_fields: dict[str, str] = {}
        # a rule's code ("side:code" for a side's) → the one field that decides it
        self.rule_fields: dict[str, str] = {}

    def text(self, name: str) -> str:
        return (self.form.get(name) or "").strip()

    def checked(self, name: str) -> bool:
        return bool(self.form.get(name))

    def place(self, path: str, name: str, label: str) -> None:
        self.places[path] = (name, label)

    def card(self, name: str, label: str, path: str = "") -> str:
        """A typed card: a GEMP id ("1_168"), a picked "Title (1_168)", or a name the catalogue's look-up finds."""
        code = card_id(self.text(name), label, name)
        if path:
            self.place(path, name, label)
        self.card_fields.setdefault(code, name)
        return code

    def number(self, name: str, label: str, path: str = "", default: float = 0) -> float:
        if path:
            self.place(path, name, label)
        return number(self.text(name), label, name, default)

    def numbers(self, name: str, label: str, path: str = "") -> list[float]:
        """Destinies typed as "3 5" or "3, 5"."""
        if path:
            self.place(path, name, label)
        return [number(item, label, name) for item in self.text(name).replace(",", " ").split()]

    def lines(self, name: str, label: str, path: str = "") -> list[str]:
        typed = [line for line in (self.form.get(name) or "").splitlines() if line.strip()]
        if len(typed) > MAX_LINES:  # before any look-up: each name may cost a fuzzy search
            raise FormError(
                "invalid-request",
                _("%(label)s: at most %(n)s cards.") % {"label": label, "n": MAX_LINES},
                name,
            )
        if path:
            self.place(path, name, label)
        codes = [card_id(line.strip(), label, name) for line in typed]
        for code in codes:
            self.card_fields.setdefault(code, name)
        return codes

    def rows(self, prefix: str, count: int, what: str):
        """(row, card id) for each filled card row `prefix-card-<row>`."""
        for row in range(count):
            name = f"{prefix}-card-{row}"
            if self.text(name):
                yield row, self.card(name, row_label(what, row))

    def row_choice(self, name: str, label: str, filled: dict[int, int]) -> int | None:
        """A "row n" picked from a list (a pilot's starship, the card a clone copies): the index, in the API's
        list, of the card typed on that row; None when nothing is picked."""
        raw = self.text(name)
        if not raw:
            return None
        row = int(raw) - 1 if raw.isascii() and raw.isdigit() and len(raw) <= 2 else -1
        if row not in filled:
            raise FormError(
                "invalid-request",
                _("%(label)s: row %(row)s has no card.") % {"label": label, "row": raw[:4]},
                name,
            )
        return filled[row]


def card_id(text: str, label: str, field: str = "") -> str:
    if len(text) > MAX_NAME:  # no card's name is this long; the fuzzy look-up's cost grows with it
        raise FormError(
            "no-match",
            _("%(label)s: no card is named “%(name)s”.") % {"label": label, "name": text[:40] + "…"},
            field,
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
            field,
        )
    hint = ", ".join(match.suggestions[:5])
    message = _("%(label)s: no card is named “%(name)s”.") % {"label": label, "name": text}
    if hint:
        message += " " + _("Closest: %(names)s.") % {"names": hint}
    raise FormError("no-match", message, field)


def number(raw: str, label: str, field: str = "", default: float = 0) -> float:
    if not raw:
        return default
    if len(raw) > MAX_NUMBER_TEXT:
        raise FormError(
            "invalid-request",
            _("%(label)s: “%(value)s…” is too long for a number.")
            % {"label": label, "value": raw[:MAX_NUMBER_TEXT]},
            field,
        )
    try:
        value = float(raw) if raw.isascii() else math.nan
        if not math.isfinite(value):  # "nan" and "inf" parse, and would slip past every bound
            raise ValueError
        return value
    except ValueError:
        raise FormError(
            "invalid-request",
            _("%(label)s: “%(value)s” is not a number.") % {"label": label, "value": raw},
            field,
        ) from None


# ---- running the API's calculator ----


def run(serializer, answer: Callable[[dict], dict], body: dict, reader: Reader) -> dict:
    """The API's own validation and answer; their errors become the form's, beside the field they are about."""
    checked = serializer(data=body)
    if not checked.is_valid():
        words, field = [], ""
        for path, message in _flatten(checked.errors):
            place = _place(reader, path)
            words.append(f"{place[1] if place else path}: {message}")
            field = field or (place[0] if place else "")
        raise FormError("invalid-request", "; ".join(words), field)
    try:
        return answer(checked.validated_data)
    except ApiError as exc:
        rule = exc.details.get("rule")
        message = str(exc.detail) + (f" ({rule})" if rule else "")
        raise FormError(exc.code, message, _blamed(reader, exc)) from None


def _place(reader: Reader, path: str) -> tuple[str, str] | None:
    """The field that gave `path` or the nearest part above it ("dark.cards.0.power" → "dark.cards.0")."""
    while path:
        if path in reader.places:
            return reader.places[path]
        path = path.rpartition(".")[0]
    return None


def _blamed(reader: Reader, exc: ApiError) -> str:
    """The field an API refusal is about: a field it names (`errors`), a card it names, the side and card index
    a rule names ("dark side: card 2 …"), or the field that decides the rule (on the side it names)."""
    for path, _message in _flatten(exc.details.get("errors") or {}):
        place = _place(reader, path)
        if place:
            return place[0]
    cards = exc.details.get("cards") or ()
    for card in cards:
        if isinstance(card, str) and card in reader.card_fields:
            return reader.card_fields[card]
    side = SIDE_NAMED.match(str(exc.detail))
    side = side.group(1) if side else ""
    if side and cards and isinstance(cards[0], int):
        place = _place(reader, f"{side}.cards.{cards[0]}")
        if place:
            return place[0]
    rule = exc.details.get("rule", "")
    return reader.rule_fields.get(f"{side}:{rule}") or reader.rule_fields.get(rule, "")


def _flatten(errors, path: str = "") -> list[tuple[str, str]]:
    """DRF's nested errors as (dotted path, message) pairs: {"dark": {"cards": [{}, {"power": ["…"]}]}} →
    ("dark.cards.1.power", "…")."""
    if isinstance(errors, dict):
        return [
            p for key, value in errors.items() for p in _flatten(value, f"{path}.{key}" if path else str(key))
        ]
    if isinstance(errors, list):
        if all(isinstance(e, str | serializers.ErrorDetail) for e in errors):
            return [(path, str(e)) for e in errors]
        return [
            p for i, value in enumerate(errors) for p in _flatten(value, f"{path}.{i}" if path else str(i))
        ]
    return [(path, str(errors))]


def titles(ids) -> dict[str, str]:
    wanted = list(dict.fromkeys(ids))
    return dict(
        Card.objects.filter(game_id="swccg", code__in=wanted, edition=Card.Edition.CURRENT).values_list(
            "code", "title"
        )
    )


def num(value) -> str:
    return f"{float(value):g}"
