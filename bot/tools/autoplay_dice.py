"""Autoplay's dry runs (bot/tools/autoplay.py's docstring, "The GM steers openly"): the dice the next commands will
roll, and the forced values that give the dice the policy cares about the faces it wants."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from bot.tools.autoplay_policy import answer
from content.loader import Catalogue
from rules.clash.round_handlers import Choose
from rules.dice import RolledDie
from rules.engine import Engine
from rules.state import CampaignState

# --- dry runs: which dice will the next commands roll? ---------------------------------------------------------


@dataclass
class Sim:
    state: CampaignState
    rolls: list[RolledDie]
    data: list[dict[str, Any]]
    forced_used: int


def simulate(engine: Engine, state: CampaignState, actions: list[BaseModel], forced: list[int], outcome: str) -> Sim:
    """Apply ``actions`` and then the policy's answers to every decision, on a copy of ``state`` whose forced queue
    is ``forced``; the real commands will roll exactly these dice."""
    s = state.model_copy(update={"forced_dice": list(state.forced_dice) + list(forced)})
    rolls: list[RolledDie] = []
    data: list[dict[str, Any]] = []
    queue = list(actions)
    for _ in range(200):
        if not queue:
            pending = s.clash.flow.pending if s.clash is not None else None
            if pending is None:
                break
            queue.append(Choose(decision=pending.id, options=answer(engine.catalogue, s, pending, outcome)))
        dice = engine.dice_for(s)
        result = engine.apply(s, queue.pop(0), dice)
        rolls += dice.rolls
        data.append(result.data)
        s = result.state
    used = len(state.forced_dice) + len(forced) - len(s.forced_dice)
    return Sim(state=s, rolls=rolls, data=data, forced_used=used - len(state.forced_dice))


Want = Callable[[RolledDie], int | None]


def steer(engine: Engine, state: CampaignState, actions: list[BaseModel], want: Want, outcome: str) -> tuple[
        list[int], Sim]:
    """The forced values that give every die ``want`` cares about its wanted value, and the dry run with them. The
    prefix grows one wanted die at a time (the dice before it keep the value they would have had anyway), so each
    value is found on a dry run that rolled exactly the dice before it."""
    forced: list[int] = []
    sim = simulate(engine, state, actions, forced, outcome)
    for _ in range(500):
        start = len(forced)
        nxt = next((i for i in range(start, len(sim.rolls)) if want(sim.rolls[i]) is not None), None)
        if nxt is None:
            break
        wanted = want(sim.rolls[nxt])
        assert wanted is not None
        forced = forced + [r.value for r in sim.rolls[start:nxt]] + [wanted]
        sim = simulate(engine, state, actions, forced, outcome)
    return forced, sim


def _face_rank(cat: Catalogue, colour: str | None, best: bool) -> int:
    assert cat.dice is not None
    faces = cat.dice.die(colour or "white").faces  # type: ignore[arg-type]
    ranked = sorted(range(len(faces)), key=lambda i: (faces[i].power, faces[i].potential, faces[i].hope, -i))
    return (ranked[-1] if best else ranked[0]) + 1


def want_victory(cat: Catalogue, crit: int) -> Want:
    """Attack dice hit (the Crit die shows ``crit``), Power dice show their best faces."""

    def want(r: RolledDie) -> int | None:
        if r.kind == "d10" and r.purpose.startswith("Attack Roll"):
            return crit if r.crit else 10
        if r.kind == "d6" and r.purpose.startswith("Power Roll"):
            return _face_rank(cat, r.colour, best=True)
        return None

    return want


def want_defeat(cat: Catalogue) -> Want:
    """Evasion dice, Judgement tests and Tumbles show 1; Armor dice their worst faces."""

    def want(r: RolledDie) -> int | None:
        if r.kind == "d10" and ("Evasion" in r.purpose or " test against " in r.purpose or "Judgement test" in r.purpose
                                or r.purpose.startswith("Tumble")):
            return 1
        if r.kind == "d6" and r.purpose.startswith("armor roll"):
            return _face_rank(cat, r.colour, best=False)
        return None

    return want


def outcome_of(sim: Sim) -> str | None:
    for d in sim.data:
        attack = d.get("attack")
        if isinstance(attack, dict) and attack.get("outcome") is not None:
            return str(attack["outcome"])
    return None
