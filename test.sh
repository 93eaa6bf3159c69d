#!/usr/bin/env bash
# All tests: set up (packages, chromium, CJK fonts) if needed, then the whole suite.
set -uo pipefail
cd "$(dirname "$0")"
scripts/setup.sh --test || exit 1
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1
.venv/bin/python -m pytest -q "$@"
rc=$?
if [ $rc -eq 5 ]; then
  echo "test.sh: pytest collected no tests; that is a failure" >&2
  exit 1
fi
exit $rc
