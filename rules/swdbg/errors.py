"""Why an action or a setup is refused: a stable code, the rulebook section it applies, and a message."""

# code → the rulebook section (../shared/docs/rules/swdbg-clone-wars-edition-rulebook.txt) that the code applies.
RULES = {
    "bad-action": "Taking Your Turn",
    "game-over": "Winning the Game",
    "decision-pending": "Abilities",
    "not-an-option": "Choose",
    "not-in-hand": "Play a Card",
    "enemy-card": "Purchase a Card",
    "not-in-galaxy-row": "Purchase a Card",
    "not-enough-resources": "Purchase a Card",
    "not-in-play": "Use a Card Ability",
    "no-ability": "Use a Card Ability",
    "ability-used": "Use a Card Ability",
    "ability-condition": "If",
    "ability-cost": "Use a Card Ability",
    "already-attacked": "Commit to an Attack",
    "no-attack": "Commit to an Attack",
    "not-a-target": "Bounty Hunting and Sabotage",
    "capital-ship-target": "Bounty Hunting and Sabotage",
    "nothing-committed": "Resolve an Attack",
    "pay-off-off": "Paying Off Neutral Cards",
    "not-legal": "Taking Your Turn",
}
SETUP_RULES = {
    "bad-setup": "Setup",
    "unsupported-card": "Setup",
    "unknown-value": "Card Anatomy",
    "factions": "Faction Affiliation",
}


class IllegalAction(ValueError):
    """An action the rules do not allow now: `code` (see RULES), the rule's section, a message."""

    def __init__(self, code: str, message: str, index: int | None = None):
        super().__init__(message)
        self.code = code
        self.rule = RULES.get(code, "")
        self.message = message
        self.index = index  # the action's position in a record, when replaying one

    def as_dict(self) -> dict:
        found: dict[str, str | int] = {"code": self.code, "rule": self.rule, "message": self.message}
        if self.index is not None:
            found["index"] = self.index
        return found


class SetupError(ValueError):
    """A setup the engine cannot play: `problems` is a list of {"code", "message", "cards"}."""

    def __init__(self, problems: list[dict]):
        super().__init__("; ".join(p["message"] for p in problems))
        self.problems = problems
