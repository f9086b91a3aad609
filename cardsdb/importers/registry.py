"""The games `import_cards` knows, each with its loader and (where there is one) its pinned public download."""

from collections.abc import Callable
from dataclasses import dataclass

from . import swccg, swdbg, swtcg
from .snapshot import Snapshot
from .sources import PinnedSource, Source


@dataclass(frozen=True)
class GameImporter:
    game: str
    load: Callable[[Source], Snapshot]
    pinned: Callable[[], PinnedSource] | None


# SWTCG and SW:DBG joined with issue #5 (their data sits beside SWCCG's in CARDSDB_DATA_DIR).
IMPORTERS = {
    "swccg": GameImporter("swccg", swccg.load, swccg.pinned_source),
    # No pinned download: the community repository's files are not pinned; needs CARDSDB_DATA_DIR or --source.
    "swtcg": GameImporter("swtcg", swtcg.load, None),
    # No pinned download: original_2023.json was compiled for this project from public implementations and is
    # published nowhere to download; needs CARDSDB_DATA_DIR or --source. The Clone Wars Edition file ships in
    # the package (cardsdb/data/).
    "swdbg": GameImporter("swdbg", swdbg.load, None),
}
