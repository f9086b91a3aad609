"""The SWCCG calculators' answers worded step by step as the rulebook explains them (the API's answer in, sentences
out); nothing here decides a rule. The forms: calculator_forms.py."""

from dataclasses import dataclass

from django.utils.translation import gettext as _

from rules.swccg.battle import BATTLE_DESTINY_ABILITY
from rules.views.calculator_forms import num, side_name, titles


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
        for carrier in figures["cards"]:
            if carrier.get("aboard"):
                said.append(
                    _("Aboard %(carrier)s: %(cards)s (they add ability, not power).")
                    % {
                        "carrier": carrier["title"],
                        "cards": ", ".join(
                            f"{c['title']} ({_('ability')} {num(c['ability'])})" for c in carrier["aboard"]
                        ),
                    }
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
        said += _card_text(body[side], figures)
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


def _card_text(stated: dict, figures: dict) -> list[str]:
    """What the side's card text (stated on the form) changed: battle destiny draws, attrition, battle damage."""
    said = []
    if figures["ability"] >= BATTLE_DESTINY_ABILITY and stated["extra_destinies"]:
        said.append(_("Card text adds %(n)s battle destiny draws.") % {"n": num(stated["extra_destinies"])})
    if figures["ability"] < BATTLE_DESTINY_ABILITY and stated["destinies_if_unable"]:
        said.append(
            _("Card text allows %(n)s battle destiny draws without the ability.")
            % {"n": num(stated["destinies_if_unable"])}
        )
    if stated["attrition_bonus"]:
        said.append(_("Card text: attrition it causes %(n)s.") % {"n": f"{stated['attrition_bonus']:+g}"})
    if stated["damage_bonus"]:
        said.append(_("Card text: battle damage it causes %(n)s.") % {"n": f"{stated['damage_bonus']:+g}"})
    return said


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
