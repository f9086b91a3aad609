"""The words and number format the deck page's charts (decks/deck/charts.py, plain Python) write in the page's
language: what an empty chart says and the decimal point of the numbers it shows."""

from django.utils.formats import get_format
from django.utils.translation import gettext


def chart_words() -> dict:
    """Options for charts.bar_chart / line_chart (bars_of / line_of) in the active language."""
    return {"no_data": gettext("No data"), "decimal": get_format("DECIMAL_SEPARATOR")}
