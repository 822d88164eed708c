#!/usr/bin/env bash
# Storage benchmark: starting `badger due` and `badger study` on a collection with a long review
# log, against the same command on the same decks with no log (the reference, measured in the
# same hyperfine run), peak memory, and the cost of one rating against a bare write+fsync.
#
# Usage: Benchmarks/storage.sh [CARDS] [REVIEWS…]     default: 100000 cards; 1000000 and 3000000 reviews
#        Benchmarks/storage.sh 10000 1000000 3000000   (the figures in Benchmarks/README.md use both)
#
# Data goes to Benchmarks/data/storage-* and results to Benchmarks/results/storage.md (both
# gitignored). Needs hyperfine and GNU time (`make bench-deps` installs them).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
cd "$root"
cards=${1:-100000}
shift || true
reviews=("$@")
((${#reviews[@]})) || reviews=(1000000 3000000)
swift build -c release --product badger 2>&1 | tail -1
swift build -c release --product storage-benchmark 2>&1 | tail -1
badger="$root/.build/release/badger"
mkdir -p Benchmarks/data Benchmarks/results
results=Benchmarks/results/storage.md
echo "# Storage benchmark ($(date -u +%Y-%m-%dT%H:%MZ), $cards cards)" >"$results"
reference=Benchmarks/data/storage-$cards-0
if [[ ! -f $reference/deck.md ]]; then
    python3 Benchmarks/generate_storage_collection.py "$reference" --cards "$cards" --reviews "$cards"
    rm -f "$reference/deck.reviews"
fi
for count in "${reviews[@]}"; do
    data=Benchmarks/data/storage-$cards-$count
    [[ -f $data/deck.reviews ]] || python3 Benchmarks/generate_storage_collection.py "$data" --cards "$cards" --reviews "$count"
    # The first command after generating writes the state file; measure from then on.
    (cd "$data" && "$badger" due >/dev/null) || true
    echo "## $count reviews" | tee -a "$results"
    hyperfine --warmup 1 --runs 5 -i --export-markdown "$results.part" \
        -n "study start, no log (reference)" "cd $reference && echo q | $badger study --plain --topic Storage --count 10" \
        -n "study start, $count reviews" "cd $data && echo q | $badger study --plain --topic Storage --count 10" \
        -n "due, no log (reference)" "cd $reference && $badger due" \
        -n "due, $count reviews" "cd $data && $badger due"
    cat "$results.part" >>"$results"
    rm -f "$results.part"
    for dir in "$reference" "$data"; do
        kib=$(cd "$dir" && echo q | /usr/bin/time -f %M "$badger" study --plain --topic Storage --count 10 2>&1 >/dev/null | tail -1) || true
        echo "peak memory of \`badger study\` (start) in $(basename "$dir"): $((kib / 1024)) MB" | tee -a "$results"
    done
    copy=$(mktemp -d)
    cp -r "$data/." "$copy/"
    .build/release/storage-benchmark "$copy" --ratings 200 | tee -a "$results"
    rm -rf "$copy"
done
echo "results: $results"
