"""The battle calculator's answer worded step by step as the rulebook explains a battle: power (pilots and
passengers add ability), battle destiny, what card text changed, totals, battle damage and attrition; or, with
destiny drawn from the decks, each outcome's chance. Nothing here decides a rule."""

from django.utils.translation import gettext as _

from rules.swccg.battle import BATTLE_DESTINY_ABILITY
from rules.views.calculator_forms import num, side_name
from rules.views.calculator_words import Answer


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
