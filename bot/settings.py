"""Settings from the environment or a ``.env`` file (see ``.env.example``)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

if TYPE_CHECKING:
    from bot.app.service import ImagePolicy


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="KFGM_", env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str | None = Field(None, description="the bot token from the Discord Developer Portal")
    database: Path = Field(Path("data/kfgm.sqlite3"), description="the SQLite database file")
    database_url: str | None = Field(
        None, description="the database as a URL: sqlite:///path/to/file (the default is KFGM_DATABASE) or "
        "postgresql://user@host/dbname (several bot processes on one PostgreSQL database; docs/operations.md)")
    content_packs: Annotated[list[Path], NoDecode] = Field(
        default_factory=list, description="extra content pack folders, separated like PATH (':' or ';' on Windows)"
    )
    image_dir: Path = Field(Path("data/images"), description="where pictures (boards, sheets) are written")
    image_keep: int = Field(
        1000, ge=1, description="how many of the newest pictures (and exports) the image folder keeps; older ones are "
        "removed as new ones are written (never one younger than five minutes)")
    image_max_age_hours: float = Field(
        24.0, gt=0, description="pictures (and exports) older than this many hours are removed from the image folder")
    dev_guild_id: int | None = Field(None, description="a guild whose commands are synced instantly")
    sync_global: bool = Field(
        True, description="sync the commands globally at start-up; 0 while developing with dev_guild_id, so the "
        "development guild does not list every command twice (its own copy and the global one)")
    log_level: str = Field("INFO", description="DEBUG, INFO, WARNING or ERROR")
    log_format: Literal["json", "text"] = Field(
        "json", description="json: one JSON object a line (for log collectors); text: for reading in a terminal")
    sharded: bool = Field(False, description="run as discord.AutoShardedClient (bots in thousands of servers)")
    shard_count: int | None = Field(None, ge=1, description="with sharded: how many shards (default: Discord's advice)")

    @property
    def database_target(self) -> str:
        """Where the database is: KFGM_DATABASE_URL, else the file KFGM_DATABASE."""
        return self.database_url or str(self.database)

    def image_policy(self) -> ImagePolicy:
        """How the application keeps the image folder bounded (KFGM_IMAGE_KEEP, KFGM_IMAGE_MAX_AGE_HOURS)."""
        from bot.app.service import ImagePolicy

        return ImagePolicy(keep=self.image_keep, max_age_s=self.image_max_age_hours * 3600)

    @field_validator("content_packs", mode="before")
    @classmethod
    def _split(cls, value: object) -> object:
        """Folders separated like PATH (``a:b``; ``a;b`` on Windows), the documented form; a JSON list
        (``["a", "b"]``), which the docs once described, is read too."""
        if isinstance(value, str) and value.strip().startswith("["):
            try:
                listed = json.loads(value)
            except ValueError:
                raise ValueError("KFGM_CONTENT_PACKS starts with '[' but is not a JSON list of folders; write the "
                                 f"folders separated by {os.pathsep!r} instead, e.g. packs/ours{os.pathsep}packs/more"
                                 ) from None
            if not isinstance(listed, list) or not all(isinstance(p, str) for p in listed):
                raise ValueError("KFGM_CONTENT_PACKS as a JSON list must list folder names (text)")
            return [p.strip() for p in listed if p.strip()]
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
