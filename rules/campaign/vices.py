"""A Virtue test of a Knight, with the Vice it erases (rulebook "Vices")."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.knights import Virtue
from rules import rolls
from rules.campaign.facts import VirtueTested
from rules.coverage import implements
from rules.dice import Dice
from rules.facts import said
from rules.knights.sheet import change_vice
from rules.knights.state import VICE_VIRTUE, KnightState
from rules.state import LastRoll

T = "tests/campaign/test_progress.py::"


class VirtueTest(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["virtue_test"] = "virtue_test"
    knight: str = Field(max_length=64)
    virtue: Virtue
    difficulty: int = Field(ge=1, le=20)
    bonus: int = Field(0, ge=-10, le=10, description="declared bonuses on top of the Virtue's value")
    roller: str = Field("", max_length=100)


@implements("Vices", chapter="Other Rules", tests=[T + "test_a_successful_virtue_test_erases_one_vice_mark",
                                                  T + "test_a_failed_virtue_test_erases_nothing"])
def virtue_test(k: KnightState, act: VirtueTest, dice: Dice) -> tuple[rolls.RolledTest, LastRoll, list[str]]:
    """"When you succeed at a test of your Vice's connected Virtue, erase one of its tally marks." The test adds the
    Virtue's value from the Knight Sheet (rulebook "Virtues": "add +X to the result, where X is the value of this
    Virtue on your Knight Sheet")."""
    value = k.sheet.virtue(act.virtue)
    bonus = max(-10, min(10, value + act.bonus))
    r = rolls.roll_test(dice, act.difficulty, bonus, f"{act.virtue} test ({k.name})")
    last = LastRoll(kind="test", purpose=f"{act.virtue} test", naturals=[r.natural], bonus=bonus,
                    difficulty=act.difficulty, roller=act.roller)
    lines = [said(VirtueTested(knight=k.name, virtue=act.virtue, difficulty=act.difficulty, natural=r.natural,
                               bonus=bonus, result=r.result, success=r.success))]
    if r.success:
        for vice, linked in VICE_VIRTUE.items():
            if linked == act.virtue and k.sheet.vices.get(vice, 0) > 0:
                lines += change_vice(k, vice, -1)
    return r, last, lines
