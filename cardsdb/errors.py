"""The coded error every part of the project raises for a request it refuses: a stable `code` from ERROR_CODES, a
message that says what to fix, and details. Below the API (cardsdb/api/errors.py renders it) so that jobs and
importers, which the API starts, raise it without importing the API back."""

from rest_framework import exceptions, status

# Every code a client can receive, with what it means (tests check each is documented and used consistently).
ERROR_CODES = {
    "bad-query": "The search query could not be understood; 'position' points at the problem.",
    "search-needs-login": "The search asks about your collection (is:owned, owned>=N): log in to use it (401).",
    "bad-parameter": "A query parameter has a value that is not allowed.",
    "search-timeout": "The search ran out of its time budget (503); make it narrower, e.g. a simpler /regex/.",
    "unknown-game": "The game is not one of swccg, swtcg, swdbg.",
    "card-not-found": "No card has this id in this game.",
    "set-not-found": "No set has this code in this game.",
    "bulk-not-found": "The game's bulk file has not been written yet (404): an import or export_bulk writes it.",
    "no-match": "No card name is close enough to the name given.",
    "ambiguous-name": "Several cards have this name; narrow it with side= or pick an id.",
    "not-found": "No such page or resource.",
    "method-not-allowed": "The HTTP method is not allowed here.",
    "parse-error": "The request body is not valid.",
    "bad-unicode": "A string is not valid Unicode text (a lone surrogate, bad UTF-8 or a NUL character).",
    "too-deep": "The JSON is nested more deeply than any request needs.",
    "not-acceptable": "The Accept header asks for a format the API cannot produce (it speaks JSON).",
    "unsupported-media-type": "The request body must be JSON (Content-Type: application/json).",
    "request-too-large": "The request body is larger than this endpoint accepts.",
    "invalid-request": "The request body does not have the expected fields and types; 'errors' says where.",
    "unknown-format": "No format has this code in this game; GET /api/formats/ lists them.",
    "unknown-card": "Card ids that name no card of the game; 'cards' lists them.",
    "deck-not-found": "No deck with this id that you may see.",
    "version-not-found": "The deck has no kept version with this number (404); its versions list says which.",
    "different-games": "The two decks compared are of different games; compare decks of one game.",
    "notes-too-long": "A deck's notes hold more bytes (UTF-8) than one deck may (400); 'limit' is the bound.",
    "too-many-decks": "You keep as many decks as one user may (409); 'limit' says how many. Delete one first.",
    "deck-storage-full": "Your decks' kept versions would hold more bytes than one user may (409); 'limit_bytes' "
    "is the bound, 'used_bytes' what they hold. Nothing was saved.",
    "version-mismatch": "The deck changed since the version If-Match names (412); 'version' is its version now.",
    "precondition-failed": 'If-Match is not one of the deck\'s ETags ("3") nor * (412); on a read, If-Match or '
    "If-Unmodified-Since does not hold.",
    "precondition-required": "Changing a deck's cards needs If-Match with the ETag you read (428).",
    "forbidden": "You may not do this (only a deck's owner changes it).",
    "not-authenticated": "Log in (session or HTTP Basic) to do this.",
    "authentication-failed": "The credentials sent (HTTP Basic) are wrong.",
    "throttled": "Too many failed log-ins from this address or for this user; Retry-After says when to retry.",
    "rate-limited": "Too many requests from this client for its rate limit (429); Retry-After and 'retry_after' "
    "say in how many seconds to retry, 'rate' and 'scope' which limit it is (docs/api.md).",
    "token-invalid": "The API token sent (Authorization: Token or Bearer) is wrong or was revoked (401).",
    "token-limit": "You have as many API tokens as one user may (409); revoke one first.",
    "token-not-found": "You have no API token with this id (404).",
    "job-not-found": "You have no job with this id (404); GET /api/jobs/ lists yours.",
    "too-many-jobs": "You have as many jobs queued or running as one user may (429); wait for one to finish.",
    "job-failed": "The job stopped on a server error (in a job's `error`); it was logged.",
    "job-lost": "The process running a job stopped before the job ended (a restart, a crash, a killed worker: "
    "running with no sign of life for 5 minutes), or its queued message was lost (in the job's `error`); nothing "
    "was changed and no result kept: submit it again.",
    "import-locked": "Another catalogue import is queued or running on this database: 409 when an import job is "
    "submitted, or an import job's `error` when import_cards holds the lock; nothing was changed.",
    "import-failed": "The catalogue import stopped on a problem in its source (an import job's `error`); nothing "
    "was changed.",
    "too-many-removals": "The import would remove more than 2% of a kind of row, cards or sets… (an import job's "
    "`error`); nothing was changed. Send allow_removals: true when that is meant.",
    "import-unavailable": "The game has no local data on this server and no public download to import from (400).",
    "decklist-problems": "The deck list has lines that could not be read; 'problems' lists each with candidates.",
    "decklist-too-large": "A deck list has more characters or lines than one deck can (413); 'limit' is the bound.",
    "batch-too-large": "A legality batch asks for more work in total than one request may (413); 'limit' says which.",
    "bad-export": "The deck's game has no such export (gemp, xml, text, json, pdf; SWTCG also lackey-dek/-txt).",
    "cannot-export": "This deck cannot be exported so: a proxy sheet (pdf) holds 1 to 500 cards.",
    "starting-not-in-deck": "Starting cards must be cards of the deck.",
    "hand-too-large": "The hand is larger than the draw pile left after starting and outside cards.",
    "bad-trials": "The number of simulation trials is out of range.",
    "no-destiny": "Destiny analysis asked for a game without destiny (only SWCCG draws destiny).",
    "illegal-stack": "A unit's stack breaks the SWTCG stacking rules; 'violations' lists each with its code.",
    "illegal-bid": "A confrontation bid breaks the bidding rules; 'rule' names it, 'index' is the bad bid.",
    "no-confrontation": "Not two unique units of the same name on their own sides, so no confrontation ('rule').",
    "battle-not-resolvable": "The battle cannot be resolved as given ('rule' says why: no-battle, "
    "too-many-destinies, too-many-cards, bad-number).",
    "sabacc-not-playable": "The sabacc hands or choices break the sabacc rules ('rule' says which, 'cards' the "
    "card indexes).",
    "bad-replay": "The GEMP replay file cannot be read (bad zlib or XML, a DTD or entity, an event without a type).",
    "not-a-replay": "The file is not a GEMP replay (neither zlib, gzip nor XML with a gameReplay root).",
    "replay-too-large": "The GEMP replay file is over one of the bounds a request reads (413): its bytes, what it "
    "inflates to, its elements, attributes, values, players or listed ids; 'bound' names which, 'limit' its value.",
    "record-too-large": "A SWCCG game record asks more of the referee than one request may (413): cards listed by "
    "its events, battles or sabacc games; 'bound' names which, 'limit' its value.",
    "answer-too-large": "The answer would be larger than one response carries (413); 'limit' is the bound in bytes, "
    "the message says how to ask for less.",
    "capture-not-allowed": "The capture breaks the capture rules ('rule' says which: light-side-capture, "
    "not-capturable, not-an-escort, one-captive-each, not-a-prison, …).",
    "bad-record": "The game record is not the documented shape (GET /api/games/swdbg/record-schema).",
    "too-many-actions": "A game record holds more actions than a game can (the limit is in the message).",
    "too-many-events": "A SWCCG game record holds more events than one replay reads (the limit is in the message).",
    "bad-setup": "The game's setup cannot start a game; 'problems' lists each with its code and cards.",
    "bad-game": "The new game's faction or opponent is not one this setup offers.",
    "too-many-games": "You have as many games in progress as one user may (409); finish or delete one.",
    "game-not-found": "No saved game with this id that you may see.",
    "not-your-move": "The other player is to move in this game (409).",
    "illegal-action": "The rules do not allow this action now; 'violation' has the rule's code and words.",
    "game-in-progress": "A game's record (it holds hidden cards) is given once the game is over (409).",
    "too-many-replays": "You keep as many saved replays, or bytes of them, as one user may (409); 'limit' or "
    "'limit_bytes' says which.",
    "replay-not-found": "No saved replay with this id that you may see (someone else's is not found either).",
    "collection-problems": "A collection import has lines that cannot be read; nothing was applied ('problems' "
    "lists each with its line number, code and closest cards).",
    "collection-too-large": "A collection file has more bytes, lines or columns than one import reads (413); "
    "'limit' and 'unit' say which.",
    "collection-columns": "A collection file has no usable header (a quantity column and a card code or name "
    "column) or is not a collection JSON document.",
    "collection-below-zero": "A collection change would take a line below 0 copies (or over the limit); nothing "
    "was applied ('problems' names each).",
    "batch-budget-spent": "In a legality batch's results: this deck was not checked, the batch having spent its "
    "time or answer budget; the answer's 'next' says which deck to send again from (or send a job).",
    "simulation-too-large": "A simulation asks for more games than one request may play (413); 'limit' says how many, "
    "and 'job' (on /api/games/swdbg/simulate) the job endpoint that plays more.",
    "error": "Another client error; the message says what to fix.",
    "server-error": "An unexpected error; it has been logged.",
}


class ApiError(exceptions.APIException):
    def __init__(self, code: str, message: str, status_code: int = status.HTTP_400_BAD_REQUEST, **details):
        assert code in ERROR_CODES, code
        self.status_code = status_code
        self.code = code
        self.details = details
        super().__init__(detail=message, code=code)
