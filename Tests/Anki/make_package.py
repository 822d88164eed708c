#!/usr/bin/env python3
"""Builds an Anki collection with Anki's own Python API and exports it as packages.

    make_package.py OUT_DIR [--notes N --reviews-per-card K]

Writes OUT_DIR/legacy.apkg (collection.anki21, JSON media map), OUT_DIR/latest.apkg
(collection.anki21b, zstd, protobuf media map), OUT_DIR/collection.colpkg, OUT_DIR/newer.apkg (the
same collection later: a note more, three reviews more, a note edited in Anki) and
OUT_DIR/expected.json: what badger must find in them (notes by GUID with their fields, tags,
card counts, suspended cards, every review, media names).
"""
import json
import os
import random
import sys
import tempfile

from anki.collection import Collection, ExportAnkiPackageOptions
from anki.decks import DeckId

DAY_MS = 86_400_000


def build(path, media_dir):
    col = Collection(path)
    models = col.models
    basic = models.by_name("Basic")
    reversed_ = models.by_name("Basic (and reversed card)")
    optional = models.by_name("Basic (optional reversed card)")
    cloze = models.by_name("Cloze")
    typein = models.by_name("Basic (type in the answer)")

    geography = col.decks.id("Geography")
    europe = col.decks.id("Geography::Europe")
    maths = col.decks.id("Maths")

    with open(os.path.join(media_dir, "flag.png"), "wb") as f:
        f.write(bytes.fromhex("89504e470d0a1a0a0000000d4948445200000001000000010806000000"
                              "1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082"))
    image = col.media.add_file(os.path.join(media_dir, "flag.png"))

    def add(model, deck, fields, tags=()):
        note = col.new_note(model)
        for index, value in enumerate(fields):
            note.fields[index] = value
        note.tags = list(tags)
        col.add_note(note, DeckId(deck))
        return note

    notes = []
    notes.append(add(basic, geography, ["What is the capital of <b>France</b>?", "Paris"], ["capitals", "europe"]))
    notes.append(add(basic, europe, ["Capital of Italy?", "Rome<br>(since 1871)"], ["capitals"]))
    notes.append(add(reversed_, geography, ["Germany", "Berlin"]))
    notes.append(add(optional, europe, ["Spain", "Madrid", "y"]))
    notes.append(add(optional, europe, ["Portugal", "Lisbon", ""]))
    notes.append(add(cloze, maths, ["The derivative of \\(x^2\\) is {{c1::\\(2x\\)}} and of \\(x^3\\) is {{c2::\\(3x^2\\)::power rule}}.", "Power rule"]))
    notes.append(add(cloze, maths, ["Euler: \\[e^{i\\pi} + {{c1::1}} = 0\\]", ""]))
    notes.append(add(basic, geography, [f'Which flag is this? <img src="{image}">', "Somewhere"], ["flags"]))
    notes.append(add(basic, geography, ["Listen: [sound:anthem.mp3]", "An anthem"]))
    notes.append(add(typein, maths, ["2 + 2 =", "4"]))
    notes.append(add(basic, maths, ["Escapes: 3 < 4 &amp; 5 > 2, a * b, 100%", "x_1 and # not a heading"]))

    # A suspended card.
    suspended = col.get_note(notes[1].id).cards()[0]
    col.sched.suspend_cards([suspended.id])

    # A few hundred reviews, spread over the last 120 days, written as Anki writes them.
    rng = random.Random(7)
    now_ms = 1_790_000_000_000
    revlog_id = now_ms - 120 * DAY_MS
    reviews = []
    for card_id in sorted(col.find_cards("")):
        count = rng.randint(15, 30)
        t = revlog_id + rng.randint(0, 5) * DAY_MS
        interval = 0
        for index in range(count):
            t += rng.randint(1, 4) * DAY_MS + rng.randint(0, 999_999)
            ease = rng.choice([1, 2, 3, 3, 3, 4])
            kind = 0 if index == 0 else (2 if ease == 1 else 1)
            last = interval
            interval = max(1, interval * 2) if ease > 1 else 0
            answer_ms = rng.randint(800, 90_000)
            col.db.execute(
                "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
                t, card_id, -1, ease, interval, last, 2500, answer_ms, kind)
            reviews.append({"id": t, "card": card_id, "ease": ease, "ms": answer_ms})
    # A manual reschedule entry (ease 0): not a review.
    col.db.execute(
        "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
        now_ms, sorted(col.find_cards(""))[0], -1, 0, 10, 5, 2500, 0, 4)
    col.db.execute("update cards set type = 2, queue = case when queue = -1 then -1 else 2 end, ivl = 5")

    expected = {"notes": [], "reviews": len(reviews), "media": [image], "suspended": 1}
    for note in notes:
        note = col.get_note(note.id)
        expected["notes"].append({
            "guid": note.guid, "notetype": note.note_type()["name"], "fields": list(note.fields),
            "tags": note.tags, "cards": len(note.cards()),
            "deck": col.decks.name(note.cards()[0].did),
        })
    return col, expected


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        col, expected = build(os.path.join(tmp, "collection.anki2"), tmp)
        for name, legacy in (("legacy.apkg", True), ("latest.apkg", False)):
            col.export_anki_package(
                out_path=os.path.join(out, name),
                options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=True, legacy=legacy),
                limit=None)
        col.export_collection_package(os.path.join(out, "collection.colpkg"), include_media=True, legacy=False)
        # (Exporting a collection package closes the collection.)
        col = Collection(os.path.join(tmp, "collection.anki2"))
        # A newer package of the same collection: one note more, three more reviews of a card
        # that had some, and a note's text edited in Anki.
        basic = col.models.by_name("Basic")
        note = col.new_note(basic)
        note.fields[0] = "Capital of Norway?"
        note.fields[1] = "Oslo"
        col.add_note(note, col.decks.id("Geography::Europe"))
        first_card = sorted(col.find_cards(""))[0]
        last = col.db.scalar("select max(id) from revlog")
        for step in range(1, 4):
            col.db.execute(
                "insert into revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type) values (?,?,?,?,?,?,?,?,?)",
                last + step * DAY_MS, first_card, -1, 3, 10, 5, 2500, 4000, 1)
        edited = col.get_note(col.db.scalar("select nid from cards where id = ?", first_card))
        edited.fields[1] = edited.fields[1] + " (edited in Anki)"
        col.update_note(edited)
        col.export_anki_package(
            out_path=os.path.join(out, "newer.apkg"),
            options=ExportAnkiPackageOptions(with_scheduling=True, with_deck_configs=True, with_media=True, legacy=False),
            limit=None)
        expected["newer"] = {"notes": 1, "reviews": 3}
        col.close()
    with open(os.path.join(out, "expected.json"), "w") as f:
        json.dump(expected, f, indent=1, ensure_ascii=False)


if __name__ == "__main__":
    main()
