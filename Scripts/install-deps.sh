#!/usr/bin/env bash
# Installs the Debian packages Lamina builds, tests and runs its X11 demos with (Docs/design.md,
# "Modules"): the C libraries behind CCairo, CFreeType, CHarfBuzz, CFontconfig, CXCB, CCurl
# (libcurl, ImageLoader's HTTP client) and CLaminaShims, the fonts LaminaText and its tests use
# (DejaVu, Droid Sans Fallback for CJK, Noto Color Emoji), Pango (test-only: the line-break
# oracle and a benchmark baseline), the Unicode Consortium's data files (test-only: the UAX #9
# bidi conformance files in /usr/share/unicode), and Xvfb and xclip for X11 tests (xclip is the
# other X program the clipboard tests copy to and paste from).
# Idempotent: installs only what is missing, and runs apt-get update only when something is.
#
# --browser adds Chromium (Debian's `chromium`), which only the documentation's browser check
# (`make docs-check`, Scripts/check-docs-in-browser.py) needs: a flag of its own, so that
# `make demo` and `make test` never download a browser.
set -euo pipefail

packages=(
    pkg-config
    libcairo2-dev
    libfreetype-dev
    libharfbuzz-dev
    libfontconfig1-dev
    libicu-dev
    libcurl4-openssl-dev
    libjpeg62-turbo-dev
    libpng-dev
    libxcb1-dev
    libxcb-shm0-dev
    libxcb-xtest0-dev
    libxcb-keysyms1-dev
    libpango1.0-dev
    fonts-dejavu-core
    fonts-droid-fallback
    fonts-ipaexfont-gothic
    fonts-noto-color-emoji
    unicode-data
    xvfb
    xauth
    xclip
)

for argument in "$@"; do
    case "$argument" in
        --browser) packages+=(chromium) ;;
        *) echo "usage: install-deps.sh [--browser]" >&2; exit 2 ;;
    esac
done

missing=()
for package in "${packages[@]}"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    if [[ "$status" != "install ok installed" ]]; then
        missing+=("$package")
    fi
done

if [[ ${#missing[@]} -eq 0 ]]; then
    echo "install-deps: all ${#packages[@]} packages already installed; nothing to do."
    exit 0
fi

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
    if command -v sudo >/dev/null 2>&1; then
        sudo_cmd=(sudo)
    else
        echo "install-deps: missing ${missing[*]}, and not root with no sudo to install them." >&2
        exit 1
    fi
fi

"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive \
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: installed ${missing[*]}."
