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

# --- resolve the badger binary (relative to the caller's cwd), then work from the repo root ---
badger_arg=${1:-}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
if [[ -z $badger_arg ]]; then
    badger="$root/.build/release/badger"
elif [[ $badger_arg == */* ]]; then
    if dir=$(cd "$(dirname "$badger_arg")" 2>/dev/null && pwd); then badger=$dir/$(basename "$badger_arg"); else badger=; fi
else
    badger=$(command -v "$badger_arg" || true)
fi
if [[ -z $badger || ! -x $badger ]]; then
    echo "error: badger binary not found or not executable: ${badger_arg:-.build/release/badger}" >&2
    echo "       build it first: swift build -c release" >&2
    exit 2
fi
cd "$root"

# --- tools: hyperfine, cmark-gfm, GNU time (installed with apt-get on Debian/Ubuntu if missing) ---
missing=()
command -v hyperfine >/dev/null || missing+=(hyperfine)
command -v cmark-gfm >/dev/null || missing+=(cmark-gfm)
[[ -x /usr/bin/time ]] || missing+=(time)
command -v python3 >/dev/null || missing+=(python3)
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

# --- data: generate once; regenerate when the generator changes ---
data=Benchmarks/data/collection
stamp=Benchmarks/data/collection.stamp
results=Benchmarks/results
want_stamp=$(sha256sum Benchmarks/generate_collection.py | cut -d' ' -f1)
if [[ ! -f $data/badger.yml || ! -f $stamp || $(cat "$stamp") != "$want_stamp" ]]; then
    echo "generating $data ..."
    rm -rf "$data.tmp" "$data"
    mkdir -p Benchmarks/data
    python3 Benchmarks/generate_collection.py "$data.tmp"
    mv "$data.tmp" "$data"
    echo "$want_stamp" >"$stamp"
fi
mkdir -p "$results"

shopt -s nullglob
files=("$data"/*.md)
shopt -u nullglob
((${#files[@]})) || { echo "error: no .md files in $data" >&2; exit 2; }
bytes=$(cat "${files[@]}" | wc -c)

q() { printf "'%s'" "${1//\'/\'\\\'\'}"; }   # POSIX single-quoting for hyperfine's sh -c
cmark_cmd="cmark-gfm -e table -e strikethrough -e tasklist --to html"
for f in "${files[@]}"; do cmark_cmd+=" $(q "$f")"; done
cmark_cmd+=" > /dev/null"
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
