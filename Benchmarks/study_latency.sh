#!/usr/bin/env bash
# Study latency: first card on screen and key-to-next-card for `badger study --plain` on a
# 10,000-card collection (see Benchmarks/README.md, "Study latency").
#
# Usage: Benchmarks/study_latency.sh [RUNS]     (builds .build/release/badger first; RUNS defaults to 3)
# Data: Benchmarks/data/study (gitignored). Targets: first card <= 100 ms, key-to-next-card <= 16 ms.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/.."
swift build -c release --product badger
bin=$(swift build -c release --show-bin-path)
exec python3 Benchmarks/study_latency.py --badger "$bin/badger" --runs "${1:-3}"
