"""Engine handlers for the dice: tests, d10s, d100, Saves, Power/Armor, Heat re-rolls, random
elements, and the GM's forced dice."""

from __future__ import annotations

from typing import Any

from rules import actions as a
from rules import attack_rolls, decks, rolls
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, card_data, handles
from rules.errors import RuleError
from rules.modes import true_solo
from rules.rolls.facts import (
    D100Rolled,
    DiceForced,
    DiceRolled,
    Face,
    HeatRerolled,
    PowerRolled,
    RandomChosen,
    RandomDirection,
    SaveRolled,
    SoloRandomAmong,
    TestRolled,
)
from rules.state import CampaignState, LastRoll


@handles(a.RollTest)
def roll_test(engine: Engine, state: CampaignState, act: a.RollTest, dice: Dice) -> Result:
    r = rolls.roll_test(dice, act.difficulty, act.bonus, act.purpose)
    state.last_roll = LastRoll(
        kind="test", purpose=act.purpose, naturals=[r.natural], bonus=act.bonus, difficulty=act.difficulty,
        roller=act.roller,
    )
    return Result(
        state=state,
        events=[Event(kind="roll", fact=TestRolled(difficulty=r.difficulty, natural=r.natural, bonus=r.bonus,
                                                   success=r.success))],
        data={
            "naturals": [r.natural],
            "result": r.result,
            "difficulty": r.difficulty,
            "bonus": r.bonus,
            "success": r.success,
        },
    )


@handles(a.RollDice)
def roll_dice(engine: Engine, state: CampaignState, act: a.RollDice, dice: Dice) -> Result:
    naturals = [dice.d10(f"d10 {i + 1} of {act.count}") for i in range(act.count)]
    state.last_roll = LastRoll(kind="dice", purpose="d10s", naturals=naturals)
    data: dict[str, Any] = {"naturals": naturals}
    if act.count == 1:
        data["result"] = naturals[0]
    return Result(
        state=state, events=[Event(kind="roll", fact=DiceRolled(naturals=naturals))], data=data
    )


@handles(a.RollD100)
def roll_d100(engine: Engine, state: CampaignState, act: a.RollD100, dice: Dice) -> Result:
    white, black, value = rolls.d100(dice)
    state.last_roll = LastRoll(kind="d100", purpose="d100", naturals=[white, black])
    return Result(
        state=state,
        events=[Event(kind="roll", fact=D100Rolled(white=white, black=black, value=value))],
        data={"naturals": [white, black], "result": value, "white": white, "black": black},
    )


@implements(
    "Armor Roll",
    status="assisted",
    tests=[
        "tests/rules/test_power.py::test_armor_roll_counts_power_symbols_only",
        "tests/rules/test_rulings.py::test_armor_beyond_the_box_counts_its_raw_power",
    ],
    note="the bot rolls the Armor dice and counts Power symbols; the players subtract it from the Vigor loss",
)
@handles(a.RollPower)
def roll_power(engine: Engine, state: CampaignState, act: a.RollPower, dice: Dice) -> Result:
    if engine.catalogue.dice is None:
        raise RuleError("no dice are defined by the loaded content packs")
    if act.white + act.black + act.red == 0:
        raise RuleError("the pool is empty: give at least one die, e.g. `/roll power red:2 white:1`")
    kind = "armor" if act.armor else "power"
    r = rolls.power(dice, engine.catalogue.dice, act.white, act.black, act.red, f"{kind} roll")
    state.last_roll = LastRoll(kind=kind, purpose=f"{kind} roll", naturals=[f.face for f in r.faces])
    pool = r.pool
    rolled = PowerRolled(
        kind=kind, asked=(act.red, act.black, act.white), pool=(pool.red, pool.black, pool.white),
        raw_power=pool.raw_power, raw_potential=pool.raw_potential, power=r.power,
        faces=[Face(colour=f.colour, power=f.power, potential=f.potential, hope=f.hope) for f in r.faces],
        potential=0 if act.armor else r.potential, hope=0 if act.armor else r.hope)
    data: dict[str, Any] = {
        "naturals": [f.face for f in r.faces],
        "dice": [f.model_dump() for f in r.faces],
        "pool": pool.model_dump(),
        "power": r.power,
    }
    if act.armor:
        data["armor"] = r.power
    else:
        data.update(potential=r.potential, hope=r.hope)
    return Result(state=state, events=[Event(kind="roll", fact=rolled)], data=data)


@handles(a.RollSave)
def roll_save(engine: Engine, state: CampaignState, act: a.RollSave, dice: Dice) -> Result:
    level = act.level if act.level is not None else getattr(state.track, act.kind)
    r = rolls.save(dice, act.kind, level, act.modifier)
    state.last_roll = LastRoll(kind="save", purpose=f"{act.kind} save", naturals=[r.natural], difficulty=r.difficulty)
    saved = SaveRolled(kind=act.kind, level=level, modifier=act.modifier, difficulty=r.difficulty, natural=r.natural,
                       success=r.success)
    return Result(
        state=state,
        events=[Event(kind="roll", fact=saved)],
        data={
            "naturals": [r.natural],
            "result": r.natural,
            "difficulty": r.difficulty,
            "level": level,
            "modifier": act.modifier,
            "kind": act.kind,
            "success": r.success,
        },
    )


@handles(a.Reroll)
def reroll(engine: Engine, state: CampaignState, act: a.Reroll, dice: Dice) -> Result:
    new, old = rolls.heat_reroll(dice, state.last_roll, act.dice, act.by)
    state.last_roll = new
    heat = len(act.dice)
    data: dict[str, Any] = {"naturals": new.naturals, "rerolled": sorted(act.dice), "previous": old, "heat": heat}
    rerolled = HeatRerolled(heat=heat, old=old, new=new.naturals)
    if new.kind in ("attack", "evasion"):  # rules/attack_rolls.py: hits, Crit die, Crit Miss counted again
        new, outcome, counted = attack_rolls.after_reroll(new, act.dice)
        state.last_roll = new
        data.update(outcome, rerolled=sorted(act.dice), previous=old, heat=heat)
        rerolled = rerolled.model_copy(update={"crit_pool": counted})
    elif new.kind == "test" and new.difficulty is not None:
        natural = new.naturals[0]
        success = rolls.d10_success(natural, new.bonus, new.difficulty)
        data.update(result=natural + new.bonus, difficulty=new.difficulty, bonus=new.bonus, success=success)
        test = TestRolled(difficulty=new.difficulty, natural=natural, bonus=new.bonus, success=success)
        rerolled = rerolled.model_copy(update={"test": test})
    return Result(state=state, events=[Event(kind="roll", fact=rerolled)], data=data)


@handles(a.RollRandom)
def roll_random(engine: Engine, state: CampaignState, act: a.RollRandom, dice: Dice) -> Result:
    knight = true_solo.first_among(state, act.among)
    if knight is not None:  # True Solo Mode: "If an effect targets a random Knight, prioritize your Knight."
        state.last_roll = LastRoll(kind="random", purpose="random Knight (True Solo Mode)", naturals=[])
        return Result(state=state, events=[Event(kind="roll", fact=SoloRandomAmong(among=act.among, knight=knight))],
                      data={"naturals": [], "chosen": knight, "rounds": [], "true_solo": True})
    chosen, rounds = rolls.random_element(dice, act.among, "random element")
    state.last_roll = LastRoll(kind="random", purpose="random element", naturals=[v for r in rounds for _, v in r])
    return Result(
        state=state,
        events=[Event(kind="roll", fact=RandomChosen(rounds=rounds, chosen=chosen))],
        data={
            "naturals": [v for r in rounds for _, v in r],
            "chosen": chosen,
            "rounds": [[{"name": n, "natural": v} for n, v in r] for r in rounds],
            "true_solo": False,
        },
    )


@implements(
    "Choosing a Random Element",
    tests=["tests/rules/test_decks.py::test_random_direction_uses_the_top_minor_mortis_card_and_puts_it_at_the_bottom"],
)
@handles(a.RandomDirection)
def random_direction(engine: Engine, state: CampaignState, act: a.RandomDirection, dice: Dice) -> Result:
    """Rulebook: "Random direction: Draw the top card from the Minor Mortis deck. The arrow in the
    bottom left corner designates the randomly chosen direction. Place the drawn card at the
    bottom of the deck."."""
    deck = engine.deck("minor_mortis")
    card_id, pile = decks.draw(state.decks[deck.id], deck.name)
    state.decks[deck.id] = decks.put_on_bottom(pile, card_id)
    card = engine.card(deck.id, card_id)
    if card.direction is None:
        raise RuleError(f"the Minor Mortis card {card.id} has no direction arrow; fix the content pack")
    return Result(
        state=state,
        events=[Event(kind="draw", fact=RandomDirection(card=card.name, direction=card.direction))],
        data={"direction": card.direction, "card": card_data(card)},
    )


@handles(a.ForceNext)
def force_next(engine: Engine, state: CampaignState, act: a.ForceNext, dice: Dice) -> Result:
    dice.forced.extend(act.values)
    return Result(state=state, events=[Event(kind="gm", fact=DiceForced(values=list(act.values)))],
                  data={"forced_dice": list(dice.forced)})


@handles(a.ForceClear)
def force_clear(engine: Engine, state: CampaignState, act: a.ForceClear, dice: Dice) -> Result:
    if not dice.forced:
        raise RuleError("no forced dice are waiting: the next rolls are natural already (nothing was changed)")
    cleared = DiceForced(values=list(dice.forced), cleared=True)
    dice.forced.clear()
    return Result(state=state, events=[Event(kind="gm", fact=cleared)], data={"forced_dice": []})
