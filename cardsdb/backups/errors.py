"""BackupError: every refusal of a backup or restore, with a stable code."""


class BackupError(Exception):
    """Why a backup or restore did not go ahead; nothing was changed."""

    def __init__(self, code: str, message: str, *, cards: list[str] | None = None):
        self.code = code
        self.message = message
        self.cards = cards or []
        super().__init__(message)

    def __str__(self) -> str:
        return f"{self.message} [{self.code}]"
