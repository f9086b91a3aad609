"""The SWCCG calculator pages: a posted form read into the calculator API's request body, and the API's answer
worded step by step as the rulebook explains it. The rules themselves stay in rules/swccg (reached through the
API module's *_answer functions, so a page and the API always agree); nothing here decides a rule."""

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from rest_framework import serializers

from cardsdb.api.errors import ApiError
from cardsdb.models import Card
from cardsdb.naming import find_card
from rules.api import swccg_rules as api
from rules.swccg.battle import BATTLE_DESTINY_ABILITY

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
    if reserves:  # destinies drawn from the decks: the exact odds instead of one outcome
        body["simulate"] = {"dark": reserves.get("dark", []), "light": reserves.get("light", [])}
    return body


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


# ---- the answers in words ----


@dataclass
class Answer:
    headline: str
    steps: list[tuple[str, list[str]]]  # (heading, sentences)


def explain_battle(body: dict, answer: dict) -> Answer:
    if "outcomes" in answer:
        return _explain_odds(answer)
    steps = []
    sides = answer["sides"]
    for side in ("dark", "light"):
        figures, said = sides[side], []
        cards = " + ".join(f"{c['title']} {num(c['power'])}" for c in figures["cards"])
        bonus = figures["power"] - sum(c["power"] for c in figures["cards"])
        said.append(
            _("Power: %(cards)s = %(power)s.") % {"cards": cards, "power": num(figures["power"])}
            if not bonus
            else _("Power: %(cards)s, %(bonus)s from card text = %(power)s.")
            % {"cards": cards, "bonus": f"{bonus:+g}", "power": num(figures["power"])}
        )
        allowed = figures["destinies_allowed"]
        if figures["ability"] >= BATTLE_DESTINY_ABILITY:
            said.append(
                _("Ability %(ability)s (4 or more): may draw %(n)s battle destiny.")
                % {"ability": num(figures["ability"]), "n": allowed}
            )
        else:
            said.append(
                _("Ability %(ability)s (below 4): may draw %(n)s battle destiny.")
                % {"ability": num(figures["ability"]), "n": allowed}
            )
        drawn = body[side]["destinies"]
        if drawn:
            said.append(
                _("Battle destiny drawn: %(drawn)s, counting %(total)s.")
                % {"drawn": ", ".join(num(d) for d in drawn), "total": num(figures["destiny_total"])}
            )
        said.append(
            _("Total: power %(power)s + destiny %(destiny)s = %(total)s.")
            % {
                "power": num(figures["power"]),
                "destiny": num(figures["destiny_total"]),
                "total": num(figures["total"]),
            }
        )
        steps.append((side_name(side), said))
    winner = answer["winner"]
    if winner:
        loser = "light" if winner == "dark" else "dark"
        headline = _("%(winner)s wins, %(high)s to %(low)s.") % {
            "winner": side_name(winner),
            "high": num(sides[winner]["total"]),
            "low": num(sides[loser]["total"]),
        }
    else:
        headline = _("A tie at %(total)s: nobody wins and nobody takes battle damage.") % {
            "total": num(sides["dark"]["total"])
        }
    names = {c["card_id"]: c["title"] for side in sides.values() for c in side["cards"]}
    forfeits = {c["card_id"]: c["forfeit"] for side in sides.values() for c in side["cards"]}
    for side in ("dark", "light"):
        figures, said = sides[side], []
        opponent = "light" if side == "dark" else "dark"
        if figures["battle_damage"]:
            said.append(
                _("Battle damage: %(side)s loses %(n)s (the difference between the totals).")
                % {"side": side_name(side), "n": num(figures["battle_damage"])}
            )
        if figures["attrition"]:
            said.append(
                _(
                    "Attrition: %(side)s must forfeit at least %(n)s from the location (%(opponent)s's destiny)."
                )
                % {"side": side_name(side), "n": num(figures["attrition"]), "opponent": side_name(opponent)}
            )
        else:
            said.append(_("No attrition: %(opponent)s drew no destiny.") % {"opponent": side_name(opponent)})
        if figures["immune"]:
            said.append(
                _("Immune to that attrition: %(cards)s.")
                % {"cards": ", ".join(names[i] for i in figures["immune"])}
            )
        if figures["hit"]:
            said.append(
                _("Hit cards are forfeited whatever happens: %(cards)s.")
                % {"cards": ", ".join(names[i] for i in figures["hit"])}
            )
        if figures["attrition_forfeits"]:
            said.append(
                _("Forfeited for attrition: %(cards)s.")
                % {
                    "cards": ", ".join(
                        f"{names[i]} ({num(forfeits[i])})" for i in figures["attrition_forfeits"]
                    )
                }
            )
        if figures["attrition_ignored"]:
            said.append(
                _("%(n)s attrition is left with no card to forfeit: it is ignored.")
                % {"n": num(figures["attrition_ignored"])}
            )
        if figures["force_to_lose"]:
            said.append(
                _("Still to lose: %(n)s Force (or forfeit more cards from the location).")
                % {"n": num(figures["force_to_lose"])}
            )
        elif figures["battle_damage"]:
            said.append(_("The forfeited cards cover the battle damage."))
        steps.append((_("What %(side)s loses") % {"side": side_name(side)}, said))
    return Answer(headline, steps)


def _percent(p: float) -> str:
    return f"{p * 100:.1f}%"


def _explain_odds(answer: dict) -> Answer:
    chance = {k: answer["winner"].get(k, {"p": 0})["p"] for k in ("dark", "light", "tie")}  # absent: never
    headline = _(
        "Drawing destiny from the decks: %(dark)s wins %(pd)s, %(light)s wins %(pl)s, a tie %(pt)s."
    ) % {
        "dark": side_name("dark"),
        "pd": _percent(chance["dark"]),
        "light": side_name("light"),
        "pl": _percent(chance["light"]),
        "pt": _percent(chance["tie"]),
    }
    steps = []
    for side in ("dark", "light"):
        figures = answer["sides"][side]
        said = [
            _("Battle destiny draws: %(n)s.") % {"n": figures["draws"]},
            _("Force expected to lose: %(n)s.") % {"n": f"{figures['expected_force_to_lose']:.2f}"},
        ]
        said += [
            _("Destiny total %(value)s: %(p)s.") % {"value": num(row["value"]), "p": _percent(row["p"])}
            for row in figures["destiny_totals"]
        ]
        steps.append((side_name(side), said))
    return Answer(headline, steps)


REASONS = {
    "perfect-sabacc": lambda: _("a perfect sabacc (exactly 11 with the first two cards) wins"),
    "both-perfect-sabacc": lambda: _("both have a perfect sabacc: a draw"),
    "closest-to-11": lambda: _("closest to 11 without going over wins"),
    "both-over-closest-to-11": lambda: _("both are over 11: the closer wins"),
    "fewer-cards": lambda: _("a tie: fewer cards wins"),
    "draw": lambda: _("the same total with as many cards: a draw"),
}


def explain_sabacc(body: dict, answer: dict) -> Answer:
    names = titles([i for side in ("dark", "light") for i in body[side]["cards"]])
    steps = []
    for side in ("dark", "light"):
        figures = answer[side]
        ids = body[side]["cards"]
        wild = dict(map(tuple, figures["assignment"]["wild"]))
        clones = dict(map(tuple, figures["assignment"]["clones"]))
        parts = []
        for i, (code, value) in enumerate(zip(ids, figures["values"], strict=False)):
            part = f"{names.get(code, code)} {num(value)}"
            if i in wild:
                part += " " + _("(wild)")
            if i in clones:
                part += " " + _("(clones %(card)s)") % {"card": names.get(ids[clones[i]], ids[clones[i]])}
            parts.append(part)
        said = [
            _("Hand: %(cards)s = %(total)s.") % {"cards": " + ".join(parts), "total": num(figures["total"])}
        ]
        if figures["lando"]:
            said.append(_("Lando's game text: %(n)s.") % {"n": f"{figures['lando']:+d}"})
        if figures["perfect_sabacc"]:
            said.append(_("A perfect sabacc."))
        elif figures["over"]:
            said.append(_("Over 11."))
        steps.append((side_name(side), said))
    reason = REASONS.get(answer["reason"], lambda: answer["reason"])()
    headline = (
        _("%(winner)s wins: %(reason)s.") % {"winner": side_name(answer["winner"]), "reason": reason}
        if answer["winner"]
        else _("A draw: %(reason)s.") % {"reason": reason}
    )
    forfeit = answer["forfeit"]
    if forfeit:
        options = []
        for lost in forfeit["options"]:
            title = names.get(lost["card_id"], lost["card_id"])
            if lost["pile"] == "used":
                where = _("a stake: to %(side)s's Used Pile") % {"side": side_name(lost["pile_owner"])}
            else:
                where = _("to %(side)s's Lost Pile") % {"side": side_name(lost["pile_owner"])}
            if lost["becomes"]:
                where += ", " + _("becomes %(allegiance)s") % {"allegiance": lost["becomes"]}
            options.append(f"{title} ({where})")
        if forfeit["pick"] == 2:
            said = [
                _("%(loser)s loses both: %(cards)s.")
                % {"loser": side_name(forfeit["loser"]), "cards": "; ".join(options)}
            ]
        else:
            said = [
                _("%(chooser)s picks one card of %(loser)s's hand: %(cards)s.")
                % {
                    "chooser": side_name(forfeit["chooser"]),
                    "loser": side_name(forfeit["loser"]),
                    "cards": "; ".join(options),
                }
            ]
        steps.append((_("What the loser gives up"), said))
    return Answer(headline, steps)


def explain_drain(body: dict, answer: dict) -> Answer:
    said = []
    for side in ("dark", "light"):
        said.append(
            (
                _("%(side)s has presence (ability 1 or more).")
                if answer["presence"][side]
                else _("%(side)s has no presence.")
            )
            % {"side": side_name(side)}
        )
    controls = answer["controls"]
    said.append(
        _("%(side)s controls %(location)s.")
        % {"side": side_name(controls), "location": answer["location"]["title"]}
        if controls
        else _("Nobody controls %(location)s.") % {"location": answer["location"]["title"]}
    )
    said.append(_("The opponent's Force icons there: %(n)s.") % {"n": num(answer["opponent_icons"])})
    steps = [(_("Control"), said)]
    side = side_name(body["side"])
    if answer["allowed"]:
        headline = _("%(side)s may Force drain for %(n)s.") % {"side": side, "n": num(answer["amount"])}
    else:
        headline = _("%(side)s may not Force drain here.") % {"side": side}
        steps.append((_("Why not"), [f"{r['message']} ({r['code']})" for r in answer["reasons"]]))
    return Answer(headline, steps)


def explain_capture(body: dict, answer: dict) -> Answer:
    ids = list(answer["options"]) + [e["card"] for e in body["escorts"]] + list(answer["still_count"])
    names = titles(ids)

    def name(code: str) -> str:
        return names.get(code, code)

    steps = []
    for captive, option in answer["options"].items():
        said = [
            _("May be seized by: %(cards)s.") % {"cards": ", ".join(map(name, option["seize"]))}
            if option["seize"]
            else _("No escort here may seize it.")
        ]
        said.append(
            _("May be imprisoned.") if option["imprison"] else _("May not be imprisoned (only at a prison).")
        )
        if captive in answer["seized"]:
            said.append(_("Seized by %(card)s.") % {"card": name(answer["seized"][captive])})
        elif captive in answer["imprisoned"]:
            said.append(_("Imprisoned."))
        elif captive in answer["escaped"]:
            said.append(_("Escapes to the Light Side's Used Pile."))
        steps.append((name(captive), said))
    if answer["still_count"]:
        steps.append(
            (
                _("Uniqueness"),
                [
                    _("Still count for uniqueness and personas: %(cards)s.")
                    % {"cards": ", ".join(map(name, answer["still_count"]))}
                ],
            )
        )
    headline = _("%(seized)s seized, %(imprisoned)s imprisoned, %(escaped)s escaped.") % {
        "seized": len(answer["seized"]),
        "imprisoned": len(answer["imprisoned"]),
        "escaped": len(answer["escaped"]),
    }
    return Answer(headline, steps)


@dataclass(frozen=True)
class Calculator:
    title: Callable[[], str]
    about: Callable[[], str]
    read: Callable
    serializer: type
    answer: Callable[[dict], dict]
    explain: Callable[[dict, dict], Answer]


CALCULATORS = {
    "battle": Calculator(
        lambda: _("Battle calculator"),
        lambda: _("Power, battle destiny, attrition and battle damage at one location."),
        read_battle,
        api.BattleIn,
        api.battle_answer,
        explain_battle,
    ),
    "sabacc": Calculator(
        lambda: _("Sabacc calculator"),
        lambda: _("Each hand's value, the winner and what the loser gives up."),
        read_sabacc,
        api.SabaccIn,
        api.sabacc_answer,
        explain_sabacc,
    ),
    "drain": Calculator(
        lambda: _("Force drain calculator"),
        lambda: _("Presence, control and how much a Force drain makes the opponent lose."),
        read_drain,
        api.DrainIn,
        api.drain_answer,
        explain_drain,
    ),
    "capture": Calculator(
        lambda: _("Capture calculator"),
        lambda: _("Who may seize or imprison a captured character, and who escapes."),
        read_capture,
        api.CaptureIn,
        api.capture_answer,
        explain_capture,
    ),
}


# ---- the forms, as fields the template lays out (one template for the four) ----


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    kind: str  # card, number, check, text, lines, side, deck
    value: str = ""


def _field(form, name: str, label: str, kind: str) -> Field:
    return Field(name, label, kind, (form.get(name) or "") if kind != "check" else bool(form.get(name)))


def form_sections(kind: str, form) -> list[tuple[str, list[list[Field]]]]:
    """[(legend, rows of fields)] with the values posted (or passed by a link), so a page redisplays its form."""
    f = lambda name, label, what="card": _field(form, name, label, what)  # noqa: E731
    sections = []
    if kind == "battle":
        for side in ("dark", "light"):
            card_rows = [
                [
                    f(f"{side}-card-{i}", _("Card")),
                    f(f"{side}-power-{i}", _("Power ±"), "number"),
                    f(f"{side}-hit-{i}", _("Hit"), "check"),
                ]
                for i in range(ROWS["battle"])
            ]
            card_rows.append(
                [
                    f(f"{side}-destinies", _("Battle destinies drawn (e.g. 3 5)"), "text"),
                    f(f"{side}-destiny-bonus", _("Each destiny ±"), "number"),
                    f(f"{side}-power-bonus", _("Total power ±"), "number"),
                    f(f"{side}-deck", _("Or draw from saved deck no."), "deck"),
                ]
            )
            sections.append((side_name(side), card_rows))
    elif kind == "sabacc":
        for side in ("dark", "light"):
            sections.append(
                (side_name(side), [[f(f"{side}-card-{i}", _("Card"))] for i in range(ROWS["sabacc"])])
            )
        sections.append(
            (
                _("Cards with special values (one a line)"),
                [
                    [
                        f("wild", _("Wild cards"), "lines"),
                        f("clones", _("Clone cards"), "lines"),
                        f("stakes", _("Stakes"), "lines"),
                    ]
                ],
            )
        )
    elif kind == "drain":
        sections.append(
            (
                _("The drain"),
                [[f("side", _("Side draining"), "side"), f("location", _("Location")), f("bonus", _("Drain bonus ±"), "number")],
                 [f("cancelled", _("Cancelled by card text"), "check"), f("drained_this_turn", _("Already drained here this turn"), "check")]],
            )
        )  # fmt: skip
        for side in ("dark", "light"):
            sections.append(
                (side_name(side), [[f(f"{side}-card-{i}", _("Card"))] for i in range(ROWS["drain"])])
            )
    elif kind == "capture":
        sections.append((_("Where"), [[f("location", _("Location (a prison?)"))]]))
        sections.append(
            (
                _("Captured characters (Light Side)"),
                [
                    [
                        f(f"captured-card-{i}", _("Captured")),
                        f(f"captured-seize-{i}", _("Seized by")),
                        f(f"captured-imprison-{i}", _("Imprison"), "check"),
                    ]
                    for i in range(ROWS["capture"])
                ],
            )
        )
        sections.append(
            (
                _("Escorts at the location (Dark Side)"),
                [
                    [
                        f(f"escort-card-{i}", _("Escort")),
                        f(f"escort-escorting-{i}", _("Already escorting"), "check"),
                    ]
                    for i in range(ROWS["escorts"])
                ],
            )
        )
    return sections
