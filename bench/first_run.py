"""A new user's first `make run`: a fresh clone of this checkout beside the shared data, its own virtual
environment, to the first page answering 200 (target: ≤ 90 s on the 2-core machine). Prints each run's time and
each step's, from the time `make` printed the step's command to the next one.

The clone is made from the checkout's committed HEAD (`--with-changes` applies the uncommitted ones too) in a
folder beside this checkout, so that the Makefile finds ../shared/data as it does for a user. pip's cache is
off (PIP_NO_CACHE_DIR=1); the packages come from the machine's index as they would for a user.
Usage: .venv/bin/python bench/first_run.py [--runs 2] [--with-changes]
"""

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def fresh_clone(target: Path, with_changes: bool) -> None:
    shutil.rmtree(target, ignore_errors=True)
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(target)], check=True)
    if with_changes:
        diff = subprocess.run(["git", "diff", "HEAD", "--binary"], cwd=ROOT, capture_output=True, check=True)
        if diff.stdout:
            subprocess.run(["git", "apply"], cwd=target, input=diff.stdout, check=True)
        untracked = subprocess.run(
            ["git", "ls-files", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True, text=True
        ).stdout.split()
        for name in untracked:
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)


def first_page(folder: Path) -> tuple[float, list[tuple[float, str]]]:
    port = free_port()
    env = {**os.environ, "PORT": str(port), "PIP_NO_CACHE_DIR": "1"}
    env.pop("CARDSDB_DATA_DIR", None)  # the Makefile finds ../shared/data itself, as for a user
    started = time.perf_counter()
    make = subprocess.Popen(
        ["make", "run"],
        cwd=folder,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    steps: list[tuple[float, str]] = []

    def read() -> None:
        for line in make.stdout:
            if line.startswith((".venv/bin/", "/", "python", "CARDSDB_")):
                steps.append((time.perf_counter() - started, line.strip()[:90]))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        while True:
            if make.poll() is not None:
                raise SystemExit(f"make run ended with status {make.returncode} before the first page")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as answer:
                    if answer.status == 200:
                        return time.perf_counter() - started, steps
            except OSError:
                time.sleep(0.2)
    finally:
        os.killpg(make.pid, 15)
        make.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--with-changes", action="store_true", help="apply the uncommitted changes too")
    args = parser.parse_args()
    folder = ROOT.parent / f".first-run-{os.getpid()}"
    times = []
    try:
        for run in range(1, args.runs + 1):
            fresh_clone(folder, args.with_changes)
            seconds, steps = first_page(folder)
            times.append(seconds)
            print(f"run {run}: first page after {seconds:.1f} s")
            marks = [*steps, (seconds, "first page")]
            for (at, step), (after, _) in zip(marks, marks[1:], strict=False):
                print(f"  {after - at:6.1f} s  {step}")
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(
        f"make run to the first page: median {statistics.median(times):.1f} s "
        f"[{min(times):.1f}-{max(times):.1f}] over {len(times)} runs (target <= 90 s)"
    )


if __name__ == "__main__":
    main()
