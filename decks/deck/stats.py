"""Deck statistics: card types, destiny, Force icons, deploy curve, uniqueness and ability (plain Python).

Every number counts copies. Only deck cards (zones "deck" and "starting") are analysed; cards outside the deck
appear only in ``outside_total`` and ``outside_by_type``. Rows with a count of zero or less are ignored.

Numbers used as dict keys (destiny, deploy cost, ability, the ``at_least`` threshold) are strings, so the result
survives a JSON round trip unchanged and sorts the same way everywhere: whole numbers print as "3", others
as "0.5" or "3.14159" (at most 5 decimals, trailing zeros dropped). Dicts keyed by numbers are in numeric order.

Destiny rules:

* A card with a single numeric destiny (``destiny`` is set: "3", "½" → 0.5, "π" → 3.14159, or "*" when the
  catalogue knows what it counts as) is a *numeric* card: it goes into ``histogram`` and ``average``.
* A card with alternatives ("2 or 5": ``destiny`` is None, ``destiny_values`` gives the choices), or with a
  printed destiny whose value is unknown ("*" with no values), is *non-numeric*: it is listed in
  ``non_numeric`` with its printed text and possible values, and left out of ``histogram``, ``average`` and
  the numerator of ``at_least``.
* ``average_with_alternatives_low`` / ``_high`` add the alternatives cards to the average at their lowest /
  highest possible value, so a player sees the range; non-numeric cards with no known values stay out.
* A card with no printed destiny (most locations, many effects) counts only in ``no_destiny``.
* ``at_least[X]`` (X = 0..7) is the chance that a random card drawn from the deck is a numeric card with
  destiny ≥ X: copies with a single numeric destiny ≥ X divided by *all* deck cards (``total``). The
  denominator is the whole deck because any card can be drawn for destiny (a card without a destiny number
  draws as 0); cards with alternatives or unknown values never count in the numerator, so the figure is a
  lower bound. Rounded to 4 decimals; 0.0 for an empty deck.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass

DECK_ZONES = frozenset({"deck", "starting"})
AT_LEAST_RANGE = range(0, 8)


@dataclass(frozen=True, slots=True)
class StatCard:
    card_id: str
    title: str  # as printed, e.g. "•Darth Vader"
    type: str  # "Character", "Effect", "Location", "Starship", "Defensive Shield", …
    subtype: str  # "Imperial", "Site", "Lost", "" …
    side: str  # "Light" / "Dark"
    count: int
    zone: str  # "deck", "starting" (part of the deck), "outside" (not in the deck)
    destiny_text: str | None  # as printed: "3", "½", "π", "2 or 5", "*", None when the card has none
    destiny: float | None  # single numeric value (½ → 0.5, π → 3.14159), None when none or not single
    destiny_values: tuple[float, ...] = ()  # possible values for "2 or 5" style destinies, () if unknown
    deploy: float | None = None
    ability: float | None = None
    light_icons: float | None = None  # Force icons on locations
    dark_icons: float | None = None
    uniqueness_kind: str = "none"  # "none", "unique", "restricted", "per-location"
    uniqueness_limit: int | None = None


def number(value: float) -> int | float:
    """A JSON number: 3.0 → 3, 0.5 → 0.5, π → 3.14159."""
    value = round(float(value), 5)
    return int(value) if value.is_integer() else value


def label(value: float) -> str:
    """A number as a dict key: 3.0 → "3", 0.5 → "0.5", 3.14159265 → "3.14159"."""
    return str(number(value))


def _by_count(counter: Counter) -> dict:
    """Counter → dict sorted by count (descending), then name."""
    return dict(sorted(counter.items(), key=lambda item: (-item[1], item[0])))


def by_number(counter: Counter) -> dict[str, int]:
    """Counter keyed by numbers → dict keyed by labels, in numeric order."""
    return {label(key): counter[key] for key in sorted(counter)}


def with_gaps(curve: dict[str, int]) -> dict[str, int]:
    """A curve keyed by whole numbers with the missing ones between its lowest and highest put in as 0, so that a
    chart shows the empty costs between its bars; other keys (½, π) leave it as it is."""
    try:
        numbers = {float(key): key for key in curve}
    except ValueError:
        return curve
    if not numbers or any(n != int(n) for n in numbers) or max(numbers) - min(numbers) > 100:
        return curve
    return {label(n): curve.get(label(n), 0) for n in range(int(min(numbers)), int(max(numbers)) + 1)}


def _fraction(part: float, whole: float) -> float:
    return round(part / whole, 4) if whole else 0.0


def _average(total: float, count: int) -> float | None:
    return round(total / count, 3) if count else None


def _destiny(deck: list[StatCard], total: int) -> dict:
    histogram: Counter = Counter()
    numeric_cards = no_destiny = 0
    numeric_sum = low_sum = high_sum = 0.0
    range_cards = 0
    non_numeric: dict[tuple, int] = defaultdict(int)
    for card in deck:
        if card.destiny is not None:
            value = number(card.destiny)
            histogram[value] += card.count
            numeric_cards += card.count
            numeric_sum += value * card.count
        elif card.destiny_values or card.destiny_text is not None:
            values = tuple(number(v) for v in card.destiny_values)
            non_numeric[(card.title, card.destiny_text or "", values)] += card.count
            if values:
                range_cards += card.count
                low_sum += min(values) * card.count
                high_sum += max(values) * card.count
        else:
            no_destiny += card.count
    with_range = numeric_cards + range_cards
    return {
        "histogram": by_number(histogram),
        "average": _average(numeric_sum, numeric_cards),
        "average_with_alternatives_low": _average(numeric_sum + low_sum, with_range),
        "average_with_alternatives_high": _average(numeric_sum + high_sum, with_range),
        "numeric_cards": numeric_cards,
        "non_numeric_cards": sum(non_numeric.values()),
        "no_destiny": no_destiny,
        "non_numeric": [
            {"title": title, "printed": printed, "count": count, "values": list(values)}
            for (title, printed, values), count in sorted(non_numeric.items())
        ],
        "at_least": {
            str(x): _fraction(sum(n for value, n in histogram.items() if value >= x), total)
            for x in AT_LEAST_RANGE
        },
    }


def _force_icons(deck: list[StatCard]) -> dict:
    locations: dict[tuple, int] = defaultdict(int)
    for card in deck:
        if card.type == "Location":
            light, dark = number(card.light_icons or 0), number(card.dark_icons or 0)
            locations[(card.title, card.card_id, light, dark)] += card.count
    rows = [
        {"title": title, "card_id": card_id, "count": count, "light": light, "dark": dark}
        for (title, card_id, light, dark), count in sorted(locations.items())
    ]
    return {
        "light": number(sum(row["light"] * row["count"] for row in rows)),
        "dark": number(sum(row["dark"] * row["count"] for row in rows)),
        "locations": rows,
    }


def _uniqueness(deck: list[StatCard]) -> dict:
    kinds: Counter = Counter()
    unique_titles = set()
    for card in deck:
        kinds[card.uniqueness_kind] += card.count
        if card.uniqueness_kind == "unique":
            unique_titles.add(card.title.lstrip("•◇<> ").casefold())
    return {
        "unique": kinds["unique"],
        "restricted": kinds["restricted"],
        "per_location": kinds["per-location"],
        "non_unique": sum(
            n for kind, n in kinds.items() if kind not in ("unique", "restricted", "per-location")
        ),
        "distinct_unique_titles": len(unique_titles),
    }


def deck_statistics(cards: Iterable[StatCard]) -> dict:
    """Statistics for one deck, as a JSON-ready dict (see the module docstring for the definitions).

    Keys: total, outside_total, by_type, by_subtype, outside_by_type, destiny, force_icons, deploy_curve,
    no_deploy_cost, uniqueness, characters_by_ability.
    """
    cards = [card for card in cards if card.count > 0]
    deck = [card for card in cards if card.zone in DECK_ZONES]
    outside = [card for card in cards if card.zone not in DECK_ZONES]
    total = sum(card.count for card in deck)

    by_type: Counter = Counter()
    by_subtype: dict[str, Counter] = defaultdict(Counter)
    deploy: Counter = Counter()
    ability: Counter = Counter()
    no_deploy_cost = 0
    for card in deck:
        by_type[card.type] += card.count
        by_subtype[card.type][card.subtype] += card.count
        if card.deploy is None:
            no_deploy_cost += card.count
        else:
            deploy[number(card.deploy)] += card.count
        if card.type == "Character" and card.ability is not None:
            ability[number(card.ability)] += card.count
    outside_by_type: Counter = Counter()
    for card in outside:
        outside_by_type[card.type] += card.count

    by_type_sorted = _by_count(by_type)
    return {
        "total": total,
        "outside_total": sum(outside_by_type.values()),
        "by_type": by_type_sorted,
        "by_subtype": {kind: _by_count(by_subtype[kind]) for kind in by_type_sorted},
        "outside_by_type": _by_count(outside_by_type),
        "destiny": _destiny(deck, total),
        "force_icons": _force_icons(deck),
        "deploy_curve": by_number(deploy),
        "no_deploy_cost": no_deploy_cost,
        "uniqueness": _uniqueness(deck),
        "characters_by_ability": by_number(ability),
    }
