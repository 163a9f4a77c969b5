# nse-bench: the two set-up commands of the README, and helpers for contributors.
# Both `bench` and `test` install the Debian packages they need first (.ci/install-deps).
SWIFT ?= swift
# bash: `make test` needs pipefail to keep swift test's status through its log.
SHELL := /bin/bash

.PHONY: deps test-deps bench test build release lint format clean suite baseline gate fuzz sanitize

## deps: install the Debian -dev packages nse-bench links against, if missing
deps:
	@.ci/install-deps

## bench: release build, then the main job: 500 invocations in flight on the embedded media server
bench: deps
	$(SWIFT) build -c release --product nse-bench
	.build/release/nse-bench --concurrency 500

## test-deps: the real decoders the synthetic-media tests run (ffprobe, Pillow) and the browser the
## report tests render in (headless Chromium), if missing; in CI (CI set) a failure to install them
## fails, elsewhere those tests are skipped and say why
test-deps:
	@.ci/install-deps ffmpeg python3-pil chromium || [ -z "$$CI" ]

## test: build and run every test, at most TEST_WIDTH (default 16) at once: Swift Testing otherwise
## starts all of them together, and on a slow or shared machine the timing tests then wait behind the
## busy ones (on 2 cores 16 takes no longer than no limit; on one core it is the difference between
## passing and failing). A test run past TEST_TIMEOUT seconds (default 1800; it takes about 1 minute)
## is stopped, with every process it started, and fails saying so rather than holding CI to its limit.
TEST_WIDTH ?= 16
TEST_TIMEOUT ?= 1800
## The run's output is kept in .build/test.log; on a failure, what each failed test recorded is
## printed again at the end (.ci/failed-tests), where CI's tail of the output shows it.
test: deps test-deps
	$(SWIFT) build --build-tests
	@set -o pipefail; echo "$(SWIFT) test --skip-build (log: .build/test.log)"; \
		SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=$(TEST_WIDTH) timeout --kill-after=30 $(TEST_TIMEOUT) \
		$(SWIFT) test --skip-build 2>&1 | tee .build/test.log || { status=$$?; .ci/failed-tests .build/test.log; \
		if [ $$status -ge 124 ]; then \
		echo "make test: swift test ran past $(TEST_TIMEOUT) s and was stopped: a test is hung"; fi; exit $$status; }

## suite: every scenario in Benchmarks/ into Results/runs/<timestamp>-suite/summary.csv
suite: deps
	$(SWIFT) build -c release --product nse-bench
	.build/release/nse-bench suite Benchmarks --repeat 3

## baseline: rerun the suite and make it the committed baseline (Results/baseline.csv)
baseline: deps
	$(SWIFT) build -c release --product nse-bench
	rm -rf Results/runs/baseline
	.build/release/nse-bench suite Benchmarks --repeat 3 --retries 2 --out Results/runs/baseline
	cp Results/runs/baseline/summary.csv Results/baseline.csv

## gate: the CI gate: the suite against Results/baseline.csv; exits 2 on a regression
gate: deps
	.ci/gate

## fuzz: libFuzzer runs of the parsers' fuzz targets, FUZZ_SECONDS each (default 60); exits 1 on a finding
fuzz: deps
	Fuzz/run.sh $(or $(FUZZ_SECONDS),60)

## sanitize: the test suite under AddressSanitizer (SANITIZER=thread: ThreadSanitizer), built in
## .build/asan (.build/tsan); FILTER=Suite runs a subset, LEAKS=1 turns LeakSanitizer on. Swift 6.3 refuses
## -sanitize=undefined on Linux, so there is no UBSan run. The jemalloc statistics tests are skipped:
## under a sanitizer its allocator, not jemalloc, serves malloc, so jemalloc counts nothing.
SANITIZER ?= address
sanitize: deps test-deps
	$(SWIFT) build --build-tests --sanitize=$(SANITIZER) --scratch-path .build/$(SANITIZER_RT) $(SANITIZER_CXX_LINK)
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=$(or $(LEAKS),0) $(SWIFT) test --skip-build \
		--sanitize=$(SANITIZER) --scratch-path .build/$(SANITIZER_RT) $(SANITIZER_CXX_LINK) \
		--skip MemoryStatisticsTests --skip 'HarnessMeterMallocTests/jemallocCounts' $(if $(FILTER),--filter '$(FILTER)')

# swiftc -sanitize=address (or thread) links the sanitizer's C runtime but not its C++ part (operator new
# and delete), so the Swift runtime's C++ allocations went to jemalloc's operator new (nse-bench links
# jemalloc) and their frees to the sanitizer: a bad-free (ASan) or SEGV (TSan) at the first generic type
# lookup. Linking the sanitizer's C++ part, exported so that it wins over jemalloc's, fixes that.
SANITIZER_RT = $(if $(filter thread,$(SANITIZER)),tsan,asan)
SANITIZER_CXX = $(firstword $(wildcard $(dir $(shell command -v $(SWIFT)))../lib/clang/*/lib/linux/libclang_rt.$(SANITIZER_RT)_cxx-x86_64.a))
SANITIZER_CXX_LINK = -Xlinker --whole-archive -Xlinker $(SANITIZER_CXX) -Xlinker --no-whole-archive \
	-Xlinker --dynamic-list=$(SANITIZER_CXX).syms

## build: debug build of the executable
build: deps
	$(SWIFT) build --product nse-bench

## lint: what CI checks besides the tests
lint:
	$(SWIFT) format lint --strict --recursive Sources Tests

## format: rewrite Sources and Tests in the house style
format:
	$(SWIFT) format --in-place --recursive Sources Tests

clean:
	rm -rf .build
