#!/usr/bin/env python3
"""Study latency: `badger study --plain` on a 10,000-card collection, driven through pipes.

Measures
  (a) first card: from process start until the first card (its "Question:" and key line) is on stdout;
  (b) key-to-next-card: from writing a rating line ("2") until the next card is on stdout, for 40
      cards (this includes saving the rating: the log append and its fsync).
Reports the median and p95 over all runs (default 3). Targets: first card <= 100 ms,
key-to-next-card <= 16 ms.

Usage: python3 Benchmarks/study_latency.py [--badger .build/release/badger] [--runs 3]
                                           [--data Benchmarks/data/study]
Standard library only. The collection is regenerated when missing; review logs and state files
are removed before every run, so each run starts from the same (all new) collection.
"""

import argparse
import os
import select
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

CARDS = 10_000
PER_DECK = 1_000
STUDY_COUNT = 50
RATED = 40
FIRST_CARD_TARGET_MS = 100.0
NEXT_CARD_TARGET_MS = 16.0
TIMEOUT_S = 30.0
# A card is on screen once its question and key line ("(Enter: answer · …)") are written.
CARD_END = b"\n(Enter: answer"


def generate(directory: Path) -> None:
    stamp = directory / ".generated"
    if stamp.exists():
        return
    if directory.exists():
        shutil.rmtree(directory)
    directory.mkdir(parents=True)
    (directory / "badger.yml").write_text("fuzz: true\n")
    for deck in range(CARDS // PER_DECK):
        lines = ["---", "topic: Bench", "---", ""]
        for n in range(deck * PER_DECK + 1, (deck + 1) * PER_DECK + 1):
            lines += [f"Q: question {n}", f"A: answer {n}", ""]
        (directory / f"bench{deck + 1:02d}.md").write_text("\n".join(lines))
    stamp.write_text(f"{CARDS} cards\n")


def reset(directory: Path) -> None:
    for path in directory.iterdir():
        if path.suffix in (".reviews", ".state") or path.name.endswith(".lock"):
            path.unlink()


class Reader:
    """Non-blocking reads from the child's stdout, counting "Question:" lines as they arrive."""

    def __init__(self, fd: int):
        self.fd = fd
        self.buffer = b""
        self.questions = 0
        self.answers = 0

    def wait(self, what: bytes, count: int) -> float:
        """Waits until `what` has appeared `count` times; returns the perf_counter time it was seen."""
        deadline = time.perf_counter() + TIMEOUT_S
        while self.buffer.count(what) < count:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise TimeoutError(f"waiting for {what!r} #{count}; output tail:\n{self.buffer[-500:].decode()}")
            ready, _, _ = select.select([self.fd], [], [], remaining)
            if ready:
                chunk = os.read(self.fd, 65536)
                if not chunk:
                    raise EOFError(f"badger exited waiting for {what!r} #{count}:\n{self.buffer[-500:].decode()}")
                self.buffer += chunk
        return time.perf_counter()


def run_once(badger: str, directory: Path) -> tuple[float, list[float]]:
    reset(directory)
    args = [badger, "study", "--plain", "--topic", "Bench", "--count", str(STUDY_COUNT)]
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    start = time.perf_counter()
    process = subprocess.Popen(args, cwd=directory, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, bufsize=0, env=env)
    try:
        reader = Reader(process.stdout.fileno())
        first = (reader.wait(CARD_END, 1) - start) * 1000
        next_card = []
        for card in range(1, RATED + 1):
            process.stdin.write(b"\n")
            reader.wait(b"Answer:\n", card)
            sent = time.perf_counter()
            process.stdin.write(b"2\n")
            shown = reader.wait(CARD_END, card + 1)
            next_card.append((shown - sent) * 1000)
        if reader.buffer.count(b"Rated Good") < RATED:
            raise RuntimeError("not every rating was acknowledged")
        process.stdin.write(b"q\n")
        process.stdin.close()
        process.wait(timeout=TIMEOUT_S)
        if process.returncode != 0:
            raise RuntimeError(f"badger study exited {process.returncode}")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return first, next_card


def timed(args: list[str], directory: Path, runs: int = 5) -> float:
    """Median wall time of a command, in ms (a reference for the cost of loading the collection)."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(args, cwd=directory, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered) + 0.5) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--badger", default=".build/release/badger")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--data", default="Benchmarks/data/study")
    options = parser.parse_args()
    badger = str(Path(options.badger).resolve())
    directory = Path(options.data).resolve()
    generate(directory)

    firsts: list[float] = []
    nexts: list[float] = []
    for run in range(options.runs):
        first, next_card = run_once(badger, directory)
        firsts.append(first)
        nexts += next_card
        print(f"run {run + 1}: first card {first:.1f} ms; key-to-next-card median {statistics.median(next_card):.2f} ms,"
              f" max {max(next_card):.2f} ms", file=sys.stderr)
    reset(directory)

    # References: the process alone, and commands that load the same collection without studying.
    version = timed([badger, "--version"], directory)
    due = timed([badger, "due"], directory)
    reset(directory)

    def ok(value: float, target: float) -> str:
        return "OK" if value <= target else "MISSED"

    print(f"collection: {CARDS:,} cards in {CARDS // PER_DECK} decks; `badger study --plain --topic Bench --count {STUDY_COUNT}`;"
          f" {options.runs} runs")
    print(f"| {'What':<37} | {'n':>3} | {'median ms':>9} | {'p95 ms':>8} | {'target':>8} | {'':6} |")
    print(f"|{'-' * 39}|{'-' * 5}|{'-' * 11}|{'-' * 10}|{'-' * 10}|{'-' * 8}|")
    for name, values, target in (("first card (start → card shown)", firsts, FIRST_CARD_TARGET_MS),
                                 ("key-to-next-card (rating → card)", nexts, NEXT_CARD_TARGET_MS)):
        median, high = statistics.median(values), p95(values)
        print(f"| {name:<37} | {len(values):>3} | {median:>9.1f} | {high:>8.1f} | {'≤ ' + format(target, 'g'):>8} |"
              f" {ok(high, target) if ok(median, target) == 'OK' else 'MISSED':6} |")
    print(f"reference (median of 5): `badger --version` {version:.1f} ms; `badger due` on the same collection {due:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
