"""The builder's card table as the server draws it (so it reads without JavaScript): rows with title, type and
image, per-type counts, the search filters, and how a pasted list meets the cards already in the table."""

import re
from collections import Counter

from django.urls import reverse
from django.utils.encoding import iri_to_uri
from django.utils.translation import gettext_lazy

from cardsdb.labels import shown
from cardsdb.models import Card
from decks.deck import services as decks
from decks.legality.pool import card_pool

PASTE_MODES = (("add", gettext_lazy("Add to the deck")), ("replace", gettext_lazy("Replace the deck")))
DEFAULT_PASTE_MODE = "add"  # the page's choice; a form posted without one (scripts, old pages) replaces


def face_url(game: str, code: str) -> str:
    return reverse("card-face", args=[game, code])


def card_rows(game: str, entries: list[decks.Entry]) -> list[dict]:
    """{id, count, zone, title, type, side, image} per entry, sorted as the script sorts them (zone, type,
    title); `image` is the card's scan, else its rendered face."""
    pool = card_pool(game)
    base = {e.code: pool.get(e.code).card for e in entries if pool.get(e.code) is not None}
    facts = {
        code: (title, kind, side, image)
        for code, title, kind, side, image in Card.objects.filter(
            game_id=game, code__in=set(base.values())
        ).values_list("code", "title", "type", "side", "image_url")
    }
    rows = []
    for e in entries:
        code = base.get(e.code)
        title, kind, side, image = facts.get(code, (None, None, None, None))
        row = {"id": e.code, "count": e.count, "zone": e.zone}
        if title is not None:
            row.update(
                title=title, type=kind, side=side, image=iri_to_uri(image) if image else face_url(game, code)
            )
        rows.append(row)
    rows.sort(key=lambda r: (r["zone"], r.get("type") or "", r.get("title") or r["id"]))
    return rows


def type_counts(rows: list[dict]) -> list[tuple[str, int]]:
    """Copies per card type in the deck (cards outside it are not counted), most first."""
    counts = Counter()
    for row in rows:
        if row["zone"] != "outside":
            counts[row.get("type") or ""] += row["count"]  # "": no type (the page says "Unknown")
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))


def filter_choices(game: str) -> dict:
    """The type and side values the search filters offer: those the game's current cards have."""
    cards = Card.objects.filter(game_id=game, edition=Card.Edition.CURRENT)
    return {
        "types": sorted(set(cards.values_list("type", flat=True)) - {""}),
        "sides": sorted(set(cards.values_list("side", flat=True)) - {""}),
    }


def merge(current: list[decks.Entry], pasted: list[decks.Entry], mode: str) -> list[decks.Entry]:
    """The table after a paste: the pasted cards added to the current ones (counts summed per card and zone,
    at most decks.MAX_COPIES), or in their place. An empty paste changes nothing."""
    if not pasted:
        return list(current)
    if mode != "add":
        return list(pasted)
    totals: Counter[tuple[str, str]] = Counter()
    for e in [*current, *pasted]:
        totals[(e.code, e.zone)] += e.count
    return [decks.Entry(code, min(n, decks.MAX_COPIES), zone) for (code, zone), n in totals.items()]


def suggestions(candidates: tuple[str, ...]) -> list[dict]:
    """A read problem's closest cards ("Title (id, Side)", formats_io.base.describe) as the builder's buttons:
    the title written into the line (without the uniqueness dots the reader ignores) and the whole label, its
    side in the page's language."""
    found = []
    for label in candidates:
        title = label.rsplit(" (", 1)[0].lstrip("•◇ ")
        if title:
            found.append({"title": title, "label": candidate_label(label)})
    return found


_CANDIDATE_SIDE = re.compile(r"(?P<head>.*, )(?P<side>[^,()]+)\)$")


def candidate_label(label: str) -> str:
    """ "Title (id, Side)" with the side in the active language."""
    found = _CANDIDATE_SIDE.fullmatch(label)
    return f"{found['head']}{shown(found['side'], 'side')})" if found else label
