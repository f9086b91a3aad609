"""Deck legality. The checker is plain Python (no Django): card records in, every violation out, each with a
stable code (checker, formats, records, rules, verdicts, violations; swtcg and swdbg for the other games). Beside
it, its Django layer: the catalogue read into records (pool), checks of saved and sent decks (services, batch),
the API and its jobs (api, api_jobs, serializers), messages in the page's language, a card's standing per
format, the builder's panel and the formats' import."""
