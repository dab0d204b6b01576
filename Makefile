# CaptionKit: `make demo` and `make test` on a fresh Debian 12 machine install what is missing, build, and run.
SHELL := /bin/bash
SWIFT ?= swift
# C libraries (headers), pkg-config to find them, ffmpeg as the tests' independent peer, and the fonts
# tests resolve by file path (DejaVu: Latin, Arabic, and with -extra the oblique faces markup's italics use;
# Droid Sans Fallback: CJK; Symbola: emoji as
# outlines, which libass can draw too). Chromium: the studio page's tests and benchmark drive it headless.
# GNU parallel: the split-and-join tests run parts with it. man-db: the install test reads a man page.
# espeak-ng (library and voices): the reference speech `align --audio` warps onto; sox: the timing tests mix noise.
# pocketsphinx (library and US English model): `align --audio`'s word times for English speech; its
# test data: the real recordings the alignment tests score against Corpus/align/.
APT_PACKAGES := pkg-config libxml2-utils libass-dev libavformat-dev libavcodec-dev libavutil-dev libswscale-dev \
	libswresample-dev libfreetype-dev libharfbuzz-dev libfribidi-dev libfontconfig-dev libpng-dev \
	libespeak-ng-dev espeak-ng libpocketsphinx3 pocketsphinx-en-us pocketsphinx-testdata sox libtesseract-dev tesseract-ocr-eng libhunspell-dev hunspell-en-us \
	ffmpeg fonts-dejavu-core fonts-dejavu-extra fonts-droid-fallback fonts-symbola fonts-noto-color-emoji chromium parallel man-db mkvtoolnix mpv
DEMO_OUT := out/demo
# The demo runs the binary `make build` just built (`swift run` would check the build again each time).
CAPTIONS := .build/debug/captions
# The release binary links Foundation statically, and FlyingFox (the studio's server) imports
# FoundationNetworking, which links libcurl: its -dev package gives the linker libcurl.so.
RELEASE_PACKAGES := libcurl4-openssl-dev
# Packaging: dpkg-shlibdeps (dpkg-dev) computes the package's Depends; mmdebstrap makes the clean root
# the package is tested in.
PACKAGING_PACKAGES := dpkg-dev mmdebstrap
# What CI's extras (run two at a time) install besides APT_PACKAGES: installed once before they start, so
# two of them never run apt-get at the same time (the second failed on dpkg's lock on a fresh machine).
CI_PACKAGES := $(RELEASE_PACKAGES) $(PACKAGING_PACKAGES) tesseract-ocr
VERSION := $(shell tr -d ' \n' < VERSION)
PREFIX ?= /usr/local
DESTDIR ?=
# The release binary links the Swift runtime and Foundation statically, so it needs only Debian's
# libraries (what dpkg-shlibdeps lists) wherever it is installed. Line tables only, not full debug
# information: a crash's backtrace still names files and lines, the build takes about a fifth less time
# (the deb strips the binary in any case) and the installed binary is 23 MB smaller.
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -gline-tables-only
RELEASE_BIN := .build/release/captions
# swift-argument-parser's man page generator, built from the package's own dependency (a debug build
# is enough: it only reads the binary's description of its commands).
GENERATE_MANUAL := .build/debug/generate-manual

.PHONY: all deps python-peers build test ci-extras example-test release install uninstall deb deb-test image image-test fuzz fuzz-smoke demo bench render-bench burn-bench parts-bench golden-bench overlay-bench studio-bench timeline-bench mux-bench sync-bench shots-bench align-bench pgs-bench ocr-bench ocr-check ass-corpus-check behaviour-snapshot clean

all: build

# Installs only the packages that are missing: `apt-get update` once, then one `apt-get install`. Another
# apt-get holding dpkg's lock (an unattended upgrade, another make) is waited for, up to 10 minutes.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing missing packages:$$missing"; \
	  sudo=""; [ "$$(id -u)" = 0 ] || sudo=sudo; \
	  lock="-o DPkg::Lock::Timeout=600"; \
	  $$sudo apt-get $$lock update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get $$lock install -y -qq --no-install-recommends $$missing; \
	fi

# The tests' independent readers from PyPI: ttconv and pycaption (broadcast formats) at the versions
# Corpus/broadcast/expected.json was made with, pysubs2 (ASS plain text) and numpy (the waveform's
# reference peaks); used by tests only, never by the toolkit.
PYTHON_PEERS := ttconv==1.2.3 pycaption==2.3.14 pysubs2==1.8.1 numpy
# Debian's own python3 has no pip until python3-pip is installed, and (PEP 668) installs into it only
# with --break-system-packages, which older pips do not know: each is tried only when needed.
python-peers: deps
	@python3 -c "import ttconv, pycaption, pysubs2, numpy" 2>/dev/null || { \
	  python3 -m pip --version >/dev/null 2>&1 || $(MAKE) --no-print-directory deps APT_PACKAGES=python3-pip; \
	  python3 -m pip install -q --disable-pip-version-check $(PYTHON_PEERS) 2>/dev/null \
	    || python3 -m pip install -q --disable-pip-version-check --break-system-packages $(PYTHON_PEERS); }

build: deps
	$(SWIFT) build
	$(SWIFT) build --product generate-manual

# Under CI (CI=true) the fuzz targets also build and run briefly (`fuzz-smoke`), so they keep building,
# the Debian package is built and tested in a clean root (`deb-test`), and the library guide's example
# is built as its own package (`example-test`), side by side (`ci-extras`): each is a second build of
# the library in another form, which a developer's `make test` need not wait for.
# One build of everything, the tests with it (a separate `swift build` first would leave one core idle
# while it links the executables one by one), then the run: two test processes side by side
# (Tools/run-tests.sh says why; TEST_SHARDS=1 runs one).
test: deps python-peers
	$(SWIFT) build --build-tests
	$(SWIFT) build --product generate-manual
	SWIFT=$(SWIFT) Tools/run-tests.sh
	@if [ "$$CI" = true ]; then $(MAKE) --no-print-directory deps APT_PACKAGES="$(CI_PACKAGES)" && \
	  $(MAKE) --no-print-directory -j2 --output-sync=target ci-extras; fi

# The fuzz binary's and the release binary's builds are whole-module builds of a chain of modules, each
# keeping about one core busy (real time = CPU time), so run together they use both cores; the clean
# root's downloads overlap the fuzz runs.
ci-extras: fuzz-smoke deb-test example-test ocr-check

# The library guide's example as a user builds it: its own package (Examples/WordsToKaraoke) depending on
# this one by path, in its own build folder (a second build of the CaptionKit modules, ~60 CPU-s, once;
# kept in .build/examples). It must write what the same main.swift built as this package's
# library-example target writes (which LibraryExampleTests checks against `render` and `convert`), byte
# for byte. (Sharing this package's build folder is not safe: SwiftPM then reuses the other package's
# cached build description, and on a fresh clone that build built nothing.)
# That build is unoptimised throughout (CAPTIONKIT_ONONE) with line tables only, 40 % quicker than the
# optimised modules with full debug information; so the comparison also finds any difference between the
# optimised and unoptimised rendering.
example-test: build
	CAPTIONKIT_ONONE=1 $(SWIFT) build --package-path Examples/WordsToKaraoke --scratch-path .build/examples -Xswiftc -gline-tables-only
	@out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && mkdir "$$out/standalone" "$$out/in-package" && \
	  .build/examples/debug/WordsToKaraoke Corpus/word-timed/whisperx.json highlight-by-word "$$out/standalone" && \
	  .build/debug/library-example Corpus/word-timed/whisperx.json highlight-by-word "$$out/in-package" && \
	  cmp "$$out/standalone/frame.png" "$$out/in-package/frame.png" && cmp "$$out/standalone/captions.ass" "$$out/in-package/captions.ass" && \
	  echo "example-test: the standalone package writes what the in-package build writes"

# The release binary and the man page generator.
release: deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(RELEASE_PACKAGES)"
	$(SWIFT) build $(RELEASE_FLAGS) --product captions
	$(SWIFT) build --product generate-manual

# `make install [PREFIX=/usr/local] [DESTDIR=]`: the binary, presets, studio page, man pages and completions.
install: release
	Packaging/install-tree.sh $(RELEASE_BIN) $(GENERATE_MANUAL) "$(DESTDIR)" "$(PREFIX)"
	@echo "Installed captions $(VERSION) in $(DESTDIR)$(PREFIX)"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/captions" "$(DESTDIR)$(PREFIX)"/share/man/man1/captions.1* \
	  "$(DESTDIR)$(PREFIX)"/share/man/man1/captions-*.1* "$(DESTDIR)$(PREFIX)/share/bash-completion/completions/captions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_captions" "$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/captions.fish"
	rm -rf "$(DESTDIR)$(PREFIX)/share/captionkit" "$(DESTDIR)$(PREFIX)/share/doc/captionkit"

# dist/captionkit_VERSION_ARCH.deb: the install layout under /usr, Depends from dpkg-shlibdeps.
deb: release
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(PACKAGING_PACKAGES)"
	Packaging/build-deb.sh $(RELEASE_BIN) $(GENERATE_MANUAL) dist

# The package installed into a clean Debian 12 root (mmdebstrap) and used there with no source present.
deb-test: deb build
	Packaging/deb-test.sh --deb dist/captionkit_$(VERSION)_$$(dpkg --print-architecture).deb .build/debug/captions

# The container image (Containerfile: debian:bookworm-slim plus the .deb), with podman or docker.
# IMAGE_BUILD_FLAGS: e.g. "--isolation chroot" where podman cannot start containers to build.
image: deb
	@engine=$$(command -v podman || command -v docker) || { echo "make image: needs podman or docker" >&2; exit 69; }; \
	  $$engine build $(IMAGE_BUILD_FLAGS) -f Containerfile --build-arg VERSION=$(VERSION) -t captionkit:$(VERSION) -t captionkit:latest .

# The image's file system checked as the package is in deb-test (podman; entered with chroot).
image-test: image build
	Packaging/deb-test.sh --image captionkit:$(VERSION) .build/debug/captions

# Every fuzz target for FUZZ_SECONDS each (default 20 minutes), two at a time, resuming from the kept
# corpus in Fuzz/corpus/; `make fuzz FUZZ_TARGETS="srt ass"` runs some. Fails on any finding.
FUZZ_SECONDS ?= 1200
fuzz: deps
	Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# Every target, 8 s each, two at a time, from a debug build (140 s to build here against a release
# build's 400 s beside the deb's): what CI runs. Enough to start each one from its seeds and regressions
# and fuzz it a while (thousands of runs); the campaigns above are what finds things.
# Every target for 4 s: enough to show that each builds, starts from its corpus and runs its inputs;
# the long runs are `make fuzz`.
fuzz-smoke: deps
	FUZZ_CONFIG=debug Fuzz/run.sh 4 $(FUZZ_TARGETS)

demo: build
	@mkdir -p $(DEMO_OUT)
	$(CAPTIONS) convert Corpus/samples/sintel_en.srt -o $(DEMO_OUT)/sintel_en.vtt
	$(CAPTIONS) convert Corpus/samples/sintel_en.srt -o $(DEMO_OUT)/sintel_en.json
	$(CAPTIONS) convert Corpus/word-timed/whisperx.json -o $(DEMO_OUT)/whisperx.srt
	$(CAPTIONS) convert Corpus/samples/sintel_en.srt -o $(DEMO_OUT)/sintel_en.ttml
	$(CAPTIONS) retime Corpus/samples/sintel_en.srt --fps 23.976:25 -o $(DEMO_OUT)/sintel_en-25fps.srt
	$(CAPTIONS) check Corpus/samples/sintel_en.srt --profile netflix
	$(CAPTIONS) convert Corpus/word-timed/whisperx.json -o $(DEMO_OUT)/whisperx-karaoke.vtt \
	  --word-timestamps --max-words 3
	for preset in highlight-by-word background-by-word word-and-scale key-words bounce letter-by-letter; do \
	  $(CAPTIONS) render Corpus/word-timed/whisperx.json --at 1.6 --preset $$preset \
	    --background "#1d3557" -o $(DEMO_OUT)/$$preset.png || exit 1; done
	@# The second speaker's page, in the colour the palette gives them.
	$(CAPTIONS) render Corpus/word-timed/whisperx.json --at 3.3 --preset speaker-colors \
	  --background "#1d3557" -o $(DEMO_OUT)/speaker-colors.png
	$(CAPTIONS) convert Corpus/word-timed/whisperx.json --to ass --preset highlight-by-word \
	  --size 720x1280 -o $(DEMO_OUT)/highlight-by-word.ass
	@# A generated 4 s clip with a tone (ffmpeg makes the demo's input only; burning is the toolkit's own).
	ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=720x1280:rate=30:duration=4.2 \
	  -f lavfi -i sine=frequency=440:duration=4.2 -c:v libx264 -preset ultrafast -pix_fmt yuv420p \
	  -c:a aac -shortest $(DEMO_OUT)/clip.mp4
	for preset in highlight-by-word background-by-word word-and-scale key-words bounce; do \
	  $(CAPTIONS) burn $(DEMO_OUT)/clip.mp4 Corpus/word-timed/whisperx.json \
	    -o $(DEMO_OUT)/burned-$$preset.mp4 --preset $$preset --encoder-preset ultrafast --quiet || exit 1; done
	$(CAPTIONS) overlay Corpus/word-timed/whisperx.json -o $(DEMO_OUT)/overlay.mov \
	  --video $(DEMO_OUT)/clip.mp4 --preset highlight-by-word --quiet
	@# Golden frames of the file that ships, checked again as CI would (JUnit report beside it).
	rm -rf $(DEMO_OUT)/goldens
	$(CAPTIONS) golden record --video $(DEMO_OUT)/burned-highlight-by-word.mp4 --times 0.35,1.6,3.2 \
	  --dir $(DEMO_OUT)/goldens/burned-highlight-by-word
	$(CAPTIONS) golden check $(DEMO_OUT)/goldens --junit $(DEMO_OUT)/golden-junit.xml
	@echo; echo "Converted Corpus/samples/sintel_en.srt (Sintel, CC BY 3.0) and the WhisperX sample into:"
	@ls -l $(DEMO_OUT)
	@echo; echo "--- $(DEMO_OUT)/sintel_en.vtt (start)"; head -8 $(DEMO_OUT)/sintel_en.vtt
	@echo "--- $(DEMO_OUT)/whisperx-karaoke.vtt (word timings paged three words at a time)"; cat $(DEMO_OUT)/whisperx-karaoke.vtt
	@echo; echo "Burned videos (the WhisperX words on a generated clip, five presets):"
	@ls -1 $(PWD)/$(DEMO_OUT)/burned-*.mp4

# Parse speed and memory against pysubs2 and srt on the same generated files (release build); SCC and
# EBU STL read and written against ttconv and pycaption.
bench: deps
	Benchmarks/parse-bench.sh
	Benchmarks/batch-bench.sh
	Benchmarks/broadcast-bench.sh

# Sync to speech against ffsubsync (pip, for the benchmark only): 31 cases of espeak-ng speech, clean
# and under 10 dB of music or pink noise, plus a two-hour video's sync time (LONG=0 skips it).
sync-bench: deps
	Benchmarks/sync-bench.sh

# Bitmap subtitles read as text against pgsrip (pip, for the benchmark only): 200 known cues drawn as
# PGS in four looks, cues per second, character error rate, italics.
ocr-bench: deps
	Benchmarks/ocr-bench.sh

# The same 200 cues in the four looks, as PGS, VobSub and DVB, read by CaptionKit alone and held to
# issue 46's lines (CER at most 1 %, no empty cue, 98 % of starts within a frame, italics F1 0.9); about
# a minute, so it runs in CI's `make test` (ci-extras), not in a developer's.
ocr-check: deps
	CHECK=1 Benchmarks/ocr-bench.sh

# Native rendering against libass rendering the equivalent ASS: 60 s of captions, 30 fps, 1080x1920.
render-bench: deps
	Benchmarks/render-bench.sh

# Burning captions into a 20 s 1080x1920 30 fps clip against ffmpeg -vf subtitles (same ASS, same libx264
# settings) at ultrafast and veryfast, then a 10-minute input for memory flatness.
burn-bench: deps
	Benchmarks/burn-bench.sh

# Split and join: a 10-minute clip burned whole and as 8 parts (GNU parallel), joined; a projection.
parts-bench: deps
	Benchmarks/parts-bench.sh

# Golden checks: 20 folders x 10 frames at 1080x1920 checked with 1 and 2 workers; where a frame's time goes.
golden-bench: deps
	Benchmarks/golden-bench.sh

# Overlays: 60 s at 1080x1920 as ProRes 4444 and as PNGs, beside ffmpeg encoding the same PNGs; memory at 20 and 60 s.
overlay-bench: deps
	Benchmarks/overlay-bench.sh

# The studio page playing 20 s of a 1080x1920 30 fps clip in headless Chromium: overlay latency per frame
# (server and page side) and frames shown without their own time's captions.
studio-bench: deps
	Benchmarks/studio-bench.sh

# The studio's timeline on a two-hour film: the waveform's first minute and whole, frame times scrolling and zooming.
timeline-bench: deps
	Benchmarks/timeline-bench.sh

# Soft tracks in a 2-hour MKV: reading its SRT track against ffmpeg, muxing two SRT tracks against ffmpeg
# -c copy, and the mux's memory at 20 minutes and 2 hours.
mux-bench: deps
	Benchmarks/mux-bench.sh

# Shot changes in a 40 s 1080p H.264 clip with 8 known cuts, a crossfade and two white flashes, on one core:
# `captions shots` against PySceneDetect 0.7.2's content detector (installed here for the benchmark only).
shots-bench: deps
	@python3 -c "import scenedetect, cv2" 2>/dev/null || { \
	  python3 -m pip --version >/dev/null 2>&1 || $(MAKE) --no-print-directory deps APT_PACKAGES=python3-pip; \
	  python3 -m pip install -q --disable-pip-version-check scenedetect==0.7.2 opencv-python-headless 2>/dev/null \
	    || python3 -m pip install -q --disable-pip-version-check --break-system-packages scenedetect==0.7.2 opencv-python-headless; }
	Benchmarks/shots-bench.sh

# Word starts from the speech (align --audio) against espeak-ng's truth and two hand-checked real recordings,
# beside the length-proportional estimate on the same cases; speed on one core.
align-bench: deps
	Benchmarks/align-bench.sh

# A 10-minute 1080x1920 karaoke track as PGS (convert -o .sup, mux --bitmap) against a veryfast burn of
# the same video, in the same run; the track's size and bitrate beside the ASS track's.
pgs-bench: deps
	Benchmarks/pgs-bench.sh $(PGS_BENCH_SECONDS)

# How faithfully convert and retime carry DIR's ASS/SSA files, as libass draws them: a report, not in CI.
ass-corpus-check: build
	python3 Benchmarks/ass-corpus-check.py $(DIR)

# What this build writes, as sums (docs examples, golden corpus, every preset): `make behaviour-snapshot
# DIR=out/before`, change, again with DIR=out/after, then `Tools/behaviour-snapshot.sh --compare A B`.
behaviour-snapshot: build
	$(SWIFT) build --build-tests
	Tools/behaviour-snapshot.sh $(DIR)

clean:
	rm -rf .build out dist
