"""Card importers: one framework (sources, validation, atomic sync, summary) and one module per game."""
