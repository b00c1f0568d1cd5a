"""A game's options, declared once: the engine's options model says their values, bounds and
defaults; the game's ``GameUI.command_options`` says how the start command words them. From
these come the ``start`` command's parameters (bot/ui/game_cog.py), the host's options panel
(bot/ui/lobby_message.py) and the lobby's options line (``GameUI.describe_options``). Beside
them, every table has its own (``TABLE_OPTIONS``): the turn clock and the 💡 hints."""

import types
import typing
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from bot.i18n import Language, catalog, clock_text, seconds_text, t
from bot.storage import MAX_TURN_MINUTES, SessionRecord
from games.core import registry

TURN_CLOCK_OPTION = "turn_clock"  # the table's turn clock, beside the game's options
HINTS_OPTION = "hints"  # whether the table offers its players the 💡 Hint control, beside them too
TABLE_OPTIONS = (TURN_CLOCK_OPTION, HINTS_OPTION)  # kept on the table's record, not in the game's options


@dataclass(frozen=True)
class Option:
    """A parameter of the game's ``start`` command, named and described by the catalog's
    ``cmd.<game>.<words>.name`` and ``.desc``: a field of the engine's options model (its values,
    bounds and default come from there), or, with ``bounds``, a number only the command asks
    that the cog turns into options (``GameCog.start_options``)."""

    field: str
    words: str = ""  # the catalog stem under ``cmd.<game>.``; the field's name by default
    bounds: tuple[int, int] | None = None  # a command-only number, from low to high


class OptionSpec(NamedTuple):
    """One option the lobby's panel offers: a choice among ``choices``, or a number (no choices)
    from ``low`` to ``high``."""

    name: str  # the field of the game's options model, or one of TABLE_OPTIONS
    choices: tuple[Any, ...] = ()
    low: int = 0
    high: int = 0
    seconds: bool = False  # a number of seconds (the field says ``json_schema_extra={"unit": "seconds"}``)


def _choices(annotation: Any) -> tuple[Any, ...]:
    """The values of a yes-or-no or Literal field (unions of Literals too); () for any other."""
    if annotation is bool:
        return (True, False)
    if typing.get_origin(annotation) is Literal:
        return typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        parts = [_choices(part) for part in typing.get_args(annotation)]
        return tuple(value for part in parts for value in part) if all(parts) else ()
    return ()


def model_options(game: str) -> list[OptionSpec]:
    """The game's choice and bounded number options, in the model's order (nested settings stay out)."""
    specs = []
    for name, field in registry.get(game).options_model.model_fields.items():
        if choices := _choices(field.annotation):
            specs.append(OptionSpec(name, choices))
        elif field.annotation is int:
            low = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
            high = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
            extra = field.json_schema_extra if isinstance(field.json_schema_extra, dict) else {}
            if low is not None and high is not None:
                specs.append(OptionSpec(name, (), low, high, seconds=extra.get("unit") == "seconds"))
    return specs


def option_specs(game: str) -> list[OptionSpec]:
    """The panel's options: the game's, then the turn clock and the hints."""
    return [
        *model_options(game),
        OptionSpec(TURN_CLOCK_OPTION, (), 0, MAX_TURN_MINUTES),
        OptionSpec(HINTS_OPTION, (True, False)),
    ]


def table_value(record: SessionRecord, name: str) -> Any:
    """A table option's value (one of TABLE_OPTIONS), as its record keeps it."""
    return record.clock.turn_minutes if name == TURN_CLOCK_OPTION else record.hints


def default(game: str, name: str) -> Any:
    """An option's value when nobody chose it."""
    return registry.get(game).options_model.model_fields[name].default


def choice_token(value: Any) -> str:
    """A choice as a menu value: ``true``/``false`` for yes or no, else its own text."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def option_key(game: str, name: str) -> str:
    return f"lobby.option.{name}" if name in TABLE_OPTIONS else f"{game}.option.{name}"


def option_name(game: str, name: str, lang: Language) -> str:
    """An option's name in words (``<game>.option.<name>``)."""
    return t(lang, option_key(game, name))


def value_text(game: str, spec: OptionSpec, value: Any, lang: Language) -> str:
    """A value as the start command or the lobby words it: yes or no, seconds or minutes written
    out, or ``<game>.<option>.<value>`` (« tirage au sort »)."""
    if spec.name == TURN_CLOCK_OPTION:
        return clock_text(value, lang)
    if isinstance(value, bool):
        return t(lang, "common.yes" if value else "common.no")
    if spec.seconds:
        return seconds_text(value, lang)
    key = f"{game}.{spec.name}.{value}"
    return t(lang, key) if catalog().has(lang, key) else str(value)


def options_line(game: str, options: dict[str, Any], lang: Language) -> str:
    """The lobby's line of options: ``<game>.options`` with each option's value in words, a
    yes-or-no one as ``<game>.<option>.true``/``.false`` says it where the catalog has them
    (« Boxes: open to all »)."""
    chosen = registry.get(game).make_options(options)
    words = {}
    for spec in model_options(game):
        value = getattr(chosen, spec.name)
        key = f"{game}.{spec.name}.{choice_token(value)}"
        said = isinstance(value, bool) and catalog().has(lang, key)
        words[spec.name] = t(lang, key) if said else value_text(game, spec, value, lang)
    return t(lang, f"{game}.options", **words)
