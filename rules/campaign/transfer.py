"""The campaign export file (/campaign export, /campaign import): one JSON object holding the whole campaign.

``start_state`` is the state the campaign was created with (the creation snapshot), ``log`` is the append-only log
entry by entry as stored (action, recorded dice, events), ``state`` the head state, and ``packs`` the content packs
uploaded to the exporting server (their YAML), so the log replays with the same content on another server. An
import checks all of it — replaying the log must roll the recorded dice and end on ``state`` — before it writes
anything.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

FORMAT: Literal["kfgm-campaign"] = "kfgm-campaign"
VERSION: Literal[1] = 1
MAX_ENTRIES = 100_000  # log entries an export may hold (checked before anything else is read: bot/app/transfer)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ExportedEntry(_Model):
    seq: int = Field(ge=0)
    kind: Literal["campaign", "action", "undo", "amend"]
    actor: str = Field(min_length=1, max_length=100)
    command: str = Field(max_length=8000)
    action: dict[str, Any] | None = None
    rolls: list[dict[str, Any]] = Field(default_factory=list, max_length=10_000)
    events: list[dict[str, Any]] = Field(default_factory=list, max_length=10_000)
    target_seq: int | None = Field(None, ge=0)
    created_at: str = Field(max_length=40)


class ExportedPack(_Model):
    name: str = Field(pattern=r"^[a-z0-9][a-z0-9_]*$", max_length=64)
    yaml: str = Field(max_length=1_000_000)


class ExportedCampaign(_Model):
    name: str = Field(min_length=1, max_length=80)
    seq: int = Field(ge=0)
    exported_from: str = Field("", max_length=100, description="the exporting campaign's id (informative)")


class CampaignExport(_Model):
    format: Literal["kfgm-campaign"] = FORMAT
    version: Literal[1] = VERSION
    exported_at: str = Field(max_length=40)
    campaign: ExportedCampaign
    start_state: dict[str, Any]
    state: dict[str, Any]
    log: list[ExportedEntry] = Field(min_length=1, max_length=MAX_ENTRIES)
    packs: list[ExportedPack] = Field(default_factory=list, max_length=20)

    @model_validator(mode="after")
    def _consistent(self) -> CampaignExport:
        """The log is numbered 0, 1, 2... without gaps, starts with the campaign's creation and ends at its head;
        an undo or amend names an earlier entry."""
        for i, e in enumerate(self.log):
            if e.seq != i:
                raise ValueError(f"log entry {i} has seq {e.seq}: the log must be numbered 0, 1, 2... without gaps")
            if e.kind in ("action", "amend") and (e.action is None or not isinstance(e.action.get("action"), dict)):
                raise ValueError(f"log entry {i} ({e.kind}) has no action")
            if e.kind in ("undo", "amend") and (e.target_seq is None or e.target_seq >= e.seq):
                raise ValueError(f"log entry {i} ({e.kind}) must name an earlier entry")
            if e.kind in ("campaign", "action") and e.target_seq is not None:
                raise ValueError(f"log entry {i} ({e.kind}) names another entry; only an undo or an amend does")
            if e.kind in ("campaign", "undo") and (e.action is not None or e.rolls):
                raise ValueError(f"log entry {i} ({e.kind}) holds an action or dice; only an action or an amend does")
        if self.log[0].kind != "campaign":
            raise ValueError("log entry 0 must be the campaign's creation")
        if self.log[-1].seq != self.campaign.seq:
            raise ValueError(f"the log ends at {self.log[-1].seq} but the campaign is at {self.campaign.seq}")
        names = [p.name for p in self.packs]
        if len(set(names)) != len(names):
            raise ValueError("a pack appears twice")
        return self
