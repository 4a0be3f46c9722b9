# Lamina's commands. `make demo` and `make test` are the two set-up commands: each installs
# missing system packages first (Scripts/install-deps.sh), then builds.
SWIFT ?= swift
BUILD_LOG := .build/build.log
# The tests that exercise threads, run again under Thread Sanitizer by `make tsan`.
TSAN_FILTER ?= LaminaLoopTests|LaminaTraceTests|LaminaTestingTests|LaminaGraphicsTests|LaminaTextTests|LaminaLayersTests|LaminaUITests|LaminaImagesTests

.PHONY: deps build demo test tsan stress bench bench-smoke clean

deps:
	@bash Scripts/install-deps.sh

# Builds everything, tests included, and fails on any compiler warning.
build: deps
	@mkdir -p .build
	$(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG)
	@! grep -E "(^|: )warning:" $(BUILD_LOG) || (echo "make build: compiler warnings (see above)"; exit 1)

demo: build
	$(SWIFT) run --skip-build PipelineTour

test: build
	$(SWIFT) test --skip-build

tsan: deps
	$(SWIFT) test --scratch-path .build-tsan --sanitize=thread --filter '$(TSAN_FILTER)'

# The async display stress test at full size (make test runs a short version of it).
stress: build
	LAMINA_STRESS=1 $(SWIFT) test --skip-build --filter AsyncStressTests

bench: deps
	cd Benchmarks && $(SWIFT) run -c release LaminaBenchmarks

bench-smoke: deps
	cd Benchmarks && $(SWIFT) run -c release LaminaBenchmarks --smoke

clean:
	rm -rf .build .build-tsan Benchmarks/.build
