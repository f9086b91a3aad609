"""manage.py swccg_gametext: how much of the SWCCG game text the reader understands, by card type, over GEMP's
sample decks and over the whole catalogue; --unread N lists the commonest unread sentences (what to add next)."""

import time

from django.core.management.base import BaseCommand, CommandError
from tqdm import tqdm

from rules.swccg.gametext import protected_titles, read_card
from rules.swccg.gametext.coverage import TYPES, Coverage
from rules.swccg_gametext import catalogue_texts, current_codes, sample_deck_ids

MAX_UNREAD = 1_000


class Command(BaseCommand):
    help = (
        "Read every SWCCG card's game text into effects and print the share of sentences read, by card type: "
        "over the cards of GEMP's sample decks, the current catalogue, and the legacy and pre-errata versions."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--unread",
            type=int,
            default=0,
            metavar="N",
            help=f"also list the N commonest unread sentence shapes of the sample decks' {', '.join(TYPES)} "
            f"cards (0 to {MAX_UNREAD:,})",
        )
        parser.add_argument(
            "--catalogue",
            action="store_true",
            help="with --unread: list the whole current catalogue's unread shapes instead of the sample decks'",
        )

    def handle(self, *args, unread: int, catalogue: bool, verbosity: int = 1, **options):
        if not 0 <= unread <= MAX_UNREAD:
            raise CommandError(f"--unread must be from 0 to {MAX_UNREAD:,}")
        texts = catalogue_texts()
        if not texts:
            raise CommandError("the SWCCG catalogue is empty: import it first (manage.py import_cards swccg)")
        protected = protected_titles(t.title for t in texts)
        try:
            in_decks = set(current_codes(sample_deck_ids()))
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise CommandError(f"GEMP's sample decks could not be read: {exc}") from None
        groups = {"sample decks": Coverage(), "catalogue": Coverage(), "legacy and pre-errata": Coverage()}
        seconds = cpu = (
            0.0  # the reading alone, not the counting; CPU time is what other work does not inflate
        )
        memo: dict = {}
        for text in tqdm(
            texts, desc="reading", unit="card", file=self.stderr, disable=verbosity == 0, leave=False
        ):
            started, started_cpu = time.perf_counter(), time.process_time()
            effects = read_card(text, protected, memo)
            seconds += time.perf_counter() - started
            cpu += time.process_time() - started_cpu
            if text.edition != "current":
                groups["legacy and pre-errata"].add(text, effects)
                continue
            groups["catalogue"].add(text, effects)
            if text.code in in_decks:
                groups["sample decks"].add(text, effects)
        self.stdout.write(
            f"{len(texts):,} cards read in {seconds:.2f} s ({cpu:.2f} s of CPU); sentences read / all sentences"
        )
        for name, coverage in groups.items():
            self.stdout.write(f"\n{name}")
            for kind in sorted(
                coverage.by_type, key=lambda k: (k not in TYPES, TYPES.index(k) if k in TYPES else 0, k)
            ):
                tally = coverage.by_type[kind]
                self.stdout.write(f"  {kind:22} {tally.read:>6,} / {tally.sentences:>6,}  {tally.share:7.1%}")
            tally = coverage.total()
            self.stdout.write(
                f"  {'the four unit types':22} {tally.read:>6,} / {tally.sentences:>6,}  {tally.share:7.1%}"
            )
        if unread:
            source = groups["catalogue" if catalogue else "sample decks"]
            self.stdout.write(
                f"\nthe {unread} commonest unread sentences ({'catalogue' if catalogue else 'sample decks'})"
            )
            for shape, count in source.unread_of(TYPES).most_common(unread):
                self.stdout.write(f"  {count:>4}  {shape}")
