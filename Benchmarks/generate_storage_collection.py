#!/usr/bin/env python3
"""Generate a studied collection for the storage benchmark: one deck, many cards, a long log.

Usage:
    python3 Benchmarks/generate_storage_collection.py OUTDIR [--cards 100000] [--reviews 1000000] [--seed 7]

Writes OUTDIR/badger.yml, OUTDIR/deck.md (CARDS cards, ``Q: question N`` / ``A: answer N``) and
OUTDIR/deck.reviews: a format 2 review log with a ``card`` line for every card on its first review
and REVIEWS ``reviewed`` lines in time order over one year, ratings mostly Good. Card ids are the
ones badger computes (FNV-1a 64 of topic, question and direction). No state file is written.

Standard library only; the same arguments give the same bytes.
"""

from __future__ import annotations

import argparse
import random
from datetime import datetime, timedelta, timezone
from pathlib import Path

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x00000100000001B3
MASK = (1 << 64) - 1
HEADER = ("# badger review log 2\ttime\treviewed|card|retired\tkey\t(reviewed: rating 1 Fail..4 Easy, elapsed_s, "
          "answer_ms | card: content id, direction, question, answer)\trecord id")


def card_id(topic: str, question: str, direction: str = "forward") -> str:
    h = FNV_OFFSET
    for byte in topic.lower().encode() + b"\x1f" + " ".join(question.split()).encode() + b"\x1f" + direction.encode():
        h = ((h ^ byte) * FNV_PRIME) & MASK
    return f"{h:016x}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--reviews", type=int, default=1_000_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    out: Path = args.outdir
    out.mkdir(parents=True, exist_ok=True)
    (out / "badger.yml").write_text("exclude: []\n")
    topic = "Storage"
    with (out / "deck.md").open("w") as deck:
        deck.write(f"---\ntopic: {topic}\n---\n\n")
        for n in range(1, args.cards + 1):
            deck.write(f"Q: question {n}\nA: answer {n}\n\n")
    random.seed(args.seed)
    ids = [card_id(topic, f"question {n}") for n in range(1, args.cards + 1)]
    start = datetime(2025, 1, 1, 8, tzinfo=timezone.utc)
    span = 365 * 86_400
    times = sorted(random.randrange(span) for _ in range(args.reviews))
    seen: set[int] = set()
    last: dict[int, int] = {}
    with (out / "deck.reviews").open("w") as log:
        log.write(HEADER + "\n")
        for index, offset in enumerate(times):
            # Every card is reviewed at least once; after that, cards are drawn at random.
            card = index if index < args.cards else random.randrange(args.cards)
            stamp = (start + timedelta(seconds=offset)).strftime("%Y-%m-%dT%H:%M:%SZ")
            if card not in seen:
                seen.add(card)
                n = card + 1
                log.write(f"{stamp}\tcard\t{ids[card]}\t{ids[card]}\tforward\tquestion {n}\tanswer {n}\t{random.getrandbits(64):016x}\n")
            rating = random.choices([1, 2, 3, 4], [10, 5, 80, 5])[0]
            elapsed = "-" if card not in last else str(max(0, offset - last[card]))
            last[card] = offset
            log.write(f"{stamp}\treviewed\t{ids[card]}\t{rating}\t{elapsed}\t-\t{random.getrandbits(64):016x}\n")


if __name__ == "__main__":
    main()
