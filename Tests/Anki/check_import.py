#!/usr/bin/env python3
"""Imports Anki packages into a fresh collection with Anki's own Python API and prints what Anki made of them.

    check_import.py PACKAGE.apkg [SECOND.apkg]

The packages are imported, in order, into one new temporary collection (with scheduling and deck
configs, updating notes whenever the package's copy is newer), so a second package shows whether
a re-export updates notes instead of duplicating them. Prints one JSON object: the import logs,
note and card counts, every note (guid, note type, fields, tags, decks of its cards), every card
(scheduling columns, the memory state stored with it and the one Anki computes from the review
log with FSRS on), every revlog row, and the media files in the collection's media folder.

Packages written by badger's AnkiPackageWriter for this check:
    BADGER_ANKI_PACKAGE_OUT=/tmp/anki swift test --disable-xctest --filter AnkiPackageWriter
    python3 Tests/Anki/check_import.py /tmp/anki/first.apkg /tmp/anki/second.apkg
"""
import json
import os
import sys
import tempfile

from anki.collection import (
    Collection,
    ImportAnkiPackageOptions,
    ImportAnkiPackageRequest,
)
from anki.import_export_pb2 import IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_IF_NEWER


def import_package(col, path):
    request = ImportAnkiPackageRequest(
        package_path=os.path.abspath(path),
        options=ImportAnkiPackageOptions(
            with_scheduling=True,
            with_deck_configs=True,
            merge_notetypes=False,
            update_notes=IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_IF_NEWER,
            update_notetypes=IMPORT_ANKI_PACKAGE_UPDATE_CONDITION_IF_NEWER,
        ),
    )
    log = col.import_anki_package(request).log
    return {
        "new": len(log.new),
        "updated": len(log.updated),
        "duplicate": len(log.duplicate),
        "conflicting": len(log.conflicting),
        "first_field_match": len(log.first_field_match),
        "missing_notetype": len(log.missing_notetype),
        "missing_deck": len(log.missing_deck),
        "empty_first_field": len(log.empty_first_field),
        "found_notes": log.found_notes,
    }


def memory_state(state):
    if state is None:
        return None
    return {"stability": round(state.stability, 4), "difficulty": round(state.difficulty, 4)}


def describe(col, logs):
    notes = []
    for note_id in sorted(col.find_notes("")):
        note = col.get_note(note_id)
        notes.append({
            "guid": note.guid,
            "notetype": note.note_type()["name"],
            "fields": list(note.fields),
            "tags": note.tags,
            "decks": sorted({col.decks.name(card.did) for card in note.cards()}),
        })

    # Stored memory states first, before FSRS is switched on (which may recompute them).
    stored = {card_id: col.get_card(card_id) for card_id in col.find_cards("")}
    col.set_config("fsrs", True)
    cards = []
    for card_id in sorted(stored):
        card = stored[card_id]
        computed = col.compute_memory_state(card_id)
        cards.append({
            "id": card.id,
            "guid": card.note().guid,
            "ord": card.ord,
            "deck": col.decks.name(card.did),
            "type": int(card.type),
            "queue": int(card.queue),
            "due": card.due,
            "ivl": card.ivl,
            "factor": card.factor,
            "reps": card.reps,
            "lapses": card.lapses,
            "memory_state": memory_state(card.memory_state),
            "desired_retention": card.desired_retention,
            "computed_memory_state": None if computed.stability is None else {
                "stability": round(computed.stability, 4),
                "difficulty": round(computed.difficulty, 4),
            },
        })

    revlog = col.db.all("select id, cid, ease, ivl, lastIvl, factor, time, type from revlog order by id")
    media_dir = col.media.dir()
    return {
        "imports": logs,
        "note_count": col.note_count(),
        "card_count": col.card_count(),
        "decks": sorted(deck.name for deck in col.decks.all_names_and_ids()),
        "notes": notes,
        "cards": cards,
        "revlog_count": len(revlog),
        "revlog": [
            {"id": r[0], "cid": r[1], "ease": r[2], "ivl": r[3], "lastIvl": r[4], "factor": r[5], "time": r[6], "type": r[7]}
            for r in revlog
        ],
        "media": sorted(os.listdir(media_dir)) if os.path.isdir(media_dir) else [],
    }


def main():
    args = sys.argv[1:]
    # --collection PATH: import into (and keep) that Anki collection instead of a fresh one,
    # to import a package, edit, export and import again as a user would.
    kept = None
    if args[:1] == ["--collection"] and len(args) >= 2:
        kept, args = args[1], args[2:]
    if len(args) not in (1, 2):
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as tmp:
        col = Collection(kept or os.path.join(tmp, "collection.anki2"))
        try:
            logs = [import_package(col, path) for path in args]
            result = describe(col, logs)
        finally:
            col.close()
    json.dump(result, sys.stdout, indent=1, ensure_ascii=False)
    print()


if __name__ == "__main__":
    main()
