"""The default order of search results: how well the card's title matches the words searched for.

0 the exact title (or the front title of a two-part card), 1 a nickname, acronym or short name of the words
(cardsdb.nicknames), 2 a title beginning with the words, 3 the words together at the start of a word of the
title, 4 every word somewhere in the title, 5 the rest (the words are in the game text). Ties: by name. Plain
comparisons on the folded title, so SQLite and PostgreSQL order alike.
"""

from django.db.models import Case, IntegerField, Q, Value, When

from core.text import fold

from .syntax import And, Node, Term

RELEVANCE = "relevance"


def bare_terms(tree: Node | None) -> list[Term]:
    """The query's plain words and phrases that every result must hold (not negated, not in an or)."""
    top = tree.children if isinstance(tree, And) else (tree,) if tree is not None else ()
    return [t for t in top if isinstance(t, Term) and t.field is None and not t.exact and not t.regex]


def relevance(words: list[str], nickname_ids: list[int]) -> Case | Value:
    phrase = fold(" ".join(words))
    if not phrase:
        return Value(0, output_field=IntegerField())
    whens = [When(Q(search_title=phrase) | Q(search_title__startswith=phrase + " / "), then=Value(0))]
    if nickname_ids:
        whens.append(When(pk__in=nickname_ids, then=Value(1)))
    whens.append(When(search_title__startswith=phrase, then=Value(2)))
    whens.append(When(search_title__contains=" " + phrase, then=Value(3)))
    every_word = Q()
    for word in words:
        every_word &= Q(search_title__contains=fold(word))
    whens.append(When(every_word, then=Value(4)))
    return Case(*whens, default=Value(5), output_field=IntegerField())
