#!/usr/bin/env bash
# Scheduling benchmark: FSRS-6 on 1,000,000 synthetic review steps (100,000 cards × 10) and state
# rebuilds from a 1M-review log, next to py-fsrs and fsrs-rs-python on the same reviews, plus the
# real `badger state rebuild` on a collection whose logs hold those reviews.
#
# Usage: Benchmarks/scheduling.sh        (builds .build/release/{scheduling-benchmark,badger} first)
#
# Targets (see Benchmarks/README.md): FSRS6.review >= 50x py-fsrs's reviews/s and >= fsrs-rs-python's
# historical_memory_state_batch; rebuilding state from the 1M-review log in under 1 s.
# Results: Benchmarks/results/scheduling*.{json,md,txt}; data: Benchmarks/data/scheduling (both gitignored).
set -euo pipefail

py_fsrs_ratio_target=50
fsrs_rs_ratio_target=1
rebuild_target_s=1

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"

# --- tools: hyperfine and python3 (apt-get on Debian/Ubuntu if missing); py-fsrs and fsrs-rs-python (pip) ---
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v python3 >/dev/null || missing+=(python3 python3-pip)
if ((${#missing[@]})); then
    echo "installing: ${missing[*]}" >&2
    if ! command -v apt-get >/dev/null; then
        echo "error: missing ${missing[*]} and apt-get is not available; install them manually" >&2
        exit 2
    fi
    sudo=()
    if ((EUID != 0)); then
        command -v sudo >/dev/null || { echo "error: need root (or sudo) to install ${missing[*]}" >&2; exit 2; }
        sudo=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}" \
        || { "${sudo[@]}" apt-get update && "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"; }
fi
if ! python3 - <<'EOF' 2>/dev/null; then
from importlib import metadata
import fsrs, fsrs_rs_python
assert metadata.version("fsrs") == "6.3.2"
EOF
    echo "installing fsrs==6.3.2 fsrs-rs-python with pip ..." >&2
    python3 -m pip install --quiet "fsrs==6.3.2" fsrs-rs-python
fi

# --- build ---
swift build -c release --product scheduling-benchmark
swift build -c release --product badger
bin=$(swift build -c release --show-bin-path)
benchmark=$bin/scheduling-benchmark
badger=$bin/badger

data=Benchmarks/data/scheduling
results=Benchmarks/results
mkdir -p "$data" "$results"

# --- (a) + (b): the Swift benchmark; it also writes the workload as a review log for the others ---
echo "scheduling-benchmark (FSRS6.review on 1M steps; ReviewLog + StateRebuilder on 1M reviews) ..." >&2
"$benchmark" --json --write-log "$data/reviews.log" >"$results/scheduling-swift.json"

# --- py-fsrs and fsrs-rs-python on the same reviews ---
echo "py-fsrs and fsrs-rs-python on the same reviews ..." >&2
python3 Benchmarks/scheduling_reference.py "$data/reviews.log" --check-json "$results/scheduling-swift.json" \
    >"$results/scheduling-reference.json"

# --- the collection for `badger state rebuild`: regenerated when the workload or the generator changes ---
collection=$data/collection
stamp=$data/collection.stamp
want_stamp=$(cat Benchmarks/generate_review_logs.py "$data/reviews.log" | sha256sum | cut -d' ' -f1)
if [[ ! -f $collection/badger.yml || ! -f $stamp || $(cat "$stamp") != "$want_stamp" ]]; then
    echo "generating $collection ..." >&2
    rm -rf "$collection.tmp" "$collection"
    python3 Benchmarks/generate_review_logs.py "$collection.tmp" --workload "$data/reviews.log" --badger "$badger"
    mv "$collection.tmp" "$collection"
    echo "$want_stamp" >"$stamp"
fi

# --- sanity: one rebuild from scratch must succeed and replay every review ---
rm -f "$collection"/*.state
"$badger" state rebuild "$collection" 2>"$results/scheduling-rebuild-output.txt" \
    || { echo "error: badger state rebuild failed:" >&2; cat "$results/scheduling-rebuild-output.txt" >&2; exit 1; }
grep -q "from 1000000 log records" "$results/scheduling-rebuild-output.txt" \
    || echo "warning: unexpected rebuild output: $(cat "$results/scheduling-rebuild-output.txt")" >&2

# --- end to end: `badger state rebuild`, without state files (writes all 100) and with them up to date ---
q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }   # POSIX single-quoting for hyperfine's sh -c
rebuild_cmd="$(q "$badger") state rebuild $(q "$collection") 2>/dev/null"
hyperfine --warmup 1 --runs 3 \
    --export-markdown "$results/scheduling-rebuild.md" --export-json "$results/scheduling-rebuild.json" \
    --prepare "rm -f $(q "$collection")/*.state" --command-name "state rebuild (no state files)" "$rebuild_cmd" \
    --prepare "true" --command-name "state rebuild (state files up to date)" "$rebuild_cmd"

# --- comparison ---
python3 - "$results" "$py_fsrs_ratio_target" "$fsrs_rs_ratio_target" "$rebuild_target_s" <<'EOF' | tee "$results/scheduling.txt"
import json, sys
results, py_target, rs_target, rebuild_target = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
swift = json.load(open(f"{results}/scheduling-swift.json"))
ref = json.load(open(f"{results}/scheduling-reference.json"))
e2e = json.load(open(f"{results}/scheduling-rebuild.json"))["results"]

def ok(good): return "OK" if good else "MISSED"
def rate(value): return f"{value / 1e6:,.2f}M" if value >= 1e6 else f"{value / 1e3:,.1f}k"

off, on, rebuild = swift["schedule_fuzz_off"], swift["schedule_fuzz_on"], swift["rebuild"]
py, rs = ref["py_fsrs"], ref["fsrs_rs_python"]
n = swift["workload"]["reviews"]
match = ref.get("inputs_match_swift", {}).get("match")
print(f"workload: {swift['workload']['cards']:,} cards x {swift['workload']['reviews_per_card']} = {n:,} reviews"
      f" (py-fsrs on {py['reviews']:,} of them; same inputs, final states match badger: {'yes' if match else 'NO'})")
print(f"{'':58} {'best s':>9} {'reviews/s':>10}")
rows = [
    ("badger FSRS6.review, fuzz off", off["best_s"], off["reviews_per_s"]),
    ("badger FSRS6.review, fuzz on", on["best_s"], on["reviews_per_s"]),
    ("badger ReviewLog parse + StateRebuilder", rebuild["best_s"], rebuild["reviews_per_s"]),
    (f"py-fsrs {py['version']} review_card ({py['reviews']:,})", py["best_s"], py["reviews_per_s"]),
    (f"fsrs-rs-python {rs['version']} historical_memory_state_batch", rs["best_s"], rs["reviews_per_s"]),
]
for name, seconds, per_s in rows:
    print(f"{name:58} {seconds:9.3f} {rate(per_s):>10}")
for entry in e2e:
    print(f"{'`badger state rebuild` ' + entry['command'].split('(')[-1].rstrip(')'):58} {entry['mean']:9.3f} {rate(n / entry['mean']):>10}"
          f"  (mean of 3, ± {entry['stddev']:.3f} s)")
py_ratio = off["reviews_per_s"] / py["reviews_per_s"]
rs_ratio = off["reviews_per_s"] / rs["reviews_per_s"]
worst_e2e = max(entry["mean"] for entry in e2e)
print(f"targets: FSRS6.review (fuzz off) vs py-fsrs {py_ratio:.0f}x (>= {py_target:.0f}x) {ok(py_ratio >= py_target)};"
      f" vs fsrs-rs-python {rs_ratio:.2f}x (>= {rs_target:.0f}x) {ok(rs_ratio >= rs_target)};"
      f" rebuild in-process {rebuild['best_s']:.3f} s (< {rebuild_target:.0f} s) {ok(rebuild['best_s'] < rebuild_target)};"
      f" `badger state rebuild` {worst_e2e:.3f} s (slower case, < {rebuild_target:.0f} s) {ok(worst_e2e < rebuild_target)}")
print(f"(fuzz on: {on['reviews_per_s'] / py['reviews_per_s']:.0f}x py-fsrs, {on['reviews_per_s'] / rs['reviews_per_s']:.2f}x fsrs-rs-python;"
      f" in-process rebuild: parse {rebuild['parse_s']:.3f} s + replay {rebuild['replay_s']:.3f} s)")
EOF
