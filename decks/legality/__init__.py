"""Deck legality as plain Python (no Django): card records in, every violation out, each with a stable code."""
