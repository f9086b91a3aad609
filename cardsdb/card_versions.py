"""The printings and versions panel of a card page: every other form of the card, each told apart by name,
label and image.

- Printings: the sets the card is printed in, with the rarity of each, and the other ids a printing goes by
  (GEMP's reprint ids, the SWTCG rows merged into the card: PROMO, VVI).
- Alternate images: each with its own rarity and, where it prints other text, that text (Variant).
- Other versions: SWCCG cards of the same name and side in any edition ((V) virtual versions, legacy and
  pre-errata wordings); SWTCG cards of the same persona (every version letter of a character, Vader and
  Anakin alike) or, for a card without one, of the same name.
"""

import re
from dataclasses import dataclass, field
from urllib.parse import urlencode

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import pgettext, pgettext_lazy

from .models import Card

MAX_VERSIONS = 60
_VIRTUAL = re.compile(r"\s*\(V\)\s*$")
# Variant.differences keys as the page names them.
DIFFERENCE_LABELS = {
    "gametext": pgettext_lazy("card version difference", "Game text"),
    "lore": pgettext_lazy("card version difference", "Lore"),
    "extra_text": pgettext_lazy("card version difference: other printed text", "Also"),
    "characteristics": pgettext_lazy("card version difference", "Characteristics"),
}


@dataclass(frozen=True)
class Entry:
    label: str  # what sets it apart: "Virtual (V)", "Legacy (retired)", "Version B", "AI", "Holo AI"…
    title: str
    url: str  # its page, or its image for an alternate image
    image: str  # a picture of it (the rendered face where the data has none)
    detail: str = ""  # set and rarity
    differences: tuple[tuple[str, str], ...] = field(default=())  # (label, text) it prints unlike the card
    face: str = ""  # the drawn face to show when `image` is a scan whose host cannot be reached


@dataclass(frozen=True)
class Panel:
    printings: tuple[tuple[str, str, str], ...]  # (set name, set url, rarity)
    other_ids: tuple[tuple[str, str], ...]  # (id, why)
    images: tuple[Entry, ...]
    versions: tuple[Entry, ...]
    more: int = 0  # versions past MAX_VERSIONS, not listed
    more_url: str = ""  # a search that lists them all

    def __bool__(self) -> bool:
        return bool(len(self.printings) > 1 or self.other_ids or self.images or self.versions)


def _face(card: Card) -> str:
    return reverse("card-face", args=[card.game_id, card.code])


def _image(card: Card) -> str:
    return card.image_url or _face(card)


def _detail(card: Card) -> str:
    parts = [
        card.card_set.name if card.card_set else "",
        pgettext("card version detail", "rarity %(rarity)s") % {"rarity": card.rarity} if card.rarity else "",
        card.code,
    ]
    return ", ".join(p for p in parts if p)


def _image_rarity(rarity: str, of: str) -> str:
    """An alternate image's rarity, and the card's where they differ."""
    if not rarity:
        return ""
    if rarity == of:
        return pgettext("card version detail", "rarity %(rarity)s") % {"rarity": rarity}
    return pgettext("card version detail", "rarity %(rarity)s (the card: %(card)s)") % {
        "rarity": rarity,
        "card": of,
    }


def _differences(raw: dict) -> tuple[tuple[str, str], ...]:
    return tuple(
        (
            str(DIFFERENCE_LABELS.get(key, key.replace("_", " ").capitalize())),
            ", ".join(v) if isinstance(v, list) else v,
        )
        for key, v in raw.items()
    )


def version_label(card: Card, of: Card) -> str:
    """What sets `card` apart from the card whose page this is."""
    if card.game_id == "swtcg":
        version = (card.extra or {}).get("version")
        label = (
            pgettext("SWTCG card version", "Version %(letter)s") % {"letter": version}
            if version
            else pgettext("SWTCG card version", "No version letter")
        )
        if card.name != of.name:
            label += f" ({card.name})"
        return label
    parts = []
    if _VIRTUAL.search(card.name):
        parts.append(pgettext("SWCCG card version", "Virtual (V)"))
    if card.edition != Card.Edition.CURRENT:
        parts.append(str(card.get_edition_display()))
    if card.name == of.name and card.edition == of.edition:
        parts.append(pgettext("SWCCG card version", "same title"))
    return ", ".join(parts) or pgettext("SWCCG card version", "Original")


def _other_versions(card: Card) -> tuple[list[Card], int]:
    """The first MAX_VERSIONS other versions, and how many there are."""
    others = Card.objects.filter(game_id=card.game_id).exclude(pk=card.pk).select_related("card_set")
    if card.game_id == "swtcg":
        personas = list(card.personas.all())
        wanted = Q(personas__in=personas) if personas else Q(name=card.name)
        found = others.filter(wanted).distinct().order_by("name", "code")
        key = lambda c: (c.name, (c.extra or {}).get("version") or "", c.code)  # noqa: E731
    elif card.game_id == "swccg":
        base = _VIRTUAL.sub("", card.name)
        found = others.filter(side=card.side).filter(Q(name=base) | Q(name=f"{base} (V)"))
        order = {Card.Edition.CURRENT: 0, Card.Edition.PRE_ERRATA: 1, Card.Edition.LEGACY: 2}
        key = lambda c: (order.get(c.edition, 3), c.name, c.code)  # noqa: E731
    else:
        found = others.filter(name=card.name)
        key = lambda c: c.code  # noqa: E731
    return sorted(found[:MAX_VERSIONS], key=key), found.count()


def versions_panel(card: Card) -> Panel:
    printings = tuple(
        (p.card_set.name, reverse("set-detail", args=[card.game_id, p.card_set.code]), p.rarity)
        for p in card.printings.all()
    )
    other_ids = tuple((a.code, a.reason) for a in card.aliases.all() if a.face == "front")
    images = tuple(
        Entry(
            label=v.kind,
            title=v.title,
            url=v.image_url or v.printable_slip_url,
            image=v.image_url,
            detail=_image_rarity(v.rarity, card.rarity),
            differences=_differences(v.differences or {}),
            face=_face(card) if v.image_url else "",  # the same card: its drawn face stands in for the scan
        )
        for v in card.variants.all()
    )
    others, total = _other_versions(card)
    versions = tuple(
        Entry(
            version_label(other, card),
            other.title,
            other.get_absolute_url(),
            _image(other),
            _detail(other),
            face=_face(other) if other.image_url else "",
        )
        for other in others
    )
    more, more_url = total - len(versions), ""
    if more > 0:
        personas = " or ".join(f"persona:{p.code}" for p in card.personas.all())
        query = personas or f'!"{card.name}"'
        more_url = f"{reverse('search')}?{urlencode({'q': query, 'game': card.game_id})}"
    return Panel(printings, other_ids, images, versions, more, more_url)
