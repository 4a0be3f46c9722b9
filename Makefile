# Lamina's commands. `make demo` and `make test` are the two set-up commands: each installs
# missing system packages first (Scripts/install-deps.sh), then builds.
SHELL := /bin/bash
SWIFT ?= swift
BUILD_LOG := .build/build.log
# The tests that exercise threads, run again under Thread Sanitizer by `make tsan`.
TSAN_FILTER ?= LaminaLoopTests|LaminaTraceTests|LaminaTestingTests|LaminaGraphicsTests|LaminaTextTests|LaminaLayersTests|LaminaUITests|LaminaFramesTests|LaminaImagesTests|LaminaX11Tests|FeedSceneTests
# Suites in those targets that run on one thread only and take minutes under the sanitizer: the
# sublayer grid's and the sublayer plan's tests (data structures of the render tree, driven on the
# test's thread with no render thread; the grid's took 186 s under TSan).
TSAN_SKIP ?= SublayerGridTests|SublayerPlanTests
# The damage differential tests' random histories under the sanitizer: two seeds each (committed
# frames, and animations on the render thread's ticks) instead of `make test`'s six — the six took
# 108 s of the step, and the hand-offs the sanitizer checks are the same in every seed.
TSAN_DAMAGE_SEEDS ?= 2

.PHONY: deps build demo-build demo feed soak x11-demo test tsan stress fuzz bench bench-smoke clean docs docs-check

deps:
	@bash Scripts/install-deps.sh

# Fails on any compiler warning of Lamina's own in the build log. (SwiftPM's notes about files
# inside a dependency's checkout, such as "'swift-distributed-tracing': found 1 file(s) which are
# unhandled", are the dependency's, and not Lamina's to fix.)
CHECK_WARNINGS = dependencies=$$(ls .build/checkouts 2>/dev/null | paste -sd'|' -); \
	! grep -E "(^|: )warning:" $(BUILD_LOG) | grep -vE "warning: '($${dependencies:-no dependency})':" \
	|| (echo "make: compiler warnings (see above)"; exit 1)

# Builds everything, tests included, and fails on any compiler warning of Lamina's own.
build: deps
	@mkdir -p .build
	set -o pipefail; $(SWIFT) build --build-tests 2>&1 | tee $(BUILD_LOG)
	@$(CHECK_WARNINGS)

# Builds only the two programs `make demo` runs (no test targets, no test-only dependencies such
# as the Pango oracle or snapshot testing), with the same warning check.
demo-build: deps
	@mkdir -p .build
	@echo "make demo: building PipelineTour and FeedDemo (debug, without the tests: make test builds those)"
	set -o pipefail; $(SWIFT) build --product PipelineTour 2>&1 | tee $(BUILD_LOG)
	set -o pipefail; $(SWIFT) build --product FeedDemo 2>&1 | tee -a $(BUILD_LOG)
	@$(CHECK_WARNINGS)

# Every tour chapter; the Chrome trace goes to trace.json, every presented frame and a contact
# sheet per chapter to demo-frames/. Then the feed, shorter than the measured run and in the
# debug build (its figures are a release build's in `make feed`): its frames, contact sheets,
# frame pictures and feed-trace.json go to feed-output/.
demo: demo-build
	$(SWIFT) run --skip-build PipelineTour --frames demo-frames --trace-out trace.json
	$(SWIFT) run --skip-build FeedDemo --frames 300 --out feed-output

# The feed's measured run: a release build, every mode at 60 and 120 Hz (Docs/08-the-feed.md).
feed: deps
	$(SWIFT) build -c release --product FeedDemo
	$$($(SWIFT) build -c release --show-bin-path)/FeedDemo --out feed-output

# The soak run: the feed (release build) scrolled down and up for 100,000 frames, headless on a
# virtual clock, reporting resident memory and live layers, cells, cached images and trace events
# every 10,000 frames; fails when any keeps growing after the first 10,000. Not part of CI. With
# one malloc arena: glibc's per-thread arenas fragment when events made on worker threads are freed
# on the main thread, and resident memory then creeps by tens of MiB with nothing leaking (Docs/08).
soak: deps
	$(SWIFT) build -c release --product FeedDemo
	MALLOC_ARENA_MAX=1 $$($(SWIFT) build -c release --show-bin-path)/FeedDemo --soak 100000

# The feed in an X11 window on $$DISPLAY (release build): wheel, drag, keys, tap a link, q quits.
x11-demo: deps
	$(SWIFT) build -c release --product FeedDemo
	$$($(SWIFT) build -c release --show-bin-path)/FeedDemo --x11

test: build
	$(SWIFT) test --skip-build

# Each race report also goes to a file of its own, and they are printed again after the run, so
# the end of the output (all a CI log may keep) shows the race and not only its count.
tsan: deps
	@rm -rf .build-tsan/reports && mkdir -p .build-tsan/reports
	@TSAN_OPTIONS="$$TSAN_OPTIONS log_path=$(CURDIR)/.build-tsan/reports/race" LAMINA_DAMAGE_SEEDS=$(TSAN_DAMAGE_SEEDS) \
		$(SWIFT) test --scratch-path .build-tsan --sanitize=thread --filter '$(TSAN_FILTER)' --skip '$(TSAN_SKIP)'; status=$$?; \
	if ls .build-tsan/reports/race.* >/dev/null 2>&1; then \
		echo "Thread Sanitizer reports:"; cat .build-tsan/reports/race.*; exit 1; fi; \
	exit $$status

# The seeded fuzz tests at full size (make test runs short versions): damage against a full
# recomposite over 100 random histories, 100,000 random text layouts, and 20,000 random
# mixed-direction, tabbed and vertical ones.
fuzz: build
	LAMINA_FUZZ=1 $(SWIFT) test --skip-build --filter 'DamageDifferentialTests|LayoutFuzzTests|BidiFuzzTests'

# The async display stress test at full size (make test runs a short version of it).
stress: build
	LAMINA_STRESS=1 $(SWIFT) test --skip-build --filter AsyncStressTests

bench: deps
	cd Benchmarks && $(SWIFT) run -c release LaminaBenchmarks

bench-smoke: deps
	cd Benchmarks && $(SWIFT) run -c release LaminaBenchmarks --smoke

clean:
	rm -rf .build .build-tsan Benchmarks/.build

# The modules `make docs` documents, in the pipeline's order (each needs a catalog,
# Sources/<Module>/<Module>.docc). Scripts/build-docs.py builds each after the modules it imports,
# whatever their place here, and the umbrella, Lamina, last: a new module is one more word.
DOCS_MODULES ?= Lamina LaminaTrace LaminaLoop LaminaGraphics LaminaText LaminaLayers LaminaUI LaminaFrames \
	LaminaImages LaminaX11 LaminaTesting LaminaTestServer

# DocC reference for every module in DOCS_MODULES, as one static site in .build/docs (and how to
# view it). Symbol graphs from `swift package dump-symbol-graph` and the toolchain's `docc`
# (convert per module, then merge), rather than swift-docc-plugin: simpler, as nothing is added
# to Package.swift (the plugin would be two more packages, it and swift-docc-symbolkit, for every
# clone to resolve and fetch), and faster, as dump-symbol-graph reuses the debug build that
# `make build` and `make demo` make, while the plugin first compiles itself and its snippet tool. Fails on
# any DocC warning (unresolved links among them) and on any public symbol without a doc comment
# that Scripts/doc-coverage-exceptions.txt does not list.
docs: deps
	python3 Scripts/build-docs.py --modules "$(DOCS_MODULES)" --umbrella Lamina --output .build/docs --swift "$(SWIFT)"

# The pages the browser check opens, each `path|title its <h1> shows|phrase its text contains|…`:
# the umbrella's landing page, one symbol page, and the first tutorial with its first step.
DOCS_CHECK_PAGES ?= \
	"documentation/lamina|Lamina|The modules, each importing only those listed before it|One frame through the pipeline" \
	"documentation/laminalayers/layer|Layer|A rectangle of content in a retained tree|setNeedsDisplay" \
	"tutorials/lamina/buildanasyncfeedcell|Build an async feed cell|Start a package that depends on Lamina|Create a package with a library target|\"../Lamina\"|LaminaTestServer"
# The check's screenshot: the first tutorial's opening, down to its first step's code. `make
# docs-images` writes it to Docs/images/docs-tutorial.png, the picture the README shows.
DOCS_SCREENSHOT ?= .build/docs-check/docs-tutorial.png
DOCS_SCREENSHOT_PAGE ?= tutorials/lamina/buildanasyncfeedcell
DOCS_SCREENSHOT_SIZE ?= 1280,1560

# Serves .build/docs (made by `make docs`) on 127.0.0.1 and opens DOCS_CHECK_PAGES in headless
# Chromium, which it installs from Debian's packages when missing (install-deps.sh --browser):
# each page must render its title and text, not DocC's "page not found".
docs-check:
	@mkdir -p $(dir $(DOCS_SCREENSHOT))
	python3 Scripts/check-docs-in-browser.py --site .build/docs --screenshot $(DOCS_SCREENSHOT) \
	  --screenshot-page $(DOCS_SCREENSHOT_PAGE) --screenshot-size $(DOCS_SCREENSHOT_SIZE) $(DOCS_CHECK_PAGES)

# The frame pictures that open the Docs chapters: runs each tour chapter a Docs chapter
# demonstrates (in .build/docs-images, so the tour's files land there) and copies its frame
# picture, SVG and PNG, into Docs/images/ — the one place generated images are committed
# outside Tests/ — its contact sheet when it writes one (tour chapters 8 and 9), and chapter 4's
# pictures of text (both directions; tab stops, borders and vertical text in labels), and
# chapter 10's text view (a selected word; the caret after the last key).
DOCS_IMAGE_CHAPTERS ?= 1 2 3 4 5 7 8 9 10
.PHONY: docs-images
docs-images: build
	@mkdir -p Docs/images .build/docs-images
	set -e; bin=$$($(SWIFT) build --show-bin-path); \
	  for chapter in $(DOCS_IMAGE_CHAPTERS); do \
	    (cd .build/docs-images && $$bin/PipelineTour $$chapter --trace-out chapter-$$chapter.json \
	      > chapter-$$chapter.log); \
	    cp .build/docs-images/chapter-$$chapter-frame.svg .build/docs-images/chapter-$$chapter-frame.png Docs/images/; \
	    if [ $$chapter = 4 ]; then \
	      cp .build/docs-images/chapter-4-directions.png .build/docs-images/chapter-4-text-styles.png Docs/images/; fi; \
	    if [ $$chapter = 10 ]; then \
	      cp .build/docs-images/chapter-10-selection.png .build/docs-images/chapter-10-text-view.png Docs/images/; fi; \
	    if [ -f .build/docs-images/chapter-$$chapter-contact-sheet.png ]; then \
	      cp .build/docs-images/chapter-$$chapter-contact-sheet.png Docs/images/; fi; \
	  done
	@echo "make docs-images: frame pictures of tour chapters $(DOCS_IMAGE_CHAPTERS) (and the contact sheets of chapters 8 and 9) written to Docs/images/"
	@# The feed's X11 window under a private Xvfb, read back from the server (Docs/09-x11.md).
	xvfb-run -a -s "-screen 0 1024x1800x24 -nolisten tcp" $$($(SWIFT) build --show-bin-path)/FeedDemo \
	  --x11 --screenshot Docs/images/feed-x11.png
	@# The feed's frame pictures and a contact sheet of its fast scroll (Docs/08-the-feed.md).
	(cd .build/docs-images && $$($(SWIFT) build --show-bin-path)/FeedDemo --fps 60 --frames 60 --out feed > feed.log)
	set -e; for mode in async sync grouped; do \
	  cp .build/docs-images/feed/feed-$$mode-frame.svg .build/docs-images/feed/feed-$$mode-frame.png Docs/images/; \
	  cp .build/docs-images/feed/$$mode/contact-sheet.png Docs/images/feed-$$mode-contact-sheet.png; \
	done
	@echo "make docs-images: the feed's X11 screenshots (settled, and a row expanding), frame pictures and contact sheets written to Docs/images/"
	@# The DocC tutorials' frames, drawn by each step's own code (the Check.swift of each module
	@# under Tests/Tutorials writes them when LAMINA_TUTORIAL_FRAMES is set), then the site with
	@# them and the browser check's screenshot of the first tutorial, which the README shows.
	LAMINA_TUTORIAL_FRAMES=$(CURDIR)/Docs/images $(SWIFT) test --skip-build \
	  --filter '^(TutorialFeedCell1|TutorialFeedCell2|FeedKitTests|BadgeKitTests)\.'
	$(MAKE) docs
	$(MAKE) docs-check DOCS_SCREENSHOT=Docs/images/docs-tutorial.png
	@echo "make docs-images: the tutorials' frames and the tutorial page's screenshot written to Docs/images/"
