"""The party between Expeditions: Changing Knights (set aside with their progress kept) and the Princess."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.campaign.facts import PartyKnightAside, PartyKnightBack, PartyPrincess
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import Fact
from rules.knights.state import KnightState
from rules.state import CampaignState

T = "tests/campaign/test_progress.py::"


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class KnightSetAside(_Action):
    type: Literal["knight_set_aside"] = "knight_set_aside"
    knight: str = Field(max_length=64)
    back: bool = Field(False, description="True: the Knight comes back into play")


class PrincessChange(_Action):
    type: Literal["princess"] = "princess"
    op: Literal["gain", "discard", "dies"]
    name: str = Field("", max_length=60)


@implements("Changing Knights", tests=[T + "test_set_aside_keeps_progress_and_refuses_mid_expedition"])
def set_aside(state: CampaignState, k: KnightState, back: bool) -> list[Fact]:
    """"You can freely change between playable Knights between Expeditions." / "Knights you set aside don't lose
    progress. They remain in the same state you left them in." Nothing of the Knight changes; the Knight only leaves
    (or rejoins) the party, and only between Expeditions."""
    exp = state.expedition
    if exp is not None and exp.step not in ("vision", "over"):
        raise RuleError(f"{k.name} can change only between Expeditions: finish the current Expedition first (it is "
                        f"in the {exp.phase} phase)")
    if state.clash is not None or state.delve is not None:
        raise RuleError(f"{k.name} can change only between Expeditions, not during a Delve or a Clash")
    aside = state.progress.set_aside
    if back:
        if k.id not in aside:
            raise RuleError(f"{k.name} is not set aside")
        aside.remove(k.id)
        return [PartyKnightBack(knight=k.name, tier=k.sheet.tier)]
    if k.id in aside:
        raise RuleError(f"{k.name} is already set aside")
    aside.append(k.id)
    return [PartyKnightAside(knight=k.name)]


@implements("Princesses", status="assisted", tests=[T + "test_only_one_princess_at_a_time"],
            note="the bot keeps which Princess is with the party; her turn and abilities are played from her card")
def princess(state: CampaignState, op: Literal["gain", "discard", "dies"], name: str) -> list[Fact]:
    """"When players gain a Princess, she stays with the party until the end of an Expedition or until she dies."
    / "You may only have one Princess accompany you at a time. If you gain a Princess while you already have
    another Princess, you must discard one of them." Gaining one while another is with the party is refused until
    the players discard one (docs/rulings.md)."""
    p = state.progress
    if op == "gain":
        if not name.strip():
            raise RuleError("name the Princess, e.g. name:\"Princess of Stone\"")
        if p.princess is not None:
            raise RuleError(f"{p.princess} already accompanies the party; only one Princess at a time: discard one "
                            "first (/progress princess op:discard), then gain the other")
        p.princess = name.strip()
        return [PartyPrincess(princess=p.princess, op="gain")]
    if p.princess is None:
        raise RuleError("no Princess accompanies the party")
    gone, p.princess = p.princess, None
    return [PartyPrincess(princess=gone, op=op)]
