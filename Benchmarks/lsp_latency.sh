#!/usr/bin/env bash
# Language server latency: edit-to-diagnostics (didChange written -> publishDiagnostics read) for
# `badger lsp` on a 2,000-card deck in a 10,000-card collection, with `badger lint` and the
# cmark-gfm CLI on the same deck as references in the same run (see Benchmarks/README.md).
#
# Usage: Benchmarks/lsp_latency.sh [EDITS]     (builds .build/release/badger first; EDITS defaults to 60)
# Data: Benchmarks/data/lsp (gitignored). Target: re-linting a changed 2,000-card deck <= 50 ms.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$here/.."
swift build -c release --product badger
bin=$(swift build -c release --show-bin-path)
exec python3 Benchmarks/lsp_latency.py --badger "$bin/badger" --edits "${1:-60}"
