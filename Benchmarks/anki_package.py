#!/usr/bin/env python3
"""Writes a large Anki package with Anki's own Python API, for the import benchmark.

    anki_package.py OUT.apkg [--notes 50000] [--reviews 500000]

Basic, reversed and cloze notes (some with math) in 20 decks (some subdecks), and the given
number of review-log entries spread over the cards and the last two years; exported by Anki
in its current format (collection.anki21b, zstd).
"""
import argparse
import os
import random
import tempfile
import time

from anki.collection import Collection, ExportAnkiPackageOptions, AddNoteRequest
from anki.decks import DeckId


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--notes", type=int, default=50_000)
    parser.add_argument("--reviews", type=int, default=500_000)
    args = parser.parse_args()
    rng = random.Random(42)
    started = time.time()
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(os.path.join(tmp, "collection.anki2"))
        basic = col.models.by_name("Basic")
        reversed_ = col.models.by_name("Basic (and reversed card)")
        cloze = col.models.by_name("Cloze")
        decks = [col.decks.id(f"Topic {i // 4}::Part {i % 4}" if i % 3 == 0 else f"Topic {i}") for i in range(20)]
        requests = []
        for index in range(args.notes):
            kind = index % 10
            if kind < 6:
                note = col.new_note(basic)
                note.fields[0] = f"Question {index}: what is <b>{rng.randint(0, 10**9)}</b> times \\(x_{index % 7}\\)?"
                note.fields[1] = f"Answer {index}<br>with a second line"
            elif kind < 8:
                note = col.new_note(reversed_)
                note.fields[0] = f"word{index}"
                note.fields[1] = f"Wort{index}"
            else:
                note = col.new_note(cloze)
                note.fields[0] = f"Fact {index}: {{{{c1::part one}}}} and {{{{c2::\\(a^{index % 9}\\)}}}}."
            requests.append(AddNoteRequest(note=note, deck_id=DeckId(decks[index % len(decks)])))
        col.add_notes(requests)
        card_ids = col.db.list("select id from cards order by id")
        now_ms = int(time.time() * 1000)
        start_ms = now_ms - 730 * 86_400_000
        rows = []
        used = set()
        for _ in range(args.reviews):
            t = rng.randint(start_ms, now_ms)
            while t in used:
                t += 1
            used.add(t)
            rows.append((t, rng.choice(card_ids), -1, rng.choice([1, 2, 3, 3, 3, 4]), 3, 1, 2500, rng.randint(1000, 30000), 1))
        col.db.executemany(
            "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)", rows)
        col.export_anki_package(
            out_path=os.path.abspath(args.out),
            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False, with_media=True, legacy=False),
            limit=None)
        col.close()
    print(f"wrote {args.out}: {args.notes} notes, {len(card_ids)} cards, {args.reviews} reviews in {time.time() - started:.1f} s")


if __name__ == "__main__":
    main()
