import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cardsdb import bulk
from cardsdb.importers import facts as card_facts
from cardsdb.importers.errors import ImportProblem
from cardsdb.importers.lock import import_lock
from cardsdb.importers.sources import check_text
from cardsdb.models import Card, CardFact
from core.text import fold

from ._import_options import add_lock_argument, problem_error
from .export_bulk import write_bulk

FILE_SHAPE = (
    '{"cards": [{"code": "<card code>" or "title": "<title>", "<field>": <value>, "note": "<source>"}, …]}'
)
EXAMPLE = '{"cards": [{"title": "Asajj Ventress", "faction": <as printed: "Separatist" or "Neutral">}]}'


class Command(BaseCommand):
    help = (
        "Store facts about cards (values the source leaves unknown) from a JSON file and apply them now. "
        f"File: {FILE_SHAPE}, e.g. {EXAMPLE}; fields: {', '.join(card_facts.FIELDS)} "
        f"(faction: {', '.join(card_facts.FACTIONS)}; card_type: {', '.join(card_facts.CARD_TYPES)}; "
        "in any case). All or nothing."
    )

    def add_arguments(self, parser):
        parser.add_argument("game", choices=card_facts.GAMES)
        parser.add_argument("file", help="The JSON file of facts.")
        add_lock_argument(parser)

    def handle(self, *args, game, file, verbosity=1, no_wait=False, **options):
        # Under the import lock: an import_cards of the game running alongside re-applies the stored facts.
        try:
            with import_lock(wait=not no_wait, on_wait=lambda message: self.stderr.write(message)):
                self._store(game, file, verbosity)
                # Facts that changed cards made a new catalogue version: its bulk file.
                if settings.BULK_ON_IMPORT and not bulk.is_current(game):
                    write_bulk(self, game, show=verbosity > 0)
        except ImportProblem as problem:
            raise problem_error(problem) from None

    def _store(self, game, file, verbosity):
        wanted = _read(Path(file), game)
        counts = {"added": 0, "changed": 0, "unchanged": 0}
        with transaction.atomic():
            for (code, field), (value, note) in wanted.items():
                fact = CardFact.objects.filter(game_id=game, card_code=code, field=field).first()
                if fact is None:
                    CardFact.objects.create(game_id=game, card_code=code, field=field, value=value, note=note)
                    counts["added"] += 1
                elif (fact.value, fact.note) != (value, note):
                    fact.value, fact.note = value, note
                    fact.save()
                    counts["changed"] += 1
                else:
                    counts["unchanged"] += 1
            warnings = card_facts.refresh_cards(game, {code for code, _ in wanted})
        if verbosity:
            summary = ", ".join(f"{n} {label}" for label, n in counts.items())
            self.stdout.write(f"{game} facts from {file}: {summary}")
            for warning in warnings:
                self.stdout.write(self.style.WARNING(f"  warning: {warning}"))


def _read(path: Path, game: str) -> dict[tuple[str, str], tuple[object, str]]:
    """(card code, field) → (value, note) for every fact in the file; CommandError names the bad record."""
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise CommandError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    except (ValueError, RecursionError) as exc:  # bad UTF-8 or JSON, a 5,000-digit number, deep nesting
        raise CommandError(f"{path}: not valid JSON ({exc}); expected {FILE_SHAPE}") from None
    try:
        check_text(doc, str(path))  # a NUL or lone surrogate: neither database can store the fact
    except ImportProblem as problem:
        raise CommandError(str(problem)) from None
    records = doc.get("cards") if isinstance(doc, dict) else None
    if not isinstance(records, list):
        raise CommandError(f'{path}: expected an object with a "cards" list, such as {FILE_SHAPE}')
    cards = list(Card.objects.filter(game_id=game).values_list("code", "name"))
    by_code = {code for code, _ in cards}
    by_name: dict[str, list[str]] = {}
    for code, name in cards:
        by_name.setdefault(fold(name), []).append(code)
    wanted: dict[tuple[str, str], tuple[object, str]] = {}
    for index, record in enumerate(records):
        where = f"{path}, record {index}"
        if not isinstance(record, dict):
            raise CommandError(f"{where}: a record must be an object, not {json.dumps(record)}")
        code = _card_code(record, by_code, by_name, where, game)
        where = f"{where} ({code})"
        note = record.get("note", "")
        if not isinstance(note, str):
            raise CommandError(f"{where}: note must be text")
        given = {k: v for k, v in record.items() if k not in ("code", "title", "note")}
        if not given:
            raise CommandError(f"{where}: no facts; give one or more of {', '.join(card_facts.FIELDS)}")
        for field, raw in given.items():
            try:
                value = card_facts.check_value(field, raw)
            except ValueError as exc:
                raise CommandError(f"{where}: {exc}") from None
            if (code, field) in wanted and wanted[(code, field)][0] != value:
                raise CommandError(f"{where}: {field} is given twice in the file with different values")
            wanted[(code, field)] = (value, note.strip())
    return wanted


def _card_code(record: dict, by_code: set, by_name: dict, where: str, game: str) -> str:
    if isinstance(record.get("code"), str):
        if record["code"] not in by_code:
            raise CommandError(
                f"{where}: no {game} card has the code {record['code']!r} (import the cards first)"
            )
        return record["code"]
    if isinstance(record.get("title"), str):
        codes = by_name.get(fold(record["title"]), [])
        if not codes:
            raise CommandError(f"{where}: no {game} card is titled {record['title']!r}")
        if len(codes) > 1:
            raise CommandError(
                f"{where}: {record['title']!r} names {len(codes)} cards ({', '.join(sorted(codes))}); "
                "give its code instead"
            )
        return codes[0]
    raise CommandError(f'{where}: give the card\'s "code" or "title"')
