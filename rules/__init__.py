"""Game rules as plain Python: card records, probabilities, engines. No Django imports (ruff enforces it)."""
