#!/usr/bin/env bash
# Import benchmark: `badger import` of a 10,000-row CSV (deterministic, generated with python3),
# as a dry run and as a real import into a new deck, timed with hyperfine.
#
# Usage: Benchmarks/import.sh [BADGER_BINARY]     (default: .build/release/badger)
#
# Target (see Benchmarks/README.md): under 0.3 s for 10,000 rows (Anki's importer: 0.32 s).
# Results: Benchmarks/results/import.{md,json}; data: Benchmarks/data/import (both gitignored).
set -euo pipefail

target_s=0.3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
badger=${1:-$root/.build/release/badger}
[[ $badger == /* ]] || badger=$PWD/$badger
if [[ ! -x $badger ]]; then
    echo "error: badger binary not found: $badger (build it first: swift build -c release)" >&2
    exit 2
fi
cd "$root"

missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v python3 >/dev/null || missing+=(python3)
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}" >&2
    sudo=()
    ((EUID == 0)) || sudo=(sudo)
    "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}" >/dev/null
fi

data=Benchmarks/data/import
results=Benchmarks/results
mkdir -p "$data" "$results"
rm -rf "$data/collection"
mkdir -p "$data/collection/Decks"

# 10,000 rows: plain, math, quoted `;`, quotes, line breaks and Markdown-looking text, with a header.
python3 - "$data/cards.csv" <<'PY'
import random, sys
random.seed(20261122)
words = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau".split()
def text(n): return " ".join(random.choice(words) for _ in range(n))
rows = ["question;answer;explanation;reversed"]
for i in range(10000):
    kind = i % 5
    q = f"Card {i}: {text(6)}?"
    if kind == 0: a, e = text(4), ""
    elif kind == 1: a, e = f"$x^{{{i % 9}}} + {i}$", f"\"see; {text(3)}\""
    elif kind == 2: a, e = f"\"say \"\"{text(2)}\"\"\"", f"\"line one\nA: {text(2)}\n# {text(2)}\""
    elif kind == 3: a, e = f"*{text(2)}* | {text(2)} |", "\\backslash <b>x</b>"
    else: a, e = f"\"1. {text(2)}\n2. {text(2)}\"", ""
    rows.append(";".join([q, a, e, random.choice(["yes", "no", "", "TRUE", "0"])]))
open(sys.argv[1], "w", newline="").write("\r\n".join(rows) + "\r\n")
PY
echo "$(wc -l <"$data/cards.csv") lines, $(wc -c <"$data/cards.csv") bytes: $data/cards.csv" >&2

cd "$data/collection"
hyperfine --warmup 2 --runs 10 \
    --export-markdown "$root/$results/import.md" --export-json "$root/$results/import.json" \
    --prepare 'rm -f Decks/benchmark.md' \
    -n 'badger import --dry-run (10,000 rows)' "$badger import ../cards.csv --topic Benchmark --dry-run >/dev/null 2>&1" \
    -n 'badger import (10,000 rows, new deck)' "$badger import ../cards.csv --topic Benchmark >/dev/null"

"$badger" import ../cards.csv --topic Benchmark >/dev/null
"$badger" lint --strict
python3 - "$root/$results/import.json" "$target_s" <<'PY'
import json, sys
runs = json.load(open(sys.argv[1]))["results"]
target = float(sys.argv[2])
for run in runs:
    mean = run["mean"]
    print(f"{run['command']}: mean {mean:.3f} s ± {run['stddev']:.3f} (target < {target} s) {'OK' if mean < target else 'MISSED'}")
PY
