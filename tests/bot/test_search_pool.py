"""The strong computers think in a worker process (``bot.search_pool``): the same decision as
in this process for the same seed and iterations, and a broken pool never stops a game."""

import pytest

from bot import search_pool
from games.core import Rng, registry

GAME = "labyrinthe"


def position() -> tuple[object, list[object]]:
    engine = registry.get(GAME)
    state = engine.new_game(2, engine.make_options({}), 5)
    seat = min(engine.to_act(state))
    return engine.view(state, seat), engine.legal_actions(state, seat)


def test_the_worker_decides_as_this_process_would() -> None:
    view, legal = position()
    here = search_pool.choose(GAME, view, legal, Rng.from_seed(3), "strong", 40, 60.0)
    there = search_pool.think(GAME, view, legal, Rng.from_seed(3), "strong", 40, 60.0)
    assert there == here and there in legal


def test_a_broken_pool_searches_here(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    class Broken:
        def submit(self, *args: object) -> None:
            raise RuntimeError("the pool is gone")

    monkeypatch.setattr(search_pool, "_workers", Broken)
    view, legal = position()
    assert search_pool.think(GAME, view, legal, Rng.from_seed(3), "strong", 40, 60.0) in legal
    assert "RuntimeError" in caplog.text and "the pool is gone" not in caplog.text
