"""Each gunicorn worker builds the search indexes before its first request (cardsdb/gunicorn_conf.py)."""

from cardsdb import gunicorn_conf, names, warmup
from cardsdb.catalogue_versions import catalogue_version
from cardsdb.search import controls as search_controls
from cardsdb.search import in_memory


def test_warming_builds_every_games_name_and_nickname_index(catalogue, swtcg_catalogue, swdbg_catalogue):
    names._index_cache.clear()
    search_controls._kept.clear()
    in_memory.forget()
    warmup.warm_search()
    for game in ("swccg", "swtcg", "swdbg"):
        index = names._index_cache[(game, catalogue_version(game))]
        assert index.entries and index.nickname_index is not None
        assert (game, catalogue_version(game)) in search_controls._kept
        assert in_memory._tables[game].version == catalogue_version(game) and in_memory._tables[game].pks


def test_a_worker_starts_even_when_warming_fails(monkeypatch, caplog):
    def broken():
        raise RuntimeError("database unreachable")

    closed = []
    monkeypatch.setattr(warmup, "warm_search", broken)
    monkeypatch.setattr("django.db.connections.close_all", lambda: closed.append(True))
    gunicorn_conf.post_worker_init(worker=None)
    assert "warming the search indexes failed" in caplog.text
    assert closed == [True]  # the worker's requests open their own connections
