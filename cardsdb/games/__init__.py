"""The games the project knows, one plug-in each (`registry.GAMES`): what differs per game is asked of its plug-in,
never of `if game == "swccg"` branches (docs/STYLE.md, "One place per variant")."""
