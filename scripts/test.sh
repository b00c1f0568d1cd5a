#!/usr/bin/env sh
# Installs everything into .venv when pyproject.toml is new or changed (a fresh clone installs it
# all; a run with nothing changed needs no package index), checks lint, format and types, then
# runs the whole test suite in pytest-xdist workers, one per core (arguments go to pytest: `-n 0` runs
# it in this process; `-m "not slow"` leaves out the slow tests).
set -eu
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
stamp=.venv/.installed-pyproject-test
if ! cmp -s pyproject.toml "$stamp"; then
    # uv installs the same packages as pip would (compiled too), in seconds rather than twenty
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "uv==0.13.9"
    .venv/bin/uv pip install --quiet --compile-bytecode --python .venv/bin/python -e ".[test]"
    cp pyproject.toml "$stamp"
fi
# Compiled modules are kept (__pycache__, ignored by git), even where the environment says not to:
# the test workers, and the bot and worker processes the tests start, then share them.
unset PYTHONDONTWRITEBYTECODE
.venv/bin/ruff check --quiet .
.venv/bin/ruff format --check --quiet .
.venv/bin/mypy
exec .venv/bin/python -m pytest -n auto --dist worksteal "$@"
