#!/usr/bin/env sh
# Installs the bot into .venv when pyproject.toml is new or changed, then starts it; the
# token comes from .env. A restart with nothing changed needs no package index.
set -eu
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
stamp=.venv/.installed-pyproject
if ! cmp -s pyproject.toml "$stamp"; then
    # uv installs the same packages as pip would (compiled too), in seconds rather than twenty
    .venv/bin/python -m pip install --quiet --disable-pip-version-check "uv==0.13.9"
    .venv/bin/uv pip install --quiet --compile-bytecode --python .venv/bin/python -e .
    cp pyproject.toml "$stamp"
fi
exec .venv/bin/python -m bot
