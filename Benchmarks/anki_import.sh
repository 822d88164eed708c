#!/usr/bin/env bash
# Anki import benchmark: `badger import` of an Anki package with 50,000 notes (70,000 cards) and
# 500,000 reviews, written by Anki itself in its current format (Benchmarks/anki_package.py),
# against Anki importing the same package into an empty collection (its own Python API), in one
# hyperfine run.
#
# Usage: Benchmarks/anki_import.sh [BADGER_BINARY]     (default: .build/release/badger)
#
# Target (see Benchmarks/README.md): at most 10 s.
# Results: Benchmarks/results/anki_import.{md,json}; data: Benchmarks/data/anki (both gitignored).
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/.." && pwd)
badger=${1:-$root/.build/release/badger}
[[ $badger == /* ]] || badger=$PWD/$badger
if [[ ! -x $badger ]]; then
    echo "error: badger binary not found: $badger (build it first: swift build -c release)" >&2
    exit 2
fi
cd "$root"
command -v hyperfine >/dev/null || { echo "error: hyperfine is missing (make bench-deps)" >&2; exit 2; }
python3 -c "import anki" 2>/dev/null || python3 -m pip install --quiet "anki==$(sed -n 's/^ANKI_VERSION := //p' Makefile)"

data=Benchmarks/data/anki
results=Benchmarks/results
mkdir -p "$data" "$results"
package=$data/large.apkg
[[ -f $package ]] || python3 Benchmarks/anki_package.py "$package" --notes 50000 --reviews 500000

cat >"$data/anki_import.py" <<'PY'
import sys, tempfile, os
from anki.collection import Collection, ImportAnkiPackageRequest, ImportAnkiPackageOptions
with tempfile.TemporaryDirectory() as tmp:
    col = Collection(os.path.join(tmp, "c.anki2"))
    col.import_anki_package(ImportAnkiPackageRequest(package_path=os.path.abspath(sys.argv[1]),
        options=ImportAnkiPackageOptions(with_scheduling=True, with_deck_configs=False)))
    col.close()
PY

hyperfine --warmup 1 --runs 5 \
    --prepare "rm -rf $data/out" \
    --export-markdown "$results/anki_import.md" --export-json "$results/anki_import.json" \
    -n "badger import" "$badger import $package --into $data/out" \
    -n "Anki import (Python API)" "python3 $data/anki_import.py $package"
rm -rf "$data/out"
