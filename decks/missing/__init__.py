"""What a player is missing to build a deck from their collection, and which decks they can build."""
