"""SWCCG rules: plain Python (no Django; ruff bans it here), on CcgCard records (cards.py)."""
