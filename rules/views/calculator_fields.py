"""The SWCCG calculator forms as fields the one template lays out (calculator.html), each with the value posted
(or passed by a link), so a page redisplays its form, and the error that is about it, shown beside it. The names
are the ones calculator_reads.py reads."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.views.calculator_forms import FormError, side_name
from rules.views.calculator_reads import ROWS, SIDES


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    kind: str  # card, number, check, text, lines, choice, deck
    value: str | bool = ""
    options: tuple[tuple[str, str], ...] = ()  # a choice's (value, label)s
    error: str = ""


Rows = list[list[Field]]


class Fields:
    """Makes the fields of one posted form."""

    def __init__(self, form, error: FormError | None):
        self.form = form
        self.error = error

    def __call__(self, name: str, label: str, kind: str = "card", options=()) -> Field:
        value = bool(self.form.get(name)) if kind == "check" else (self.form.get(name) or "")
        blamed = self.error.message if self.error is not None and self.error.field == name else ""
        return Field(name, label, kind, value, tuple(options), blamed)


def _numbered(what: str, count: int) -> list[tuple[str, str]]:
    """The choices "row 1" … "row n" that point at another row's card (a pilot's starship, a cloned card)."""
    return [("", "—")] + [(str(n), _("%(what)s %(n)s") % {"what": what, "n": n}) for n in range(1, count + 1)]


def _card(what: str, row: int) -> str:
    return _("%(what)s %(n)s") % {"what": what, "n": row + 1}


def _battle(f: Fields) -> list[tuple[str, Rows]]:
    sections = [
        (
            _("The battle"),
            [[f("location", _("Location (decides the text's “at …”)")),
              f("ignore-text", _("Leave the cards' own text out"), "check")]],
        )
    ]  # fmt: skip
    for side in SIDES:
        rows = [
            [
                f(f"{side}-card-{i}", _card(_("Card"), i)),
                f(f"{side}-power-{i}", _("Power ±"), "number"),
                f(f"{side}-ability-{i}", _("Ability ±"), "number"),
                f(f"{side}-forfeit-{i}", _("Forfeit ±"), "number"),
                f(f"{side}-immune-{i}", _("Immune to attrition < (0: none)"), "number"),
                f(f"{side}-hit-{i}", _("Hit"), "check"),
            ]
            for i in range(ROWS["battle"])
        ]
        rows += [
            [
                f(f"{side}-aboard-card-{i}", _card(_("Pilot or passenger"), i)),
                f(f"{side}-aboard-on-{i}", _("aboard"), "choice", _numbered(_("Card"), ROWS["battle"])),
                f(f"{side}-aboard-ability-{i}", _("Ability ±"), "number"),
            ]
            for i in range(ROWS["battle-aboard"])
        ]
        rows.append(
            [
                f(f"{side}-destinies", _("Battle destinies drawn (e.g. 3 5)"), "text"),
                f(f"{side}-destiny-bonus", _("Each destiny ±"), "number"),
                f(f"{side}-extra-destinies", _("Battle destinies added by card text"), "number"),
                f(f"{side}-destinies-if-unable", _("Battle destinies allowed without ability 4"), "number"),
            ]
        )
        rows.append(
            [
                f(f"{side}-power-bonus", _("Total power ±"), "number"),
                f(f"{side}-attrition-bonus", _("Attrition ±"), "number"),
                f(f"{side}-damage-bonus", _("Battle damage ±"), "number"),
                f(f"{side}-deck", _("Or draw from saved deck no."), "deck"),
            ]
        )
        sections.append((side_name(side), rows))
    return sections


def _sabacc(f: Fields) -> list[tuple[str, Rows]]:
    lando = [("", "—"), ("1", "+1"), ("-1", "−1")]
    sections = []
    for side in SIDES:
        rows = [
            [
                f(f"{side}-card-{i}", _card(_("Card"), i)),
                f(f"{side}-value-{i}", _("Value (wild card, or one of several printed)"), "number"),
                f(f"{side}-clones-{i}", _("Clones"), "choice", _numbered(_("Card"), ROWS["sabacc"])),
                f(f"{side}-modifier-{i}", _("Destiny ±"), "number"),
            ]
            for i in range(ROWS["sabacc"])
        ]
        rows.append([f(f"{side}-lando", _("Lando's game text changes the total by"), "choice", lando)])
        sections.append((side_name(side), rows))
    special = [
        [
            f("wild", _("Wild cards"), "lines"),
            f("clones", _("Clone cards"), "lines"),
            f("stakes", _("Stakes"), "lines"),
        ],
        [
            f("wild-low", _("Wild cards take values from (1)"), "number"),
            f("wild-high", _("to (6)"), "number"),
        ],
    ]
    sections.append((_("Cards with special values (one a line)"), special))
    return sections


def _drain(f: Fields) -> list[tuple[str, Rows]]:
    sides = [("light", _("Light Side")), ("dark", _("Dark Side"))]
    sections = [
        (
            _("The drain"),
            [
                [
                    f("side", _("Side draining"), "choice", sides),
                    f("location", _("Location")),
                    f("bonus", _("Drain bonus ±"), "number"),
                ],
                [
                    f("cancelled", _("Cancelled by card text"), "check"),
                    f("drained_this_turn", _("Already drained here this turn"), "check"),
                ],
            ],
        )
    ]
    for side in SIDES:
        rows = [
            [f(f"{side}-card-{i}", _card(_("Card"), i)), f(f"{side}-ability-{i}", _("Ability ±"), "number")]
            for i in range(ROWS["drain"])
        ]
        rows += [
            [
                f(f"{side}-aboard-card-{i}", _card(_("Pilot or passenger"), i)),
                f(f"{side}-aboard-on-{i}", _("aboard"), "choice", _numbered(_("Card"), ROWS["drain"])),
            ]
            for i in range(ROWS["drain-aboard"])
        ]
        rows.append([f(f"{side}-icons", _("Force icons ± at the location (card text)"), "number")])
        sections.append((side_name(side), rows))
    return sections


def _capture(f: Fields) -> list[tuple[str, Rows]]:
    capturers = [("dark", _("Dark Side")), ("light", _("Light Side"))]
    prison = [("", _("as the location's card says")), ("yes", _("yes")), ("no", _("no"))]
    where = [
        [
            f("capturer", _("Capturing side"), "choice", capturers),
            f("location", _("Location (a prison?)")),
            f("at_prison", _("A prison"), "choice", prison),
        ]
    ]
    captured = [
        [
            f(f"captured-card-{i}", _card(_("Captured"), i)),
            f(f"captured-seize-{i}", _("Seized by")),
            f(f"captured-imprison-{i}", _("Imprison"), "check"),
        ]
        for i in range(ROWS["capture"])
    ]
    captured += [
        [
            f(f"carried-card-{i}", _card(_("Carried or deployed on it"), i)),
            f(f"carried-on-{i}", _("by"), "choice", _numbered(_("Captured"), ROWS["capture"])),
        ]
        for i in range(ROWS["carried"])
    ]
    escorts = [
        [
            f(f"escort-card-{i}", _card(_("Escort"), i)),
            f(f"escort-escorting-{i}", _("Already escorting"), "check"),
        ]
        for i in range(ROWS["escorts"])
    ]
    return [
        (_("Where"), where),
        (_("Captured characters (Light Side)"), captured),
        (_("Escorts at the location (Dark Side)"), escorts),
    ]


LAYOUTS = {"battle": _battle, "sabacc": _sabacc, "drain": _drain, "capture": _capture}


def form_sections(kind: str, form, error: FormError | None = None) -> list[tuple[str, Rows]]:
    """[(legend, rows of fields)] of a calculator's form."""
    return LAYOUTS[kind](Fields(form, error))


def placed(sections, error: FormError | None) -> bool:
    """Whether the error is shown beside one of the form's fields."""
    return error is not None and any(f.error for _legend, rows in sections for row in rows for f in row)
