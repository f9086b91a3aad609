"""The collection: the cards a user owns, read from and written to files, resolved to cards, over the API and on pages."""
