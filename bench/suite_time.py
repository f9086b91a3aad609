"""The test suite's time as CI meets it: a fresh clone of this checkout beside the shared data, then `make test`
(default; target ≤ 10 min on SQLite, 2 cores) or `.ci/run` (target ≤ 30 min for both databases). Prints the wall
time of each run and, for `make test`, where the time went: seconds per test folder and the slowest files,
read from the run's JUnit XML (times summed over both workers, so they add up to about twice the wall time).
Usage: .venv/bin/python bench/suite_time.py [--runs 1] [--ci] [--with-changes] [--postgres]
"""

import argparse
import collections
import os
import shutil
import statistics
import subprocess
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from first_run import ROOT, fresh_clone

POSTGRES = "postgres://postgres@127.0.0.1:5432/cardsdb"


def where_the_time_went(junit: Path) -> None:
    folders: collections.Counter = collections.Counter()
    files: collections.Counter = collections.Counter()
    tests = 0
    for case in ET.parse(junit).iter("testcase"):
        module = ".".join(p for p in case.get("classname", "").split(".") if not p[:1].isupper())
        seconds = float(case.get("time", 0))
        tests += 1
        files[module] += seconds
        folders[".".join(module.split(".")[:2])] += seconds
    print(f"  {tests} tests, {sum(files.values()):.0f} s of test time over the workers")
    for folder, seconds in folders.most_common():
        print(f"  {seconds:7.0f} s  {folder}")
    print("  slowest files:")
    for module, seconds in files.most_common(12):
        print(f"  {seconds:7.0f} s  {module}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument(
        "--ci", action="store_true", help="time .ci/run (both databases) instead of make test"
    )
    parser.add_argument("--postgres", action="store_true", help="make test on PostgreSQL (the CI half)")
    parser.add_argument("--with-changes", action="store_true", help="apply the uncommitted changes too")
    args = parser.parse_args()
    folder = ROOT.parent / f".suite-time-{os.getpid()}"
    times = []
    try:
        for run in range(1, args.runs + 1):
            fresh_clone(folder, args.with_changes)
            env = {**os.environ, "CI": "true"}
            env.pop("CARDSDB_DATA_DIR", None)
            with tempfile.TemporaryDirectory() as scratch:
                junit = Path(scratch) / "junit.xml"
                if args.ci:
                    command = [".ci/run"]
                else:
                    extra = f"--junitxml={junit}" + (" --database-tests-only" if args.postgres else "")
                    command = ["make", "test", f"ARGS={extra}"]
                    if args.postgres:
                        env["DATABASE_URL"] = POSTGRES
                    else:
                        env.pop("DATABASE_URL", None)
                started = time.perf_counter()
                done = subprocess.run(command, cwd=folder, env=env, stdout=subprocess.PIPE, text=True)
                seconds = time.perf_counter() - started
                for line in done.stdout.splitlines():
                    if line.startswith("=== ") and " half: " in line:  # .ci/run's time for each database
                        print(f"  {line[4:]}")
                times.append(seconds)
                status = "passed" if done.returncode == 0 else f"FAILED (status {done.returncode})"
                print(f"run {run}: {' '.join(command)} {status} in {seconds / 60:.1f} min")
                if junit.is_file():
                    where_the_time_went(junit)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"median {statistics.median(times) / 60:.1f} min [{min(times) / 60:.1f}-{max(times) / 60:.1f}]")


if __name__ == "__main__":
    main()
