"""`/campaign mode mode:standard|true_solo|five_player`: the optional rules the campaign plays by (docs/modes.md)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.state import CampaignState

Mode = Literal["standard", "true_solo", "five_player"]
LABEL: dict[str, str] = {"standard": "the standard rules (two to four Knights)", "true_solo": "True Solo Mode",
                         "five_player": "Five-Player Mode"}


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
    text = f"⚙️ This campaign now plays by {LABEL[act.mode]}."
    if act.mode == "true_solo":
        text += (" Investigations without Clue cards (3 Clues of any type succeed, up to three per Expedition), your "
                 "Knight starts each Clash as the Priority Target and may equip up to three Gear cards at Clash "
                 "Setup; a random Knight is your Knight first, then random Squires.")
    elif act.mode == "five_player":
        text += (" Up to five Knights; an Accursed Persistence BP card in every Clash; the fifth Knight is placed "
                 "adjacent to another at Clash Setup; with no Quest the Party Leader draws a Clue token.")
    return Result(state=state, events=[Event(kind="campaign", text=text)], data={"mode": act.mode})
