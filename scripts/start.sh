#!/usr/bin/env sh
# Installs the bot into .venv (first run only) and starts it; the token comes from .env.
set -eu
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install --quiet --disable-pip-version-check -e .
exec .venv/bin/python -m bot
