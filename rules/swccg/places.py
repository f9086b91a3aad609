"""Where a card's text lets it deploy, decided against a location on table: the places a `deploys-only-on` or
`may-not-deploy-to` effect names ("Cloud City", "Bespin, Coruscant, Hoth, Kessel or Tatooine", "a Tatooine site",
"aboard Executor or on any Death Star Site", "any interior site") matched to a location card and, when the card
deploys aboard, the starship or vehicle it boards.

A place is decidable when it is a proper name ("Hoth", "Jabba's Palace", "Death Star II") optionally with "site",
"system" or "location" after it, or one of those words alone, optionally "interior"/"exterior" ("any site",
"interior sites"). Anything else — "same site as Jabba", "any desert", "where your Lando is present", "a site as an
Undercover spy" — needs more than the table's names and icons, and is undecidable: None, never a guess.
"""

from functools import lru_cache

from .cards import CcgCard

_LEADING = ("on", "to", "at", "in", "a", "an", "any", "the")
_KINDS = {"site": "site", "sites": "site", "system": "system", "systems": "system"}
_KINDS |= {"location": "location", "locations": "location", "sector": "sector", "sectors": "sector"}


@lru_cache(maxsize=4096)
def places(target: str) -> tuple[tuple[str, str, str, bool] | None, ...]:
    """The alternatives a target names, each (name, kind, icon, aboard) or None when undecidable: "Hoth or a
    Cloud City site" → ("hoth", "", "", False), ("cloud city", "site", "", False). Names are casefolded."""
    found = []
    for part in target.replace(", or ", ", ").replace(" or ", ", ").split(","):
        words = part.split()
        if "(" in part or ")" in part:  # "to Emperor's site (or related site)": more than a name
            found.append(None)
            continue
        aboard = bool(words) and words[0].casefold() == "aboard"
        words = words[aboard:]
        article = False
        while words and words[0].casefold() in _LEADING:
            article |= words[0].casefold() in ("a", "an", "any")
            words = words[1:]
        kind = ""
        if words and words[-1].casefold() in _KINDS:
            kind, words = _KINDS[words[-1].casefold()], words[:-1]
        icon = ""
        if words and words[0].casefold() in ("interior", "exterior") and kind:
            icon, words = words[0].casefold(), words[1:]
        # a name is capitalised words ("Yavin 4", "Jabba's Palace"); a lower-case word is a description, and "any
        # Rebel Base" without "site" a kind of place the table's names cannot tell
        decidable = (
            (words or kind)
            and not (aboard and kind)
            and not (article and not kind)
            and all(w[0].isupper() or w[0].isdigit() for w in words)
        )
        found.append((" ".join(words).casefold(), kind, icon, aboard) if decidable else None)
    return tuple(found)


def _names(location: CcgCard) -> set[str]:
    """What a location answers to: its title's place ("Cloud City" of "Cloud City: Upper Walkway"), its system
    ("Bespin", cards.SITE_SYSTEMS), its own name ("Cloud City" of "Bespin: Cloud City", without a marker's
    brackets) and its title. Not its icons: a location's "Coruscant" or "Dagobah" icon names the expansion it was
    printed in (Naboo: Theed Palace Courtyard has "Coruscant", Executor's sites "Dagobah")."""
    name = location.name.casefold()
    prefix, _, site = name.partition(":")
    site = site.split("(")[0].strip()
    return {name, prefix.strip(), site, location.system.casefold()} - {""}


def _carries(carrier: CcgCard | None, name: str) -> bool:
    """A starship or vehicle named by its title or its title's last words ("Falcon" for "Millennium Falcon")."""
    if carrier is None or not name:
        return False
    title = carrier.name.casefold()
    return title == name or title.endswith(" " + name)


def place_matches(target: str, location: CcgCard, carrier: CcgCard | None = None) -> bool | None:
    """Whether deploying to `location` (aboard `carrier`, if any) is deploying to a place `target` names: True
    when one alternative matches, False when none does and each was decidable, None otherwise."""
    undecided = False
    subtype = location.subtype.split(":")[0].strip().casefold()
    for place in places(target):
        if place is None:
            undecided = True
            continue
        name, kind, icon, aboard = place
        if aboard:  # aboard a starship: on it, or at one of its sites ("Executor: Holotheatre")
            if _carries(carrier, name) or (location.subtype.startswith("Site") and name in _names(location)):
                return True
            continue
        if kind and kind != "location" and kind != subtype:
            continue
        if icon and not location.has(icon):
            continue
        if not name or name in _names(location) or _carries(carrier, name):
            return True
    return None if undecided else False
