#!/usr/bin/env bash
# The main job: set up if needed, then serve the app on http://localhost:8501
# (reads the committed graph in laws_ttl/; no network needed).
set -euo pipefail
cd "$(dirname "$0")"
scripts/setup.sh
exec .venv/bin/python -m streamlit run app/streamlit_app.py --server.headless true "$@"
