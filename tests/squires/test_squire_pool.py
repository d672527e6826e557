"""The Knight Pool in a Squire's Attack (rules/squires/pool.py): Opening tokens add to the Mettle Precision, Power
tokens add Power, Break (and Black, the re-rolls being "used") turn the card's Potentials into Power, and the Pool is
cleared afterwards as after a Knight's Attack. Tam attacks the Cinder Abbot (To Hit 5, the top BP card's AT 6)."""

from __future__ import annotations

from rules.squires import clash as sc
from tests.squires.test_squire_clash import _do, _knight_round, _stack, _text


def _pool(state, **tokens: int) -> None:  # type: ignore[no-untyped-def]
    assert state.clash is not None
    state.clash.flow.pool = dict(tokens)


def test_opening_tokens_add_to_the_squires_precision() -> None:
    """Rulebook (line 1789): You may also spend a Clue token from the Squire's Clue card corresponding to the symbol on the Squire Mettle card to gain its Precision bonus. Compare your Precision from the drawn Mettle card and other Precision bonuses (such as Opening tokens) with the Monster's To Hit value.

    Grandfather's Tale (Roll 3) with 2 Opening tokens: Precision 5 against To Hit 5, a hit (without them: a miss and
    the policy's +1 Heat re-draw)."""  # noqa: E501
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_historic_tale", "mettle_critical_chance"])
    _pool(state, opening=2)
    result = _do(engine, state, sc.SquireAttack(squire="tam"))
    assert result.data["attack"]["result"] == "hit" and result.data["attack"]["outcome"] == "wound"
    assert result.state.squires["tam"].heat == 0 and "Precision 5" in _text(result)


def test_break_and_black_tokens_turn_potentials_into_power() -> None:
    """Rulebook (line 1796): Squires are considered to have used all available Power Re-rolls (for example for the purpose of all Black tokens turning a Potential into Power).

    Fool's Luck as the Power draw (Power 1, Potential 2) with 3 Power tokens, 1 Break and 1 Black: 1 + 3 + 2 = 6
    against AT 6, a Wound (without the Black token it would be 5, a Fail)."""  # noqa: E501
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_mystic_omen", "mettle_errant_luck"])
    _pool(state, power=3, **{"break": 1}, black=1)
    result = _do(engine, state, sc.SquireAttack(squire="tam"))
    attack = result.data["attack"]
    assert (attack["power"], attack["outcome"]) == (6, "wound")
    assert "2 Potential(s) turned into Power" in _text(result)


def test_the_pool_is_cleared_after_the_squires_attack() -> None:
    """Rulebook (line 1786): Squires perform Attacks in a similar manner to Knights, but they substitute the Attack Roll and the Power Roll with Mettle card draws.

    After a miss the Knight Pool is cleared as after a Knight's Attack: the Opening token goes, and of three unused
    Fire tokens all but one stay."""  # noqa: E501
    engine, state = _knight_round(warm=True)
    _stack(state, ["mettle_mystic_shiver", "mettle_historic_tale"])  # Roll 2 (+1 Opening), then Roll 3 (+1): misses
    _pool(state, opening=1, fire=3)
    result = _do(engine, state, sc.SquireAttack(squire="tam"))
    assert result.data["attack"]["outcome"] == "miss"
    assert result.state.clash is not None and result.state.clash.flow.pool == {"fire": 2}
