# nse-bench: the two set-up commands of the README, and helpers for contributors.
# Both `bench` and `test` install the Debian packages they need first (.ci/install-deps).
SWIFT ?= swift

.PHONY: deps test-deps bench test build release lint format clean suite baseline gate

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

## test: build and run every test
test: deps test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

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
