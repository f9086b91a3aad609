"""The default order of search results: how well the card's title matches the words searched for.

0 the exact title (or the front title of a two-part card), 1 a nickname, acronym or short name of the words
(cardsdb.nicknames), 2 a unique card whose title holds the words as whole words ("vader" → •Darth Vader: the
character a player means, before "Vader's Obsession"), 3 a title beginning with the words, 4 the words together
at the start of a word of the title, 5 every word somewhere in the title, 6 the rest (the words are in the game
text). Ties: by name. Plain comparisons on the folded title, so SQLite and PostgreSQL order alike; the in-memory
search (in_memory._relevance_key) ranks with the same tests.
"""

from django.db.models import Case, IntegerField, Q, Value, When

from core.text import fold

from .syntax import And, Node, Term

RELEVANCE = "relevance"
WORD_ENDS = (" ", ",")  # what may follow a whole word of a folded title ("darth vader, dark lord…")


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
    whole_words = Q(search_title=phrase) | Q(search_title__endswith=" " + phrase)
    for after in WORD_ENDS:
        whole_words |= Q(search_title__startswith=phrase + after) | Q(
            search_title__contains=" " + phrase + after
        )
    whens.append(When(whole_words & ~Q(uniqueness_kind="none"), then=Value(2)))
    whens.append(When(search_title__startswith=phrase, then=Value(3)))
    whens.append(When(search_title__contains=" " + phrase, then=Value(4)))
    every_word = Q()
    for word in words:
        every_word &= Q(search_title__contains=fold(word))
    whens.append(When(every_word, then=Value(5)))
    return Case(*whens, default=Value(6), output_field=IntegerField())


def whole_words(title: str, phrase: str) -> bool:
    """The Python twin of relevance's whole-word test, for the in-memory search."""
    if title == phrase or title.endswith(" " + phrase):
        return True
    return any(title.startswith(phrase + after) or " " + phrase + after in title for after in WORD_ENDS)
