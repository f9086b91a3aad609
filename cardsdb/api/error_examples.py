"""An example answer for every error code (cardsdb/errors.py ERROR_CODES), shown in the API docs beside the
responses that can carry it (cardsdb/api/schema.py `add_error_examples`).

Each body is what the API answers: the ones a test can cause anonymously are checked against the live answer
(tests/cardsdb/test_schema_docs.py); the others are the raise sites' messages with the values of the limits in
force. `shown` says which operations answer the code: those of the listed tags (cardsdb/api/schema_tags.py) or
paths ("/api/…", exactly as the schema writes them), or every operation (EVERY), every one with a request body
(BODY), every one behind a login (LOGIN). A code that
arrives inside a 200 answer (a failed job's `error`, a legality batch's unchecked decks) is shown on that
operation's 200 response, the whole answer as its example (`answer_of`).
"""

from dataclasses import dataclass

EVERY, BODY, LOGIN = "every operation", "every request body", "every login"


@dataclass(frozen=True)
class ErrorExample:
    status: int
    shown: tuple[str, ...]
    body: dict
    answer_of: tuple[str, str] | None = None  # (method, path) of the 200 answer that carries the error


def _e(status: int, shown: tuple[str, ...], code: str, message: str, **details) -> ErrorExample:
    return ErrorExample(status, shown, {"code": code, "message": message, **details})


CARDS, DECKS, HISTORY, COLLECTION = ("cards",), ("decks",), ("history",), ("collection",)
LEGALITY, ODDS, GAMES, JOBS, TOKENS = ("legality",), ("odds",), ("games",), ("jobs",), ("tokens",)
SWCCG, SWTCG = ("SWCCG rules",), ("SWTCG rules",)
CHANGES = DECKS + HISTORY + COLLECTION + GAMES + TOKENS + JOBS  # operations that change what a user keeps

_JOB = {
    "id": "1f0c2a9e6b3d4e5f8a7b6c5d4e3f2a1b",
    "kind": "catalogue-import",
    "status": "failed",
    "progress": {"done": 0, "total": 0},
    "created_at": "2026-12-07T16:00:00Z",
    "started_at": "2026-12-07T16:00:01Z",
    "finished_at": "2026-12-07T16:05:02Z",
    "result": None,
    "url": "/api/jobs/1f0c2a9e6b3d4e5f8a7b6c5d4e3f2a1b/",
}
JOB_ANSWER = ("get", "/api/jobs/{job_id}/")


def _job(code: str, message: str, kind: str = "catalogue-import") -> ErrorExample:
    return ErrorExample(
        200, JOBS, {**_JOB, "kind": kind, "error": {"code": code, "message": message}}, JOB_ANSWER
    )


_BUDGET = (
    "Not checked: the batch reached its budget (1 s of checking or 5,000,000 bytes of answer) before deck 40. Send "
    "the decks from index 40 on in another batch, or the whole batch as a legality job (POST /api/legality/jobs/)."
)
_DARTH_VADR = {
    "code": "unknown-card-name",
    "message": 'Line 2: no card named "Darth Vadr". Did you mean: •Darth Vader (1_168, Dark); •Darth Vader (V) '
    "(200_78, Dark); •Darth Maul (11_54, Dark); •Darth Maul (11_55, Dark); •Death Mark (3_99, Dark)?",
    "line": 2,
    "text": "1x Darth Vadr",
    "candidates": [
        "•Darth Vader (1_168, Dark)",
        "•Darth Vader (V) (200_78, Dark)",
        "•Darth Maul (11_54, Dark)",
        "•Darth Maul (11_55, Dark)",
        "•Death Mark (3_99, Dark)",
    ],
    "count": 1,
}

ERROR_EXAMPLES: dict[str, ErrorExample] = {
    # ---- the catalogue ----
    "bad-query": _e(400, ("/api/cards/",), "bad-query", "Unclosed parenthesis", position=0),
    "search-needs-login": _e(
        401,
        ("/api/cards/",),
        "search-needs-login",
        "'is:owned' searches your collection: log in to use is:owned and owned:",
        position=0,
    ),
    "bad-parameter": _e(
        400,
        CARDS + DECKS + COLLECTION + LEGALITY,
        "bad-parameter",
        "page_size must be a whole number from 1 to 500.",
    ),
    "search-timeout": _e(
        503,
        ("/api/cards/",),
        "search-timeout",
        "The search took longer than 2000 ms; make it narrower (a simpler /regular expression/, fewer terms).",
    ),
    "unknown-game": _e(
        400,
        CARDS + DECKS + LEGALITY + ODDS + COLLECTION,
        "unknown-game",
        "Unknown game 'pazaak'; use swccg, swtcg or swdbg.",
    ),
    "card-not-found": _e(404, CARDS + COLLECTION, "card-not-found", "No card '9_999' in swccg."),
    "set-not-found": _e(404, ("/api/sets/{game}/{code}/",), "set-not-found", "No set '999' in swccg."),
    "bulk-not-found": _e(
        404,
        ("/api/bulk/{game}.json.gz",),
        "bulk-not-found",
        "No bulk file of swtcg has been written yet: an import writes it, or `manage.py export_bulk swtcg`.",
    ),
    "no-match": _e(
        404,
        ("/api/cards/named",),
        "no-match",
        "No card named 'qwzxqwzx' — did you mean one of these?",
        suggestions=["X-wing", "Yuzzum", "Tzizvvt", "Ewok Bow", "Joh Yowza"],
    ),
    "ambiguous-name": _e(
        404,
        ("/api/cards/named",),
        "ambiguous-name",
        "2 cards are named 'lando calrissian'; add side= or use an id.",
        candidates=[
            {"id": "5_99", "title": "•Lando Calrissian", "side": "Dark"},
            {"id": "5_5", "title": "•Lando Calrissian", "side": "Light"},
        ],
    ),
    "not-found": _e(404, CARDS + ODDS, "not-found", "No API endpoint at /api/nowhere/."),
    # ---- any operation, any body ----
    "method-not-allowed": _e(405, CARDS, "method-not-allowed", 'Method "DELETE" not allowed.'),
    "not-acceptable": _e(406, (EVERY,), "not-acceptable", "Could not satisfy the request Accept header."),
    "rate-limited": _e(
        429,
        (EVERY,),
        "rate-limited",
        "Too many requests from this client (1200/hour in the anon scope): retry in 1740 seconds. Callers with an "
        "API token have a higher limit.",
        retry_after=1740,
        scope="anon",
        rate="1200/hour",
    ),
    "parse-error": _e(
        400, (BODY,), "parse-error", "The JSON could not be read: Expecting value (line 1, column 10)."
    ),
    "bad-unicode": _e(
        400,
        (BODY,),
        "bad-unicode",
        "A string at ['dark'] holds a lone surrogate (\\ud800 at character 0); send valid Unicode.",
    ),
    "too-deep": _e(
        400,
        (BODY,),
        "too-deep",
        "The JSON is nested more than 32 levels deep (at [0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]"
        "[0][0][0][0][0][0][0][0][0][0][0][0][0]).",
    ),
    "unsupported-media-type": _e(
        415, (BODY,), "unsupported-media-type", 'Unsupported media type "text/plain" in request.'
    ),
    "request-too-large": _e(
        413,
        (BODY,),
        "request-too-large",
        "The body has 1,000,013 bytes; this endpoint accepts at most 1,000,000 bytes.",
    ),
    "invalid-request": _e(
        400,
        (BODY,),
        "invalid-request",
        "dark.cards: Ensure this field has at least 1 elements.",
        errors={"dark": {"cards": {"non_field_errors": ["Ensure this field has at least 1 elements."]}}},
    ),
    # ---- logging in ----
    "not-authenticated": _e(
        401,
        (LOGIN,),
        "not-authenticated",
        "Log in to list, make or revoke API tokens: send your username and password (HTTP Basic) or the session "
        "cookie of a browser logged in on this site (an API token cannot).",
    ),
    "authentication-failed": _e(401, (LOGIN,), "authentication-failed", "Invalid username/password."),
    "token-invalid": _e(
        401,
        (LOGIN,),
        "token-invalid",
        "The Token in the Authorization header is not a valid API token: it is mistyped or was revoked. Make a new "
        "one on /account/tokens/ and send `Authorization: Token <key>`.",
    ),
    "throttled": _e(
        429,
        (LOGIN,),
        "throttled",
        "Too many failed log-ins from this address or for this user. Expected available in 60 seconds.",
    ),
    "forbidden": _e(403, CHANGES, "forbidden", "Only the deck's owner can change or delete it."),
    # ---- decks and their history ----
    "unknown-format": _e(
        400,
        DECKS + LEGALITY + COLLECTION,
        "unknown-format",
        "No format 'nope' for swdbg. Known: beginner, full-galaxy, cross-edition, cross-edition-full-galaxy.",
    ),
    "unknown-card": _e(
        400,
        DECKS + LEGALITY + ODDS + COLLECTION + SWCCG + SWTCG,
        "unknown-card",
        "No SWCCG card has the id '999_999'; ids are GEMP's, like 1_168.",
        cards=["999_999"],
    ),
    "deck-not-found": _e(
        404, DECKS + HISTORY + COLLECTION + ODDS, "deck-not-found", "No deck 999999 that you can see."
    ),
    "version-not-found": _e(
        404,
        HISTORY,
        "version-not-found",
        "Deck 12 has no kept version 9 that you can see; its versions are listed at /api/decks/12/versions/.",
    ),
    "different-games": _e(
        400,
        ("/api/decks/compare/",),
        "different-games",
        "Deck 12 is a swccg deck and deck 14 a swtcg deck; compare decks of one game.",
    ),
    "notes-too-long": _e(
        400,
        DECKS,
        "notes-too-long",
        "The notes hold 70,000 bytes (UTF-8); a deck's notes hold at most 65,536. Shorten them, or link to a longer "
        "text.",
        limit=65536,
    ),
    "too-many-decks": _e(
        409,
        DECKS,
        "too-many-decks",
        "You keep 500 decks, as many as one user may; delete one first.",
        limit=500,
    ),
    "deck-storage-full": _e(
        409,
        DECKS + HISTORY,
        "deck-storage-full",
        "Your decks' kept versions hold 67,100,000 bytes; this save would take them to 67,110,000, past the "
        "67,108,864 one user may keep. Delete decks you no longer need, or shorten notes.",
        limit_bytes=67108864,
        used_bytes=67100000,
    ),
    "version-mismatch": _e(
        412,
        DECKS + HISTORY,
        "version-mismatch",
        "The deck changed since you read it (you sent version 3; it is now at 4). Read it again, apply your change "
        "to what it holds now, and send its new ETag in If-Match.",
        version=4,
    ),
    "precondition-failed": _e(
        412,
        CARDS + DECKS + HISTORY,
        "precondition-failed",
        "If-Match or If-Unmodified-Since does not hold for this answer; reads need neither.",
    ),
    "precondition-required": _e(
        428,
        DECKS + HISTORY,
        "precondition-required",
        "Changing a deck's cards needs an If-Match header with the deck's ETag as you read it (e.g. If-Match: "
        '"3"), so that no change you have not seen is overwritten; If-Match: * replaces whatever the deck holds.',
    ),
    "decklist-problems": _e(
        400,
        DECKS,
        "decklist-problems",
        "1 line(s) could not be read; fix them and send the list again.",
        problems=[_DARTH_VADR],
    ),
    "decklist-too-large": _e(
        413,
        DECKS + LEGALITY,
        "decklist-too-large",
        "The deck list has 2,400 lines; at most 2,000 are read. Send one deck (a 60-card list has fewer than 200 "
        "lines).",
        limit=2000,
        size=2400,
        unit="lines",
    ),
    "bad-export": _e(
        400,
        ("/api/decks/{deck_id}/export/",),
        "bad-export",
        "No 'lackey-dek' export for swccg decks; use one of gemp, json, pdf, text, xml.",
    ),
    "cannot-export": _e(
        400,
        ("/api/decks/{deck_id}/export/",),
        "cannot-export",
        "No pdf export of this deck: a proxy sheet holds 1 to 500 cards.",
    ),
    # ---- legality ----
    "batch-too-large": _e(
        413,
        LEGALITY,
        "batch-too-large",
        "The batch's decks hold 120,000 card ids (cards and outside_deck) in all; a batch may hold at most 100,000. "
        "Send the decks in several batches.",
        limit=100000,
        size=120000,
        unit="cards",
    ),
    "batch-budget-spent": ErrorExample(
        200,
        LEGALITY,
        {
            "count": 41,
            "legal": 0,
            "results": [
                "…40 decks' reports…",
                {"index": 40, "error": {"code": "batch-budget-spent", "message": _BUDGET}},
            ],
            "checked": 40,
            "next": 40,
        },
        ("post", "/api/legality/batch/"),
    ),
    # ---- odds ----
    "starting-not-in-deck": _e(
        400,
        ODDS,
        "starting-not-in-deck",
        "Starting cards must be deck cards (one deck copy per starting copy): 1_19.",
        cards=["1_19"],
    ),
    "hand-too-large": _e(
        400,
        ODDS,
        "hand-too-large",
        "A hand of 61 cannot be drawn from a draw pile of 60 (60 deck cards, 0 placed before the draw).",
    ),
    "bad-trials": _e(400, ODDS, "bad-trials", "`trials` must be a whole number from 1 to 5,000,000."),
    "no-destiny": _e(
        400, ODDS, "no-destiny", "Only SWCCG draws destiny; swtcg cards have no destiny number."
    ),
    # ---- the rules ----
    "illegal-stack": _e(
        400,
        ("/api/rules/swtcg/confrontation",),
        "illegal-stack",
        "The Dark Side's stack breaks the stacking rules; fix it first.",
        side="Dark",
        violations=[
            {
                "code": "same-version-twice",
                "message": "Darth Vader (A) is in the stack 2 times; a stack may hold each version once: take out 1.",
                "cards": ["ANH_7", "ANH_7"],
            }
        ],
    ),
    "illegal-bid": _e(
        400,
        ("/api/rules/swtcg/confrontation",),
        "illegal-bid",
        "bid 1: it is the Light Side's turn, not 'Dark'.",
        rule="wrong-turn",
        index=1,
    ),
    "no-confrontation": _e(
        400,
        ("/api/rules/swtcg/confrontation",),
        "no-confrontation",
        "Darth Vader and Luke Skywalker are not the same unique unit: they do not confront.",
        rule="not-same-unit",
    ),
    "battle-not-resolvable": _e(
        400,
        ("/api/rules/swccg/battle",),
        "battle-not-resolvable",
        "The dark side may draw 1 battle destiny (combined ability 6); 2 were given.",
        rule="too-many-destinies",
    ),
    "sabacc-not-playable": _e(
        400,
        ("/api/rules/swccg/sabacc",),
        "sabacc-not-playable",
        "dark side: card 0: a wild card takes a whole number within 1..6.",
        rule="wild-out-of-range",
        cards=[0],
    ),
    "capture-not-allowed": _e(
        400,
        ("/api/rules/swccg/capture",),
        "capture-not-allowed",
        "Only the Dark Side captures; the Light Side may not use capturing text.",
        rule="light-side-capture",
        cards=[],
    ),
    # ---- games, records and replays ----
    "bad-replay": _e(400, GAMES, "bad-replay", "<gameReplay> holds <player>, not <ge>."),
    "not-a-replay": _e(
        400, GAMES, "not-a-replay", "This is neither a GEMP replay file (zlib) nor replay XML."
    ),
    "replay-too-large": _e(
        413,
        GAMES,
        "replay-too-large",
        "A replay file is limited to 4,194,304 bytes.",
        bound="file_bytes",
        limit=4194304,
    ),
    "record-too-large": _e(
        413,
        GAMES,
        "record-too-large",
        "The events list 25,000 cards together; a record lists at most 20,000.",
        bound="listed_cards",
        limit=20000,
    ),
    "answer-too-large": _e(
        413,
        GAMES + DECKS,
        "answer-too-large",
        "The answer would be 6,200,000 bytes; one answer is at most 5,000,000. Ask for fewer events at a time "
        "(?limit=).",
        limit=5000000,
    ),
    "bad-record": _e(400, GAMES, "bad-record", 'A SWCCG record says "game": "swccg", "record_version": 1.'),
    "too-many-actions": _e(
        400, GAMES, "too-many-actions", "A record holds at most 20,000 actions, not 20,001."
    ),
    "too-many-events": _e(400, GAMES, "too-many-events", "A replay is limited to 25000 events."),
    "bad-setup": _e(
        400,
        GAMES + DECKS + LEGALITY,
        "bad-setup",
        "The setup cannot start a game: The setup must be a JSON object with players, bases_to_win and galaxy.",
        problems=[
            {
                "code": "not-object",
                "message": "The setup must be a JSON object with players, bases_to_win and galaxy.",
                "cards": [],
            }
        ],
    ),
    "bad-game": _e(400, GAMES, "bad-game", "opponent must be one of random, greedy, search."),
    "too-many-games": _e(
        409, GAMES, "too-many-games", "You have 20 games in progress; finish or delete one."
    ),
    "game-not-found": _e(404, GAMES, "game-not-found", "You have no game 7."),
    "not-your-move": _e(
        409, ("/api/games/{game_id}/actions",), "not-your-move", "The AI is to move; reload the game."
    ),
    "illegal-action": _e(
        400,
        ("/api/games/{game_id}/actions",),
        "illegal-action",
        "Luke Skywalker is not in your hand.",
        violation={
            "code": "not-in-hand",
            "rule": "Play a Card",
            "message": "Luke Skywalker is not in your hand.",
        },
    ),
    "game-in-progress": _e(
        409,
        ("/api/games/{game_id}/record", "/api/games/{game_id}/states/{n}"),
        "game-in-progress",
        "The record is given once the game is over.",
    ),
    "too-many-replays": _e(
        409,
        GAMES,
        "too-many-replays",
        "You have 200 saved replays, as many as one user may keep; delete one first.",
        limit=200,
    ),
    "replay-not-found": _e(404, GAMES, "replay-not-found", "You have no saved replay 31."),
    "simulation-too-large": _e(
        413,
        GAMES,
        "simulation-too-large",
        "At most 50 games of search vs search per request; play more as a job: POST /api/games/swdbg/simulations/ "
        "(login needed).",
        limit=50,
        job="/api/games/swdbg/simulations/",
    ),
    # ---- the collection ----
    "collection-problems": _e(
        400,
        COLLECTION,
        "collection-problems",
        "1 line(s) cannot be read; nothing was applied. Fix them and import again.",
        problems=[
            {
                "line": 3,
                "code": "unknown-card",
                "message": "Line 3: no swccg card has the code '1_9999'.",
                "text": "1_9999",
                "candidates": [],
            }
        ],
    ),
    "collection-too-large": _e(
        413,
        COLLECTION,
        "collection-too-large",
        "The file has 3,500,000 bytes; at most 3,000,000 are read. Split it by game or set.",
        limit=3000000,
        size=3500000,
        unit="bytes",
    ),
    "collection-columns": _e(
        400, COLLECTION, "collection-columns", "The file is empty: it needs a header line and rows."
    ),
    "collection-below-zero": _e(
        400,
        COLLECTION,
        "collection-below-zero",
        "1 change(s) would take a line below 0 (or over 9,999); nothing was applied.",
        problems=[
            {
                "line": 1,
                "code": "below-zero",
                "message": "Line 1: the line has 1 copy; -2 would make -1 (a line holds 0 to 9,999).",
                "text": "",
                "candidates": [],
                "card": "1_168",
                "set": "",
                "variant": "",
            }
        ],
    ),
    # ---- tokens and jobs ----
    "token-limit": _e(
        409,
        TOKENS,
        "token-limit",
        "You have 20 API tokens, as many as one user may: revoke one you no longer use (DELETE /api/tokens/<id>/) "
        "first.",
        limit=20,
    ),
    "token-not-found": _e(404, TOKENS, "token-not-found", "You have no API token with id 5."),
    "job-not-found": _e(404, JOBS, "job-not-found", "You have no job 'nope'; GET /api/jobs/ lists yours."),
    "too-many-jobs": _e(
        429,
        JOBS + LEGALITY + GAMES,
        "too-many-jobs",
        "You have 3 jobs queued or running; wait for one to finish (GET /api/jobs/).",
    ),
    "import-locked": _e(
        409,
        JOBS,
        "import-locked",
        "An import job is already running (/api/jobs/1f0c2a9e6b3d4e5f8a7b6c5d4e3f2a1b/); wait for it to finish.",
    ),
    "import-unavailable": _e(
        400,
        JOBS,
        "import-unavailable",
        "This server has no swtcg data (CARDSDB_DATA_DIR/swtcg) and no public download of it is known; run "
        "manage.py import_cards swtcg --source … on the server instead.",
    ),
    "job-failed": _job("job-failed", "The job failed on a server error; it was logged.", "legality-batch"),
    "job-lost": _job(
        "job-lost",
        "The process running this job stopped before the job ended (a restart, a crash, a time limit), or its "
        "queued message was lost; nothing was changed (an import is atomic) and no result was kept. Submit it again.",
    ),
    "import-failed": _job(
        "import-failed",
        "Not imported, nothing was changed: Dark.json: not UTF-8 text at byte 1024",
    ),
    "too-many-removals": _job(
        "too-many-removals",
        "Not imported, nothing was changed: This swccg import would remove 900 of 3,674 cards (24%; e.g. 1_1, 1_2, "
        "1_3, …). More than 2% of a kind (or more than one of a small kind) is refused, since a cut or partly "
        "downloaded file looks just like this. Check the source; if the removals are intended, run it again with "
        "--allow-removals.",
    ),
    # ---- the rest ----
    "error": _e(403, CHANGES, "error", "You do not have permission to perform this action."),
    "server-error": _e(500, (EVERY,), "server-error", "An unexpected error; it has been logged."),
}
