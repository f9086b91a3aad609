"""Compile the SW:DBG engine's hot modules with mypyc, in place (`make engine`; `make install` runs it).

The compiled modules play exactly the games of the Python sources (tests/rules/swdbg/test_compiled.py), about
2.5 times faster (bench/swdbg_engine.py). rules/swdbg/__init__.py uses them only while compiled.json matches the
sources; a failed build removes every compiled file, so the engine then runs as plain Python.
Usage: python -m rules.compile_engine [--clean]
"""

import argparse
import json
import os
import sys
import tempfile
import warnings
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "rules" / "swdbg"
GROUP = "rules.swdbg.engine"  # the shared library: rules/swdbg/engine__mypyc.*.so


def compiled_files() -> list[Path]:
    return sorted({path for suffix in EXTENSION_SUFFIXES for path in ENGINE.glob(f"*{suffix}")})


def clean() -> None:
    for path in compiled_files():
        path.unlink()
    (ENGINE / "compiled.json").unlink(missing_ok=True)


def build() -> None:
    # Imported here: the package records the sources it was built from; mypyc and setuptools are build tools only.
    from mypyc.build import mypycify
    from setuptools import setup

    from rules.swdbg import COMPILED, source_digests

    clean()
    warnings.filterwarnings("ignore", module="setuptools")  # it reads pyproject.toml here, and says so
    sources = [f"rules/swdbg/{name}.py" for name in COMPILED]
    with tempfile.TemporaryDirectory(prefix="cardsdb-engine-") as scratch:
        os.chdir(ROOT)  # --inplace puts each extension beside its source, relative to here
        setup(
            name="cardsdb-swdbg-engine",
            packages=[],
            ext_modules=mypycify(sources, opt_level="3", group_name=GROUP, target_dir=scratch),
            script_args=["-q", "build_ext", "--inplace", "--build-temp", scratch, "--build-lib", scratch],
        )
    (ENGINE / "compiled.json").write_text(json.dumps({"sources": source_digests()}, indent=1) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--clean", action="store_true", help="remove the compiled modules: plain Python again"
    )
    args = parser.parse_args()
    if args.clean:
        clean()
        return
    try:
        build()
    except BaseException as error:  # SystemExit from setuptools included: leave no half-built engine behind
        clean()
        print(f"compiling the SW:DBG engine failed ({error}); it runs as plain Python", file=sys.stderr)
        sys.exit(1)
    print(f"compiled the SW:DBG engine: {len(compiled_files())} modules in rules/swdbg/")


if __name__ == "__main__":
    main()
