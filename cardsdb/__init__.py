"""cardsdb: project settings and the card catalogue app (app label ``cardsdb``)."""
