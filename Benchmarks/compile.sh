#!/usr/bin/env bash
# Compile benchmark: `badger compile` of the synthetic ~10 MB / ~40,000-card collection (the lint
# benchmark's), timed against the cmark-gfm CLI rendering the same files to HTML.
#
# Usage: Benchmarks/compile.sh [BADGER_BINARY]     (default: .build/release/badger)
#
# Targets (see Benchmarks/README.md): compile <= 1.5x cmark-gfm's mean time, and badger's peak
# RSS <= the size of the JSON it writes.
# Results: Benchmarks/results/compile.{md,json,txt} and the JSON written (compile-output.json);
# data: Benchmarks/data/collection (all gitignored).
set -euo pipefail

ratio_target=1.50

# --- the badger binary, tools, the collection and the cmark-gfm reference command ---
source "$(dirname "${BASH_SOURCE[0]}")/collection_setup.sh" "${1:-}"
badger_cmd="$(q "$badger") compile $(q "$data") > /dev/null"

# --- sanity: both must succeed; the JSON written once gives the size to compare memory with ---
sh -c "$cmark_cmd" || { echo "error: cmark-gfm failed on $data" >&2; exit 1; }
json=$results/compile-output.json
set +e
"$badger" compile "$data" >"$json" 2>"$results/compile-errors.txt"
badger_rc=$?
set -e
if ((badger_rc != 0)); then
    echo "error: '$badger compile $data' exited $badger_rc (expected 0: the collection is valid)." \
        "First lines of its errors ($results/compile-errors.txt):" >&2
    head -n 20 "$results/compile-errors.txt" >&2
    exit 1
fi
json_bytes=$(wc -c <"$json")

# --- timing: one hyperfine run with both commands ---
echo "timing ${#files[@]} files, $bytes bytes (JSON written: $json_bytes bytes) ..."
hyperfine --warmup 2 --runs 10 \
    --export-markdown "$results/compile.md" --export-json "$results/compile.json" \
    --command-name cmark-gfm "$cmark_cmd" \
    --command-name "badger compile" "$badger_cmd"

read -r badger_s cmark_s ratio < <(python3 - "$results/compile.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
cmark, badger = r[0]["mean"], r[1]["mean"]
print(f"{badger:.3f} {cmark:.3f} {badger / cmark:.2f}")
PY
)

# --- peak RSS (GNU time %M = maximum resident set size in KiB), writing to stdout and to a file ---
rss_file=$(mktemp)
trap 'rm -f "$rss_file"' EXIT
/usr/bin/time -o "$rss_file" -f %M "$badger" compile "$data" >/dev/null 2>&1 || true
rss_kb=$(tail -n 1 "$rss_file")
/usr/bin/time -o "$rss_file" -f %M "$badger" compile "$data" -o "$json" >/dev/null 2>&1 || true
rss_file_kb=$(tail -n 1 "$rss_file")
/usr/bin/time -o "$rss_file" -f %M cmark-gfm -e table -e strikethrough -e tasklist --to html "${files[@]}" >/dev/null || true
cmark_rss_kb=$(tail -n 1 "$rss_file")
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1048576 }'; }
rss_mb=$(mb $((rss_kb * 1024)))
rss_file_mb=$(mb $((rss_file_kb * 1024)))
cmark_rss_mb=$(mb $((cmark_rss_kb * 1024)))
json_mb=$(mb "$json_bytes")
worst_kb=$((rss_kb > rss_file_kb ? rss_kb : rss_file_kb))

verdict() { awk -v v="$1" -v t="$2" 'BEGIN { print (v <= t ? "OK" : "MISSED") }'; }
summary="compile: $badger_s s, cmark-gfm: $cmark_s s, ratio ${ratio}x, peak RSS $rss_mb MB (-o FILE: $rss_file_mb MB), JSON $json_mb MB"
{
    echo "$summary"
    echo "targets: ratio <= ${ratio_target}x $(verdict "$ratio" "$ratio_target"), peak RSS <= JSON size $(verdict $((worst_kb * 1024)) "$json_bytes")" \
        "(cmark-gfm peak RSS $cmark_rss_mb MB; ${#files[@]} files, $bytes bytes; JSON $json_bytes bytes)"
} | tee "$results/compile.txt"
