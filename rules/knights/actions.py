"""Engine actions on Knights. ``knight`` is the Knight's id in the campaign (``CampaignState.knights``);
the application resolves names and checks who may change which Knight before building an action."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.gear import Tier
from content.schema.knights import Virtue
from rules.knights.state import Modifier, Vice

KnightId = Annotated[str, Field(min_length=1, max_length=64)]
ContentId = Annotated[str, Field(min_length=1, max_length=64)]
Reason = Annotated[str, Field(max_length=200)]
Stat = Literal["passion", "heat", "vigor", "bane", "max_vigor", "heat_limit", "bane_limit", "leads",
               "precision", "evasion", "speed"]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _OnKnight(_Action):
    knight: KnightId


class KnightCreate(_Action):
    type: Literal["knight_create"] = "knight_create"
    content: ContentId
    name: str = Field(min_length=1, max_length=60)
    owner: str = Field(min_length=1, max_length=100)


class KnightImport(_Action):
    type: Literal["knight_import"] = "knight_import"
    owner: str = Field(min_length=1, max_length=100)
    knight_json: dict[str, Any]


class KnightStat(_OnKnight):
    type: Literal["knight_stat"] = "knight_stat"
    stat: Stat
    change: int = Field(ge=-99, le=99)
    reason: Reason = ""
    cost: bool = Field(False, description="a voluntary cost: refused beyond the Heat Limit or below 1 Vigor")
    temporary: bool = Field(False, description="Precision, Evasion or Speed: temporary Modifier tokens")


class KnightTier(_OnKnight):
    type: Literal["knight_tier"] = "knight_tier"
    tier: Tier


class KnightMark(_OnKnight):
    type: Literal["knight_mark"] = "knight_mark"
    what: Literal["quest", "investigation", "success", "choice", "cross", "first_death", "sigh", "unsigh"]
    chapter: int | None = Field(None, ge=1, le=5)
    number: int | None = Field(None, ge=1, le=5)
    node: str | None = Field(None, max_length=12)
    leads: bool = False


class KnightVirtue(_OnKnight):
    type: Literal["knight_virtue"] = "knight_virtue"
    virtue: Virtue
    change: int = Field(ge=-9, le=9)
    source: Reason = ""


class KnightVice(_OnKnight):
    type: Literal["knight_vice"] = "knight_vice"
    vice: Vice
    change: int = Field(ge=-9, le=9)


class KnightGold(_OnKnight):
    type: Literal["knight_gold"] = "knight_gold"
    change: int = Field(ge=-9999, le=9999)
    reason: Reason = ""


class KnightResource(_OnKnight):
    type: Literal["knight_resource"] = "knight_resource"
    token: str = Field(min_length=1, max_length=64)
    change: int = Field(ge=-99, le=99)
    reason: Reason = ""


class KnightArmory(_OnKnight):
    type: Literal["knight_armory"] = "knight_armory"
    op: Literal["add", "remove", "reforge", "upgrade"]
    gear: ContentId
    buy: bool = False
    upgrade: ContentId | None = None


class KnightBoardChoice(_OnKnight):
    type: Literal["knight_board"] = "knight_board"
    portrait: ContentId | None = None
    heroic_arc: ContentId | None = None
    peril_arc: ContentId | None = None
    talent: ContentId | None = None
    techniques: list[ContentId] | None = Field(None, max_length=20)


class KnightUnlock(_OnKnight):
    type: Literal["knight_unlock"] = "knight_unlock"
    item: ContentId


class KnightLoadout(_OnKnight):
    type: Literal["knight_loadout"] = "knight_loadout"
    gear: list[ContentId] = Field(max_length=10)
    knighves: bool = False


class KnightNote(_OnKnight):
    type: Literal["knight_note"] = "knight_note"
    kind: Literal["note", "boon", "affliction", "saint", "mercenary", "tally", "rapport"]
    text: str = Field(min_length=1, max_length=200)
    remove: bool = False
    change: int = Field(1, ge=-99, le=99, description="tally marks")
    boon: Reason = ""


class KnightTechnique(_OnKnight):
    type: Literal["knight_technique"] = "knight_technique"
    op: Literal["delve", "clash", "exert", "refresh", "end_round", "cooldown", "delay", "discard", "hand"]
    technique: ContentId | None = None
    cards: list[ContentId] = Field(default_factory=list, max_length=20)


class KnightGear(_OnKnight):
    type: Literal["knight_gear"] = "knight_gear"
    op: Literal["exhaust", "unexhaust", "discard", "regain", "charge", "unexhaust_all"]
    gear: ContentId | None = None
    spend: Literal["movement", "combat"] | None = Field(
        None, description="unexhaust_all during a Clash: the action of the Knight's turn it spends")


class KnightCondition(_OnKnight):
    type: Literal["knight_condition"] = "knight_condition"
    op: Literal["gain", "discard"]
    card: str = Field(min_length=1, max_length=64)


class KnightExpedition(_OnKnight):
    type: Literal["knight_expedition"] = "knight_expedition"
    step: Literal["start", "spoils", "aftermath"]


Modifiers: tuple[Modifier, ...] = ("precision", "evasion", "speed")
