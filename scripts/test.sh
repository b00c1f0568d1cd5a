#!/usr/bin/env sh
# Installs everything into .venv (first run only) and runs the whole test suite.
set -eu
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
exec .venv/bin/python -m pytest "$@"
