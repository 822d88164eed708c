#!/usr/bin/env bash
# Lint benchmark: `badger lint` on a synthetic ~10 MB / ~40,000-card collection,
# timed against the cmark-gfm CLI parsing the same files with the same extensions.
#
# Usage: Benchmarks/lint.sh [BADGER_BINARY]     (default: .build/release/badger)
#
# Targets (see Benchmarks/README.md): lint <= 1.2x cmark-gfm's mean time, peak RSS <= 150 MB.
# Results: Benchmarks/results/lint.{md,json,txt}; data: Benchmarks/data/collection (both gitignored).
set -euo pipefail

ratio_target=1.20
rss_target_mb=150

# --- the badger binary, tools, the collection and the cmark-gfm reference command ---
source "$(dirname "${BASH_SOURCE[0]}")/collection_setup.sh" "${1:-}"
badger_cmd="$(q "$badger") lint $(q "$data") > /dev/null 2>&1"

# --- sanity: the reference must succeed; badger should exit 0 on this (valid) collection ---
sh -c "$cmark_cmd" || { echo "error: cmark-gfm failed on $data" >&2; exit 1; }
set +e
"$badger" lint "$data" >"$results/lint-output.txt" 2>&1
badger_rc=$?
set -e
if ((badger_rc != 0)); then
    echo "warning: '$badger lint $data' exited $badger_rc (expected 0: the collection is valid);" \
        "timings may be meaningless. First lines of its output ($results/lint-output.txt):" >&2
    head -n 20 "$results/lint-output.txt" >&2
fi

# --- timing: one hyperfine run with both commands ---
echo "timing ${#files[@]} files, $bytes bytes ..."
hyperfine --warmup 2 --runs 10 -i \
    --export-markdown "$results/lint.md" --export-json "$results/lint.json" \
    --command-name cmark-gfm "$cmark_cmd" \
    --command-name "badger lint" "$badger_cmd"

read -r badger_s cmark_s ratio < <(python3 - "$results/lint.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
cmark, badger = r[0]["mean"], r[1]["mean"]
print(f"{badger:.3f} {cmark:.3f} {badger / cmark:.2f}")
EOF
)

# --- peak RSS (GNU time %M = maximum resident set size in KiB) ---
rss_file=$(mktemp)
trap 'rm -f "$rss_file"' EXIT
/usr/bin/time -o "$rss_file" -f %M "$badger" lint "$data" >/dev/null 2>&1 || true
rss_kb=$(tail -n 1 "$rss_file")
/usr/bin/time -o "$rss_file" -f %M cmark-gfm -e table -e strikethrough -e tasklist --to html "${files[@]}" >/dev/null || true
cmark_rss_kb=$(tail -n 1 "$rss_file")
rss_mb=$(awk -v k="$rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')
cmark_rss_mb=$(awk -v k="$cmark_rss_kb" 'BEGIN { printf "%.1f", k / 1024 }')

verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t ? "OK" : "MISSED") }'; }
summary="lint: $badger_s s, cmark-gfm: $cmark_s s, ratio ${ratio}x, peak RSS $rss_mb MB"
{
    echo "$summary"
    echo "targets: ratio <= ${ratio_target}x $(verdict "$ratio" "$ratio_target"), peak RSS <= $rss_target_mb MB $(verdict "$rss_mb" "$rss_target_mb")" \
        "(cmark-gfm peak RSS $cmark_rss_mb MB; ${#files[@]} files, $bytes bytes; badger exit $badger_rc)"
} | tee "$results/lint.txt"
