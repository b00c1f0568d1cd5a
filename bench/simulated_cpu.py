"""The CPU the simulated Discord spends on itself, to leave out of a bot's CPU per interaction.

SimCord runs in the bot's process: its HTTP routes (what Discord's servers do with a request), the
copies its gateway makes of each event (Discord's side of the wire) and the results it builds for
the test would count as the bot's work. ``install`` wraps those entry points once; ``spent()`` is
their CPU so far, in milliseconds. discord.py's own work (parsing events, building requests) stays
the bot's.
"""

import copy
import time
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import simcord.actors
import simcord.builders
import simcord.gateway
import simcord.http.router
import simcord.results

_spent = 0.0
_depth = 0


def _counted(function: Callable[..., Any]) -> Callable[..., Any]:
    def counted(*args: Any, **kwargs: Any) -> Any:
        global _spent, _depth
        if _depth:
            return function(*args, **kwargs)
        _depth += 1
        start = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            _depth -= 1
            _spent += time.process_time() - start

    return counted


def install() -> None:
    if getattr(simcord.http.router.dispatch, "counted", False):
        return
    dispatch = _counted(simcord.http.router.dispatch)
    dispatch.counted = True  # type: ignore[attr-defined]
    simcord.http.router.dispatch = dispatch
    simcord.actors.dispatch = dispatch
    to_message = _counted(simcord.results.to_discord_message)
    for module in (simcord.results, simcord.actors, simcord.builders):
        module.to_discord_message = to_message  # type: ignore[attr-defined]
    simcord.gateway.copy = SimpleNamespace(deepcopy=_counted(copy.deepcopy))  # type: ignore[attr-defined]


def spent() -> float:
    """The simulated Discord's CPU so far, in milliseconds."""
    return _spent * 1e3
