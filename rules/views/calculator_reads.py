"""Each SWCCG calculator page's form read into its API's request body (rules/api/swccg_rules.py's serializers
name every key), through a Reader that remembers which field gave what. Rows are the page's fixed card rows; a
card on a row goes to the API's list at its place among the filled rows."""

from collections.abc import Callable

from django.utils.translation import gettext as _

from rules.api.swccg_battle_text import MAX_ANSWERS
from rules.views.calculator_forms import FormError, Reader, row_label, side_name

SIDES = ("dark", "light")
ROWS = {
    "battle": 6,
    "battle-aboard": 4,
    "sabacc": 6,
    "drain": 4,
    "drain-aboard": 2,
    "capture": 3,
    "carried": 3,
    "escorts": 4,
}


def _on(side: str, what: str) -> str:
    return _("%(side)s: %(what)s") % {"side": side_name(side), "what": what}


def _aboard(reader: Reader, side: str, kind: str, filled: dict[int, int]):
    """(index of the carrier in the API's list, row, card id) for each filled pilot or passenger row."""
    for row, code in reader.rows(f"{side}-aboard", ROWS[kind], _("pilots and passengers")):
        on = reader.row_choice(f"{side}-aboard-on-{row}", row_label(_on(side, _("aboard")), row), filled)
        if on is None:
            raise FormError(
                "invalid-request",
                _("%(label)s: say which starship or vehicle it is aboard.")
                % {"label": row_label(_on(side, _("pilots and passengers")), row)},
                f"{side}-aboard-on-{row}",
            )
        yield on, row, code


def _battle_card(reader: Reader, side: str, row: int, code: str, path: str, aboard: bool = False) -> dict:
    """One card's entry with the modifiers typed on its row (CardInBattleIn)."""
    prefix = f"{side}-aboard" if aboard else side
    entry = {"card": code}
    what = _("pilots and passengers") if aboard else side_name(side)
    reader.place(path, f"{prefix}-card-{row}", row_label(what, row))
    entry["ability"] = reader.number(
        f"{prefix}-ability-{row}", row_label(_on(side, _("ability ±")), row), f"{path}.ability"
    )
    if aboard:
        return entry
    entry["hit"] = reader.checked(f"{side}-hit-{row}")
    entry["power"] = reader.number(
        f"{side}-power-{row}", row_label(_on(side, _("power ±")), row), f"{path}.power"
    )
    entry["forfeit"] = reader.number(
        f"{side}-forfeit-{row}", row_label(_on(side, _("forfeit ±")), row), f"{path}.forfeit"
    )
    immune = f"{side}-immune-{row}"
    if reader.text(immune):  # blank: the card's own immunity, read from its text
        label = row_label(_on(side, _("immune to attrition <")), row)
        entry["immune_to_attrition"] = reader.number(immune, label, f"{path}.immune_to_attrition")
    return entry


def read_battle(reader: Reader, deck_pile: Callable[[str], list[str]]) -> dict:
    body: dict = {}
    reserves = {}
    for side in SIDES:
        cards, filled = [], {}
        for row, code in reader.rows(side, ROWS["battle"], side_name(side)):
            filled[row] = len(cards)
            cards.append(_battle_card(reader, side, row, code, f"{side}.cards.{len(cards)}"))
        for on, row, code in _aboard(reader, side, "battle-aboard", filled):
            carrier = cards[on].setdefault("aboard", [])
            path = f"{side}.cards.{on}.aboard.{len(carrier)}"
            carrier.append(_battle_card(reader, side, row, code, path, aboard=True))
        label = lambda what, side=side: _on(side, what)  # noqa: E731
        body[side] = {
            "cards": cards,
            "destinies": reader.numbers(f"{side}-destinies", label(_("battle destiny")), f"{side}.destinies"),
            "extra_destinies": reader.number(
                f"{side}-extra-destinies", label(_("battle destinies added")), f"{side}.extra_destinies"
            ),
            "destinies_if_unable": reader.number(
                f"{side}-destinies-if-unable",
                label(_("battle destinies without the ability")),
                f"{side}.destinies_if_unable",
            ),
            "power_bonus": reader.number(
                f"{side}-power-bonus", label(_("power bonus")), f"{side}.power_bonus"
            ),
            "destiny_bonus": reader.number(
                f"{side}-destiny-bonus", label(_("destiny bonus")), f"{side}.destiny_bonus"
            ),
            "attrition_bonus": reader.number(
                f"{side}-attrition-bonus", label(_("attrition bonus")), f"{side}.attrition_bonus"
            ),
            "damage_bonus": reader.number(
                f"{side}-damage-bonus", label(_("battle damage bonus")), f"{side}.damage_bonus"
            ),
        }
        reader.place(f"{side}.cards", f"{side}-card-0", side_name(side))
        deck = reader.text(f"{side}-deck")
        if deck:
            try:
                reserves[side] = deck_pile(deck)
            except FormError as exc:
                raise FormError(exc.code, exc.message, f"{side}-deck") from None
            reader.place(f"simulate.{side}", f"{side}-deck", label(_("saved deck")))
    if reserves:  # destinies drawn from the decks: the exact odds instead of one outcome
        body["simulate"] = {"dark": reserves.get("dark", []), "light": reserves.get("light", [])}
    for side in SIDES:
        reader.rule_fields[f"{side}:too-many-destinies"] = f"{side}-destinies"
    body["apply_text"] = not reader.checked("ignore-text")
    body["conditions"] = read_conditions(reader.form, MAX_ANSWERS)
    if reader.text("location"):
        body["location"] = reader.card("location", _("Location"), "location")
    return body


def read_conditions(form, limit: int) -> dict[str, bool]:
    """The ticked card-text checkboxes (`cond-<card id>:<effect index>`) as the API's `conditions`; the API
    checks the keys."""
    keys = [k.removeprefix("cond-") for k in form if k.startswith("cond-") and form.get(k)]
    if len(keys) > limit:
        raise FormError("invalid-request", _("At most %(n)s answers about card text.") % {"n": limit})
    return dict.fromkeys(keys, True)


LANDO = {"": 0, "1": 1, "-1": -1}


def read_sabacc(reader: Reader) -> dict:
    body: dict = {
        "wild": reader.lines("wild", _("wild cards"), "wild"),
        "clones": reader.lines("clones", _("clone cards"), "clones"),
        "stakes": reader.lines("stakes", _("stakes"), "stakes"),
    }
    low, high = reader.text("wild-low"), reader.text("wild-high")
    if low or high:
        body["wild_range"] = [
            reader.number("wild-low", _("wild cards from"), "wild_range.0", 1),
            reader.number("wild-high", _("wild cards to"), "wild_range.1", 6),
        ]
        reader.place("wild_range", "wild-low", _("wild cards from"))
    wild = set(body["wild"])
    for side in SIDES:
        cards, filled = [], {}
        for row, code in reader.rows(side, ROWS["sabacc"], side_name(side)):
            filled[row] = len(cards)
            reader.place(f"{side}.cards.{len(cards)}", f"{side}-card-{row}", row_label(side_name(side), row))
            cards.append(code)
        reader.place(f"{side}.cards", f"{side}-card-0", side_name(side))
        assigned: dict[str, dict] = {}
        modifiers = {}
        for row, index in filled.items():
            key = str(index)
            value = f"{side}-value-{row}"
            if reader.text(value):  # a wild card's value, or the one chosen of several printed
                kind = "wild" if cards[index] in wild else "printed"
                label = row_label(_on(side, _("value")), row)
                assigned.setdefault(kind, {})[key] = reader.number(
                    value, label, f"{side}.assigned.{kind}.{key}"
                )
            clones = reader.row_choice(f"{side}-clones-{row}", row_label(_on(side, _("clones")), row), filled)
            if clones is not None:
                assigned.setdefault("clones", {})[key] = clones
                reader.place(
                    f"{side}.assigned.clones.{key}",
                    f"{side}-clones-{row}",
                    row_label(_on(side, _("clones")), row),
                )
            modifier = f"{side}-modifier-{row}"
            if reader.text(modifier):
                label = row_label(_on(side, _("destiny ±")), row)
                modifiers[key] = reader.number(modifier, label, f"{side}.modifiers.{key}")
        body[side] = {"cards": cards}
        if assigned:  # any choice typed: the side's choices are the player's (each must then be given)
            body[side]["assigned"] = assigned
        if modifiers:
            body[side]["modifiers"] = modifiers
        lando = reader.text(f"{side}-lando")
        if lando not in LANDO:
            raise FormError("invalid-request", _("Lando: choose +1, −1 or nothing."), f"{side}-lando")
        body[side]["lando"] = LANDO[lando]
    return body


def read_drain(reader: Reader) -> dict:
    if not reader.text("location"):
        raise FormError("invalid-request", _("Give the location."), "location")
    side = reader.text("side")
    reader.place("side", "side", _("Side draining"))
    body = {
        "side": side,
        "location": reader.card("location", _("location"), "location"),
        "cards": {},
        "icons": {},
        "bonus": reader.number("bonus", _("drain bonus"), "bonus"),
        "cancelled": reader.checked("cancelled"),
        "drained_this_turn": reader.checked("drained_this_turn"),
    }
    for side in SIDES:
        present, filled = [], {}
        for row, code in reader.rows(side, ROWS["drain"], side_name(side)):
            path = f"cards.{side}.{len(present)}"
            filled[row] = len(present)
            reader.place(path, f"{side}-card-{row}", row_label(side_name(side), row))
            ability = reader.number(
                f"{side}-ability-{row}", row_label(_on(side, _("ability ±")), row), f"{path}.ability"
            )
            present.append({"card": code, "ability": ability})
        for on, _row, code in _aboard(reader, side, "drain-aboard", filled):
            present[on].setdefault("aboard", []).append(code)
        body["cards"][side] = present
        label = _on(side, _("Force icons ±"))
        body["icons"][side] = reader.number(f"{side}-icons", label, f"icons.{side}")
    return body


PRISON = {"": None, "yes": True, "no": False}


def read_capture(reader: Reader) -> dict:
    capturer = reader.text("capturer") or "dark"
    reader.place("capturer", "capturer", _("Capturing side"))
    reader.rule_fields["light-side-capture"] = "capturer"
    body: dict = {"capturer": capturer, "captured": [], "escorts": []}
    seize, imprison, filled = {}, [], {}
    for row, code in reader.rows("captured", ROWS["capture"], _("captured")):
        filled[row] = len(body["captured"])
        reader.place(
            f"captured.{len(body['captured'])}", f"captured-card-{row}", row_label(_("captured"), row)
        )
        body["captured"].append({"card": code})
        if reader.text(f"captured-seize-{row}"):
            seize[code] = reader.card(
                f"captured-seize-{row}", row_label(_("seized by"), row), f"seize.{code}"
            )
        if reader.checked(f"captured-imprison-{row}"):
            imprison.append(code)
    reader.place("captured", "captured-card-0", _("captured"))
    for row, code in reader.rows("carried", ROWS["carried"], _("carried")):
        on = reader.row_choice(f"carried-on-{row}", row_label(_("carried by"), row), filled)
        if on is None:
            raise FormError(
                "invalid-request",
                _("%(label)s: say which captured character carries it.")
                % {"label": row_label(_("carried"), row)},
                f"carried-on-{row}",
            )
        body["captured"][on].setdefault("carrying", []).append(code)
    for row, code in reader.rows("escort", ROWS["escorts"], _("escorts")):
        body["escorts"].append({"card": code, "escorting": reader.checked(f"escort-escorting-{row}")})
    if reader.text("location"):
        body["location"] = reader.card("location", _("location"), "location")
    prison = reader.text("at_prison")
    if prison not in PRISON:
        raise FormError("invalid-request", _("A prison: choose yes, no or the location's card."), "at_prison")
    if PRISON[prison] is not None:
        body["at_prison"] = PRISON[prison]
    reader.rule_fields["not-a-prison"] = "at_prison" if prison else "location"
    if seize:
        body["seize"] = seize
    if imprison:
        body["imprison"] = imprison
    return body
