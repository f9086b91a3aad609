"""What a card's own text forbids, as the game text reader reads it (CcgCard.effects): where it deploys
(`deploys-only-on`, `may-not-deploy-to`), whether it moves (`may-not-move`), and its permanent weapon, which is the
character's and never leaves it (`permanent-weapon-separated`, `no-permanent-weapon`).

Only what the text states without a condition is checked, and a place only when the table's names and icons decide
it (rules/swccg/places.py): a restriction the referee cannot decide is not a violation. Each message quotes the
sentence the restriction comes from."""

from ..places import place_matches
from ..table import Instance
from .judge import Judge

PERMANENT = "permanent"  # an event's "weapon": the character's permanent weapon rather than the card itself


# The words a sentence about the card itself opens with. The reader keeps no subject for these kinds, so "Jar Jar
# and opponent's spies may not deploy to Death Star" (Tarkin's text, about other cards) reads as the same
# may-not-deploy-to as "May not deploy to Hoth": only a sentence that opens with the restriction is the card's own.
_OWN = (
    "deploys only",
    "deploy only",
    "may deploy only",
    "must deploy",
    "must be deployed",
    "may not deploy",
    "may not be deployed",
    "does not deploy",
    "cannot move",
    "may not move",
)


_REACT = "as a 'react'"


def _stated(card: Instance, kind: str):
    """The card's own effects of `kind` that hold whatever happens: about itself, no condition, not optional."""
    return [
        e
        for e in card.card.effects
        if e.kind == kind
        and e.condition is None
        and "may" not in e.detail
        and e.sentence.lstrip("'\"").casefold().startswith(_OWN)
    ]


def permanent_weapon(card: Instance) -> str | None:
    """The name of the character's permanent weapon ("•Luke's Lightsaber"), "" when it has one the reader did not
    name, None when it has none."""
    for effect in card.card.effects:
        if effect.kind == "permanent-weapon":
            return effect.target
    named = card.card.has("permanent weapon") or "permanent weapon" in card.card.gametext.casefold()
    return "" if named else None  # its icon, or a sentence the reader left unread


class TextRules(Judge):
    def check_deploy_text(
        self, card: Instance, location: Instance, carrier: Instance | None, reaction: bool
    ) -> None:
        aboard = carrier.card if carrier is not None else None
        for effect in _stated(card, "deploys-only-on"):
            target = effect.target
            if target.casefold().startswith(
                _REACT
            ):  # Lobot: "Deploys only as a 'react' to a Cloud City site …"
                target = target[len(_REACT) :].strip()
                if not reaction:
                    self.broke(
                        "deploys-only-on",
                        f"{card.card.title} deploys only as a 'react' (\"{effect.sentence}\"); the record does not "
                        "deploy it as one.",
                        card,
                    )
            if target and place_matches(target, location.card, aboard) is False:
                self.broke(
                    "deploys-only-on",
                    f'{card.card.title} deploys only on {effect.target} ("{effect.sentence}"); '
                    f"{location.card.title} is not there.",
                    card,
                    location,
                )
        for effect in _stated(card, "may-not-deploy-to"):
            if effect.target and place_matches(effect.target, location.card, aboard) is True:
                self.broke(
                    "may-not-deploy-to",
                    f'{card.card.title} may not deploy to {effect.target} ("{effect.sentence}"); '
                    f"{location.card.title} is there.",
                    card,
                    location,
                )

    def check_move_text(self, card: Instance) -> None:
        for effect in _stated(card, "may-not-move"):
            if not effect.target:  # its own "Cannot move."; a target is other cards
                self.broke("may-not-move", f'{card.card.title} may not move ("{effect.sentence}").', card)

    def permanent_weapon_of(self, card: Instance) -> str | None:
        """For an event naming a character's permanent weapon: its name, or a violation and None when the
        character has none."""
        name = permanent_weapon(card)
        if name is None:
            self.broke(
                "no-permanent-weapon",
                f"{card.card.title} has no permanent weapon: its text gives it none.",
                card,
            )
        return name

    def separated(self, event: dict, card: Instance, how: str) -> bool:
        """Whether the event takes the character's permanent weapon (`"weapon": "permanent"`) apart from it — a
        violation, and the event changes nothing: the weapon stays the character's."""
        if event.get("weapon") != PERMANENT:
            return False
        name = self.permanent_weapon_of(card)
        if name is not None:
            weapon = f"permanent weapon {name}" if name else "permanent weapon"
            self.broke(
                "permanent-weapon-separated",
                f"{card.card.title}'s {weapon} is part of the character: it may not be {how} apart from it.",
                card,
            )
        return True
