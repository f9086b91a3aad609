"""The SW:DBG engine (plain Python; see docs/swdbg-engine.md).

Its hot modules may also be compiled with mypyc (`make engine`, run by `make install`): the same code, about 2.5
times faster. A compiled module is used only while it was built from the sources beside it (`compiled.json`
keeps their SHA-256); after an edit, or with CARDSDB_PURE_ENGINE=1, the package imports the Python sources, so a
stale build can never play other rules than the code says. `ENGINE` tells which one this process runs.
"""

import hashlib
import json
import os
import sys
import warnings
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path

HERE = Path(__file__).resolve().parent
# The modules rules/compile_engine.py compiles: the ones every action runs through. The others (cards and texts
# are data, record and view run once per request) gain little and stay Python.
COMPILED = ("state", "effects", "game", "players", "search")
MANIFEST = HERE / "compiled.json"


def source_digests() -> dict[str, str]:
    return {name: hashlib.sha256((HERE / f"{name}.py").read_bytes()).hexdigest() for name in COMPILED}


def _built() -> bool:
    return any((HERE / f"{name}{suffix}").exists() for name in COMPILED for suffix in EXTENSION_SUFFIXES)


def _up_to_date() -> bool:
    try:
        built_from = json.loads(MANIFEST.read_text())
    except (OSError, ValueError):
        return False
    return isinstance(built_from, dict) and built_from.get("sources") == source_digests()


class _PythonSources:
    """Finds the compiled modules' Python sources ahead of their extension modules."""

    @staticmethod
    def find_spec(fullname: str, path=None, target=None) -> ModuleSpec | None:
        package, _, name = fullname.rpartition(".")
        if package != __name__ or name not in COMPILED:
            return None
        return spec_from_file_location(fullname, HERE / f"{name}.py")


def _choose() -> str:
    if not _built():
        return "python"
    if os.environ.get("CARDSDB_PURE_ENGINE"):
        sys.meta_path.insert(0, _PythonSources())
        return "python"
    if not _up_to_date():
        warnings.warn(
            "rules/swdbg: the compiled engine was built from other sources; running the Python sources "
            "(`make engine` compiles them again).",
            stacklevel=2,
        )
        sys.meta_path.insert(0, _PythonSources())
        return "python"
    return "compiled"


ENGINE = _choose()
