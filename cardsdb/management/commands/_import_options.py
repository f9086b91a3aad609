"""What the import commands share: --no-wait and --allow-removals, and how an ImportProblem becomes a
CommandError (a message and exit status 1, never a traceback). Not a command itself (the leading _)."""

from django.core.management.base import CommandError

from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.lock import ImportLocked
from cardsdb.importers.removals import REMOVAL_SHARE


def add_lock_argument(parser) -> None:
    parser.add_argument(
        "--no-wait",
        action="store_true",
        help="When another import is running on this database, stop at once (exit status 1) instead of waiting "
        "for it to finish.",
    )


def add_removals_argument(parser, kinds: str = "cards, personas, sets, printings…") -> None:
    parser.add_argument(
        "--allow-removals",
        action="store_true",
        # argparse %-formats help texts: the percent sign is written %%.
        help=f"Remove what the source no longer lists even when that is more than {REMOVAL_SHARE:.0%}% of a kind "
        f"({kinds}); without it such an import stops and changes nothing.",
    )


def problem_error(problem: ImportProblem) -> CommandError:
    if isinstance(problem, ImportLocked):
        return CommandError(f"Not imported: {problem}")
    return CommandError(f"Import failed, nothing was changed. {problem}")
