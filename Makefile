# LearningBadger: `make run` lints and compiles the bundled decks; `make test` runs every test.
# Both install the Debian packages they need when missing (as root, or through sudo).

SHELL := /bin/bash
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
BUILD_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libsixel-dev libzstd-dev libsqlite3-dev zlib1g-dev
# The end-to-end tests drive a real terminal (tmux) and real git clones; LaTeXCommandsTests reads
# KaTeX's own command list from libjs-katex.
TEST_PACKAGES := tmux git python3-minimal libjs-katex
BENCH_PACKAGES := cmark-gfm hyperfine time
# The language server's end-to-end test drives it with pygls's client (pinned).
PYGLS_VERSION := 2.1.1
# The Anki round trips build and check packages with Anki's own Python API (pinned).
ANKI_VERSION := 26.9.3

.PHONY: run test build release deps test-deps bench-deps learners-smoke benchmark benchmark-compile benchmark-import benchmark-anki anki-roundtrip benchmark-study benchmark-scheduling benchmark-storage benchmark-optimizer benchmark-learners benchmark-lsp format format-check schemas fsrs-crosscheck optimizer-crosscheck fuzz fuzz-smoke test-long test-asan test-tsan clean

run: deps release
	.build/release/badger lint Decks
	@mkdir -p build
	.build/release/badger compile Decks -o build/collection.json

test: deps test-deps format-check
	$(SWIFT) build --build-tests
	$(SWIFT) test --disable-xctest --parallel 2>&1 | tee .build/test.log; exit $${PIPESTATUS[0]}
	@$(MAKE) --no-print-directory schemas fsrs-crosscheck optimizer-crosscheck anki-roundtrip learners-smoke fuzz-smoke
	@python3 .ci/count_tests.py .build/test.log

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

deps:
	@missing=""; for p in $(BUILD_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

test-deps:
	@missing=""; for p in $(TEST_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@python3 -c "import importlib.metadata as m; assert m.version('pygls') == '$(PYGLS_VERSION)'" 2>/dev/null || python3 -m pip install --quiet pygls==$(PYGLS_VERSION)
	@python3 -c "import importlib.metadata as m; assert m.version('anki') == '$(ANKI_VERSION)'" 2>/dev/null || python3 -m pip install --quiet anki==$(ANKI_VERSION)

bench-deps: deps
	@missing=""; for p in $(BENCH_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

benchmark: bench-deps release
	Benchmarks/lint.sh .build/release/badger

# The compiled output and front matter of the bundled decks against Grammar/'s JSON Schemas.
schemas: build
	@python3 -c "import jsonschema, yaml" 2>/dev/null || python3 -m pip install --quiet jsonschema pyyaml
	@python3 .ci/check_schemas.py .build/debug/badger

# `badger compile` of the lint benchmark's collection against cmark-gfm rendering it (Benchmarks/README.md).
benchmark-compile: bench-deps release
	Benchmarks/compile.sh .build/release/badger

benchmark-import: bench-deps release
	Benchmarks/import.sh

benchmark-anki: bench-deps test-deps release
	Benchmarks/anki_import.sh

# Both ways against real Anki: Anki's packages imported by badger, badger's imported by Anki.
anki-roundtrip: test-deps
	python3 Tests/Anki/roundtrip.py .build/debug/badger

benchmark-study: bench-deps
	Benchmarks/study_latency.sh

benchmark-lsp: bench-deps
	Benchmarks/lsp_latency.sh

# Simulated learners that are not FSRS, a year each, badger's automatic settings against py-fsrs,
# SM-2 and Leitner (Benchmarks/README.md, "Learners"). Not part of `make test`.
benchmark-learners: release
	@python3 -c "import importlib.metadata as m; assert m.version('fsrs') == '6.3.2'" 2>/dev/null || python3 -m pip install --quiet fsrs==6.3.2
	@python3 -c "import importlib.metadata as m; assert m.version('fsrs-rs-python') == '0.9.3'" 2>/dev/null || python3 -m pip install --quiet fsrs-rs-python==0.9.3
	@mkdir -p build
	python3 Benchmarks/learner_simulation.py --badger .build/release/badger --json build/learners.json

benchmark-scheduling: bench-deps
	Benchmarks/scheduling.sh

# Loading a long review log and recording ratings (Benchmarks/README.md, "Storage").
benchmark-storage: bench-deps
	Benchmarks/storage.sh

# The committed FSRS-6 vectors against a freshly installed py-fsrs 6.3.2, the reference.
fsrs-crosscheck:
	@python3 -c "import importlib.metadata as m; assert m.version('fsrs') == '6.3.2'" 2>/dev/null || python3 -m pip install --quiet fsrs==6.3.2
	@python3 Tests/BadgerMemoryTests/Fixtures/generate_fsrs_vectors.py --check

# badger optimize against the reference optimizer (fsrs-rs-python 0.9.3) on a small simulated
# learner: fails when badger's test-set log-loss is more than 0.5% above the reference's.
optimizer-crosscheck: build
	@python3 -c "import importlib.metadata as m; assert m.version('fsrs-rs-python') == '0.9.3'" 2>/dev/null || python3 -m pip install --quiet fsrs-rs-python==0.9.3
	@python3 Benchmarks/optimizer_crosscheck.py --badger .build/debug/badger --cards 3000 --days 500 --check

# The learner simulator, small (one learner per world, 100 cards, 60 days; about 15 s): it runs
# badger through its settings interface end to end. `make benchmark-learners` is the full run.
learners-smoke: build
	@python3 -c "import importlib.metadata as m; assert m.version('fsrs') == '6.3.2'" 2>/dev/null || python3 -m pip install --quiet fsrs==6.3.2
	@python3 -c "import importlib.metadata as m; assert m.version('fsrs-rs-python') == '0.9.3'" 2>/dev/null || python3 -m pip install --quiet fsrs-rs-python==0.9.3
	@python3 Benchmarks/learner_simulation.py --badger .build/debug/badger --smoke 2>/dev/null | grep -q '^| actr | badger |'

# The full-size comparison (15,000 cards, 120k reviews) with a release build; see Benchmarks/README.md.
benchmark-optimizer: release
	@python3 -c "import importlib.metadata as m; assert m.version('fsrs-rs-python') == '0.9.3'" 2>/dev/null || python3 -m pip install --quiet fsrs-rs-python==0.9.3
	python3 Benchmarks/optimizer_crosscheck.py --badger .build/release/badger --cards 15000 --days 700

# libFuzzer with AddressSanitizer on every input format (Fuzz/README.md): `make fuzz` runs each
# target for a minute, `make fuzz-smoke` for ten seconds (part of `make test`).
fuzz: deps
	Fuzz/run.sh all 60

fuzz-smoke: deps
	Fuzz/run.sh all 10

# The long tests (BADGER_LONG_TESTS=1): the kill loops at full length (200 SIGKILLs at random
# moments of study, import and state rebuild; make test runs 10 of each), the large-collection
# memory bounds, and hostile decks 100,000 levels deep (make test: 10,000). CI runs it after
# make test.
test-long: deps test-deps
	$(SWIFT) build --build-tests
	BADGER_LONG_TESTS=1 BADGER_KILL_LOOPS=200 $(SWIFT) test --disable-xctest --skip-build --parallel \
		--filter "KillLoopTests|LargeCollectionTests|Hostile|RefitInterruptTests"

# The whole test suite again, built with AddressSanitizer (its own build folder); the badger
# processes the tests start are sanitized too. Leaks inside Foundation are suppressed by name.
test-asan: deps test-deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan 2>&1 | grep -v "warning: Cannot export" | tail -3
	@mkdir -p .build
	LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan-suppressions.txt:print_suppressions=0 \
		$(SWIFT) test --disable-xctest --parallel --sanitize=address --scratch-path .build-asan 2>&1 \
		| grep -v "warning: Cannot export" | tee .build/test-asan.log; exit $${PIPESTATUS[0]}
	@python3 .ci/count_tests.py .build/test-asan.log

# The whole test suite again, built with ThreadSanitizer (its own build folder); CI runs it
# after `make test`. A race reported in a badger process the tests start makes it exit 66,
# which fails that test; one in the test process fails the run.
test-tsan: deps test-deps
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan 2>&1 | grep -v "warning: Cannot export" | tail -3
	@mkdir -p .build
	$(SWIFT) test --disable-xctest --parallel --sanitize=thread --scratch-path .build-tsan 2>&1 \
		| grep -v "warning: Cannot export" | tee .build/test-tsan.log; exit $${PIPESTATUS[0]}
	@python3 .ci/count_tests.py .build/test-tsan.log

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources

format-check:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Fuzz/Package.swift Fuzz/Sources

clean:
	rm -rf .build build
