"""`/campaign mode mode:standard|true_solo|five_player`: the optional rules the campaign plays by (docs/modes.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.modes.mode_facts import ModeSet
from rules.state import CampaignState

Mode = Literal["standard", "true_solo", "five_player"]


class SetCampaignMode(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["campaign_mode"] = "campaign_mode"
    mode: Mode


def living(state: CampaignState) -> int:
    return sum(not k.dead for k in state.knights.values())


@handles(SetCampaignMode)
def set_mode(engine: Engine, state: CampaignState, act: SetCampaignMode, dice: Dice) -> Result:
    if state.clash is not None and act.mode != state.mode:
        raise RuleError("a Clash is under way: change the mode before /clash start or after /clash end")
    if act.mode == "true_solo" and living(state) > 1:
        raise RuleError(f"True Solo Mode is for a single Knight (\"If you play with a single Knight\"); this campaign "
                        f"has {living(state)} living Knights (Squires do not count)")
    state.mode = act.mode
    return Result(state=state, events=[Event(kind="campaign", fact=ModeSet(mode=act.mode))], data={"mode": act.mode})
