"""The search API's in-memory table (cardsdb/search/in_memory.py) gives the database search's answers: the same
cards in the same order, and the same errors, for thousands of generated queries over the three real catalogues,
on SQLite and PostgreSQL. Then what it keeps, when it rebuilds, and the API with it on and off."""

import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cardsdb.catalogue_versions import catalogue_version
from cardsdb.models import Card, CardRelation, CardSet, ImportRun, Persona
from cardsdb.search import in_memory
from cardsdb.search.fields import Kind, fields_for
from cardsdb.search.syntax import QuerySyntaxError
from cardsdb.selectors import card_search, card_search_hits

IS_WORDS = {
    "swccg": ["unique", "restricted", "per-location", "diamond", "virtual", "decipher", "two-sided", "dfc"],
    "swtcg": ["unique", "unit", "multi-arena", "banned", "restricted", "wotc", "community", "persona"],
    "swdbg": ["unique", "disputed", "unknown"],
}
IS_WORDS["swccg"] += ["errata", "slip", "variant", "persona", "legacy", "pre-errata", "current", "nonsense"]
ORDER_WORDS = ["name", "set", "released", "rarity", "type", "side", "id", "-name", "-set", "-rarity", "-type"]


@pytest.fixture(autouse=True)
def _fresh_tables():
    """These tests count what a table keeps and when it is built: each starts without one (the suite keeps
    tables from test to test while no test changes a card: tests/conftest.py)."""
    in_memory.forget()


def outcome(fn):
    try:
        return ("ok", fn())
    except QuerySyntaxError as exc:
        return ("error", exc.message, exc.position)


def database_answer(query: str, game: str, user=None):
    return outcome(lambda: list(card_search(query=query, game=game, user=user).values_list("pk", flat=True)))


def memory_answer(query: str, game: str, user=None):
    return outcome(lambda: [hit.pk for hit in card_search_hits(query=query, game=game, user=user)])


def quoted(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


class Terms:
    """Random terms of one game's query language, with values taken from its cards."""

    def __init__(self, game: str, rng: random.Random):
        self.game, self.rng = game, rng
        self.cards = list(Card.objects.filter(game_id=game).order_by("pk"))
        self.sets = list(CardSet.objects.filter(game_id=game).order_by("pk"))
        self.personas = list(Persona.objects.filter(game_id=game).order_by("pk"))
        self.relations = list(CardRelation.objects.filter(card__game_id=game).order_by("pk")[:500])
        self.fields = [f for f in fields_for(game).values() if f.kind not in (Kind.ORDER, Kind.DIRECTION)]
        self.fields = [f for f in self.fields if f.kind is not Kind.OWNED]

    def word(self, text: str) -> str:
        words = re.findall(r"[^\s\"()]+", text) or ["zzz"]
        word = self.rng.choice(words)
        cut = self.rng.choice([len(word), len(word), max(1, len(word) // 2)])
        return word[:cut]

    def value(self, text: str) -> str:
        piece = self.word(text) if self.rng.random() < 0.7 else text[: self.rng.randint(1, 30)]
        return quoted(piece) if not re.fullmatch(r"[^\s\"()/!-][^\s\"()]*", piece or "-") else piece

    def term(self) -> str:
        rng, card = self.rng, self.rng.choice(self.cards)
        if rng.random() < 0.25:  # plain words and phrases
            source = rng.choice([card.search_title, card.search_text or card.search_title])
            if rng.random() < 0.15:
                return "!" + quoted(card.name)
            return self.value(source)
        spec = rng.choice(self.fields)
        name, kind = spec.name, spec.kind
        op = rng.choice([":", ":", "=", "!="])
        if kind is Kind.TEXT:
            column = {"name": card.search_title, "text": card.search_text, "lore": card.search_lore}
            source = column.get(name, card.search_title) or card.search_title
            if rng.random() < 0.15:
                raw = {"name": card.name, "text": card.gametext, "lore": card.lore}.get(name, card.name)
                return f"{name}{rng.choice([':', '='])}/^{re.escape(self.word(raw or 'a'))}/"
            return f"{name}{op}{self.value(source)}"
        if kind is Kind.CHOICE:
            if spec.values and rng.random() < 0.7:
                return f"{name}{op}{quoted(rng.choice(spec.values)[0])}"
            stored = getattr(card, spec.column, "") or "x"
            return f"{name}{op}{quoted(stored if rng.random() < 0.6 else self.word(stored))}"
        if kind is Kind.NUMBER:
            op = rng.choice([":", "=", "!=", "<", "<=", ">", ">="])
            value = getattr(card, spec.column, None)
            printed = (card.stats_text or {}).get(spec.column)
            if printed and rng.random() < 0.2:
                return f"{name}{rng.choice([':', '=', '!='])}{quoted(str(printed))}"
            number = rng.choice([value, rng.randint(-1, 9), 0.5]) if value is not None else rng.randint(0, 8)
            return f"{name}{op}{number:g}"
        if kind is Kind.TAGS:
            pieces = [p for p in getattr(card, spec.column, "").split("|") if p] or ["pilot"]
            return f"{name}{rng.choice([':', '=', '!='])}{quoted(self.word(rng.choice(pieces)))}"
        if kind is Kind.EXTRA:
            value = (card.extra or {}).get(spec.column)
            return f"{name}{op}{quoted(str(value) if value is not None else 'A')}"
        if kind is Kind.SET and self.sets:
            s = rng.choice(self.sets)
            return f"{name}{op}{quoted(rng.choice([s.code, s.abbr or s.code, self.word(s.name)]))}"
        if kind is Kind.RARITY:
            rarity = card.rarity or "R"
            return f"{name}{op}{quoted(rng.choice([rarity, rarity[:1], 'common', 'uncommon']))}"
        if kind is Kind.PERSONA and self.personas:
            p = rng.choice(self.personas)
            return f"{name}{op}{quoted(rng.choice([p.code, p.name, self.word(p.name)]))}"
        if kind is Kind.RELATION and self.relations:
            r = rng.choice(self.relations)
            return f"{name}{op}{quoted(self.word(r.text or 'x'))}"
        if kind is Kind.IS:
            return f"is{rng.choice([':', '!='])}{rng.choice(IS_WORDS[self.game])}"
        if kind is Kind.EDITION:
            return f"edition:{rng.choice(['current', 'legacy', 'pre-errata', 'any', 'bogus'])}"
        if kind is Kind.CODE:
            code = card.code
            return f"id{op}{quoted(code.upper() if rng.random() < 0.3 else code)}"
        if kind is Kind.GAME:
            return f"game:{rng.choice(['swccg', 'swtcg', 'swdbg'])}"
        if kind is Kind.EFFECT:  # the kinds the rules read in SWCCG text (cardsdb.CardEffect), a prefix, none
            return f"effect{op}{rng.choice(['power', 'adds-battle-destiny', 'unread', 'immune', 'pilot', 'nope'])}"
        return self.value(card.search_title)

    def query(self) -> str:
        rng = self.rng
        parts = []
        for _ in range(rng.choice([1, 1, 2, 2, 3])):
            roll = rng.random()
            if roll < 0.15:
                parts.append("-" + self.term())
            elif roll < 0.3:
                parts.append(f"({self.term()} or {self.term()})")
            elif roll < 0.35:
                parts.append(f"-({self.term()} {self.term()})")
            else:
                parts.append(self.term())
        if rng.random() < 0.25:
            parts.append(f"order:{rng.choice(ORDER_WORDS)}")
        if rng.random() < 0.1:
            parts.append(f"order:{rng.choice(self.numeric_orders())}")
        if rng.random() < 0.1:
            parts.append(f"direction:{rng.choice(['asc', 'desc'])}")
        return " ".join(parts)

    def numeric_orders(self) -> list[str]:
        names = [f.name for f in self.fields if f.kind is Kind.NUMBER] or ["name"]
        return names + ["-" + n for n in names]


QUERIES_PER_GAME = 300


@pytest.mark.parametrize("game", ["swccg", "swtcg", "swdbg"])
def test_the_table_answers_as_the_database_does(catalogue, swtcg_catalogue, swdbg_catalogue, game):
    terms = Terms(game, random.Random(f"in-memory {game}"))
    fixed = ["", "vader", "t:character side:dark power>=6", "is:legacy vader", "-t:character -t:location"]
    queries = fixed + [terms.query() for _ in range(QUERIES_PER_GAME)]
    answered = errors = 0
    for query in queries:
        expected = database_answer(query, game)
        assert memory_answer(query, game) == expected, query
        answered += expected[0] == "ok" and bool(expected[1])
        errors += expected[0] == "error"
    # The generated queries find cards far more often than not, and some are refused: both sides compared.
    assert answered > QUERIES_PER_GAME // 3
    assert errors > 0


def test_database_terms_are_read_once_per_catalogue_version(catalogue):
    version = catalogue_version("swccg")
    card_search_hits(query="set:V21 is:unique pulls:tatooine", game="swccg")
    kept = len(in_memory.table("swccg", version).kept)
    assert kept == 3
    with CaptureQueriesContext(connection) as again:
        hits = card_search_hits(query="set:V21 is:unique pulls:tatooine", game="swccg")
    assert [h.pk for h in hits] == list(
        card_search(query="set:V21 is:unique pulls:tatooine", game="swccg").values_list("pk", flat=True)
    )
    card_queries = [q for q in again.captured_queries if '"cardsdb_card"' in q["sql"]]
    assert card_queries == []  # the plain words and numbers need no query either


def test_plain_words_and_numbers_are_never_kept(catalogue):
    card_search_hits(query="text:retrieve power>=4 t:character side:dark", game="swccg")
    assert len(in_memory.table("swccg", catalogue_version("swccg")).kept) == 0


def test_kept_terms_are_bounded(catalogue, monkeypatch):
    monkeypatch.setattr(in_memory, "KEPT_TERMS", 3)
    for code in ["1", "2", "3", "4", "5"]:
        card_search_hits(query=f"set:{code}", game="swccg")
    kept = in_memory.table("swccg", catalogue_version("swccg")).kept
    assert len(kept) == 3
    assert [key[2] for key in kept] == ["3", "4", "5"]  # the least recently used went first


def test_a_new_catalogue_version_rebuilds_the_table(catalogue):
    card = Card.objects.filter(game_id="swccg", edition="current").order_by("pk").first()
    assert list(card_search_hits(query="name:zzqqxx", game="swccg")) == []
    Card.objects.filter(pk=card.pk).update(search_title="zzqqxx")
    assert [h.pk for h in card_search_hits(query="name:zzqqxx", game="swccg")] == []  # same version: kept
    run = ImportRun.objects.filter(game_id="swccg").order_by("-id").first()
    ImportRun.objects.create(game_id="swccg", source=run.source, finished_at=run.finished_at)
    assert [h.pk for h in card_search_hits(query="name:zzqqxx", game="swccg")] == [card.pk]


def test_no_table_without_a_game_an_import_or_the_setting(catalogue, settings):
    assert card_search_hits(query="vader", game=None) is None
    ImportRun.objects.filter(game_id="swdbg").delete()
    assert card_search_hits(query="vader", game="swdbg") is None  # never imported: no version to keep it by
    settings.CARDSDB_SEARCH_IN_MEMORY = False
    assert card_search_hits(query="vader", game="swccg") is None


def test_the_collection_is_read_every_time_and_never_kept(catalogue, django_user_model):
    from decks.models import CollectionItem

    user = django_user_model.objects.create_user("collector", password="x")
    other = django_user_model.objects.create_user("other", password="x")
    card = Card.objects.filter(game_id="swccg", edition="current").order_by("pk").first()
    CollectionItem.objects.create(owner=user, card=card, quantity=2)
    for query in ["is:owned", "owned>=2", "owned=0 t:character", "-is:owned vader"]:
        assert memory_answer(query, "swccg", user) == database_answer(query, "swccg", user), query
        assert memory_answer(query, "swccg", other) == database_answer(query, "swccg", other), query
    assert [h.pk for h in card_search_hits(query="is:owned", game="swccg", user=user)] == [card.pk]
    assert list(card_search_hits(query="is:owned", game="swccg", user=other)) == []
    assert len(in_memory.table("swccg", catalogue_version("swccg")).kept) == 0


@pytest.mark.parametrize(
    "query",
    [
        "vader",
        "t:character side:dark power>=6 order:-power",
        "pulls:tatooine",
        "name:/^dark /",
        "",
        "nomatchq",
    ],
)
def test_the_api_answers_the_same_with_the_table_on_and_off(client, catalogue, settings, query):
    url = "/api/cards/"
    for params in (
        {"game": "swccg", "q": query},
        {"game": "swccg", "q": query, "page": "2", "page_size": "7"},
    ):
        settings.CARDSDB_SEARCH_IN_MEMORY = True
        on = client.get(url, params)
        settings.CARDSDB_SEARCH_IN_MEMORY = False
        off = client.get(url, params)
        assert on.status_code == off.status_code
        assert on.content == off.content


def test_the_api_s_errors_are_the_same_with_the_table(client, catalogue, settings):
    for query in ["power>>3", "unknown:3", "order:bogus", "is:owned", '"unterminated']:
        settings.CARDSDB_SEARCH_IN_MEMORY = True
        on = client.get("/api/cards/", {"game": "swccg", "q": query})
        settings.CARDSDB_SEARCH_IN_MEMORY = False
        off = client.get("/api/cards/", {"game": "swccg", "q": query})
        assert on.status_code == off.status_code and on.status_code in (400, 401)
        assert on.json() == off.json()


def test_a_page_past_the_last_is_a_404(client, catalogue):
    response = client.get("/api/cards/", {"game": "swccg", "q": '!"Darth Vader"', "page": "3"})
    assert response.status_code == 404


def test_a_database_term_out_of_time_answers_503_and_plain_terms_need_no_budget(
    client, catalogue, monkeypatch
):
    from contextlib import contextmanager

    from cardsdb import selectors
    from cardsdb.search.budget import SearchTimeout

    opened = []

    @contextmanager
    def exhausted():
        opened.append(True)
        raise SearchTimeout(7)
        yield

    monkeypatch.setattr(selectors, "search_budget", exhausted)
    response = client.get("/api/cards/", {"game": "swccg", "q": "text:/^cancel/"})
    assert response.status_code == 503 and response.json()["code"] == "search-timeout"
    assert "7 ms" in response.json()["message"]
    opened.clear()
    response = client.get("/api/cards/", {"game": "swccg", "q": "text:cancel power>=3"})
    assert response.status_code == 200 and opened == []  # nothing for the database: no budget opened


def test_processes_share_entries_and_database_terms_through_the_cache(client, catalogue, settings):
    from cardsdb.api import card_entries

    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    settings.CARDSDB_SEARCH_SHARED = True
    first = client.get("/api/cards/", {"game": "swccg", "q": "set:V21 is:unique"})
    assert first.status_code == 200 and first.json()["count"] > 0
    # Another process: nothing kept in it yet, the answer cache missed (another URL), the shared parts there.
    in_memory.forget()
    card_entries._kept.clear()
    with CaptureQueriesContext(connection) as queries:
        second = client.get("/api/cards/", {"game": "swccg", "q": "set:V21 is:unique", "other": "1"})
    assert second.json()["results"] == first.json()["results"]
    reads_cards = [q["sql"] for q in queries.captured_queries if 'FROM "cardsdb_card"' in q["sql"]]
    # Only the new table's load (its rows, then the ranks of each ordered column): no term, no entry read.
    assert all("DISTINCT" in sql or '"cardsdb_card"."search_title"' in sql for sql in reads_cards), (
        reads_cards
    )
    assert not any('"cardsdb_printing"' in sql for sql in reads_cards)


def test_an_unreachable_shared_cache_is_a_miss(client, catalogue, settings, monkeypatch):
    from django.core.cache import cache

    settings.CARDSDB_SEARCH_CACHE_SECONDS = 600
    settings.CARDSDB_SEARCH_SHARED = True

    def down(*args, **kwargs):
        raise ConnectionError("cache down")

    monkeypatch.setattr(cache, "get_many", down)
    monkeypatch.setattr(cache, "set_many", down)
    monkeypatch.setattr(cache, "get", lambda *a, **k: None)
    monkeypatch.setattr(cache, "set", lambda *a, **k: None)
    response = client.get("/api/cards/", {"game": "swccg", "q": "set:V21 is:unique"})
    assert response.status_code == 200
    expected = list(card_search(query="set:V21 is:unique", game="swccg").values_list("code", flat=True)[:50])
    assert [entry["id"] for entry in response.json()["results"]] == expected
