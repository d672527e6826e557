"""The Spoils of one Expedition: the Loot deck built by Scavenge X during it, and the Spoils Phase's Loot
Distribution, Spare Scrap, exchanges and Gambling Den (docs/spoils.md). It lives in ``ExpeditionState.spoils``,
so a new Expedition starts with an empty Loot deck."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.gear import Tier
from content.schema.loot import LootType


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class LootItem(_Model):
    """One Loot card in the Loot deck, with where it was gained (what it can be exchanged for depends on it)."""

    uid: str = Field(description="L1, L2... in the order gained")
    card: str = Field(description="the Loot card's content id")
    type: LootType
    kingdom: str | None = Field(None, description="Kingdom Gear Loot: the Kingdom it was gained in")
    monster: str | None = Field(None, description="Clash Loot: the Monster of that Clash")
    level: int | None = None
    monster_tier: Tier | None = Field(None, description="Clash Loot: the tier of the Monster's lowest level")
    source: str = Field("", max_length=200)


class ClashSeen(_Model):
    type: Literal["exhibition", "full"]
    monster: str
    level: int


class Vote(_Model):
    """A majority vote on who gets one card of the Common Goods; ties are broken by the Party Leader."""

    id: str
    card: str = Field(description="the Loot card's uid")
    options: list[str] = Field(description="the Knight ids that may get it")
    voters: list[str] = Field(description="the players (user ids) who vote")
    ballots: dict[str, str] = Field(default_factory=dict, description="user id -> Knight id")
    tie: list[str] = Field(default_factory=list, description="the tied Knights, when the Party Leader must break it")


Disposal = Literal["gear", "upgrade", "consumable", "gold", "gamble_lost", "gamble_won"]


class Exchanged(_Model):
    knight: str
    how: Disposal
    gear: str | None = None
    gold: int = 0


class SpoilsState(_Model):
    loot: list[LootItem] = Field(default_factory=list, description="the Loot deck, in the order gained")
    next_uid: int = 1
    clash_seen: ClashSeen | None = Field(None, description="the last Clash seen (Clash Scavenge X refers to it)")
    started: bool = Field(False, description="the Spoils Phase has begun (Consumables returned, Common Goods laid)")
    discarded: list[LootItem] = Field(default_factory=list, description="Loot cards discarded before the Spoils "
                                      "Phase (the Duplicity Vice)")
    returned: list[str] = Field(default_factory=list, description="Consumables returned to the Merchant deck")
    shares: dict[str, list[str]] = Field(default_factory=dict, description="Knight id -> chosen cards (uids)")
    squire_shares: list[str] = Field(default_factory=list, description="cards taken for a Squire's extra exchange")
    spare: dict[str, list[str]] = Field(default_factory=dict, description="Knight id -> Spare Scrap cards taken")
    scrap_started: bool = False
    exchanged: dict[str, Exchanged] = Field(default_factory=dict, description="uid -> what became of it")
    vote: Vote | None = None
    votes_held: int = 0
    fools_draw: list[str] = Field(default_factory=list, description="the Fool's deck, top first (letters)")
    fools_discard: list[str] = Field(default_factory=list)
    gambles: list[str] = Field(default_factory=list, description="what each game at the Gambling Den gave")
    done: bool = False

    def item(self, uid: str) -> LootItem | None:
        return next((i for i in self.loot if i.uid == uid), None)

    def taken(self) -> set[str]:
        return {u for us in self.shares.values() for u in us} | {u for us in self.spare.values() for u in us}

    def common_goods(self) -> list[LootItem]:
        """The cards not taken yet (the Common Goods; once the Spare Scrap starts, the Spare Scrap)."""
        taken = self.taken()
        return [i for i in self.loot if i.uid not in taken]
