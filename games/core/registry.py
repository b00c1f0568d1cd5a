"""Finds every game package under ``games/`` by its ``ENGINE`` attribute."""

import importlib
import pkgutil
from functools import cache

import games
from games.core.engine import Engine


@cache
def engines() -> dict[str, Engine]:
    found: dict[str, Engine] = {}
    for info in pkgutil.iter_modules(games.__path__):
        if not info.ispkg or info.name == "core":
            continue
        module = importlib.import_module(f"games.{info.name}")
        engine = getattr(module, "ENGINE", None)
        if isinstance(engine, Engine):
            found[engine.name] = engine
    return found


def get(name: str) -> Engine:
    return engines()[name]
