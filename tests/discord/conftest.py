"""Fixtures for the Discord tests: a fixed game seed."""

from types import SimpleNamespace

import pytest

import bot.ui.lobby

SEED = 20_240_601


@pytest.fixture(autouse=True)
def fixed_seed(monkeypatch: pytest.MonkeyPatch) -> int:
    """Every table gets the same seed, so a failing run replays exactly.

    The driver does not depend on the seed: it reads the board it is shown.
    """
    monkeypatch.setattr(bot.ui.lobby, "secrets", SimpleNamespace(randbits=lambda bits: SEED))
    return SEED
