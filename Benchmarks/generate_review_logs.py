#!/usr/bin/env python3
"""Generate a collection whose review logs hold the scheduling benchmark's reviews.

Usage:
    python3 Benchmarks/generate_review_logs.py OUTDIR --workload LOG --badger BADGER [--files 100]

LOG is the review log that ``scheduling-benchmark --write-log LOG`` writes (1,000,000 reviews of
100,000 synthetic cards by default). This script writes into OUTDIR:

* ``badger.yml`` (``exclude: []``; FSRS with default settings, fuzz on);
* FILES deck files ``deck-NNN.md`` (default 100), each with front matter ``topic: Deck NNN`` and
  the same number of cards (1,000 each by default), ``Q: question N`` / ``A: answer N`` with N
  running from 1 over the whole collection;
* beside each deck its review log ``deck-NNN.reviews``: the header line (ReviewLog.header) and
  the reviews of that deck's cards, in time order, each line exactly as the workload log has it
  but with the synthetic card id replaced by the real card's id.

The real ids are the ones badger computes: the script runs ``BADGER compile OUTDIR`` and reads
the ids from its JSON. The synthetic cards, sorted by id, are assigned to the real cards in order
(deck 0's cards first). No state files are written; ``badger state rebuild`` writes them.

Standard library only; the output depends only on LOG and the arguments.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HEADER = "# badger review log 1\ttime\treview\tcard\trating(1 Fail..4 Easy)\telapsed_s\tanswer_ms"


def read_workload(path: Path) -> tuple[list[str], list[list[str]]]:
    """The header line and every review line split into fields, in file (time) order."""
    header = None
    lines: list[list[str]] = []
    with path.open(encoding="utf-8", newline="") as log:
        for number, line in enumerate(log, 1):
            line = line.rstrip("\n")
            if line.startswith("#"):
                header = header or line
                continue
            if not line:
                continue
            fields = line.split("\t")
            if len(fields) != 6 or fields[1] != "review":
                sys.exit(f"{path}:{number}: not a review line")
            lines.append(fields)
    if header != HEADER:
        sys.exit(f"{path}: unexpected header {header!r}; expected ReviewLog.header {HEADER!r}")
    return header, lines


def deck_text(deck: int, first: int, count: int) -> str:
    parts = [f"---\ntopic: Deck {deck:03d}\n---\n\n# Deck {deck:03d}\n"]
    for number in range(first, first + count):
        parts.append(f"\nQ: question {number}\nA: answer {number}\n")
    return "".join(parts)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--workload", type=Path, required=True, help="log written by scheduling-benchmark --write-log")
    parser.add_argument("--badger", required=True, help="the badger binary, for the card ids")
    parser.add_argument("--files", type=int, default=100, help="deck files (default 100)")
    arguments = parser.parse_args()

    header, reviews = read_workload(arguments.workload)
    synthetic = sorted({fields[2] for fields in reviews})
    if len(synthetic) % arguments.files:
        sys.exit(f"{len(synthetic)} cards do not split evenly into {arguments.files} files")
    per_deck = len(synthetic) // arguments.files

    out = arguments.outdir
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / "badger.yml").write_text("exclude: []\n", encoding="utf-8")
    decks = [f"deck-{deck:03d}" for deck in range(arguments.files)]
    for deck, name in enumerate(decks):
        (out / f"{name}.md").write_text(deck_text(deck, deck * per_deck + 1, per_deck), encoding="utf-8")

    # The ids badger computes for `question N`.
    with tempfile.TemporaryDirectory() as scratch:
        compiled_path = Path(scratch) / "compiled.json"
        result = subprocess.run(
            [arguments.badger, "compile", str(out), "-o", str(compiled_path)], capture_output=True, text=True
        )
        if result.returncode != 0:
            sys.exit(f"badger compile failed ({result.returncode}):\n{result.stderr[-2000:]}")
        compiled = json.loads(compiled_path.read_text(encoding="utf-8"))
    real: dict[int, str] = {}
    for card in compiled["cards"]:
        text = card["question"]["markdown"]
        if not text.startswith("question ") or card.get("reversedFrom"):
            sys.exit(f"unexpected card in the compiled collection: {text!r}")
        real[int(text.removeprefix("question "))] = card["id"]
    if len(real) != len(synthetic) or len(set(real.values())) != len(synthetic):
        sys.exit(f"badger compiled {len(real)} distinct cards, expected {len(synthetic)}")

    # Synthetic card k (in id order) becomes `question k+1`, in deck k // per_deck.
    rename = {old: real[index + 1] for index, old in enumerate(synthetic)}
    deck_of = {old: index // per_deck for index, old in enumerate(synthetic)}
    logs: list[list[str]] = [[header] for _ in decks]
    for fields in reviews:
        old = fields[2]
        fields[2] = rename[old]
        logs[deck_of[old]].append("\t".join(fields))
    for name, lines in zip(decks, logs):
        (out / f"{name}.reviews").write_text("\n".join(lines) + "\n", encoding="utf-8")

    print(
        f"wrote {out}: {len(decks)} decks x {per_deck} cards, {len(reviews)} reviews in {len(decks)} .reviews files",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
