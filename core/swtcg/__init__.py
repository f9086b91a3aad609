"""SWTCG facts of a card's printed text that the catalogue, the deck checker and the rules engine all read."""
