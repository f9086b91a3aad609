"""The ground floor: plain helpers every part of the project uses — folding text for look-ups, reading printed
numbers and counts, uniqueness marks, SWTCG persona keys and usage marks. Plain Python that imports nothing of
the project's apps and no Django, so `cardsdb`, `decks` and `rules` may all build on it (docs/architecture.md)."""
