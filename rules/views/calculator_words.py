"""The SWCCG calculators' answers worded step by step as the rulebook explains them (the API's answer in, sentences
out); nothing here decides a rule. A battle's words: calculator_battle_words.py; the forms: calculator_reads.py."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.views.calculator_forms import num, side_name, titles


@dataclass
class Answer:
    headline: str
    steps: list[tuple[str, list[str]]]  # (heading, sentences)


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
