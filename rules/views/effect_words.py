"""SWCCG game text effects (rules/swccg/gametext) worded for people, in the interface's language: each kind's name,
and one effect as its kind, its number and what it is about ("power +4", "adds to destiny draws +1 — each of your
battle destiny draws"). The battle calculator's page and the card page's "How the rules read this card" use it."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules.swccg.gametext import CONDITION_KINDS, KINDS, UNREAD

KIND_NAMES = {
    "power": gettext_lazy("power"),
    "ability": gettext_lazy("ability"),
    "forfeit": gettext_lazy("forfeit"),
    "defense-value": gettext_lazy("defense value"),
    "deploy-cost": gettext_lazy("deploy cost"),
    "destiny": gettext_lazy("destiny number"),
    "landspeed": gettext_lazy("landspeed"),
    "hyperspeed": gettext_lazy("hyperspeed"),
    "maneuver": gettext_lazy("maneuver"),
    "armor": gettext_lazy("armor"),
    "politics": gettext_lazy("politics"),
    "stat-not-increased": gettext_lazy("may not be increased"),
    "stat-not-reduced": gettext_lazy("may not be reduced"),
    "pilot-power": gettext_lazy("adds to the power of what it pilots"),
    "pilot-maneuver": gettext_lazy("adds to the maneuver of what it pilots"),
    "pilot-hyperspeed": gettext_lazy("adds to the hyperspeed of what it pilots"),
    "pilot-armor": gettext_lazy("adds to the armor of what it pilots"),
    "permanent-pilot": gettext_lazy("permanent pilot"),
    "may-add-pilots": gettext_lazy("room for pilots"),
    "may-add-passengers": gettext_lazy("room for passengers"),
    "may-add-pilots-or-passengers": gettext_lazy("room for pilots or passengers"),
    "may-add-cards": gettext_lazy("room for other cards aboard"),
    "adds-battle-destiny": gettext_lazy("adds battle destiny draws"),
    "draws-battle-destiny": gettext_lazy("draws battle destiny if unable to otherwise"),
    "destiny-to-total": gettext_lazy("draws destiny into a total"),
    "adds-to-destiny": gettext_lazy("adds to destiny draws"),
    "immune-attrition": gettext_lazy("immune to attrition below"),
    "immune-to": gettext_lazy("immune to"),
    "not-weapon-target": gettext_lazy("may not be targeted by weapons"),
    "battle-destiny-limit": gettext_lazy("limits battle destiny draws"),
    "attrition": gettext_lazy("adds to attrition"),
    "total-power": gettext_lazy("adds to total power"),
    "total-ability": gettext_lazy("total ability"),
    "force-drain": gettext_lazy("Force drain"),
    "may-initiate-battle": gettext_lazy("may initiate battle"),
    "lightsaber-combat": gettext_lazy("lightsaber combat"),
    "deploys-only-on": gettext_lazy("deploys only on"),
    "may-not-deploy-to": gettext_lazy("may not deploy to"),
    "deploy-aboard": gettext_lazy("may deploy as"),
    "deploy-without-presence": gettext_lazy("deploys without presence or Force icons"),
    "move-react": gettext_lazy("may move as a react"),
    "deploys-and-moves-like": gettext_lazy("deploys and moves like"),
    "may-deploy-to": gettext_lazy("may deploy to"),
    "no-react": gettext_lazy("opponent may not react"),
    "may-not-move": gettext_lazy("may not move"),
    "move-without-presence": gettext_lazy("moves without presence aboard"),
    "needs-pilot-aboard": gettext_lazy("needs a pilot aboard"),
    "may-pilot-only": gettext_lazy("may pilot only"),
    "ship-docking": gettext_lazy("ship-docking capability"),
    "weapon-target": gettext_lazy("weapon targets"),
    "weapon-fire-cost": gettext_lazy("cost to fire"),
    "weapon-destiny": gettext_lazy("weapon destiny draws"),
    "weapon-fire-repeatedly": gettext_lazy("may fire repeatedly"),
    "weapon-fire-times": gettext_lazy("times it may fire"),
    "fires-several-weapons": gettext_lazy("may fire several weapons"),
    "weapon-hit": gettext_lazy("hits when the destiny beats"),
    "permanent-weapon": gettext_lazy("permanent weapon"),
    "deploys-on": gettext_lazy("deploys on"),
    "force-cost": gettext_lazy("Force cost"),
    "take-into-hand": gettext_lazy("takes into hand"),
    "deploy-from-pile": gettext_lazy("deploys from a pile"),
    "peek": gettext_lazy("peeks at"),
    "cancel": gettext_lazy("cancels"),
    "cancel-and-redraw": gettext_lazy("cancels and redraws"),
    "reset": gettext_lazy("resets"),
    "retrieve-force": gettext_lazy("retrieves Force"),
    "lose-force": gettext_lazy("loses Force"),
    "opponent-loses-force": gettext_lazy("opponent loses Force"),
    "activate-force": gettext_lazy("activates Force"),
    "draw-destiny": gettext_lazy("draws destiny"),
    "target": gettext_lazy("targets"),
    "may-be-targeted-by": gettext_lazy("may be targeted by"),
    "place": gettext_lazy("places"),
    "draw-cards": gettext_lazy("draws cards"),
    "steal": gettext_lazy("steals"),
    "retrieve": gettext_lazy("retrieves"),
    "exchange": gettext_lazy("exchanges"),
    "reveal": gettext_lazy("reveals"),
    "search": gettext_lazy("searches"),
    "relocate": gettext_lazy("relocates"),
    "follow": gettext_lazy("follows"),
    "play": gettext_lazy("plays"),
    "lost": gettext_lazy("is lost"),
    "suspend": gettext_lazy("suspends"),
    "force-generation": gettext_lazy("Force generation"),
    "force-icons": gettext_lazy("adds Force icons"),
    "move-cost": gettext_lazy("moves for free"),
    "may-deploy-aboard": gettext_lazy("may deploy aboard it"),
    "landspeed-cost": gettext_lazy("landspeed costs more"),
    "agenda": gettext_lazy("agenda"),
    "maintenance": gettext_lazy("maintenance"),
    UNREAD: gettext_lazy("not read"),
    "captured": gettext_lazy("captured"),
    "shuffle": gettext_lazy("shuffles a pile"),
    "duel": gettext_lazy("duel"),
    "return-to-hand": gettext_lazy("returns to its owner's hand"),
    "explodes": gettext_lazy("explodes"),
    "wager": gettext_lazy("makes a wager"),
    "x-value": gettext_lazy("sets X"),
    "may-use": gettext_lazy("may use"),
    "may-not-use": gettext_lazy("may not use"),
    "may-not-play": gettext_lazy("may not play"),
    "may-not-cancel": gettext_lazy("may not cancel"),
    "may-not-be": gettext_lazy("may not be"),
    "moves-only-to": gettext_lazy("moves only to"),
    "deploys-only-so": gettext_lazy("deploys only this way"),
    "may-not-move-to": gettext_lazy("may not move to"),
    "force-drain-protected": gettext_lazy("Force drains protected"),
    "counts-as": gettext_lazy("counts as"),
    "satisfies": gettext_lazy("satisfies at once"),
    "forfeit-in-place-of": gettext_lazy("forfeited in place of another"),
    "may-escort-captive": gettext_lazy("may escort a captive"),
    "may-be-battled": gettext_lazy("may be battled"),
    "disembark": gettext_lazy("disembark"),
    "predict-winner": gettext_lazy("predicts the battle's winner"),
    "break-cover": gettext_lazy("breaks cover"),
    "used-interrupt": gettext_lazy("a used Interrupt"),
    "flip": gettext_lazy("flips"),
    "adds-to-total": gettext_lazy("adds to a total"),
}
assert set(KIND_NAMES) == {*KINDS, UNREAD}, "every kind has its name for people"

CONDITION_NAMES = {
    "with": gettext_lazy("while with %(subject)s"),
    "present-with": gettext_lazy("while present with %(subject)s"),
    "at": gettext_lazy("while at %(subject)s"),
    "in-battle": gettext_lazy("while in battle"),
    "piloted-by": gettext_lazy("while piloted by %(subject)s"),
    "piloting": gettext_lazy("while piloting %(subject)s"),
    "armed-with": gettext_lazy("while armed with %(subject)s"),
    "aboard": gettext_lazy("while aboard %(subject)s"),
    "on-table": gettext_lazy("while %(subject)s is on table"),
    "here": gettext_lazy("while %(subject)s is here"),
    "alone": gettext_lazy("while alone"),
    "targeting": gettext_lazy("when targeting %(subject)s"),
    "deployed": gettext_lazy("when deployed"),
    "phase": gettext_lazy("during %(subject)s"),
    "state": gettext_lazy("when %(subject)s"),
    "all": gettext_lazy("when all of these hold"),
    "any": gettext_lazy("when one of these holds"),
}
assert set(CONDITION_NAMES) == set(CONDITION_KINDS)


def kind_name(kind: str) -> str:
    return str(KIND_NAMES.get(kind, kind))


def _number(number: float) -> str:
    return f"{number:g}"


def effect_words(kind: str, amount=None, value=None, target: str = "") -> str:
    """One effect for people: "power +4", "immune to attrition below 5", "deploy cost = 0 — your Jedi"."""
    words = kind_name(kind)
    if kind == "immune-attrition":
        words += " " + (_number(amount) if amount is not None else _("any attrition"))
    elif amount is not None:
        words += f" {amount:+g}"
    if value is not None:
        words += f" = {_number(value)}"
    if target and kind != UNREAD:
        words += f" — {target}"
    return words


def condition_words(condition) -> str:
    """A condition for people (`condition` as the reader gives it, or as the battle API's answer gives it)."""
    if condition is None:
        return ""
    get = condition.get if isinstance(condition, dict) else lambda name: getattr(condition, name)
    pattern = CONDITION_NAMES.get(get("kind"))
    words = str(pattern) % {"subject": get("subject")} if pattern else get("subject")
    return _("not: %(condition)s") % {"condition": words} if get("negated") else words
