"""The rules app. Its engines are plain Python with no Django imports (ruff enforces it): card records,
probabilities (`odds/`), one package per game (`swtcg/`, `swdbg/`). Its Django layer sits beside them: the odds
and rules APIs (`api/`), the deck page's odds panel (`views/`), the draw pile read from the stored cards
(`deck_odds.py`)."""
