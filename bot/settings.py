"""Settings from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KFGM_", env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(None, description="the bot token from the Discord Developer Portal")
    database: Path = Field(Path("data/kfgm.sqlite3"), description="the SQLite database file")
    content_packs: Annotated[list[Path], NoDecode] = Field(
        default_factory=list, description="extra content pack folders, separated like PATH (':' or ';' on Windows)"
    )
    image_dir: Path = Field(Path("data/images"), description="where pictures (boards, sheets) are written")
    dev_guild_id: int | None = Field(None, description="a guild whose commands are synced instantly")
    sync_global: bool = Field(
        True, description="sync the commands globally at start-up; 0 while developing with dev_guild_id, so the "
        "development guild does not list every command twice (its own copy and the global one)")
    log_level: str = Field("INFO", description="DEBUG, INFO, WARNING or ERROR")
    log_format: Literal["json", "text"] = Field(
        "json", description="json: one JSON object a line (for log collectors); text: for reading in a terminal")
    sharded: bool = Field(False, description="run as discord.AutoShardedClient (bots in thousands of servers)")
    shard_count: int | None = Field(None, ge=1, description="with sharded: how many shards (default: Discord's advice)")

    @field_validator("content_packs", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        if isinstance(value, str):
            return [p.strip() for p in value.split(os.pathsep) if p.strip()]
        return value

    @field_validator("log_format", mode="before")
    @classmethod
    def _format(cls, value: object) -> object:
        return value.strip().lower() if isinstance(value, str) else value

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.upper()
        if value not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
            raise ValueError("KFGM_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR")
        return value
