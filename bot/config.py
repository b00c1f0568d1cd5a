"""Settings, read by pydantic-settings from the environment and an optional ``.env`` file.

Each setting's name in the environment is its field's name in capitals. The environment
wins over ``.env``; an empty value counts as unset.
"""

import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_settings import BaseSettings, NoDecode, PydanticBaseSettingsSource, SettingsConfigDict


class ConfigError(Exception):
    """A setting is missing or wrong; the message is one sentence for the admin."""


class Settings(BaseSettings):
    """Built directly (tests, tools), only from what it is given; ``load_settings`` reads
    the environment and ``.env``."""

    model_config = SettingsConfigDict(env_ignore_empty=True, extra="ignore", env_file_encoding="utf-8")

    discord_token: str = Field(repr=False)
    database_path: Path = Path("data/bot.sqlite3")
    database_url: str | None = Field(default=None, repr=False)  # PostgreSQL instead of the SQLite file
    database_pool_size: int = Field(default=10, ge=1)  # connections per process, with DATABASE_URL
    shard_count: int | None = Field(default=None, ge=1)  # Discord's shards across every process
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None  # this process's shards, e.g. "0,1"
    dev_guild_id: int | None = None
    default_language: Literal["fr", "en"] = "fr"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    search_ms: int = Field(default=250, ge=10, le=5000)  # a strong computer's thinking time a move, at most
    search_iterations: int = Field(default=2000, ge=1)  # and its search's iterations, at most
    computer_pause_ms: int = Field(default=1500, ge=0, le=10_000)  # between two computer turns shown

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, url: str | None) -> str | None:
        if url is not None and not url.startswith(("postgresql://", "postgres://")):
            raise ValueError("it must start with postgresql://")
        return url

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_separated(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("shard_ids")
    @classmethod
    def _within_count(cls, ids: tuple[int, ...] | None, info: ValidationInfo) -> tuple[int, ...] | None:
        if ids is None:
            return None
        count = info.data.get("shard_count")
        if count is None:
            raise ValueError("it needs SHARD_COUNT, the number of shards across every process")
        if not ids or len(set(ids)) != len(ids) or not all(0 <= i < count for i in ids):
            raise ValueError(f"it must list different shards from 0 to {count - 1}, such as 0,1")
        if len(ids) < count and not info.data.get("database_url"):
            raise ValueError("other processes run the other shards, which needs a shared DATABASE_URL")
        return ids


class _FromEnvironment(Settings):
    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return env_settings, dotenv_settings


def load_settings(env_file: Path = Path(".env")) -> Settings:
    """The settings of ``python -m bot``; a ``ConfigError`` names the setting that is wrong."""
    try:
        return _FromEnvironment(_env_file=env_file)
    except ValidationError as error:
        first = error.errors()[0]
        name = str(first["loc"][0]).upper() if first["loc"] else "?"
        if name == "DISCORD_TOKEN" and first["type"] == "missing":
            raise ConfigError(
                "No bot token: set DISCORD_TOKEN in .env (copy .env.example) or in the environment."
            ) from None
        message = first["msg"].removeprefix("Value error, ")
        raise ConfigError(f"The setting {name} is invalid: {message}.") from None


def token_origin(env_file: Path = Path(".env")) -> str:
    """Where ``load_settings`` took DISCORD_TOKEN from, to name it when Discord refuses it: the
    environment (which wins), else the ``.env`` file."""
    return "the environment" if os.environ.get("DISCORD_TOKEN") else str(env_file)
