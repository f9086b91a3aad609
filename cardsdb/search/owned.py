"""owned: and is:owned — cards by how many copies the searching user owns (every printing, variant, finish and
condition of a card summed, as decks.models.CollectionItem holds them). Needs a logged-in user."""

from django.apps import apps
from django.db.models import Q, Sum

from .syntax import QuerySyntaxError

MAX_DIGITS = 6  # more copies than anyone owns; int() never sees a long string


class SearchNeedsLogin(QuerySyntaxError):
    """The query asks about the user's collection and nobody is logged in."""

    code = "search-needs-login"


def _owned_at_least(user, n: int) -> Q:
    """Cards of which `user` owns n copies or more (n >= 1)."""
    item = apps.get_model("decks", "CollectionItem")
    totals = item.objects.filter(owner=user).values("card_id").annotate(total=Sum("quantity"))
    return Q(pk__in=totals.filter(total__gte=n).values("card_id"))


def owned_q(user, op: str, value: str, position: int, written: str) -> Q:
    """The cards whose owned count compares so with `value` (a whole number); `written` is the term as typed."""
    if user is None or not user.is_authenticated:
        raise SearchNeedsLogin(
            f"'{written}' searches your collection: log in to use is:owned and owned:", position
        )
    text = value.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        raise QuerySyntaxError(f"'{written}' needs a whole number of copies, as in owned>=2", position)
    n = int(text)
    at_least = lambda k: Q() if k <= 0 else _owned_at_least(user, k)  # noqa: E731
    if op == ">=":
        return at_least(n)
    if op == ">":
        return at_least(n + 1)
    if op == "<":
        return ~at_least(n) if n > 0 else Q(pk__in=[])
    if op == "<=":
        return ~at_least(n + 1)
    exactly = ~at_least(1) if n == 0 else at_least(n) & ~at_least(n + 1)
    return ~exactly if op == "!=" else exactly
