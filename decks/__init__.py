"""Decks, formats, legality and collections (the deck builder arrives with issue #3)."""
