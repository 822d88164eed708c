#!/usr/bin/env python3
"""Round trips between badger and real Anki (the `anki` package from PyPI), both ways.

    roundtrip.py BADGER

1. Anki to badger: a collection built with Anki's Python API (basic, reversed, optional
   reversed, cloze with math, an image, a sound, a subdeck, tags, a suspended card, another
   note type, a few hundred reviews) is exported by Anki in each format it writes and imported
   by badger: every note, card, review and media file accounted for, the decks lint clean, a
   second import adds nothing, --dry-run writes nothing.
2. badger to Anki: the imported collection plus a deck written by hand and studied with
   `badger review` is exported by badger and imported by Anki: note and card counts, GUIDs
   (Anki's own ones kept), every review as a revlog row, Anki's FSRS memory state computed from
   those rows within 1% of badger's, media; after edits, a second export has the same GUIDs
   and Anki updates the notes instead of adding new ones; --no-history exports no reviews.

Prints what it checked; exits 1 on the first failure.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKS = 0


def check(condition, message):
    global CHECKS
    CHECKS += 1
    if not condition:
        print(f"FAIL: {message}", file=sys.stderr)
        sys.exit(1)


def run(args, cwd, expect=0):
    result = subprocess.run(args, cwd=cwd, capture_output=True, text=True)
    if result.returncode != expect:
        print(f"FAIL: {' '.join(args)} exited {result.returncode} (expected {expect})\n{result.stdout}{result.stderr}", file=sys.stderr)
        sys.exit(1)
    return result


def tree(folder):
    """Every file under folder (but the lock) with its bytes."""
    files = {}
    for base, _, names in os.walk(folder):
        for name in names:
            if name == ".badger.lock":
                continue
            path = os.path.join(base, name)
            with open(path, "rb") as f:
                files[os.path.relpath(path, folder)] = f.read()
    return files


def log_lines(folder, kind):
    count = 0
    for name, data in tree(folder).items():
        if name.endswith(".reviews"):
            count += sum(1 for line in data.decode().splitlines() if line.split("\t")[1:2] == [kind])
    return count


def anki_check(*packages):
    out = subprocess.run([sys.executable, os.path.join(HERE, "check_import.py"), *packages], capture_output=True, text=True)
    if out.returncode != 0:
        print(f"FAIL: check_import.py {' '.join(packages)}\n{out.stderr}", file=sys.stderr)
        sys.exit(1)
    return json.loads(out.stdout)


def states(folder):
    """Card id -> (stability, difficulty) from badger's state files."""
    result = {}
    for name, data in tree(folder).items():
        if not name.endswith(".state"):
            continue
        for line in data.decode().splitlines():
            if line.startswith("#"):
                continue
            fields = line.split("\t")
            if fields[3] != "-":
                result[fields[0]] = (float(fields[3]), float(fields[4]))
    return result


def anki_to_badger(badger, tmp):
    packages = os.path.join(tmp, "packages")
    subprocess.run([sys.executable, os.path.join(HERE, "make_package.py"), packages], check=True)
    with open(os.path.join(packages, "expected.json")) as f:
        expected = json.load(f)
    answers = expected["reviews"]
    for package in ("legacy.apkg", "latest.apkg", "collection.colpkg"):
        work = os.path.join(tmp, "import-" + package)
        os.makedirs(work)
        source = os.path.join(packages, package)
        run([badger, "import", source, "--into", "Decks", "--dry-run"], work)
        check(not os.path.exists(os.path.join(work, "Decks")), f"{package}: --dry-run wrote nothing")
        out = run([badger, "import", source, "--into", "Decks"], work).stdout
        decks = os.path.join(work, "Decks")
        files = tree(decks)
        with open(os.path.join(decks, "anki.notes")) as f:
            mapped = {line.split("\t")[0]: line.rstrip("\n").split("\t") for line in f if not line.startswith("#")}
        for note in expected["notes"]:
            check(note["guid"] in mapped, f"{package}: note {note['guid']} recorded in anki.notes")
            entry = mapped[note["guid"]]
            check(len(entry[2].split(",")) == note["cards"], f"{package}: note {note['guid']} has its {note['cards']} cards")
            check(entry[3] == (" ".join(note["tags"]) or "-"), f"{package}: note {note['guid']} keeps its tags")
        listed = json.loads(run([badger, "list", "Decks", "--format", "json"], work).stdout)["cards"]
        check(sum(1 for card in listed if card["suspended"]) == expected["suspended"], f"{package}: the suspended card is suspended")
        check(log_lines(decks, "reviewed") == answers, f"{package}: all {answers} answers imported ({log_lines(decks, 'reviewed')})")
        for media in expected["media"]:
            check(os.path.join("images", media) in files, f"{package}: media {media} copied")
        text = "\n".join(data.decode() for name, data in files.items() if name.endswith(".md"))
        for needle in ("**France**", "{{c1::$2x$}}", "{{c2::$3x^2$::power rule}}", "$$e^{i\\pi} + {{c1::1}} = 0$$",
                       "![](images/flag.png)", "![](../images/flag.png)" if False else "Q: Spain", "R: yes",
                       "topic: \"Geography::Europe\""):
            check(needle in text, f"{package}: the decks hold {needle!r}")
        check("[sound:" not in text, f"{package}: sound references left out")
        check("anthem.mp3" in out, f"{package}: the summary names the sound left out")
        check("Basic (type in the answer)" in out, f"{package}: the summary names the other note type")
        lint = run([badger, "lint", "Decks"], work, expect=None if False else 0)
        check("0 errors" in lint.stdout + lint.stderr, f"{package}: the imported decks lint without errors")
        before = tree(decks)
        again = run([badger, "import", source, "--into", "Decks"], work).stdout
        after = tree(decks)
        check(before == after, f"{package}: a second import changes nothing")
        check("imported 0 notes" in again, f"{package}: a second import says it added nothing")
        run([badger, "due", "Decks"], work)
        check(len(states(decks)) >= 10, f"{package}: the imported history gives states")
        # A newer package of the same collection adds only its new note and reviews; the text of
        # a note edited in Anki is not changed in the deck (the deck is the source).
        before_reviews = log_lines(decks, "reviewed")
        newer = run([badger, "import", os.path.join(packages, "newer.apkg"), "--into", "Decks"], work).stdout
        check("imported 1 note (1 card) into 1 deck, 3 reviews" in newer, f"{package}: the newer package adds 1 note, 3 reviews: {newer}")
        check(log_lines(decks, "reviewed") == before_reviews + 3, f"{package}: three reviews more")
        text = "\n".join(data.decode() for name, data in tree(decks).items() if name.endswith(".md"))
        check("Capital of Norway?" in text and "edited in Anki" not in text, f"{package}: only the new note written")
    return os.path.join(tmp, "import-latest.apkg", "Decks"), packages


def badger_to_anki(badger, tmp, imported):
    work = os.path.join(tmp, "export")
    decks = os.path.join(work, "Decks")
    shutil.copytree(imported, decks)
    os.makedirs(os.path.join(decks, "images"), exist_ok=True)
    shutil.copy(os.path.join(decks, "images", "flag.png"), os.path.join(decks, "images", "star.png"))
    with open(os.path.join(decks, "physics.md"), "w") as f:
        f.write("""---
topic: Physics
---

Q: What is the unit of force?
A: The newton, $1\\,\\mathrm{N} = 1\\,\\mathrm{kg\\,m/s^2}$
E: Named after Isaac Newton.

Q: Speed of light?
A: About $3 \\times 10^8$ m/s
R: yes

C: Energy: $E = {{c1::mc^2}}$, momentum: {{c2::$p = mv$}}.

Q: ![](images/star.png) What is shown?
A: A star

Q: Never studied?
A: Not yet
""")
    cards = json.loads(run([badger, "list", "Decks", "--topic", "Physics", "--format", "json"], work).stdout)["cards"]
    check(len(cards) == 7, f"the Physics deck has 7 cards ({len(cards)})")
    day = 0
    for card in cards:
        if "Never" in card["question"]:
            continue
        for rating in (2, 2, 0, 2, 3):
            day += 3
            run([badger, "review", "Decks", "--card", card["id"], "--rating", str(rating),
                 "--at", f"2026-0{1 + day // 28}-{1 + day % 28:02d}T10:00:00Z", "--answer-ms", "4200"], work)
    badger_reviews = log_lines(decks, "reviewed")
    badger_states = states(decks)

    first = os.path.join(tmp, "first.apkg")
    run([badger, "export", first, "Decks"], work)
    phone = os.path.join(tmp, "phone.anki2")
    result = anki_check("--collection", phone, first)
    notes = {note["guid"]: note for note in result["notes"]}
    check(result["note_count"] == 17, f"Anki has 17 notes (12 from Anki, 5 written): {result['note_count']}")
    check(result["card_count"] == 15 + 7, f"Anki has 22 cards: {result['card_count']}")
    check(result["revlog_count"] == badger_reviews, f"every review is a revlog row: {result['revlog_count']} of {badger_reviews}")
    with open(os.path.join(tmp, "packages", "expected.json")) as f:
        expected = json.load(f)
    for note in expected["notes"]:
        check(note["guid"] in notes, f"Anki's GUID {note['guid']} kept")
        check(notes[note["guid"]]["tags"] == note["tags"], f"tags of {note['guid']} kept")
    check(sum(1 for card in result["cards"] if card["queue"] == -1) == 1, "the suspended card goes back suspended")
    check("Geography::Europe" in result["decks"] and "Physics" in result["decks"], "one Anki deck per topic")
    check(result["media"] == ["flag.png", "star.png"], f"media exported: {result['media']}")
    # Back into the Anki collection the notes came from: Anki recognises its own notes (by
    # GUID and note type, so no conflicts), its own cards and its own review-log entries, and
    # adds only what badger added.
    source = anki_check(os.path.join(tmp, "packages", "latest.apkg"), first)
    back = source["imports"][1]
    check(back["conflicting"] == 0, f"no conflicting notes in the source collection: {back}")
    check(back["new"] == 6, f"6 new notes (1 from the newer package, 5 written): {back}")
    check(source["note_count"] == 17, f"the source collection has 17 notes: {source['note_count']}")
    check(source["card_count"] == 22, f"the source collection has 22 cards: {source['card_count']}")
    # Anki never changes the scheduling of a card it has (its importer adds cards and their
    # review-log entries only for cards new to it), so the reviews that arrive are those of
    # the Physics cards and the newer package's note, each once: the entries that came from
    # Anki go back with their own ids.
    seconds = {(r["cid"], r["id"] // 1000) for r in source["revlog"]}
    check(len(seconds) == source["revlog_count"], f"no review twice in the source collection: {source['revlog_count']}")
    check(source["revlog_count"] >= 290 + 30, f"the new cards' reviews arrive: {source['revlog_count']}")
    own = anki_check(os.path.join(tmp, "packages", "latest.apkg"))
    types = {n["guid"]: n["notetype"] for n in source["notes"]}
    check(all(types[n["guid"]] == n["notetype"] for n in own["notes"]), f"Anki's notes keep their own note types: {types}")
    cloze = [n for n in result["notes"] if "mc^2" in n["fields"][0]]
    check(len(cloze) == 1 and "\\(E = {{c1::mc^2}}\\)" in cloze[0]["fields"][0], f"cloze in MathJax form: {cloze}")
    compared = 0
    by_guid_ord = {}
    for card in result["cards"]:
        computed = card["computed_memory_state"]
        stored = card["memory_state"]
        if computed is None or stored is None:
            continue
        by_guid_ord[(card["guid"], card["ord"])] = card
        for key in ("stability", "difficulty"):
            a, b = computed[key], stored[key]
            check(abs(a - b) <= 0.01 * max(abs(b), 1e-9), f"Anki's FSRS {key} {a} within 1% of badger's {b}")
        compared += 1
    check(compared >= 14, f"memory states compared for {compared} cards")
    badger_values = [s for s, _ in badger_states.values()]
    missing = [c["memory_state"]["stability"] for c in by_guid_ord.values()
               if not any(abs(c["memory_state"]["stability"] - v) <= 1e-4 * max(1, v) for v in badger_values)]
    check(not missing, f"the memory states are badger's own (not found: {missing})")

    # Edits: a typo fix in a reviewed card and in one never reviewed, an answer changed, a
    # card moved to another deck file. The same notes come back with the same GUIDs.
    time.sleep(1.1)  # Anki updates a note whose modification time (whole seconds) is newer.
    with open(os.path.join(decks, "physics.md")) as f:
        text = f.read()
    text = text.replace("What is the unit of force?", "What is the unit of forse?")
    text = text.replace("Never studied?", "Never studed?")
    text = text.replace("About $3 \\times 10^8$ m/s", "About $3.0 \\times 10^8$ m/s")
    with open(os.path.join(decks, "physics.md"), "w") as f:
        f.write(text)
    second = os.path.join(tmp, "second.apkg")
    run([badger, "export", second, "Decks"], work)
    both = anki_check("--collection", phone, second)
    check(both["note_count"] == 17, f"after edits Anki still has 17 notes: {both['note_count']}")
    check(both["imports"][0]["new"] == 0, f"the second export adds no note: {both['imports'][0]}")
    check(both["imports"][0]["updated"] >= 1, f"Anki updates the edited notes: {both['imports'][0]}")
    check(any("forse" in n["fields"][0] for n in both["notes"]), "Anki took the edited question")
    check({n["guid"] for n in both["notes"]} == set(notes), "the same GUIDs after edits")

    third = os.path.join(tmp, "third.apkg")
    run([badger, "export", third, "Decks", "--topic", "Physics", "--no-history"], work)
    bare = anki_check(third)
    check(bare["note_count"] == 5 and bare["revlog_count"] == 0, f"--no-history: 5 notes, no reviews: {bare['note_count']}, {bare['revlog_count']}")
    check(all(card["type"] == 0 for card in bare["cards"]), "--no-history: every card new")

    # And back: badger imports its own export, as Anki would hand it back, adding nothing.
    before = tree(decks)
    out = run([badger, "import", first, "--into", "Decks"], work).stdout
    check("imported 0 notes" in out, f"importing badger's own export adds no note: {out}")
    check(log_lines(decks, "reviewed") == badger_reviews, "importing badger's own export adds no review")


def main():
    badger = os.path.abspath(sys.argv[1])
    with tempfile.TemporaryDirectory() as tmp:
        imported, _ = anki_to_badger(badger, tmp)
        badger_to_anki(badger, tmp, imported)
    print(f"anki round trip: {CHECKS} checks passed")


if __name__ == "__main__":
    main()
