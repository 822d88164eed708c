#!/usr/bin/env python3
"""Reference vectors for BadgerMemory's FSRS6 scheduler, computed by py-fsrs.

Writes, beside this script:

- fsrs_histories.json: review histories, a list of
  {"id": str, "reviews": [{"rating": 1-4, "at": "2026-01-01T08:00:00Z"}]}
- fsrs_expected.json: the card after each review, a list of
  {"id": str, "states": [{"stability", "difficulty", "due", "state", "step", "interval_seconds"}]}
  computed by py-fsrs's Scheduler.review_card with default parameters and enable_fuzzing=False.

Usage:
    pip install fsrs==6.3.2
    python3 generate_fsrs_vectors.py            # rewrite the two files
    python3 generate_fsrs_vectors.py --check    # regenerate into a temp dir and compare; exit 1 on a difference

Only the standard library and fsrs are used; histories come from a fixed seed, so the output is the
same on every run. All timestamps are whole seconds in UTC.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import tempfile
from datetime import datetime, timedelta, timezone
from importlib.metadata import version
from pathlib import Path

from fsrs import Card, Rating, Scheduler, State

FSRS_VERSION = "6.3.2"
SEED = 20260105
RANDOM_HISTORIES = 300
NEAR_HALF_CASES = 8
RELATIVE_TOLERANCE = 1e-9
HISTORIES_FILE = "fsrs_histories.json"
EXPECTED_FILE = "fsrs_expected.json"

SECOND = 1
MINUTE = 60
HOUR = 3600
DAY = 86400
YEAR = 365 * DAY

AGAIN, HARD, GOOD, EASY = 1, 2, 3, 4


def scheduler() -> Scheduler:
    return Scheduler(enable_fuzzing=False)


def parse_time(text: str) -> datetime:
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def format_time(time: datetime) -> str:
    assert time.microsecond == 0, f"timestamp {time} is not whole seconds"
    return time.strftime("%Y-%m-%dT%H:%M:%SZ")


class History:
    """Builds one history while reviewing it, so reviews can be placed relative to the card's due."""

    def __init__(self, history_id: str, start: str | datetime):
        self.id = history_id
        self.scheduler = scheduler()
        self.time = parse_time(start) if isinstance(start, str) else start
        self.card = Card(card_id=1, due=self.time)
        self.reviews: list[dict] = []

    def review(self, rating: int, at: datetime) -> History:
        assert at >= self.time, f"{self.id}: reviews must not go back in time"
        self.time = at
        self.card, _ = self.scheduler.review_card(self.card, Rating(rating), at)
        self.reviews.append({"rating": rating, "at": format_time(at)})
        return self

    def now(self, *ratings: int) -> History:
        """Reviews at the current time (the first review, or zero seconds after the last)."""
        for rating in ratings:
            self.review(rating, self.time)
        return self

    def after(self, seconds: int, *ratings: int) -> History:
        """Each rating `seconds` after the previous review."""
        for rating in ratings:
            self.review(rating, self.time + timedelta(seconds=seconds))
        return self

    def at_due(self, *ratings: int, offset: int = 0) -> History:
        """Each rating exactly at the card's due time (plus `offset` seconds)."""
        for rating in ratings:
            self.review(rating, self.card.due + timedelta(seconds=offset))
        return self

    def export(self) -> dict:
        return {"id": self.id, "reviews": self.reviews}


def handmade() -> list[dict]:
    h: list[History] = []
    start = "2026-01-01T08:00:00Z"

    # Every rating as the first review.
    for rating, name in [(AGAIN, "again"), (HARD, "hard"), (GOOD, "good"), (EASY, "easy")]:
        h.append(History(f"first-{name}", start).now(rating))

    # Learning steps (1m, 10m), reviewed at due.
    h.append(History("learning-again-again-good-good", start).now(AGAIN).at_due(AGAIN, GOOD, GOOD))
    h.append(History("learning-hard-hard-good-good", start).now(HARD).at_due(HARD, GOOD, GOOD))
    h.append(History("learning-good-hard-good", start).now(GOOD).at_due(HARD, GOOD))
    h.append(History("learning-good-again-good-good", start).now(GOOD).at_due(AGAIN, GOOD, GOOD))
    h.append(History("learning-good-easy", start).now(GOOD).at_due(EASY))
    h.append(History("learning-again-easy", start).now(AGAIN).at_due(EASY))
    h.append(History("learning-hard-forever", start).now(HARD).at_due(*[HARD] * 11))
    h.append(History("learning-late-by-days", start).now(GOOD).after(3 * DAY, GOOD, GOOD))
    h.append(History("learning-late-by-a-year", start).now(AGAIN).after(YEAR, HARD).after(2 * YEAR, AGAIN))

    # Relearning (one 10m step) after a lapse, with every rating.
    for rating, name in [(AGAIN, "again"), (HARD, "hard"), (GOOD, "good"), (EASY, "easy")]:
        h.append(History(f"relearning-{name}", start).now(GOOD).at_due(GOOD, GOOD, AGAIN, rating).at_due(GOOD, GOOD))
    h.append(History("relearning-hard-hard-good", start).now(EASY).at_due(AGAIN, HARD, HARD, GOOD, GOOD))
    h.append(History("relearning-again-again-easy", start).now(EASY).at_due(GOOD, AGAIN, AGAIN, AGAIN, EASY))
    h.append(History("relearning-late-by-days", start).now(EASY).at_due(AGAIN).after(5 * DAY, GOOD).at_due(GOOD))
    h.append(History("lapse-twice", start).now(GOOD).at_due(GOOD, GOOD, AGAIN, GOOD, GOOD, AGAIN, GOOD, GOOD, GOOD))

    # Several reviews on the same day, and reviews seconds or minutes apart.
    h.append(History("same-day-learning", start).now(GOOD).after(2 * HOUR, GOOD).after(3 * HOUR, GOOD, HARD, EASY))
    h.append(
        History("same-day-review", start).now(EASY).at_due(GOOD).after(HOUR, GOOD).after(4 * HOUR, EASY).after(HOUR, HARD)
    )
    h.append(History("seconds-apart", start).now(GOOD).after(1, GOOD).after(5, AGAIN).after(30, EASY).after(59, HARD))
    h.append(History("minutes-apart", start).now(AGAIN).after(MINUTE, AGAIN).after(7 * MINUTE, GOOD).after(MINUTE, EASY))
    h.append(History("zero-seconds-apart", start).now(GOOD, GOOD, GOOD).after(0, AGAIN).now(EASY))
    h.append(History("day-boundary-86399", start).now(EASY).after(86399, GOOD).after(86399, GOOD))
    h.append(History("day-boundary-86400", start).now(EASY).after(86400, GOOD).after(86400, GOOD))
    h.append(History("day-boundary-172799", start).now(EASY).after(172799, GOOD).after(172800, GOOD))
    h.append(History("again-spam-seconds-apart", start).now(*[AGAIN] * 1).after(3, *[AGAIN] * 29))
    h.append(History("again-spam-in-review", start).now(EASY).at_due(*[AGAIN] * 12))

    # Early reviews.
    h.append(History("very-early-one-day", start).now(EASY).at_due(EASY, EASY, EASY).after(DAY, GOOD).at_due(GOOD))
    h.append(History("very-early-hours", start).now(EASY).at_due(EASY, EASY).after(HOUR, AGAIN).at_due(GOOD))
    h.append(History("early-by-half", start).now(GOOD).at_due(GOOD, GOOD, GOOD))
    early = h[-1]
    for _ in range(4):
        gap = (early.card.due - early.time) / 2
        early.review(GOOD, early.time + timedelta(seconds=int(gap.total_seconds())))

    # Overdue reviews.
    h.append(History("overdue-10-years-good", start).now(GOOD).at_due(GOOD).after(10 * YEAR + 3 * DAY, GOOD).at_due(GOOD))
    h.append(History("overdue-10-years-again", start).now(GOOD).at_due(GOOD, GOOD).after(10 * YEAR, AGAIN).at_due(GOOD))
    h.append(History("overdue-10-years-hard", start).now(EASY).after(10 * YEAR, HARD).at_due(HARD))
    h.append(History("overdue-10-years-easy", start).now(HARD).after(10 * YEAR, EASY).at_due(EASY))
    h.append(History("overdue-10x-interval", start).now(GOOD).at_due(GOOD, GOOD))
    late = h[-1]
    for rating in [GOOD, GOOD, AGAIN, GOOD]:
        gap = late.card.due - late.time
        late.review(rating, late.time + gap * 10)

    # Long runs: Easy hits the 36,500-day maximum; Good and Hard runs at due; alternating.
    h.append(History("easy-run-to-maximum", start).now(*[EASY]).at_due(*[EASY] * 11))
    h.append(History("good-run", start).now(GOOD).at_due(*[GOOD] * 19))
    h.append(History("hard-run-after-graduating", start).now(GOOD).at_due(GOOD).at_due(*[HARD] * 14))
    h.append(History("easy-good-alternating", start).now(EASY).at_due(*[GOOD, EASY] * 6))
    h.append(History("easy-run-then-early-again", start).now(EASY).at_due(*[EASY] * 8).after(DAY, AGAIN).at_due(GOOD))

    # Far dates: year 2200 and across the 2199/2200 boundary, and leap days.
    h.append(History("year-2200", "2200-03-01T12:00:00Z").now(GOOD).at_due(GOOD, GOOD, EASY, EASY, AGAIN, GOOD, EASY))
    h.append(History("across-2200", "2199-12-31T23:59:30Z").now(EASY).after(40, GOOD).at_due(GOOD, EASY, EASY, EASY))
    h.append(History("year-2200-easy-to-maximum", "2200-01-01T00:00:00Z").now(EASY).at_due(*[EASY] * 9))
    h.append(History("leap-day", "2028-02-28T23:55:00Z").now(GOOD).at_due(GOOD, GOOD).after(DAY, GOOD))
    h.append(History("due-plus-one-second", start).now(GOOD).at_due(GOOD, GOOD, GOOD, offset=1))
    h.append(History("due-minus-one-second", start).now(GOOD).at_due(GOOD, GOOD, GOOD, offset=-1))

    return [history.export() for history in h]


def random_rating(rng: random.Random) -> int:
    return rng.choices([AGAIN, HARD, GOOD, EASY], weights=[15, 15, 50, 20])[0]


def random_history(rng: random.Random, history_id: str) -> History:
    start = datetime(2025, 1, 1, tzinfo=timezone.utc) + timedelta(seconds=rng.randrange(3 * YEAR))
    history = History(history_id, start).now(random_rating(rng))
    for _ in range(rng.randint(1, 30) - 1):
        kind = rng.random()
        if kind < 0.25:
            gap = history.card.due - history.time  # exactly at due
        elif kind < 0.40:
            gap = timedelta(seconds=rng.randint(0, 59))
        elif kind < 0.50:
            gap = timedelta(seconds=rng.randint(60, 3 * HOUR))
        elif kind < 0.60:
            gap = timedelta(seconds=rng.randint(3 * HOUR, 3 * DAY))
        elif kind < 0.80:
            due_gap = (history.card.due - history.time).total_seconds()
            gap = timedelta(seconds=int(due_gap * rng.uniform(0.1, 3.0)))  # early or late
        elif kind < 0.95:
            gap = timedelta(seconds=rng.randint(3 * DAY, YEAR))
        else:
            gap = timedelta(seconds=rng.randint(YEAR, 8 * YEAR))
        gap = min(gap, timedelta(days=3650))  # keeps every date far from datetime's year 9999
        history.review(random_rating(rng), history.time + gap)
    return history


def near_half_cases(rng: random.Random) -> list[dict]:
    """Histories whose last interval rounds a raw value within 0.002 of k + 0.5 days.

    With desired retention 0.9 the raw interval is the stability itself (to an ulp), and no
    reachable stability is exactly k + 0.5, so these exercise rounding close to the halfway point.
    """
    found: list[dict] = []
    below = above = 0
    attempt = 0
    while len(found) < NEAR_HALF_CASES:
        attempt += 1
        history = random_history(rng, "candidate")
        fsrs = scheduler()
        card = Card(card_id=1)
        for count, review in enumerate(history.reviews, start=1):
            card, _ = fsrs.review_card(card, Rating(review["rating"]), parse_time(review["at"]))
            if card.state != State.Review:
                continue
            raw = (card.stability / fsrs._FACTOR) * ((fsrs.desired_retention ** (1 / fsrs._DECAY)) - 1)
            distance = raw - math.floor(raw) - 0.5
            if not (1e-7 < abs(distance) < 2e-3) or raw > 1000:
                continue
            if (distance < 0 and below >= NEAR_HALF_CASES // 2) or (distance > 0 and above >= NEAR_HALF_CASES // 2):
                continue
            if distance < 0:
                below += 1
            else:
                above += 1
            side = "below" if distance < 0 else "above"
            found.append({"id": f"near-half-{side}-{raw:.6f}", "reviews": history.reviews[:count]})
            break
    return found


def histories() -> list[dict]:
    rng = random.Random(SEED)
    result = handmade()
    result += [random_history(rng, f"random-{index:03d}").export() for index in range(RANDOM_HISTORIES)]
    result += near_half_cases(random.Random(SEED + 1))
    ids = [history["id"] for history in result]
    assert len(ids) == len(set(ids)), "history ids must be unique"
    return result


def expected(all_histories: list[dict]) -> list[dict]:
    fsrs = scheduler()
    result = []
    for history in all_histories:
        card = Card(card_id=1, due=parse_time(history["reviews"][0]["at"]))
        states = []
        for review in history["reviews"]:
            at = parse_time(review["at"])
            card, _ = fsrs.review_card(card, Rating(review["rating"]), at)
            states.append(
                {
                    "stability": card.stability,
                    "difficulty": card.difficulty,
                    "due": format_time(card.due),
                    "state": card.state.name,
                    "step": card.step,
                    "interval_seconds": int((card.due - at).total_seconds()),
                }
            )
        result.append({"id": history["id"], "states": states})
    return result


def dump(items: list[dict], key: str) -> str:
    """One history per block, one review or state per line: small diffs, readable files."""
    blocks = []
    for item in items:
        lines = [json.dumps(entry) for entry in item[key]]
        blocks.append('{"id": ' + json.dumps(item["id"]) + ', "' + key + '": [\n  ' + ",\n  ".join(lines) + "\n]}")
    return "[\n" + ",\n".join(blocks) + "\n]\n"


def write(directory: Path) -> tuple[int, int]:
    all_histories = histories()
    all_expected = expected(all_histories)
    (directory / HISTORIES_FILE).write_text(dump(all_histories, "reviews"))
    (directory / EXPECTED_FILE).write_text(dump(all_expected, "states"))
    return len(all_histories), sum(len(item["states"]) for item in all_expected)


def first_difference(old, new, path: str = "$") -> str | None:
    if isinstance(old, bool) or isinstance(new, bool) or old is None or new is None:
        return None if old is new or old == new and type(old) is type(new) else f"{path}: {old!r} != {new!r}"
    if isinstance(old, float) or isinstance(new, float):
        if not isinstance(old, (int, float)) or not isinstance(new, (int, float)):
            return f"{path}: {old!r} != {new!r}"
        scale = max(abs(old), abs(new))
        return None if abs(old - new) <= RELATIVE_TOLERANCE * scale else f"{path}: {old!r} != {new!r}"
    if isinstance(old, dict) and isinstance(new, dict):
        if old.keys() != new.keys():
            return f"{path}: keys {sorted(old)} != {sorted(new)}"
        for key in old:
            difference = first_difference(old[key], new[key], f"{path}.{key}")
            if difference:
                return difference
        return None
    if isinstance(old, list) and isinstance(new, list):
        if len(old) != len(new):
            return f"{path}: {len(old)} items != {len(new)} items"
        for index, (left, right) in enumerate(zip(old, new)):
            label = f"{path}[{index}]"
            if isinstance(left, dict) and "id" in left:
                label = f"{path}[{index}] ({left['id']})"
            difference = first_difference(left, right, label)
            if difference:
                return difference
        return None
    return None if old == new and type(old) is type(new) else f"{path}: {old!r} != {new!r}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare a fresh run with the committed files")
    arguments = parser.parse_args()

    installed = version("fsrs")
    if installed != FSRS_VERSION:
        print(f"error: need fsrs=={FSRS_VERSION}, found {installed} (pip install fsrs=={FSRS_VERSION})", file=sys.stderr)
        return 2

    here = Path(__file__).resolve().parent
    if not arguments.check:
        count, states = write(here)
        print(f"wrote {count} histories, {states} states to {here}")
        return 0

    with tempfile.TemporaryDirectory() as temporary:
        fresh = Path(temporary)
        count, states = write(fresh)
        for name in (HISTORIES_FILE, EXPECTED_FILE):
            committed = here / name
            if not committed.exists():
                print(f"error: {committed} is missing; run {Path(__file__).name} to create it", file=sys.stderr)
                return 1
            difference = first_difference(json.loads(committed.read_text()), json.loads((fresh / name).read_text()))
            if difference:
                print(f"error: {name} differs from a fresh run (committed != fresh) at {difference}", file=sys.stderr)
                return 1
    print(f"ok: {count} histories, {states} states match py-fsrs {installed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
