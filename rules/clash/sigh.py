"""The Sigh of the Graal (rulebook "Sigh of the Graal"): "When a Clash ends, but before you proceed to the story
resolution, you may decide to spend one Sigh of the Graal to replay the Clash without suffering any of its
consequences. Simply restore the game to the state from before the Clash. If you use a Sigh of the Graal, one
Knights should erase a Sigh of the Graal from their Knight Sheets."

The action carries the whole campaign state from just before the Clash started (``restore``): the application
finds it in the log (bot/app/commands/sigh.py), so replaying the log applies the very same state again. The
handler takes it as the new state, erases the spending Knight's Sigh there and keeps the dice where they stand now
(docs/rulings.md, "The Sigh of the Graal replays the Clash with new dice").
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from rules.clash.aftermath import all_knights_dead
from rules.clash.round_facts import SighReplay
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import sheet as sh
from rules.knights.sheet_facts import SighMarked
from rules.knights.state import KnightState
from rules.knights.view import summary
from rules.state import CampaignState

Id = Annotated[str, Field(min_length=1, max_length=64)]
T = "tests/clash_commands/test_sigh.py::"


class SighOfTheGraal(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["sigh_of_the_graal"] = "sigh_of_the_graal"
    while_waiting: ClassVar[bool] = True
    knight: Id = Field(description="the id of the Knight who spends their Sigh of the Graal")
    restore: dict[str, Any] = Field(description="the whole campaign state from just before the Clash started")


def _knight(state: CampaignState, kid: str) -> KnightState:
    k = state.knights.get(kid)
    if k is None:
        raise RuleError(f"there is no Knight {kid!r} in this campaign (/knight list shows them)")
    return k


def _before(state: CampaignState, restore: dict[str, Any]) -> CampaignState:
    try:
        before = CampaignState.model_validate(restore)
    except ValidationError as exc:
        raise RuleError(f"that is not a campaign state to restore: {exc.errors()[0]['msg']}") from None
    if before.seed != state.seed:
        raise RuleError("the state to restore belongs to another campaign")
    if before.clash is not None:
        raise RuleError("the state to restore has a Clash under way: it must be the state from before the Clash")
    return before


@implements(
    "Sigh of the Graal", tests=[
        T + "test_sigh_restores_the_state_from_before_the_clash", T + "test_sigh_right_after_clash_end",
        T + "test_sigh_refused_without_a_sigh_or_a_finished_clash", T + "test_the_replayed_clash_rolls_new_dice",
        T + "test_undo_of_a_sigh", T + "test_replaying_the_log_rebuilds_the_sigh",
    ],
    note="/clash sigh knight: — the state from just before the last /clash start, the Knight's Sigh erased, "
    "new dice",
)
@handles(SighOfTheGraal)
def sigh_of_the_graal(engine: Engine, state: CampaignState, act: SighOfTheGraal, dice: Dice) -> Result:
    """Restore the state from before the Clash, erase the Knight's Sigh there; nothing else is applied again. The
    dice stay where they stand now (the engine writes the port's position and forced queue, both the current
    ones, into the new state): the replayed Clash rolls new dice."""
    if state.clash is not None and state.clash.over is None and not all_knights_dead(state):
        raise RuleError("the Clash is still under way: a Sigh of the Graal is spent \"When a Clash ends\" (after a "
                        "victory, or a defeat: every Knight dead)")
    if state.pending_dice is not None:
        raise RuleError("a roll is waiting for the table's dice: enter or cancel it first (/dice show)")
    k = _knight(state, act.knight)
    if not k.sheet.sigh_of_the_graal:
        raise RuleError(f"{k.name} has no Sigh of the Graal to spend (the Knight Sheet's box is empty)")
    before = _before(state, act.restore)
    spent = before.knights.get(k.id)
    if spent is None:
        raise RuleError(f"{k.name} was not in the campaign before the Clash: they cannot undo it")
    against = None
    if state.clash is not None:
        monster = engine.catalogue.monsters.get(state.clash.monster)
        against = monster.name if monster else state.clash.monster
    erased: list[Line] = [*sh.set_sigh(spent, False)] if spent.sheet.sigh_of_the_graal else [SighMarked(have=False)]
    before.dice_position, before.forced_dice = state.dice_position, list(state.forced_dice)
    told = [
        SighReplay(step="spent", knight=k.name, against=against),
        SighReplay(step="restored"),
        SighReplay(step="erased", knight=k.name, then=erased),
        SighReplay(step="dice"),
    ]
    track = before.track
    return Result(state=before, events=[Event(kind="sigh", fact=f) for f in told],
                  data={"knight": summary(engine.catalogue, spent),
                        "knights": [summary(engine.catalogue, x) for x in before.knights.values()],
                        "track": {"threat": track.threat, "curse": track.curse, "time": track.time,
                                  "lost": track.lost}})
