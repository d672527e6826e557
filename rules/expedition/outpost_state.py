"""What the Outpost Phase keeps: this Expedition's visit (``ExpeditionState.outpost``) and the campaign's
unlocks that last between Expeditions (``CampaignState.outpost_unlocks``). See docs/outpost.md."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Section = Literal["inn", "notice_board", "scouts", "mercenaries", "merchant", "shrine"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class InnVisit(_Model):
    natural: int = Field(ge=1, le=10)
    entry: str = Field(description="the name of the Inn table row met")


class HiredMercenary(_Model):
    """Rulebook, "Mercenary Abilities": "When you use a Mercenary's ability for the first time, flip the Mercenary
    card to its used side. After you use the same Mercenary's ability for the second time, discard the Mercenary
    card."."""

    id: str
    name: str
    uses_left: int = Field(2, ge=0, le=2)
    paid_by: str = Field(description="the Knight id who paid")
    log: list[str] = Field(default_factory=list, description="the abilities used, in order")


class ScoutHired(_Model):
    id: str
    name: str
    category: Literal["recon", "patrol", "survey"]
    paid_by: str
    applied: bool = Field(False, description="its task is done (applied to the Delve, or by the players)")
    looked: bool = Field(False, description="Patrol: the party has looked at the top Exploration cards")
    set_up: bool = Field(False, description="its Kingdom Setup effect was applied to this Expedition's Delve")
    seen: list[str] = Field(default_factory=list, description="Patrol: the Exploration cards looked at, top first")


class OutpostState(_Model):
    """This Expedition's Outpost Phase (and the Mercenaries and Scouts hired, which last the whole Expedition)."""

    outpost: str = Field(description="the Outpost's content id")
    visited: list[Section] = Field(default_factory=list, description="sections in the order first visited")
    inn: InnVisit | None = None
    contract: str | None = Field(None, description="the Contract signed (one per Expedition)")
    contract_fulfilled: bool = False
    scouts: list[ScoutHired] = Field(default_factory=list)
    mercenaries: list[HiredMercenary] = Field(default_factory=list, max_length=4)
    bought: dict[str, list[str]] = Field(default_factory=dict, description="Gear bought this Outpost, by Knight id")
    reforged: dict[str, list[str]] = Field(default_factory=dict, description="Gear reforged this Outpost, by Knight")
    shrine: dict[str, str] = Field(default_factory=dict, description="patron Saint gained at the Shrine, by Knight")
    done: bool = Field(False, description="Loadouts locked; the party went on to the Delve")

    @property
    def early_bird(self) -> Section | None:
        return self.visited[0] if self.visited else None


class OutpostUnlocks(_Model):
    """Campaign-level Outpost records. Rulebook, "Unlocking Mercenaries": "All Mercenaries that were gained via
    Knight Campaign are unlocked only for that Knight. Mercenaries gained from any other source (e.g. an Adventure
    or a Contract) are unlocked for everyone."; "The Notice Board": "you cannot sign Contracts that have this
    checkbox marked"."""

    mercenaries: dict[str, str | None] = Field(
        default_factory=dict, description="Mercenary id -> the Knight id it is unlocked for (null: everyone)")
    contracts_marked: list[str] = Field(default_factory=list, description="non-repeatable Contracts fulfilled")
