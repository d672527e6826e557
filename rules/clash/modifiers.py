"""Monster Modifier tokens (rulebook "Modifier Tokens", "Types of Modifier Tokens", "Modifier Tokens on Mob
Monsters"): ``/clash modifier attribute:precision|at|to_hit|speed change:N [mob:N]``.

On the Monster Sheet (``ClashState.modifiers``) a token counts for the Boss or for every Mob; on a Mob's BP card
(``MobSlot.modifiers``, ``mob:``) for that Mob only, until it dies ("Unless an effect states otherwise, when a Mob
gains a Modifier token, it is placed on that specific Mob's BP card"). What each does:
- To Hit and AT: the Monster's To Hit and AT (``ClashState.effective_to_hit`` / ``effective_at_bonus``);
- Precision: "increase/lower the Evasion Difficulty of each AI card by +/-1" (rules/clash/monster_attack.py);
- Speed: the AI card's movement Speed, when the card gives one (rules/clash/activation.py).
All of them leave with the Clash ("All Modifier tokens are discarded at the end of Clash").
"""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.clash.modifier_facts import ModifierTokensChanged
from rules.clash.rounds import running
from rules.clash.state import MonsterModifier
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.state import CampaignState

T = "tests/clash/test_modifier_tokens.py::"


class ClashModifier(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["clash_modifier"] = "clash_modifier"
    while_waiting: ClassVar[bool] = True
    attribute: MonsterModifier
    change: int = Field(ge=-10, le=10)
    mob: int | None = Field(None, ge=1, le=10, description="the Mob track space whose BP card holds the tokens")


@implements("Types of Modifier Tokens", tests=[T + "test_monster_to_hit_and_at_tokens_change_the_attack",
                                               T + "test_monster_precision_tokens_change_the_evasion_difficulty",
                                               "tests/clash/test_conditions_held.py::"
                                               "test_held_conditions_change_speed_evasion_and_precision"])
@implements("Modifier Tokens on Mob Monsters", tests=[T + "test_a_mob_token_counts_for_that_mob_only"])
@handles(ClashModifier)
def modifier(engine: Engine, state: CampaignState, act: ClashModifier, dice: Dice) -> Result:
    clash = running(state)
    if act.change == 0:
        raise RuleError("change: must not be 0 (e.g. -1 for a negative Modifier token)")
    if act.mob is None:
        held = clash.modifiers
    else:
        if clash.monster_type != "mob":
            raise RuleError("mob: names a Mob track space; this is a Boss Clash (leave mob: out)")
        slot = clash.mob_track[act.mob - 1] if act.mob <= len(clash.mob_track) else None
        if slot is None:
            raise RuleError(f"no Mob stands on space {act.mob} of the Mob track")
        held = slot.modifiers
    new = held.get(act.attribute, 0) + act.change
    if new:
        held[act.attribute] = new
    else:
        held.pop(act.attribute, None)
    told = ModifierTokensChanged(attribute=act.attribute, mob=act.mob, total=new)
    return Result(state=state, events=[Event(kind="clash", fact=told)],
                  data={"modifiers": dict(clash.modifiers),
                        "mob_modifiers": {str(i + 1): dict(s.modifiers) for i, s in enumerate(clash.mob_track)
                                          if s is not None and s.modifiers}})
