"""Decks, one package per feature, each with its plain logic, its reads and writes, its API and its pages:
`deck/` (saving and its bounds, versions, the builder's and a deck's pages, exports, statistics),
`legality/` (the checker as plain Python, formats, the legality API, batches and jobs), `formats_io/` (deck-list
formats read and written), `collection/`, `history/` and `missing/` (what a collection lacks, the decks it
builds). The models, migrations, URLs and template tags are the app's, shared by all (docs/architecture.md)."""
