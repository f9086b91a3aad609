"""How much one collection file may ask of the readers, checked before any parsing.

A complete SWTCG collection (every printing of its 10,767 cards, a foil copy of each) is under 25,000 lines of
about 60 bytes; the limits leave room above that and no more. Reading is linear in the text except the
closest-card suggestions for a line that names no card (a fuzzy search over the catalogue): only the first unread
lines get them; later ones are still reported, with their line number, without candidates.
"""

MAX_BYTES = 3_000_000  # bytes (UTF-8) of one file
MAX_LINES = 50_000  # lines of one file (CSV records, or JSON items)
MAX_COLUMNS = 40  # columns of a CSV header: Deckbox's widest export has 23
MAX_FIELD_CHARS = 200  # one field: the longest card title is under 100 characters
MAX_QUANTITY = 9_999  # copies on one line
MAX_SUGGESTED_LINES = 20  # unread lines of one file that get the closest cards as candidates
MAX_CHANGES = 50_000  # changes applied in one request or import
