#!/usr/bin/env bash
# Fuzzes LearningBadger's parsers and renderers with libFuzzer and AddressSanitizer.
#
#   Fuzz/run.sh [TARGET|all] [SECONDS]      default: all targets, 60 seconds each
#
# Targets: deck front-matter math terminal-markdown csv state review-log identity cloze (see Fuzz/README.md).
# Each target starts from its seed corpus in Fuzz/Corpus/TARGET and grows a working corpus in
# Fuzz/.corpus/TARGET (not committed). A crash stops that target, leaves the input in
# Fuzz/findings/TARGET/ and makes the script exit 1; replay it with
#   BADGER_FUZZ_TARGET=TARGET Fuzz/.build/release/badger-fuzz Fuzz/findings/TARGET/crash-…
set -euo pipefail
cd "$(dirname "$0")"
targets=(deck front-matter math terminal-markdown csv state review-log identity cloze)
which=${1:-all}
seconds=${2:-60}
if [[ "$which" != all ]]; then
    [[ " ${targets[*]} " == *" $which "* ]] || { echo "run.sh: unknown target '$which' (one of: ${targets[*]})" >&2; exit 2; }
    targets=("$which")
fi
# lld: gold fails on the sanitizer runtime's debug information.
swift build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld 2>&1 | grep -v "warning: Cannot export" | tail -1
status=0
for target in "${targets[@]}"; do
    mkdir -p ".corpus/$target" "findings/$target"
    # Leak checking is off: the Swift runtime's caches look like leaks to LeakSanitizer, and
    # checking after every input makes fuzzing a hundred times slower. ASan still catches
    # every out-of-bounds access and use after free.
    if BADGER_FUZZ_TARGET=$target .build/release/badger-fuzz ".corpus/$target" "Corpus/$target" \
        -max_total_time="$seconds" -detect_leaks=0 -rss_limit_mb=4096 -timeout=20 -max_len=65536 \
        -artifact_prefix="findings/$target/" -print_final_stats=1 >"findings/$target/last-run.log" 2>&1; then
        runs=$(grep -m1 '^stat::number_of_executed_units' "findings/$target/last-run.log" | awk '{print $2}')
        echo "$target: ${runs:-?} executions in ${seconds}s, no crash"
    else
        echo "$target: FAILED, see Fuzz/findings/$target/last-run.log" >&2
        tail -30 "findings/$target/last-run.log" >&2
        status=1
    fi
done
exit $status
