# Lamina's commands. `make demo` and `make test` are the two set-up commands: each installs
# missing system packages first (Scripts/install-deps.sh), then builds.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_LOG := .build/build.log
# The tests that exercise threads, run again under Thread Sanitizer by `make tsan`.
TSAN_FILTER ?= LaminaLoopTests|LaminaTraceTests|LaminaTestingTests|LaminaGraphicsTests|LaminaTextTests|LaminaLayersTests|LaminaUITests|LaminaImagesTests|LaminaX11Tests

.PHONY: deps build demo test tsan stress fuzz bench bench-smoke clean

deps:
	@bash Scripts/install-deps.sh

# Builds everything, tests included, and fails on any compiler warning of Lamina's own. (SwiftPM's
# notes about files inside a dependency's checkout, such as "'swift-distributed-tracing': found 1
# file(s) which are unhandled", are the dependency's, and not Lamina's to fix.)
build: deps
	@mkdir -p .build
	set -o pipefail; $(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG)
	@dependencies=$$(ls .build/checkouts 2>/dev/null | paste -sd'|' -); \
	  ! grep -E "(^|: )warning:" $(BUILD_LOG) | grep -vE "warning: '($${dependencies:-no dependency})':" \
	  || (echo "make build: compiler warnings (see above)"; exit 1)

demo: build
	$(SWIFT) run --skip-build PipelineTour

test: build
	$(SWIFT) test --skip-build

tsan: deps
	$(SWIFT) test --scratch-path .build-tsan --sanitize=thread --filter '$(TSAN_FILTER)'

# The seeded fuzz tests at full size (make test runs short versions): damage against a full
# recomposite over 100 random histories, and 100,000 random text layouts.
fuzz: build
	LAMINA_FUZZ=1 $(SWIFT) test --skip-build --filter 'DamageDifferentialTests|LayoutFuzzTests'

# The async display stress test at full size (make test runs a short version of it).
stress: build
	LAMINA_STRESS=1 $(SWIFT) test --skip-build --filter AsyncStressTests

bench: deps
	cd Benchmarks && $(SWIFT) run -c release LaminaBenchmarks

bench-smoke: deps
	cd Benchmarks && $(SWIFT) run -c release LaminaBenchmarks --smoke

clean:
	rm -rf .build .build-tsan Benchmarks/.build
