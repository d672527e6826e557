"""The engine contract: apply never mutates its input, is deterministic, accounts for every die, and
an illegal action changes nothing. Also random elements (lowest d10 wins, ties rolled again)."""

from __future__ import annotations

from typing import get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from rules import actions as a
from rules.dice import Dice, ForcedDieError
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.rolls import random_element
from rules.state import CampaignState, KingdomTrack, LastRoll
from tests.rules._support import CATALOGUE, ENGINE, apply, fresh


def _rich_state() -> CampaignState:
    """A campaign with something everywhere: a test to re-roll, forced dice, discards, held cards."""
    state = fresh(7)
    minor = state.decks["minor_mortis"]
    condition = state.decks["condition"]
    decks = {
        **state.decks,
        "minor_mortis": minor.model_copy(
            update={"draw": minor.draw[2:], "discard": [minor.draw[0]], "held": [minor.draw[1]]}
        ),
        "condition": condition.model_copy(update={"draw": condition.draw[1:], "held": [condition.draw[0]]}),
    }
    return state.model_copy(
        update={
            "decks": decks,
            "forced_dice": [3, 4],
            "track": KingdomTrack(threat=4, curse=2, time=1),
            "last_roll": LastRoll(kind="test", purpose="Insight test", naturals=[2], bonus=1, difficulty=6),
        }
    )


RICH = _rich_state()
MINOR_DISCARDED = RICH.decks["minor_mortis"].discard[0]
MINOR_IN_DECK = RICH.decks["minor_mortis"].draw[3]
CONDITION_HELD = RICH.decks["condition"].held[0]

ACTIONS: list[BaseModel] = [
    a.RollTest(difficulty=6, bonus=2),
    a.RollDice(count=4),
    a.RollD100(),
    a.RollPower(white=4, black=1, red=2),
    a.RollPower(red=2, armor=True),
    a.RollSave(kind="curse", modifier=2),
    a.RollSave(kind="threat", level=5, modifier=-1),
    a.Reroll(dice=[1]),
    a.RollRandom(among=["Kara", "Ser Sonch", "Ubar"]),
    a.RandomDirection(),
    a.DeckDraw(deck="minor_mortis"),
    a.DeckDraw(deck="condition", count=2, bottom=True),
    a.DeckDraw(deck="judicium", vigor=-9),
    a.DeckShuffle(deck="minor_mortis"),
    a.DeckSearch(deck="minor_mortis", card=MINOR_DISCARDED),
    a.DeckSearch(deck="minor_mortis", card=MINOR_IN_DECK),
    a.DeckReturn(deck="condition", card=CONDITION_HELD, to="shuffle"),
    a.DeckReturn(deck="minor_mortis", card=MINOR_IN_DECK, to="top"),
    a.DeckRemove(deck="minor_mortis", card=MINOR_DISCARDED),
    a.ForceNext(values=[10, 1]),
    a.ForceClear(),
]
IDS = [f"{i}-{type(act).__name__}" for i, act in enumerate(ACTIONS)]


def test_every_action_type_is_exercised() -> None:
    union = get_args(a.Action)[0]
    assert {type(act) for act in ACTIONS} == set(get_args(union))


def _run(state: CampaignState, action: BaseModel) -> tuple[Result, Dice]:
    dice = ENGINE.dice_for(state)
    return ENGINE.apply(state, action, dice), dice


@pytest.mark.parametrize("action", ACTIONS, ids=IDS)
def test_apply_never_mutates_the_input_state(action: BaseModel) -> None:
    before = RICH.model_dump()
    copy = RICH.model_copy(deep=True)
    result, _ = _run(copy, action)
    assert copy.model_dump() == before
    assert result.state.model_dump() != before  # every action here changes something (at least the dice)


@pytest.mark.parametrize("action", ACTIONS, ids=IDS)
def test_the_new_state_shares_nothing_mutable_with_the_input(action: BaseModel) -> None:
    copy = RICH.model_copy(deep=True)
    before = copy.model_dump()
    new = _run(copy, action)[0].state
    # scribble over every list of the new state: the caller's state must not see it
    new.forced_dice.append(99)
    for pile in new.decks.values():
        for where in (pile.draw, pile.discard, pile.held, pile.removed):
            where.append("scribble")
    if new.last_roll is not None:
        new.last_roll.naturals.append(99)
        new.last_roll.rerolled.append(99)
    new.track.threat = 99
    assert copy.model_dump() == before


@pytest.mark.parametrize("action", ACTIONS, ids=IDS)
def test_apply_is_deterministic(action: BaseModel) -> None:
    first, dice1 = _run(RICH, action)
    second, dice2 = _run(RICH, action)
    assert first.model_dump() == second.model_dump()
    assert dice1.rolls == dice2.rolls
    # and a separately built engine over a separately loaded catalogue agrees
    third, _ = _run(RICH, action)
    other = Engine(CATALOGUE).apply(RICH, action, Engine(CATALOGUE).dice_for(RICH))
    assert other.model_dump() == third.model_dump()


@pytest.mark.parametrize(
    ("action", "count"),
    [
        (a.RollTest(difficulty=6), 1),
        (a.RollDice(count=4), 4),
        (a.RollDice(count=1), 1),
        (a.RollD100(), 2),
        (a.RollPower(white=4, black=1, red=2), 6),  # 4 white -> 3 white and a raw point
        (a.RollPower(black=11), 7),  # 4 black, 3 red, a raw point
        (a.RollSave(kind="curse", modifier=2), 1),
        (a.Reroll(dice=[1]), 1),
        (a.ForceNext(values=[5]), 0),
        (a.RandomDirection(), 0),
        (a.DeckDraw(deck="minor_mortis", count=3), 0),
        (a.DeckDraw(deck="condition"), 0),
        (a.DeckReturn(deck="minor_mortis", card=MINOR_IN_DECK, to="bottom"), 0),
    ],
    ids=lambda v: type(v).__name__ if isinstance(v, BaseModel) else str(v),
)
def test_dice_position_advances_by_the_number_of_dice_rolled(action: BaseModel, count: int) -> None:
    result, dice = _run(RICH, action)
    assert len(dice.rolls) == count
    assert result.state.dice_position == RICH.dice_position + count
    if "naturals" in result.data:
        assert len(result.data["naturals"]) == count


def test_random_element_position_matches_its_rounds() -> None:
    result, dice = _run(RICH.model_copy(update={"forced_dice": [4, 4, 9, 6, 2]}), a.RollRandom(among=["a", "b", "c"]))
    assert len(dice.rolls) == 5
    assert result.state.dice_position == RICH.dice_position + 5


@pytest.mark.parametrize(
    ("action", "left"),
    [
        (a.RollD100(), [6, 7]),
        (a.RollTest(difficulty=5), [5, 6, 7]),
        (a.RollPower(red=1, black=1, white=1), [7]),
        (a.RollDice(count=4), []),
        (a.RollDice(count=6), []),
        (a.ForceNext(values=[1, 2]), [4, 5, 6, 7, 1, 2]),
        (a.DeckDraw(deck="minor_mortis"), [4, 5, 6, 7]),
        (a.DeckDraw(deck="judicium"), [4, 5, 6, 7]),  # shuffles never use forced values
        (a.DeckShuffle(deck="condition"), [4, 5, 6, 7]),
    ],
    ids=lambda v: type(v).__name__ if isinstance(v, BaseModel) else str(v),
)
def test_forced_dice_lose_exactly_the_values_used(action: BaseModel, left: list[int]) -> None:
    state = RICH.model_copy(update={"forced_dice": [4, 5, 6, 7]})
    result, dice = _run(state, action)
    assert result.state.forced_dice == left
    used = [r.value for r in dice.rolls if r.forced]
    assert used == [4, 5, 6, 7][: len(used)]
    if "naturals" in result.data:
        assert result.data["naturals"][: len(used)] == used
    assert state.forced_dice == [4, 5, 6, 7]


def test_forced_dice_carry_over_between_actions() -> None:
    state = apply(fresh(), a.ForceNext(values=[10, 1, 7])).state
    assert state.forced_dice == [10, 1, 7]
    first = apply(state, a.RollTest(difficulty=20, bonus=-10))
    assert first.data["naturals"] == [10] and first.data["success"] is True
    second = apply(first.state, a.RollTest(difficulty=2, bonus=10))
    assert second.data["naturals"] == [1] and second.data["success"] is False
    assert second.state.forced_dice == [7]


def test_amend_replays_with_the_gms_values() -> None:
    """The GM's amended values replace the first dice of the replayed action; the forced queue is used up
    as it was the first time, and the dice after it are the same."""
    state = RICH.model_copy(update={"forced_dice": [4, 9]})
    original = ENGINE.apply(state, a.RollDice(count=3), ENGINE.dice_for(state))
    amended = ENGINE.apply(state, a.RollDice(count=3), ENGINE.dice_for(state, amend=[1]))
    assert original.data["naturals"][:2] == [4, 9]
    assert amended.data["naturals"] == [1, 9, original.data["naturals"][2]]
    assert amended.state.forced_dice == original.state.forced_dice == []
    assert amended.state.dice_position == original.state.dice_position


ILLEGAL: list[tuple[CampaignState, BaseModel]] = [
    (fresh(), a.Reroll(dice=[1])),
    (RICH, a.Reroll(dice=[2])),
    (RICH, a.Reroll(dice=[1, 1])),
    (RICH, a.RollPower()),
    (RICH, a.DeckDraw(deck="no_such_deck")),
    (RICH, a.DeckDraw(deck="minor_mortis", vigor=-5)),
    (RICH, a.DeckDraw(deck="condition", count=10)),  # runs out after 11 cards... in the middle of the draw
    (RICH, a.DeckSearch(deck="condition", card=CONDITION_HELD)),
    (RICH, a.DeckSearch(deck="condition", card="no_such_card")),
    (RICH, a.DeckRemove(deck="judicium", card="judicium_you_died_horribly")),
    (RICH, a.DeckReturn(deck="minor_mortis", card="no_such_card")),
]


@pytest.mark.parametrize(("state", "action"), ILLEGAL, ids=[type(x).__name__ for _, x in ILLEGAL])
def test_a_rule_error_changes_nothing(state: CampaignState, action: BaseModel) -> None:
    if isinstance(action, a.DeckDraw) and action.deck == "condition":
        # make the deck short enough that the draw fails part way through
        pile = state.decks["condition"]
        state = state.model_copy(
            update={"decks": {**state.decks, "condition": pile.model_copy(update={"draw": pile.draw[:3]})}}
        )
    before = state.model_dump()
    with pytest.raises(RuleError) as err:
        apply(state, action)
    assert str(err.value)
    assert state.model_dump() == before
    # the next legal action sees the campaign exactly as if the refused one never happened
    assert apply(state, a.RollDice(count=2)).model_dump() == apply(
        state.model_copy(deep=True), a.RollDice(count=2)
    ).model_dump()


def test_a_forced_value_too_high_for_a_power_die_is_refused_and_changes_nothing() -> None:
    """The GM may force 1-10 (d10s), but a d6 takes 1-6: the power roll is refused, the queue kept."""
    state = apply(fresh(), a.ForceNext(values=[7])).state
    before = state.model_dump()
    with pytest.raises(ForcedDieError):
        apply(state, a.RollPower(red=1))
    assert state.model_dump() == before
    assert apply(state, a.RollTest(difficulty=7)).data["success"] is True  # the 7 still waits for a d10


def test_an_unknown_action_is_refused() -> None:
    class Dance(BaseModel):
        pass

    with pytest.raises(RuleError) as err:
        apply(fresh(), Dance())
    assert "Dance" in str(err.value)


def test_new_state_is_reproducible_from_its_seed() -> None:
    one, dice1 = ENGINE.new_state("a", 99)
    two, dice2 = ENGINE.new_state("a", 99)
    other, _ = ENGINE.new_state("a", 100)
    assert one.model_dump() == two.model_dump()
    assert one.dice_position == dice1.position == dice2.position > 0
    assert one.decks != other.decks


# -- random elements ---------------------------------------------------------------------------------


def test_the_lowest_roll_designates_the_random_element() -> None:
    """Rulebook (line 332): - Any other random element: Roll one d10 for each of the indicated elements.
    The lowest roll designates the randomly chosen element.
    """
    res = apply(fresh(), a.RollRandom(among=["Kara", "Ser Sonch", "Ubar"]), forced=[6, 2, 9])
    assert res.data["chosen"] == "Ser Sonch"
    assert res.data["naturals"] == [6, 2, 9]
    assert len(res.data["rounds"]) == 1
    res = apply(fresh(), a.RollRandom(among=["Kara", "Ser Sonch", "Ubar"]), forced=[10, 10, 1])
    assert res.data["chosen"] == "Ubar"


def test_ties_are_rolled_again_among_the_tied_only() -> None:
    """Rulebook (line 328): - Random Knight: Roll one d10 for each Knight. The lowest roll designates the
    randomly chosen Knight.
    """
    knights = ["Kara", "Ser Sonch", "Ubar", "Paracelsa"]
    res = apply(fresh(), a.RollRandom(among=knights), forced=[3, 3, 7, 3, 5, 5, 8, 9, 2])
    rounds = [[(r["name"], r["natural"]) for r in rnd] for rnd in res.data["rounds"]]
    assert rounds == [
        [("Kara", 3), ("Ser Sonch", 3), ("Ubar", 7), ("Paracelsa", 3)],
        [("Kara", 5), ("Ser Sonch", 5), ("Paracelsa", 8)],  # Ubar's 7 is out of it
        [("Kara", 9), ("Ser Sonch", 2)],  # Paracelsa's 8 is out of it
    ]
    assert res.data["chosen"] == "Ser Sonch"
    assert res.data["naturals"] == [3, 3, 7, 3, 5, 5, 8, 9, 2]
    assert res.state.forced_dice == []


def test_a_tie_in_the_reroll_is_rolled_again_and_decided() -> None:
    """Rulebook (line 332): The lowest roll designates the randomly chosen element.
    """
    res = apply(fresh(), a.RollRandom(among=["a", "b", "c"]), forced=[2, 2, 2, 4, 4, 1, 6, 3])
    rounds = [[(r["name"], r["natural"]) for r in rnd] for rnd in res.data["rounds"]]
    assert rounds == [[("a", 2), ("b", 2), ("c", 2)], [("a", 4), ("b", 4), ("c", 1)]]
    assert res.data["chosen"] == "c"
    assert res.state.forced_dice == [6, 3]


@given(st.integers(min_value=0, max_value=10**6), st.integers(min_value=2, max_value=8))
@settings(max_examples=150, deadline=None)
def test_random_element_rounds_narrow_to_the_lowest(seed: int, n: int) -> None:
    names = [f"k{i}" for i in range(n)]
    chosen, rounds = random_element(Dice(seed=seed), names, "p")
    assert [name for name, _ in rounds[0]] == names
    for before, after in zip(rounds, rounds[1:], strict=False):
        low = min(v for _, v in before)
        assert [name for name, _ in after] == [name for name, v in before if v == low]
        assert len(after) >= 2
    last = rounds[-1]
    low = min(v for _, v in last)
    assert [name for name, v in last if v == low] == [chosen]
