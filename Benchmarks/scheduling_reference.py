#!/usr/bin/env python3
"""Reference timings for the scheduling benchmark: py-fsrs and fsrs-rs-python on the same reviews.

Usage:
    python3 Benchmarks/scheduling_reference.py LOG [--check-json SWIFT_JSON] [--py-fsrs-cards 2000] [--runs 3]

LOG is the review log that ``scheduling-benchmark --write-log LOG`` writes: the very reviews the
Swift benchmark times (100,000 cards x 10 reviews by default), so both sides get identical inputs.

* py-fsrs 6.3.2: ``Scheduler(enable_fuzzing=False).review_card`` once per review, replaying every
  review of the PY_FSRS_CARDS cards with the smallest ids (2,000 cards = 20,000 reviews by
  default; py-fsrs is too slow for all 1M). The Card objects and datetimes are built before the
  clock starts. With ``--check-json`` the final stabilities, difficulties and due times of that
  subset are compared with the Swift run's sums (``check`` in its JSON): a match proves both
  replayed the same inputs to the same states.
* fsrs-rs-python: ``FSRS(DEFAULT_PARAMETERS).historical_memory_state_batch(items)`` on all
  reviews: one FSRSItem per card, each review as ``FSRSReview(rating, delta_t)`` with delta_t the
  whole days since the card's previous review (0 for the first), as py-fsrs counts them. It
  computes every review's memory state (stability, difficulty) in Rust; building the items is
  timed separately and not counted.

Each measurement runs RUNS times (default 3); the best run is reported. Prints JSON on stdout.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import sys
import time
from datetime import datetime, timezone
from importlib import metadata


def read_log(path: str) -> dict[str, list[tuple[int, int]]]:
    """Card id -> [(epoch seconds, rating 1..4)] in time order."""
    histories: dict[str, list[tuple[int, int]]] = {}
    with open(path, encoding="utf-8") as log:
        for number, line in enumerate(log, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\r\n").split("\t")
            if len(fields) != 6 or fields[1] != "review":
                sys.exit(f"{path}:{number}: not a review line")
            when = int(datetime.fromisoformat(fields[0].replace("Z", "+00:00")).timestamp())
            histories.setdefault(fields[2], []).append((when, int(fields[3])))
    for history in histories.values():
        history.sort(key=lambda review: review[0])
    return histories


def best(runs: list[float]) -> dict:
    return {"best_s": round(min(runs), 6), "runs_s": [round(run, 6) for run in runs]}


def time_py_fsrs(histories: dict[str, list[tuple[int, int]]], cards: int, runs: int) -> dict:
    import fsrs

    subset = sorted(histories)[:cards]
    scheduler = fsrs.Scheduler(enable_fuzzing=False)
    ratings = {value: fsrs.Rating(value) for value in range(1, 5)}
    # Everything but review_card is built before the clock starts (Card() without an id sleeps 1 ms).
    work = []
    for number, card_id in enumerate(subset):
        reviews = [(datetime.fromtimestamp(when, timezone.utc), ratings[rating]) for when, rating in histories[card_id]]
        work.append((fsrs.Card(card_id=number, due=reviews[0][0]), reviews))
    count = sum(len(reviews) for _, reviews in work)

    times = []
    finals = []
    for _ in range(runs):
        finals = []
        start = time.perf_counter()
        for card, reviews in work:
            for when, rating in reviews:
                card, _ = scheduler.review_card(card, rating, review_datetime=when)
            finals.append(card)
        times.append(time.perf_counter() - start)

    stability = difficulty = due = 0.0
    for card in finals:  # in id order, as the Swift benchmark sums them
        stability += card.stability or 0.0
        difficulty += card.difficulty or 0.0
        due += card.due.timestamp()
    result = best(times)
    result.update(
        version=metadata.version("fsrs"),
        cards=len(subset),
        reviews=count,
        reviews_per_s=round(count / min(times)),
        check={"cards": len(subset), "stability_sum": stability, "difficulty_sum": difficulty, "due_sum": due},
    )
    return result


def time_fsrs_rs(histories: dict[str, list[tuple[int, int]]], runs: int) -> dict:
    import fsrs_rs_python as rs

    start = time.perf_counter()
    items = []
    for history in histories.values():
        reviews = []
        previous = None
        for when, rating in history:
            delta_days = 0 if previous is None else (when - previous) // 86_400
            reviews.append(rs.FSRSReview(rating, delta_days))
            previous = when
        items.append(rs.FSRSItem(reviews))
    build_s = time.perf_counter() - start
    count = sum(len(history) for history in histories.values())

    model = rs.FSRS(rs.DEFAULT_PARAMETERS)
    times = []
    states = []
    for _ in range(runs):
        start = time.perf_counter()
        states = model.historical_memory_state_batch(items)
        times.append(time.perf_counter() - start)
    if len(states) != len(items) or sum(len(per_card) for per_card in states) != count:
        sys.exit("fsrs-rs-python returned the wrong number of memory states")
    finite = all(math.isfinite(state.stability) for per_card in states for state in per_card[-1:])
    result = best(times)
    result.update(
        version=metadata.version("fsrs-rs-python"),
        method="FSRS(DEFAULT_PARAMETERS).historical_memory_state_batch",
        cards=len(items),
        reviews=count,
        reviews_per_s=round(count / min(times)),
        build_items_s=round(build_s, 6),
        finite_states=finite,
    )
    return result


def check_inputs(py_fsrs: dict, swift_json: str) -> dict:
    """Compares the py-fsrs subset's final states with the Swift run's sums for the same cards."""
    with open(swift_json, encoding="utf-8") as file:
        swift = json.load(file)["check"]
    ours = py_fsrs["check"]
    if swift["cards"] != ours["cards"]:
        return {"match": False, "reason": f"subset sizes differ: swift {swift['cards']}, py-fsrs {ours['cards']}"}
    differences = {
        key: abs(ours[key] - swift[key]) / max(abs(swift[key]), 1e-300)
        for key in ("stability_sum", "difficulty_sum", "due_sum")
    }
    # FSRS6 matches py-fsrs to the last bit or two per value; due times (whole seconds) exactly.
    match = differences["stability_sum"] < 1e-9 and differences["difficulty_sum"] < 1e-9 and differences["due_sum"] == 0
    return {"match": match, "relative_differences": differences}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("log", help="review log written by scheduling-benchmark --write-log")
    parser.add_argument("--check-json", help="the Swift benchmark's --json output, to check the inputs match")
    parser.add_argument("--py-fsrs-cards", type=int, default=2_000, help="cards replayed with py-fsrs (default 2000)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs; the best is reported (default 3)")
    arguments = parser.parse_args()

    print(f"reading {arguments.log} ...", file=sys.stderr)
    histories = read_log(arguments.log)
    reviews = sum(len(history) for history in histories.values())
    print(f"py-fsrs: {arguments.py_fsrs_cards} cards, {arguments.runs} runs ...", file=sys.stderr)
    py_fsrs = time_py_fsrs(histories, arguments.py_fsrs_cards, arguments.runs)
    print(f"fsrs-rs-python: {len(histories)} cards, {reviews} reviews, {arguments.runs} runs ...", file=sys.stderr)
    fsrs_rs = time_fsrs_rs(histories, arguments.runs)

    report = {
        "python": platform.python_version(),
        "workload": {"cards": len(histories), "reviews": reviews},
        "py_fsrs": py_fsrs,
        "fsrs_rs_python": fsrs_rs,
    }
    if arguments.check_json:
        report["inputs_match_swift"] = check_inputs(py_fsrs, arguments.check_json)
    print(json.dumps(report, indent=2, sort_keys=True))


if __name__ == "__main__":
    main()
