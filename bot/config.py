"""Settings, read from the environment and from an optional ``.env`` file."""

import os
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ValidationError


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one sentence for the admin."""


class Settings(BaseModel):
    discord_token: str
    database_path: Path = Path("data/bot.sqlite3")
    dev_guild_id: int | None = None
    default_language: Literal["fr", "en"] = "fr"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"


# Setting name in the environment -> field.
ENV_NAMES = {
    "DISCORD_TOKEN": "discord_token",
    "DATABASE_PATH": "database_path",
    "DEV_GUILD_ID": "dev_guild_id",
    "DEFAULT_LANGUAGE": "default_language",
    "LOG_LEVEL": "log_level",
}


def read_env_file(path: Path) -> dict[str, str]:
    """``KEY=VALUE`` lines; blank lines and ``#`` comments are skipped."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        values[key.strip()] = value.strip().strip("'\"")
    return values


def load_settings(environ: dict[str, str] | None = None, env_file: Path = Path(".env")) -> Settings:
    """The environment wins over ``.env``; empty values count as unset."""
    merged = read_env_file(env_file) | dict(os.environ if environ is None else environ)
    raw = {field: merged[name] for name, field in ENV_NAMES.items() if merged.get(name)}
    if "discord_token" not in raw:
        raise ConfigError(
            "No bot token: set DISCORD_TOKEN in .env (copy .env.example) or in the environment."
        )
    try:
        return Settings.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        name = next(n for n, f in ENV_NAMES.items() if f == first["loc"][0])
        raise ConfigError(f"The setting {name} is invalid: {first['msg']}.") from None
