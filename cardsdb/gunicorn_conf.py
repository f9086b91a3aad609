"""gunicorn settings read by `make serve` and the benchmarks (`-c cardsdb/gunicorn_conf.py`).

Each worker builds the in-memory indexes searches consult (card names, nicknames and acronyms, the search page's
controls) before it takes its first request, so no visitor's search pays for them (SWTCG's 10,000 names take about
a second). They are per process and per catalogue version: an import makes them rebuild on next use."""

import logging

log = logging.getLogger("cardsdb.warmup")


def post_worker_init(worker):
    from django.db import connections

    from cardsdb.warmup import warm_search

    try:
        warm_search()
    except Exception:  # an empty or unreachable database: the indexes get built on first use instead
        log.exception("warming the search indexes failed; they will be built by the first searches")
    finally:
        connections.close_all()  # requests open their own, as they would have without the warm-up
