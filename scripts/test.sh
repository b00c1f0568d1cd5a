#!/usr/bin/env sh
# Installs everything into .venv, checks lint, format and types, then runs the whole test suite.
set -eu
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e ".[test]"
.venv/bin/ruff check --quiet .
.venv/bin/ruff format --check --quiet .
.venv/bin/mypy
exec .venv/bin/python -m pytest "$@"
