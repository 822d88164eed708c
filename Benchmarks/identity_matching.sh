#!/bin/bash
# Times the first `badger due` after an edit of every recorded card (identity matching compares
# each new card with each history it could continue): a topic rename, and a one-letter edit of
# every question. Usage: Benchmarks/identity_matching.sh [BADGER] [CARDS]
# (defaults: .build/release/badger, 2000). Generated data lives in a temporary folder.
set -euo pipefail
BADGER=$(realpath "${1:-.build/release/badger}")
CARDS=${2:-2000}
run() {
    local edit=$1 dir
    dir=$(mktemp -d)
    CARDS=$CARDS python3 - "$dir" <<'PY'
import os, random, sys
random.seed(1)
n = int(os.environ["CARDS"]) // 4
for d in range(4):
    with open(os.path.join(sys.argv[1], f"d{d}.md"), "w") as f:
        f.write("---\ntopic: T\n---\n\n")
        for i in range(n):
            f.write(f"Q: Question number {d}-{i} about {random.randint(0, 10**6)} things?\nA: Answer {i}\n\n")
PY
    (
        cd "$dir"
        first=$("$BADGER" list --format json | python3 -c 'import json,sys; print(json.load(sys.stdin)["cards"][0]["id"])')
        "$BADGER" review --card "$first" --rating 2 --at 2026-01-01T08:00:00Z >/dev/null  # records every card
        sleep 1.1
        sed -i "$edit" d*.md
        start=$(date +%s.%N)
        "$BADGER" due >/dev/null || true
        end=$(date +%s.%N)
        state=$("$BADGER" list --format json | python3 -c 'import json,sys; print(sum(c["state"] != "new" for c in json.load(sys.stdin)["cards"]))')
        printf '%-32s %6.2f s  (reviewed card kept: %s of 1)\n' "$2" "$(echo "$end - $start" | bc)" "$state"
    )
    rm -rf "$dir"
}
echo "$CARDS recorded cards, first badger due after the edit ($BADGER):"
run 's/^topic: T$/topic: Renamed/' "topic renamed"
run 's/^Q: Question number/Q: Question numbr/' "one-letter edit of every question"
