"""The battle calculator page's card text: the effects the API applied worded as a step of the answer, and its
questions as the form's checkboxes (`cond-<card id>:<effect index>`: ticked, the condition holds).
calculator_forms.read_conditions reads them back into the API's `conditions`."""

from django.utils.translation import gettext as _

from rules.views.effect_words import condition_words, effect_words


def _said(change: dict) -> str:
    words = effect_words(change["kind"], change["amount"], change["value"])
    changed = ", ".join(dict.fromkeys(change["to"]))
    if changed and change["to"] != [change["card"]]:
        words = _("%(effect)s to %(cards)s") % {"effect": words, "cards": changed}
    return _("%(card)s: “%(sentence)s” — %(effect)s.") % {
        "card": change["title"],
        "sentence": change["sentence"],
        "effect": words,
    }


def text_steps(answer: dict) -> list[tuple[str, list[str]]]:
    """("Card text applied", one sentence an effect), when any was."""
    applied = list({c["key"] + repr(c["to"]): c for c in answer.get("applied", ())}.values())
    return [(_("Card text applied"), [_said(c) for c in applied])] if applied else []


def text_choices(body: dict, answer: dict) -> list[dict]:
    """The checkboxes: each question (not ticked) and each condition the form answered (ticked)."""
    answered = body.get("conditions", {})
    choices = [
        {"key": c["key"], "said": _said(c), "condition": condition_words(c["condition"]), "checked": True}
        for c in {c["key"]: c for c in answer.get("applied", ()) if answered.get(c["key"])}.values()
    ]
    choices += [
        {"key": c["key"], "said": _said(c), "condition": condition_words(c["condition"]), "checked": False}
        for c in answer.get("questions", ())
    ]
    return choices
