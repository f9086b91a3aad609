"""Card search: a Scryfall-style query language (parser in .parser, tree in .syntax)."""
