#!/usr/bin/env python3
"""Simulated learners whose memory is NOT FSRS, studied for a year by several schedulers.

Two worlds (memory models), each with several learners:

* hlr: half-life regression with exponential forgetting, p = 2^(-days / h), where
  log2 h = theta0 + card + theta_c (sqrt(1 + n_c) - 1) - theta_w (sqrt(1 + n_w) - 1); a recall
  adds to n_c in proportion to how hard it was (1 - p, full weight at p <= 0.85), so a same-day
  repeat (p near 1) adds almost nothing (the spacing effect); a lapse adds 1 to n_w.
* actr: an ACT-R / MCM-style multi-trace memory (Pavlik & Anderson 2005): every review adds a
  trace that decays as a power law, age^-d, with d = c e^m + alpha set by the activation m at
  the time (so massed repeats decay fast); m = beta + ln sum(age_j^-d_j), p = 1 / (1 + e^((tau -
  m) / s)).

Every scheduler studies 1,000 cards, 20 new a day, every due card reviewed each day (09:00 UTC,
same-day steps when due), rated Good when recalled and Again otherwise, for 365 days:

* badger: the real `badger` binary as a new collection gets it (the automatic settings). Its schedule
  comes from `badger schedule replay --settings` (fuzz on, as studying gives), and its settings
  from `badger optimize --histories FILE --format json --settings`, asked again whenever
  `badger study` would re-fit (the log grew by half since the fit, or 80 reviews a day or more
  apart and never fitted); after a fit every card is replayed with the new settings, as badger
  replays its logs.
* fsrs-default: py-fsrs 6.3.2 with its defaults (retention 0.9, steps 1m 10m, relearning 10m).
* fsrs-refit: the same, re-fitted with fsrs-rs-python (`compute_parameters`) on the same rule;
  cards keep their due dates and memory states, new parameters apply from their next review.
* sm2: SM-2 as SuperMemo published it (1 day, 6 days, then x ease; ease 2.5, -0.2 on a lapse, at
  least 1.3; a lapse starts over at 1 day, then 6; no same-day steps), not Anki's variant of it.
* leitner: 7 boxes of 1, 2, 4 ... 64 days; a lapse goes back to box 1; passing box 7 retires.

Knowledge is the true mean probability of recall over the 1,000 cards at the end of the year;
reviews per unit of knowledge = all reviews (same-day ones included) / (knowledge x 1,000).
Knowledge over the last 60 days is its mean at the start of each of the year's last 59 days and
at its end:
cards introduced together come due together, so a single moment can catch many just before or
just after their reviews.
Observed retention is the share recalled of the reviews made on a later study day than the card's
previous review.

    python3 Benchmarks/learner_simulation.py --badger .build/release/badger          # full run
    python3 Benchmarks/learner_simulation.py --badger .build/debug/badger --smoke   # seconds

Deterministic: every draw comes from seeded generators. Every scheduler studies the same cards
(drawn on their own) and meets the same luck on a card's first, second, ... review.
"""
import argparse
import datetime
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import time

import fsrs
from fsrs_rs_python import FSRS as RSFSRS, FSRSItem, FSRSReview, DEFAULT_PARAMETERS

T0 = datetime.datetime(2026, 1, 5, 9, 0, 0, tzinfo=datetime.timezone.utc)
DAY = 86400.0


def iso(seconds):
    return (T0 + datetime.timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")


def parse_iso(text):
    when = datetime.datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S").replace(tzinfo=datetime.timezone.utc)
    return (when - T0).total_seconds()


# ---------------------------------------------------------------- memory models (the worlds)

class HLR:
    """Half-life regression, exponential forgetting, spacing-weighted success counts."""
    name = "hlr"

    def __init__(self, theta0, theta_c, theta_w, prior, spread=0.5):
        self.theta0, self.theta_c, self.theta_w, self.prior, self.spread = theta0, theta_c, theta_w, prior, spread

    def new_card(self, rng):
        return {"card": rng.gauss(0, self.spread), "nc": 0.0, "nw": 0.0, "last": None}

    def half_life(self, m):
        return 2 ** (self.theta0 + m["card"] + self.theta_c * (math.sqrt(1 + m["nc"]) - 1)
                     - self.theta_w * (math.sqrt(1 + m["nw"]) - 1))

    def recall(self, m, t):
        if m["last"] is None:
            return self.prior
        return 2 ** (-max(0.0, t - m["last"]) / DAY / self.half_life(m))

    def review(self, m, t, recalled):
        p = self.recall(m, t)
        if m["last"] is not None:
            if recalled:
                m["nc"] += min(1.0, (1 - p) / 0.15)
            else:
                m["nw"] += 1
        m["last"] = t


class ACTR:
    """ACT-R / MCM multi-trace memory with activation-dependent decay (power-law forgetting)."""
    name = "actr"

    def __init__(self, beta, c, alpha, tau, s, prior, spread=0.4):
        self.beta, self.c, self.alpha, self.tau, self.s, self.prior, self.spread = beta, c, alpha, tau, s, prior, spread

    def new_card(self, rng):
        return {"card": rng.gauss(0, self.spread), "traces": []}

    def activation(self, m, t):
        if not m["traces"]:
            return -math.inf
        total = sum(math.exp(-dj * math.log(max((t - tj) / DAY, 1e-3))) for tj, dj in m["traces"])
        return self.beta + m["card"] + math.log(total)

    def recall(self, m, t):
        if not m["traces"]:
            return self.prior
        return 1 / (1 + math.exp((self.tau - self.activation(m, t)) / self.s))

    def review(self, m, t, recalled):
        a = self.activation(m, t)
        # Capped, as massed repeats would otherwise give traces that vanish at once.
        decay = self.alpha if a == -math.inf else min(1.0, self.c * math.exp(min(a, 5.0)) + self.alpha)
        m["traces"].append((t, decay))


WORLDS = {
    "hlr": [
        ("fast forgetter", HLR(theta0=-0.8, theta_c=2.6, theta_w=0.8, prior=0.2)),
        ("typical", HLR(theta0=0.0, theta_c=3.0, theta_w=0.6, prior=0.25)),
        ("strong", HLR(theta0=0.6, theta_c=3.4, theta_w=0.5, prior=0.3)),
    ],
    "actr": [
        ("fast forgetter", ACTR(beta=0.0, c=0.25, alpha=0.22, tau=-0.2, s=0.3, prior=0.2)),
        ("typical", ACTR(beta=0.3, c=0.22, alpha=0.18, tau=-0.2, s=0.3, prior=0.25)),
        ("strong", ACTR(beta=0.6, c=0.2, alpha=0.15, tau=-0.2, s=0.3, prior=0.3)),
    ],
}

# ---------------------------------------------------------------- schedulers


def predictable(histories):
    count = 0
    for reviews in histories.values():
        count += sum(1 for a, b in zip(reviews, reviews[1:]) if b[1] - a[1] >= DAY)
    return count


class RefitRule:
    """When `badger study` re-fits: the log grew by half since the fit, or never fitted and 80
    reviews made a day or more after the card's previous review."""

    def __init__(self):
        self.fitted_at = None

    def due(self, histories):
        total = sum(len(r) for r in histories.values())
        if self.fitted_at is None:
            stale = predictable(histories) >= 80
        else:
            stale = total * 2 >= self.fitted_at * 3 and total > self.fitted_at
        if stale:
            self.fitted_at = total
        return stale


class Badger:
    name = "badger"

    def __init__(self, binary, workdir, retention=None):
        self.binary, self.workdir = binary, workdir
        self.fixed_retention = retention
        self.histories = {}
        self.rule = RefitRule()
        self.settings = None
        self.settings_path = os.path.join(workdir, "settings.json")
        self.fits = []
        self.due_of = {}
        self.target = 0.9

    def run(self, arguments, stdin=None):
        out = subprocess.run([self.binary] + arguments, input=stdin, capture_output=True, text=True, cwd=self.workdir)
        if out.returncode != 0:
            sys.exit(f"badger {' '.join(arguments)} failed: {out.stderr}")
        return out.stdout

    def histories_json(self, ids):
        return json.dumps([{"id": f"c{i}", "reviews": [{"rating": g, "at": iso(t)} for g, t in self.histories[i]]} for i in ids])

    def refit(self, counted=True):
        path = os.path.join(self.workdir, "histories.json")
        with open(path, "w") as handle:
            handle.write(self.histories_json(sorted(self.histories)))
        text = self.run(["optimize", "--histories", path, "--format", "json", "--settings"])
        self.settings = json.loads(text)
        if self.fixed_retention is not None:
            # A fixed retention instead of the automatic one (`--retention`): FSRS schedules for it.
            self.settings["desired_retention"] = self.settings["target_retention"] = self.fixed_retention
            text = json.dumps(self.settings)
        with open(self.settings_path, "w") as handle:
            handle.write(text)
        # The retention the learner should observe; FSRS may schedule for more (calibration).
        self.target = self.settings.get("target_retention", self.settings["desired_retention"])
        if counted:
            self.fits.append(self.settings)
        self.replay(sorted(self.histories))

    def start_day(self, day, now):
        if self.settings is None:
            # What a new collection with the automatic settings uses before its first fit.
            self.refit(counted=False)
        if self.histories and self.rule.due(self.histories):
            self.refit()

    def new(self, card, now):
        self.histories[card] = []
        self.due_of[card] = now

    def reviewed(self, batch):
        for card, rating, t in batch:
            self.histories[card].append((rating, t))
        self.replay([card for card, _, _ in batch])

    def replay(self, ids):
        ids = [i for i in ids if self.histories[i]]
        if not ids:
            return
        arguments = ["schedule", "replay", "-"]
        if self.settings is not None:
            arguments += ["--settings", self.settings_path]
        out = json.loads(self.run(arguments, stdin=self.histories_json(ids)))
        for entry in out:
            self.due_of[int(entry["id"][1:])] = parse_iso(entry["states"][-1]["due"])


class PyFSRS:
    def __init__(self, refit, seed):
        self.name = "fsrs-refit" if refit else "fsrs-default"
        self.refitting = refit
        self.scheduler = fsrs.Scheduler()
        self.cards = {}
        self.histories = {}
        self.rule = RefitRule()
        self.due_of = {}
        self.target = 0.9
        random.seed(seed)  # py-fsrs draws its fuzz from `random`

    def start_day(self, day, now):
        if self.refitting and self.histories and self.rule.due(self.histories):
            items = []
            for reviews in self.histories.values():
                seq = []
                for k, (g, t) in enumerate(reviews):
                    days = 0 if k == 0 else int((t - reviews[k - 1][1]) // DAY)
                    seq.append(FSRSReview(g, days))
                    if k > 0 and days >= 1:
                        items.append(FSRSItem(list(seq)))
            try:
                parameters = RSFSRS(DEFAULT_PARAMETERS).compute_parameters(items)
                # fsrs-rs fits in float32: a parameter at its bound (w20 = 0.8) comes back a hair
                # outside py-fsrs's bounds, which py-fsrs refuses; clamp it, as Anki would use it.
                parameters = [min(max(value, low), high) for value, low, high in
                              zip(parameters, fsrs.scheduler.LOWER_BOUNDS_PARAMETERS, fsrs.scheduler.UPPER_BOUNDS_PARAMETERS)]
                self.scheduler = fsrs.Scheduler(parameters=parameters)
            except Exception as error:  # too few items: keep the parameters
                print(f"  fsrs-rs: {error}", file=sys.stderr)

    def new(self, card, now):
        self.cards[card] = fsrs.Card(card_id=card + 1, due=T0 + datetime.timedelta(seconds=now))
        self.histories[card] = []
        self.due_of[card] = now

    def reviewed(self, batch):
        for card, rating, t in batch:
            self.histories[card].append((rating, t))
            when = T0 + datetime.timedelta(seconds=t)
            self.cards[card], _ = self.scheduler.review_card(self.cards[card], fsrs.Rating(rating), when)
            self.due_of[card] = (self.cards[card].due - T0).total_seconds()


class SM2:
    name = "sm2"

    def __init__(self):
        self.state = {}
        self.due_of = {}
        self.target = None

    def start_day(self, day, now):
        pass

    def new(self, card, now):
        self.state[card] = (0, 2.5, 0.0)
        self.due_of[card] = now

    def reviewed(self, batch):
        for card, rating, t in batch:
            reps, ease, interval = self.state[card]
            if rating == 1:
                reps, ease, interval = 0, max(1.3, ease - 0.2), 1
            else:
                reps += 1
                interval = 1 if reps == 1 else 6 if reps == 2 else round(interval * ease)
            self.state[card] = (reps, ease, interval)
            self.due_of[card] = t + interval * DAY


class Leitner:
    name = "leitner"

    def __init__(self):
        self.box = {}
        self.due_of = {}
        self.target = None

    def start_day(self, day, now):
        pass

    def new(self, card, now):
        self.box[card] = 0
        self.due_of[card] = now

    def reviewed(self, batch):
        for card, rating, t in batch:
            box = 1 if rating == 1 else self.box[card] + 1
            self.box[card] = box
            self.due_of[card] = math.inf if box > 7 else t + 2 ** (box - 1) * DAY


# ---------------------------------------------------------------- the year


def recall_draw(seed, card, n):
    """The uniform draw that decides whether `card`'s review number `n` (from 0) is recalled: the
    same for every scheduler, so each meets the same luck on its first, second, ... review of a
    card, whatever it did with the other cards."""
    return random.Random(f"{seed}/{card}/{n}").random()


def simulate(model, scheduler, cards, new_per_day, days, seed):
    # The cards come from a generator of their own, so every scheduler studies the same cards
    # (drawn from the recall stream, each scheduler's reviews moved the draws of the cards
    # introduced after the first day).
    card_rng = random.Random(seed)
    review_count = {}
    memories = {}
    targets = []
    reviews = same_day = 0
    spaced = spaced_recalled = 0
    last_review = {}
    # Knowledge at the start of each of the year's last 59 days and at its end (60 moments; in
    # a full run every card is in by then): one moment depends on where in their intervals the
    # cards happen to be, which moves in step for cards introduced together; two months do not.
    window = min(60, days)
    daily_knowledge = []
    for day in range(days):
        now = day * DAY
        day_end = now + 19 * 3600  # the study day ends at 04:00 the next morning
        if day > days - window:
            daily_knowledge.append(sum(model.recall(m, now) for m in memories.values()) / cards)
        for _ in range(new_per_day):
            if len(memories) < cards:
                card = len(memories)
                memories[card] = model.new_card(card_rng)
                scheduler.new(card, now)
        scheduler.start_day(day, now)
        seen_today = set()
        first = True
        clock = now
        while True:
            if first:
                # The session: every card due before the day ends, each at its due time within the
                # first hour (so a card due at 09:11 is not reviewed 11 minutes early).
                batch_ids = sorted((c for c, due in scheduler.due_of.items() if due < day_end),
                                   key=lambda c: (min(max(scheduler.due_of[c], now), now + 3600), c))
                first = False
            else:
                pending = [scheduler.due_of[c] for c in seen_today if scheduler.due_of[c] < day_end]
                if not pending:
                    break
                clock = max(clock, min(pending))
                batch_ids = sorted(c for c in seen_today if scheduler.due_of[c] <= clock + 60)
            if not batch_ids:
                break
            batch = []
            for card in batch_ids:
                t = max(min(max(scheduler.due_of[card], now), now + 3600), clock, last_review.get(card, (-1, -DAY))[1] + 1)
                t = float(round(t))
                p = model.recall(memories[card], t)
                n = review_count.get(card, 0)
                review_count[card] = n + 1
                recalled = recall_draw(seed, card, n) < p
                model.review(memories[card], t, recalled)
                batch.append((card, 3 if recalled else 1, t))
                reviews += 1
                if card in last_review and last_review[card][0] == day:
                    same_day += 1
                elif card in last_review:
                    spaced += 1
                    spaced_recalled += recalled
                    if scheduler.target is not None:
                        targets.append(scheduler.target)
                last_review[card] = (day, t)
            clock = max(t for _, _, t in batch)
            seen_today.update(batch_ids)
            scheduler.reviewed(batch)
    end = days * DAY
    knowledge = sum(model.recall(m, end) for m in memories.values()) / cards
    daily_knowledge.append(knowledge)
    mean_knowledge = sum(daily_knowledge) / len(daily_knowledge)
    return {
        "reviews": reviews, "same_day": same_day, "knowledge": knowledge,
        "per_knowledge": reviews / (knowledge * cards),
        "knowledge_60d": mean_knowledge, "per_knowledge_60d": reviews / (mean_knowledge * cards),
        "observed": spaced_recalled / spaced if spaced else None,
        "target": sum(targets) / len(targets) if targets else None,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--badger", default=".build/release/badger")
    parser.add_argument("--smoke", action="store_true", help="one learner per world, 60 days, 100 cards")
    parser.add_argument("--worlds", default="hlr,actr")
    parser.add_argument("--schedulers", default="badger,fsrs-default,fsrs-refit,sm2,leitner")
    parser.add_argument("--learners", help="only these learners (comma-separated names, such as typical)")
    parser.add_argument("--json", help="also write every result to this file")
    parser.add_argument("--seed", type=int, default=0,
                        help="another draw of every learner's cards and recalls (0: the seeds of the recorded results)")
    parser.add_argument("--retention", type=float,
                        help="badger with this retention instead of the automatic one (the steps stay automatic): to trace how reviews and knowledge trade")
    args = parser.parse_args()
    # Every input checked before a run that can take hours.
    schedulers = ["badger", "fsrs-default", "fsrs-refit", "sm2", "leitner"]
    runs = {world: (learners[1:2] if args.smoke else learners) for world, learners in WORLDS.items()}
    for option, given, known in (("--worlds", args.worlds, list(WORLDS)), ("--schedulers", args.schedulers, schedulers),
                                 ("--learners", args.learners, [name for world in runs.values() for name, _ in world])):
        if given is None:
            continue
        names = given.split(",")
        unknown = [name for name in names if name not in known]
        if unknown:
            smoke = " (--smoke runs only those)" if option == "--learners" and args.smoke else ""
            parser.error(f"{option}: unknown {', '.join(repr(name) for name in unknown)}; choose from "
                         f"{', '.join(dict.fromkeys(known))}{smoke}, comma-separated")
        if len(set(names)) < len(names):
            parser.error(f"{option}: {given!r} names one twice")
    if "badger" in args.schedulers.split(","):
        if not (os.path.isfile(args.badger) and os.access(args.badger, os.X_OK)):
            parser.error(f"--badger {args.badger}: no such executable (build it: swift build -c release)")
        settings = json.dumps({"fsrs_parameters": [0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722,
                                                   0.1666, 0.796, 1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425,
                                                   0.0912, 0.0658, 0.1542],
                               "desired_retention": 0.9, "learning_steps": [], "relearning_steps": []})
        replay = subprocess.run([args.badger, "schedule", "replay", "-", "--settings", settings], input="[]",
                                capture_output=True, text=True)
        if replay.returncode != 0 or replay.stdout.split() != ["[", "]"]:
            parser.error(f"--badger {args.badger}: not a badger with `schedule replay --settings`")
    if args.retention is not None and not 0.70 <= args.retention <= 0.99:
        parser.error(f"--retention {args.retention}: give a retention from 0.70 to 0.99")
    if args.json:
        folder = os.path.dirname(os.path.abspath(args.json))
        writable = os.access(args.json, os.W_OK) if os.path.exists(args.json) else os.access(folder, os.W_OK)
        if not (os.path.isdir(folder) and writable) or os.path.isdir(args.json):
            parser.error(f"--json {args.json}: cannot be written")
    cards, per_day, days = (100, 10, 60) if args.smoke else (1000, 20, 365)
    results = []
    for world in args.worlds.split(","):
        learners = runs[world]
        for learner_index, (learner, model) in enumerate(learners):
            if args.learners and learner not in args.learners.split(","):
                continue
            seed = 1000 * (list(WORLDS).index(world) + 1) + learner_index + 100_000 * args.seed
            for name in args.schedulers.split(","):
                started = time.time()
                with tempfile.TemporaryDirectory() as workdir:
                    scheduler = {
                        "badger": lambda: Badger(os.path.abspath(args.badger), workdir, args.retention),
                        "fsrs-default": lambda: PyFSRS(False, seed),
                        "fsrs-refit": lambda: PyFSRS(True, seed),
                        "sm2": SM2,
                        "leitner": Leitner,
                    }[name]()
                    result = simulate(model, scheduler, cards, per_day, days, seed)
                result.update(world=world, learner=learner, scheduler=name, seconds=round(time.time() - started, 1))
                if name == "badger":
                    result["fits"] = [
                        {k: f.get(k) for k in ("target_retention", "desired_retention", "learning_steps", "relearning_steps", "same_day_intervals", "reason")}
                        for f in scheduler.fits]
                results.append(result)
                print(json.dumps(result), file=sys.stderr, flush=True)
    if args.json:
        with open(args.json, "w") as handle:
            json.dump(results, handle, indent=1)
    print_table(results, args.schedulers.split(","))


def print_table(results, names):
    print("| world | learner | scheduler | reviews | same-day | knowledge | reviews / knowledge | knowledge, last 60 days | observed retention (target) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in results:
        observed = "-" if r["observed"] is None else f"{r['observed'] * 100:.1f}%"
        if r["target"] is not None:
            observed += f" ({r['target'] * 100:.1f}%)"
        print(f"| {r['world']} | {r['learner']} | {r['scheduler']} | {r['reviews']:,} | {r['same_day'] / r['reviews'] * 100:.1f}% "
              f"| {r['knowledge'] * 100:.1f}% | {r['per_knowledge']:.2f} | {r['knowledge_60d'] * 100:.1f}% | {observed} |")
    print()
    print("| world | scheduler | reviews / knowledge (all learners) | mean knowledge | badger vs the best other "
          "| reviews / knowledge, last 60 days | knowledge, last 60 days | badger vs the best other, last 60 days |")
    print("|---|---|---|---|---|---|---|---|")
    for world in dict.fromkeys(r["world"] for r in results):
        rows = {}
        for name in names:
            mine = [r for r in results if r["world"] == world and r["scheduler"] == name]
            if mine:
                reviews = sum(r["reviews"] for r in mine)
                # Cards known, summed over learners: at the end, and over the last 60 days.
                rows[name] = [(reviews / sum(r["reviews"] / r[per] for r in mine), sum(r[known] for r in mine) / len(mine))
                              for per, known in (("per_knowledge", "knowledge"), ("per_knowledge_60d", "knowledge_60d"))]
        others = {n: v for n, v in rows.items() if n != "badger"}
        cells = {}
        for measure in (0, 1):
            best = min(others, key=lambda n: others[n][measure][0]) if others else None
            for name, figures in rows.items():
                ratio, knowledge = figures[measure]
                versus = ""
                if name == "badger" and best:
                    saved = (1 - ratio / others[best][measure][0]) * 100
                    amount = f"{saved:.1f}% fewer" if saved >= 0 else f"{-saved:.1f}% more"
                    versus = f"{amount} than {best} (knowledge {(knowledge - others[best][measure][1]) * 100:+.1f} points)"
                cells.setdefault(name, []).append(f"{ratio:.2f} | {knowledge * 100:.1f}% | {versus}")
        for name, figures in cells.items():
            print(f"| {world} | {name} | {' | '.join(figures)} |")


if __name__ == "__main__":
    main()
