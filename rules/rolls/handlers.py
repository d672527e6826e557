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
        events=[Event(kind="roll", text=_test_text(r.natural, r.bonus, r.difficulty, r.success))],
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
        state=state, events=[Event(kind="roll", text=f"Rolled {act.count}d10: {_list(naturals)}.")], data=data
    )


@handles(a.RollD100)
def roll_d100(engine: Engine, state: CampaignState, act: a.RollD100, dice: Dice) -> Result:
    white, black, value = rolls.d100(dice)
    state.last_roll = LastRoll(kind="d100", purpose="d100", naturals=[white, black])
    text = f"Rolled a d100: white (tens) {white}, black (ones) {black} → **{value}**."
    return Result(
        state=state,
        events=[Event(kind="roll", text=text)],
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
    asked = f"{act.red} red, {act.black} black, {act.white} white"
    pool = r.pool
    rolled = f"{pool.red} red, {pool.black} black, {pool.white} white"
    sentences = [f"{kind.capitalize()} Roll ({asked}"]
    if (pool.red, pool.black, pool.white) != (act.red, act.black, act.white):
        sentences[0] += f"; the box allows {rolled}"
    sentences[0] += ")."
    if pool.raw_power:
        many = "die" if pool.raw_power == 1 else "dice"
        sentences.append(
            f"{pool.raw_power} {many} beyond the box limit → "
            f"+{pool.raw_power} Power and +{pool.raw_potential} Potential."
        )
    faces = ", ".join(f"{f.colour} {_face(f.power, f.potential, f.hope)}" for f in r.faces)
    sentences.append(f"Faces: {faces}.")
    data: dict[str, Any] = {
        "naturals": [f.face for f in r.faces],
        "dice": [f.model_dump() for f in r.faces],
        "pool": pool.model_dump(),
        "power": r.power,
    }
    if act.armor:
        sentences.append(f"**{r.power} Armor** (Power symbols only) to subtract from the Vigor loss.")
        data["armor"] = r.power
    else:
        sentences.append(f"**{r.power} Power**, {r.potential} Potential, {r.hope} Hope.")
        data.update(potential=r.potential, hope=r.hope)
    return Result(state=state, events=[Event(kind="roll", text=" ".join(sentences))], data=data)


@handles(a.RollSave)
def roll_save(engine: Engine, state: CampaignState, act: a.RollSave, dice: Dice) -> Result:
    level = act.level if act.level is not None else getattr(state.track, act.kind)
    r = rolls.save(dice, act.kind, level, act.modifier)
    state.last_roll = LastRoll(kind="save", purpose=f"{act.kind} save", naturals=[r.natural], difficulty=r.difficulty)
    name = act.kind.capitalize()
    verdict = "Success" if r.success else "Fail: resolve the negative effect"
    text = (
        f"{name} Save ({name} Level {level} {act.modifier:+d} → {r.difficulty}+): rolled {r.natural} — "
        f"**{verdict}**. (Saves are not tests: no Heat re-roll.)"
    )
    return Result(
        state=state,
        events=[Event(kind="roll", text=text)],
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
    many = "die" if heat == 1 else "dice"
    text = f"Heat re-roll of {heat} {many} (+{heat} Heat): {_list(old)} → {_list(new.naturals)}."
    if new.kind in ("attack", "evasion"):  # rules/attack_rolls.py: hits, Crit die, Crit Miss counted again
        new, outcome, sentence = attack_rolls.after_reroll(new, act.dice)
        state.last_roll = new
        data.update(outcome, rerolled=sorted(act.dice), previous=old, heat=heat)
        text += " " + sentence
    elif new.kind == "test" and new.difficulty is not None:
        natural = new.naturals[0]
        success = rolls.d10_success(natural, new.bonus, new.difficulty)
        data.update(result=natural + new.bonus, difficulty=new.difficulty, bonus=new.bonus, success=success)
        text += " " + _test_text(natural, new.bonus, new.difficulty, success)
    text += f" The rolling Knight gains +{heat} Heat (mark it on their Knight Board)."
    return Result(state=state, events=[Event(kind="roll", text=text)], data=data)


@handles(a.RollRandom)
def roll_random(engine: Engine, state: CampaignState, act: a.RollRandom, dice: Dice) -> Result:
    knight = true_solo.first_among(state, act.among)
    if knight is not None:  # True Solo Mode: "If an effect targets a random Knight, prioritize your Knight."
        state.last_roll = LastRoll(kind="random", purpose="random Knight (True Solo Mode)", naturals=[])
        text = (f"🎲 True Solo Mode: a random Knight among {', '.join(act.among)} is your Knight, **{knight}** "
                "(\"If an effect targets a random Knight, prioritize your Knight.\"); no die is rolled. For more "
                "than one random Knight: `/solo random count:<N>` (your Knight, then random Squires).")
        return Result(state=state, events=[Event(kind="roll", text=text)],
                      data={"naturals": [], "chosen": knight, "rounds": [], "true_solo": True})
    chosen, rounds = rolls.random_element(dice, act.among, "random element")
    state.last_roll = LastRoll(kind="random", purpose="random element", naturals=[v for r in rounds for _, v in r])
    shown = " / ".join(", ".join(f"{n} {v}" for n, v in r) for r in rounds)
    ties = ", ties rolled again" if len(rounds) > 1 else ""
    text = f"Random choice (one d10 each, lowest chosen{ties}): {shown} → **{chosen}**."
    return Result(
        state=state,
        events=[Event(kind="roll", text=text)],
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
    text = (
        f"Random direction: the top Minor Mortis card ({card.name}) points **{_dirs(card.direction)}**; "
        "it goes to the bottom of the deck."
    )
    return Result(
        state=state,
        events=[Event(kind="draw", text=text)],
        data={"direction": card.direction, "card": card_data(card)},
    )


@handles(a.ForceNext)
def force_next(engine: Engine, state: CampaignState, act: a.ForceNext, dice: Dice) -> Result:
    dice.forced.extend(act.values)
    which = "die" if len(act.values) == 1 else f"{len(act.values)} dice"
    text = f"🎲 GM override: the next {which} rolled will show {_list(act.values)} (d6 dice by face number)."
    return Result(state=state, events=[Event(kind="gm", text=text)], data={"forced_dice": list(dice.forced)})


@handles(a.ForceClear)
def force_clear(engine: Engine, state: CampaignState, act: a.ForceClear, dice: Dice) -> Result:
    if not dice.forced:
        raise RuleError("no forced dice are waiting: the next rolls are natural already (nothing was changed)")
    text = (f"🎲 GM: the {len(dice.forced)} forced dice waiting ({_list(dice.forced)}) are cleared: the next rolls are "
            "natural.")
    dice.forced.clear()
    return Result(state=state, events=[Event(kind="gm", text=text)], data={"forced_dice": []})


def _list(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


def _face(power: int, potential: int, hope: int) -> str:
    parts = ["Power"] * power + ["Potential"] * potential + ["Hope"] * hope
    return "+".join(parts) if parts else "blank"


def _test_text(natural: int, bonus: int, difficulty: int, success: bool) -> str:
    why = " (a natural 10 always succeeds)" if natural == 10 else " (a natural 1 always fails)" if natural == 1 else ""
    shown = f"{natural}{bonus:+d} = {natural + bonus}" if bonus else f"{natural}"
    return f"Test {difficulty}+: rolled {shown} — **{'Success' if success else 'Fail'}**{why}."


def _dirs(text: str) -> str:
    return {"north": "north ↑", "east": "east →", "south": "south ↓", "west": "west ←"}.get(text, text)
