"""Monster Armor tokens and Armor-piercing X (rulebook Keyword List).

Armor tokens are a Kingdom's (the Principality of Stone's): its Monster cards say what they do, which the table
applies from the cards. The bot keeps their count — on the Boss (``ClashState.armor_tokens``) or on one Mob
(``MobSlot.armor_tokens``, until it dies) — placed and removed by the GM with ``/clash armor change:N [mob:N]``, and
the attacking Knight's Armor-piercing X discards them in the second ability window of the Attack.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.gear import Keyword
from rules.clash.rounds import running
from rules.clash.state import ClashState
from rules.clash.wound_facts import WoundArmorPierced, WoundArmorTokens
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.facts import Line
from rules.state import CampaignState


class ClashArmor(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["clash_armor"] = "clash_armor"
    change: int = Field(ge=-20, le=20, description="Armor tokens placed (positive) or discarded (negative)")
    mob: int | None = Field(None, ge=1, le=10, description="the Mob track space of the Mob holding them")


def _holder(clash: ClashState, space: int) -> tuple[int, str]:
    if space == 0:
        return clash.armor_tokens, "the Boss"
    slot = clash.mob_track[space - 1] if space <= len(clash.mob_track) else None
    if slot is None:
        raise RuleError(f"no Mob stands on space {space} of the Mob track")
    return slot.armor_tokens, f"Mob {space}"


def _set(clash: ClashState, space: int, n: int) -> None:
    if space == 0:
        clash.armor_tokens = n
        return
    slot = clash.mob_track[space - 1]
    assert slot is not None
    slot.armor_tokens = n


@handles(ClashArmor)
def clash_armor(engine: Engine, state: CampaignState, act: ClashArmor, dice: Dice) -> Result:
    """The GM places or discards a Monster's Armor tokens, as its Kingdom's cards say."""
    clash = running(state)
    if act.change == 0:
        raise RuleError("change: must not be 0 (e.g. 2 to place two Armor tokens, -1 to discard one)")
    if act.mob is not None and clash.monster_type != "mob":
        raise RuleError("mob: names a Mob track space; this is a Boss Clash (leave mob: out)")
    if act.mob is None and clash.monster_type == "mob":
        raise RuleError("in a Mob Clash each Mob holds its own Armor tokens: name it with mob:<its Mob track space>")
    have, who = _holder(clash, act.mob or 0)
    if have + act.change < 0:
        raise RuleError(f"{who} holds {have} Armor token(s): {-act.change} cannot be discarded")
    _set(clash, act.mob or 0, have + act.change)
    told = WoundArmorTokens(mob=act.mob or 0, before=have, after=have + act.change)
    return Result(state=state, events=[Event(kind="clash", fact=told)], data=armor_data(clash))


def armor_data(clash: ClashState) -> dict[str, object]:
    return {"armor_tokens": clash.armor_tokens,
            "mob_armor_tokens": {str(i + 1): s.armor_tokens for i, s in enumerate(clash.mob_track)
                                 if s is not None and s.armor_tokens}}


def pierce(clash: ClashState, space: int | None, keywords: Sequence[Keyword], target: str) -> list[Line]:
    """"Armor-piercing X: Principality of Stone keyword. During the second ability window, discard up to X Armor
    tokens from the Target." The Target is the Boss (``space`` 0) or the Mob on Mob track ``space``; ``None``: a Mob
    the Attack killed, which left the track with its tokens. "Up to X": the bot discards as many as it can, at most X
    (docs/rulings.md)."""
    x = sum(kw.value or 0 for kw in keywords if kw.name == "Armor-piercing")
    if not x:
        return []
    if space is None:
        return [WoundArmorPierced(x=x, target=target, killed=True)]
    slot = clash.mob_track[space - 1] if 0 < space <= len(clash.mob_track) else None
    if space and slot is None:
        return []
    have = clash.armor_tokens if space == 0 else slot.armor_tokens if slot is not None else 0
    gone = min(x, have)
    if not gone:
        return [WoundArmorPierced(x=x, target=target)]
    _set(clash, space, have - gone)
    return [WoundArmorPierced(x=x, target=target, gone=gone, left=have - gone)]
