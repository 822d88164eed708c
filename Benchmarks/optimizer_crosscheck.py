#!/usr/bin/env python3
"""Cross-checks `badger optimize --histories` against the reference optimizer, fsrs-rs
(pip package fsrs-rs-python), on review logs of a simulated learner with known FSRS-6 parameters.

Both optimizers get the same histories (the earliest 80% of the predictable reviews); both
fits are then judged on the latest 20% by the reference's own `FSRS.evaluate` (log-loss and
RMSE(bins)) and by how closely their predicted recall follows the true parameters' (parameter
recovery). Wall time of each fit is measured in the same run.

    python3 Benchmarks/optimizer_crosscheck.py --badger .build/release/badger            # 10k cards
    python3 Benchmarks/optimizer_crosscheck.py --badger .build/debug/badger --cards 1500 --check
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time

from fsrs_rs_python import FSRS, FSRSItem, FSRSReview, DEFAULT_PARAMETERS

DEFAULTS = [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796, 1.4835, 0.0614, 0.2629,
            1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542]
# The simulated learner: a memory unlike the default one (faster forgetting, other decay).
TRUE = [0.35, 0.9, 3.1, 11.0, 5.8, 0.55, 2.2, 0.02, 1.55, 0.22, 1.1, 1.7, 0.09, 0.35, 1.9, 0.45, 2.3, 0.45, 0.25, 0.12, 0.32]


def curve(w, days, s):
    decay = -w[20]
    factor = 0.9 ** (1 / decay) - 1
    return (1 + factor * days / s) ** decay


def init_difficulty(w, g):
    return w[4] - math.exp(w[5] * (g - 1)) + 1


def step(w, state, g, days):
    """FSRS-6 (as py-fsrs and badger define it) after a review rated g, `days` whole days later."""
    if state is None:
        return (max(w[g - 1], 0.001), min(max(init_difficulty(w, g), 1), 10))
    s, d = state
    if days == 0:
        inc = math.exp(w[17] * (g - 3 + w[18])) * s ** (-w[19])
        if g >= 2:
            inc = max(inc, 1.0)
        new_s = s * inc
    else:
        r = curve(w, days, s)
        if g == 1:
            new_s = min(w[11] * d ** (-w[12]) * ((s + 1) ** w[13] - 1) * math.exp((1 - r) * w[14]), s / math.exp(w[17] * w[18]))
        else:
            hard = w[15] if g == 2 else 1
            easy = w[16] if g == 4 else 1
            new_s = s * (1 + math.exp(w[8]) * (11 - d) * s ** (-w[9]) * (math.exp((1 - r) * w[10]) - 1) * hard * easy)
    damped = d + (10 - d) * (-w[6] * (g - 3)) / 9
    new_d = min(max(w[7] * (init_difficulty(w, 4) - damped) + damped, 1), 10)
    return (min(max(new_s, 0.001), 36500), new_d)


def simulate(cards, days, seed):
    """Histories [(card id, [(rating, seconds)])] of a learner with memory TRUE, scheduled by FSRS-6 defaults at 90%."""
    rng = random.Random(seed)
    per_day = max(1, cards * 3 // (4 * days))
    histories = []
    decay = -DEFAULTS[20]
    factor = 0.9 ** (1 / decay) - 1
    for card in range(cards):
        first_day = card // per_day
        t = first_day * 86400 + rng.randint(8 * 3600, 20 * 3600)
        g = rng.choices([1, 2, 3, 4], [0.25, 0.1, 0.5, 0.15])[0]
        reviews = [(g, t)]
        truth = step(TRUE, None, g, 0)
        plan = step(DEFAULTS, None, g, 0)
        if g <= 2:  # a same-day learning step
            t += 600
            g2 = 3 if rng.random() < 0.8 else 2
            reviews.append((g2, t))
            truth = step(TRUE, truth, g2, 0)
            plan = step(DEFAULTS, plan, g2, 0)
        while True:
            interval = max(1, round(plan[0] / factor * (0.9 ** (1 / decay) - 1) * rng.uniform(0.9, 1.1)))
            day = t // 86400 + interval
            if day >= days:
                break
            next_t = day * 86400 + rng.randint(8 * 3600, 20 * 3600)
            elapsed = (next_t - t) // 86400
            recalled = rng.random() < curve(TRUE, elapsed, truth[0])
            g = rng.choices([2, 3, 4], [0.15, 0.75, 0.10])[0] if recalled else 1
            truth = step(TRUE, truth, g, elapsed)
            plan = step(DEFAULTS, plan, g, elapsed)
            t = next_t
            reviews.append((g, t))
            if g == 1:  # relearning step
                t += 600
                truth = step(TRUE, truth, 3, 0)
                plan = step(DEFAULTS, plan, 3, 0)
                reviews.append((3, t))
        histories.append((f"c{card}", reviews))
    return histories


def items_of(histories):
    """Every review a day or more after the previous one, with its history: (time, [(rating, days)])."""
    items = []
    for _, reviews in histories:
        seq = []
        for k, (g, t) in enumerate(reviews):
            days = 0 if k == 0 else (t - reviews[k - 1][1]) // 86400
            seq.append((g, days))
            if k > 0 and days >= 1:
                items.append((t, list(seq)))
    items.sort(key=lambda item: item[0])
    return items


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds + 1767225600))  # from 2026-01-01


def log_loss(w, items):
    total = 0.0
    for _, seq in items:
        state = None
        for g, days in seq[:-1]:
            state = step(w, state, g, days)
        r = min(max(curve(w, seq[-1][1], state[0]), 1e-7), 1 - 1e-7)
        total -= math.log(r) if seq[-1][0] > 1 else math.log(1 - r)
    return total / len(items)


def predictions(w, items):
    out = []
    for _, seq in items:
        state = None
        for g, days in seq[:-1]:
            state = step(w, state, g, days)
        out.append(curve(w, seq[-1][1], state[0]))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--badger", required=True)
    parser.add_argument("--cards", type=int, default=10000)
    parser.add_argument("--days", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--check", action="store_true", help="exit 1 unless badger's test log-loss is within 0.5%% of the reference's")
    args = parser.parse_args()

    histories = simulate(args.cards, args.days, args.seed)
    review_count = sum(len(r) for _, r in histories)
    items = items_of(histories)
    cut_time = items[int(len(items) * 0.8)][0]
    train_items = [item for item in items if item[0] < cut_time]
    test_items = [item for item in items if item[0] >= cut_time]
    train_histories = [(cid, [(g, t) for g, t in reviews if t < cut_time]) for cid, reviews in histories]
    train_histories = [(cid, reviews) for cid, reviews in train_histories if reviews]

    with tempfile.TemporaryDirectory() as directory:
        path = os.path.join(directory, "train.json")
        with open(path, "w") as file:
            json.dump([{"id": cid, "reviews": [{"rating": g, "at": iso(t)} for g, t in reviews]} for cid, reviews in train_histories], file)
        start = time.perf_counter()
        result = subprocess.run([args.badger, "optimize", "--histories", path, "--format", "json", "--timings"], capture_output=True, text=True)
        badger_seconds = time.perf_counter() - start
        if result.returncode != 0:
            sys.exit(f"badger optimize failed: {result.stderr}")
        badger = json.loads(result.stdout)
        fit_seconds = float(result.stderr.split("fit ")[1].split(" s")[0])

    fsrs_items = [FSRSItem([FSRSReview(g, days) for g, days in seq]) for _, seq in train_items]
    start = time.perf_counter()
    reference = FSRS(DEFAULT_PARAMETERS).compute_parameters(fsrs_items)
    reference_seconds = time.perf_counter() - start

    test_fsrs = [FSRSItem([FSRSReview(g, days) for g, days in seq]) for _, seq in test_items]
    rows = []
    for name, w in [("true", TRUE), ("defaults", DEFAULTS), ("reference", list(reference)), ("badger", badger)]:
        evaluation = FSRS(w).evaluate(test_fsrs)
        rows.append((name, evaluation.log_loss, evaluation.rmse_bins, log_loss(w, test_items)))
    truth = predictions(TRUE, test_items)

    def recovery(w):
        p = predictions(w, test_items)
        return math.sqrt(sum((a - b) ** 2 for a, b in zip(p, truth)) / len(p))

    print(f"{args.cards} cards, {review_count} reviews; {len(train_items)} train and {len(test_items)} test predictable reviews")
    print(f"{'parameters':<10} {'log-loss (fsrs-rs)':>18} {'RMSE(bins)':>10} {'log-loss (py)':>13} {'recall RMSE vs true':>20}")
    for name, loss, rmse, own in rows:
        w = {"true": TRUE, "defaults": DEFAULTS, "reference": list(reference), "badger": badger}[name]
        print(f"{name:<10} {loss:18.5f} {rmse:10.5f} {own:13.5f} {recovery(w):20.5f}")
    print("w    true    reference  badger")
    for index in range(21):
        print(f"w{index:<3} {TRUE[index]:7.4f} {reference[index]:9.4f} {badger[index]:8.4f}")
    ratio_loss = rows[3][1] / rows[2][1]
    print(f"badger/reference test log-loss: {ratio_loss:.4f}")
    print(f"wall time: badger {badger_seconds:.2f} s (process, including reading JSON), reference {reference_seconds:.2f} s; ratio {badger_seconds / reference_seconds:.2f}")
    print(f"fit alone (items + training, in-process): badger {fit_seconds:.2f} s, reference {reference_seconds:.2f} s; ratio {fit_seconds / reference_seconds:.2f}")
    if args.check and ratio_loss > 1.005:
        sys.exit("badger's test log-loss is more than 0.5% above the reference's")


if __name__ == "__main__":
    main()
