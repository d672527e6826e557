"""A Squire's Abilities and Heroic Arc applied by the bot (rules/squires/abilities.py, docs/squires.md "Abilities and
the Heroic Arc"): the structured effects of the starter Squires, the players' choices, the passives Stubborn and River
Legs, the next-Attack boons, and what stays by hand."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import rules  # noqa: F401  (registers the handlers)
from bot.narration import texts
from bot.narration.registry import carried
from content.schema.cards import Knockback
from content.schema.squires import SquireAbility as AbilityCard
from rules.board.geometry import parse_space
from rules.board.handlers import RemoveFromBoard, rebuild_board
from rules.board.state import terrain_from_spec
from rules.clash import harm
from rules.clash.handlers import ClashEnd, ClashStart
from rules.clash.round_handlers import Choose, KnightEndTurn
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.knights import statistics as st
from rules.knights.actions import KnightCreate
from rules.squires import actions as a
from rules.squires import clash as sc
from rules.state import CampaignState, DeckState
from tests.board.helpers import BOG
from tests.conftest import CATALOGUE, Table

MD = "starter_mettle"


def _do(engine: Engine, state: CampaignState, action: Any) -> Result:
    return engine.apply(state, action, engine.dice_for(state))


def _text(result: Result) -> str:
    return "\n".join(texts(result.events))


def _clash(squire: str, name: str, sid: str, at: str, knights: dict[str, str],
           engine: Engine | None = None) -> tuple[Engine, CampaignState]:
    """The Knights (Lanternbearers) and one Squire against the Cinder Abbot (level 1, on A5-C7 facing south, To Hit 5),
    beginning with the Knight Round (Wise Providence); every miniature is put where the test says."""
    engine = engine or Engine(CATALOGUE)
    state, _ = engine.new_state("t", 1)
    for kname in knights:
        state = _do(engine, state, KnightCreate(content="lanternbearer", name=kname, owner="kara")).state
    state = _do(engine, state, a.SquireAdd(content=squire, name=name, owner="kara")).state
    state = _do(engine, state, ClashStart(monster="abbot", level=1, clash_type="full", knights=list(knights),
                                          providence=True)).state
    state = _do(engine, state, sc.SquirePlace(squire=sid, space=at)).state
    _put(state, knights)
    return engine, state


def _put(state: CampaignState, where: dict[str, str]) -> None:
    ids = {k.lower(): v for k, v in where.items()}
    state.board = rebuild_board(state.board, knights=tuple(
        k.model_copy(update={"space": parse_space(ids[k.id])}) if k.id in ids else k for k in state.board.knights))


def _space(state: CampaignState, mini: str) -> str | None:
    k = next(k for k in state.board.knights if k.id == mini)
    return k.space.label if k.space else None


def _stack(state: CampaignState, cards: list[str]) -> None:
    state.decks[MD] = DeckState(draw=cards, discard=[])


# --- Tamsin Rook -----------------------------------------------------------------------------------------------------


def test_hold_the_reins_moves_and_gives_the_nearest_knight_evasion() -> None:
    """Rulebook (line 1528): Some Modifier tokens are temporary, meaning that they are discarded after they take effect
    (e.g. if you gain a temporary Evasion token, discard it after the next Evasion Roll).

    Hold the Reins: "Move 1 space toward the nearest Knight, then that Knight gains +1 Evasion for the next Evasion
    Roll." Tam on D5, Kara on H4 (5 spaces), Bors on D11 (6 spaces): Tam moves 1 space toward Kara."""
    engine, state = _clash("squire_tamsin", "Tam", "tam", "D5", {"Kara": "H4", "Bors": "D11"})
    used = _do(engine, state, sc.SquireAbility(squire="tam", ability="Hold the Reins"))
    after = used.state
    assert _space(after, "tam") == "D4"  # D4 and E5 are both 4 spaces from Kara: the first in board order
    assert "E5 was as close" in _text(used)
    assert after.knights["kara"].stats.temporary == {"evasion": 1}
    assert st.evasion_bonus(engine.catalogue, after.knights["kara"]) == 1
    assert after.knights["bors"].stats.temporary == {}
    assert used.data["ability"] == {"name": "Hold the Reins", "automated": True, "waiting": False}
    # the temporary token is discarded after Kara's next Evasion Roll
    assert st.after(engine.catalogue, after.knights["kara"], "evasion_roll")
    assert after.knights["kara"].stats.temporary == {}


def test_an_active_ability_is_used_once_per_round() -> None:
    """Rulebook (line 1750): - Abilities: Each active Squire Ability may only be used once per Round."""
    engine, state = _clash("squire_tamsin", "Tam", "tam", "D5", {"Kara": "H4"})
    used = _do(engine, state, sc.SquireAbility(squire="tam", ability="Hold the Reins"))
    with pytest.raises(RuleError, match="once per Round"):
        _do(engine, used.state, sc.SquireAbility(squire="tam", ability="hold the reins"))
    with pytest.raises(RuleError, match="always on"):
        _do(engine, state, sc.SquireAbility(squire="tam", ability="Stubborn"))


def test_nearest_knights_tied_ask_the_players() -> None:
    """Rulebook (line 1739): Squires follow most Knight rules—for example, they gain the same two actions per turn the
    Knights do—and are even considered Knights for the purposes of effects.

    Kara and Bors are both 3 spaces from Tam: the players choose which one is "the nearest Knight"."""
    engine, state = _clash("squire_tamsin", "Tam", "tam", "E6", {"Kara": "H6", "Bors": "E9"})
    asked = _do(engine, state, sc.SquireAbility(squire="tam", ability="Hold the Reins"))
    assert asked.pending is not None and asked.pending.kind == "squire_target"
    assert sorted(asked.pending.options) == ["bors", "kara"]
    assert _space(asked.state, "tam") == "E6"  # nothing moved yet
    done = _do(engine, asked.state, Choose(decision=asked.pending.id, options=["bors"]))
    assert _space(done.state, "tam") == "E7"
    assert done.state.knights["bors"].stats.temporary == {"evasion": 1}
    assert done.state.knights["kara"].stats.temporary == {}
    named = _do(engine, state, sc.SquireAbility(squire="tam", ability="Hold the Reins", knight="Kara"))
    assert named.pending is None and _space(named.state, "tam") == "F6"
    assert named.state.knights["kara"].stats.temporary == {"evasion": 1}


def test_stubborn_ignores_the_first_knockback_each_clash() -> None:
    """Rulebook (line 2018): - Knockback X: Move the affected miniature up to X spaces directly away from the source of
    Knockback in a straight line

    Stubborn: "The first time each Clash this Squire would be knocked back, ignore it." """
    engine, state = _clash("squire_tamsin", "Tam", "tam", "D5", {"Kara": "H4"})
    kb = Knockback(type="knockback", amount=2)
    h = harm.Harm(engine, state, engine.dice_for(state))
    harm.resolve_effects(h, "tam", [kb], monster_attack=True, source="Censer Swing")
    assert "🛡️ Stubborn: Tam ignores the knock back (the first time this Clash)." in [carried(x) for x in h.lines]
    assert state.squires["tam"].clash_marks == ["ignore_first_knockback"]
    h = harm.Harm(engine, state, engine.dice_for(state))
    harm.resolve_effects(h, "tam", [kb], monster_attack=True, source="Censer Swing")
    assert [carried(x) for x in h.lines] == ["✋ By hand: Censer Swing — knockback (Tam)."]  # the second one is the players' to move
    assert _space(state, "tam") == "D5"
    ended = _do(engine, state, ClashEnd())  # a new Clash: Stubborn works again
    assert ended.state.squires["tam"].clash_marks == []


def test_the_heroic_arc_lowers_heat_within_two_spaces_and_places_tokens() -> None:
    """Rulebook (line 542): When you reach the second ability window of your Attack, you must apply relevant effects
    from each level of the Heroic Arc that is still available.

    Tamsin's levels 2 ("Gain 1 Opening token.") and 5 ("Each Knight within 2 spaces lowers their Heat by 1."): Kara on
    D7 is 2 spaces from Tam (D5), Bors on H10 is not."""
    engine, state = _clash("squire_tamsin", "Tam", "tam", "D5", {"Kara": "D7", "Bors": "H10"})
    assert state.clash is not None
    state.clash.flow.pool = {}
    state.knights["kara"].stats.heat = 3
    state.knights["bors"].stats.heat = 3
    state.squires["tam"].heat = 2
    state.squires["tam"].passion = 4  # 5 after the Attack
    _stack(state, ["mettle_mystic_omen", "mettle_critical_chance"])
    result = _do(engine, state, sc.SquireAttack(squire="tam"))
    text = _text(result)
    after = result.state
    assert after.clash is not None and after.clash.flow.pool.get("opening") == 1
    assert "Heroic Arc (Passion 2): Tam places 1 Opening token(s) in the Knight Pool (1 there now)." in text
    assert after.knights["kara"].stats.heat == 2
    assert after.knights["bors"].stats.heat == 3
    assert after.squires["tam"].heat == 1  # its Refresh (2 → 1) only: "within 2 spaces" means the other Knights
    assert "Passion 8" not in text


def test_heroic_arc_boons_change_the_next_attack() -> None:
    """Rulebook (line 1790): If you drew the "Critical Chance" card, gain Critical Chance for this Attack; it is an
    automatic Full Hit.

    Tamsin level 8: "Draw 2 Mettle cards for your next Attack Roll and keep the better."; Ysolt level 4: "Your next
    Power Roll adds +2 Power."; level 7: "Gain Critical Chance on your next Attack Roll." """
    engine, state = _clash("squire_tamsin", "Tam", "tam", "D5", {"Kara": "H4"})
    state.squires["tam"].passion = 7
    _stack(state, ["mettle_mystic_omen", "mettle_critical_chance", "mettle_mystic_shiver"])
    first = _do(engine, state, sc.SquireAttack(squire="tam"))
    assert first.state.squires["tam"].boons == {"attack_draws": 2}
    # the next Attack (a later turn): Cold Shiver (Roll 2, a miss) and Good Omen (Roll 9, a hit): Good Omen is kept
    state = first.state
    assert state.clash is not None and state.clash.flow.turn is not None
    state.clash.flow.turn.attacked = False
    state.squires["tam"].passion = 0
    _stack(state, ["mettle_mystic_shiver", "mettle_mystic_omen", "mettle_martial_swing"])
    second = _do(engine, state, sc.SquireAttack(squire="tam", redraw=False))
    assert "Boon: 2 cards drawn for this Attack Roll; Tam keeps **Good Omen**." in _text(second)
    assert second.data["attack"]["attack_card"] == "mettle_mystic_omen"
    assert second.data["attack"]["result"] == "hit"
    assert second.state.squires["tam"].boons == {}
    assert second.state.decks[MD].draw == []  # both Attack cards and the Power card were drawn


def test_ysolt_boons_critical_chance_and_power() -> None:
    """Rulebook (line 1790): If you drew the "Critical Chance" card, gain Critical Chance for this Attack; it is an
    automatic Full Hit."""
    engine, state = _clash("squire_ysolt", "Ys", "ys", "D5", {"Kara": "H4"})
    state.squires["ys"].passion = 6  # 7 after the Attack: levels 2, 4 and 7
    assert state.clash is not None
    state.clash.flow.pool = {}
    _stack(state, ["mettle_mystic_omen", "mettle_martial_swing"])
    first = _do(engine, state, sc.SquireAttack(squire="ys"))
    assert first.state.squires["ys"].boons == {"power": 2, "critical_chance": 1}
    assert first.state.clash is not None and first.state.clash.flow.pool.get("break") == 1
    state = first.state
    assert state.clash is not None and state.clash.flow.turn is not None
    state.clash.flow.turn.attacked = False
    state.squires["ys"].passion = 0
    _stack(state, ["mettle_martial_swing", "mettle_mystic_shiver"])
    second = _do(engine, state, sc.SquireAttack(squire="ys", redraw=False))
    attack = second.data["attack"]
    assert attack["attack_card"] is None and attack["result"] == "full_hit"  # no Attack card drawn
    assert attack["power_card"] == "mettle_martial_swing" and attack["power"] == 5 + 2
    assert "Boon: +2 Power → 7." in _text(second)
    assert second.state.decks[MD].draw == ["mettle_mystic_shiver"]
    assert second.state.squires["ys"].boons == {}


def test_boons_lapse_when_the_clash_ends() -> None:
    """Rulebook (line 1743): Squire cards contain all the information related to a given Squire, including their tier,
    statistics, and Abilities, as well as their own Heroic Arc."""
    engine, state = _clash("squire_ysolt", "Ys", "ys", "D5", {"Kara": "H4"})
    state.squires["ys"].boons = {"power": 2}
    assert _do(engine, state, ClashEnd()).state.squires["ys"].boons == {}


# --- Wendel the Tallow-Monk --------------------------------------------------------------------------------------------


def test_vigil_candle_asks_which_knight_when_several_fit() -> None:
    """Rulebook (line 1739): Squires follow most Knight rules—for example, they gain the same two actions per turn the
    Knights do—and are even considered Knights for the purposes of effects.

    Vigil Candle: "A Knight within 2 spaces regains 1 Vigor." Kara (D7) and Bors (F5) are both within 2 spaces of Wen
    (D5): the players choose."""
    engine, state = _clash("squire_wendel", "Wen", "wen", "D5", {"Kara": "D7", "Bors": "F5"})
    state.knights["kara"].stats.vigor = 9
    state.knights["bors"].stats.vigor = 9
    asked = _do(engine, state, sc.SquireAbility(squire="wen", ability="Vigil Candle"))
    assert asked.pending is not None and sorted(asked.pending.options) == ["bors", "kara"]
    assert asked.data["ability"]["waiting"] is True
    with pytest.raises(RuleError, match="waits for a decision"):
        _do(engine, asked.state, sc.SquireAbility(squire="wen", ability="Chant of Wax"))
    done = _do(engine, asked.state, Choose(decision=asked.pending.id, options=["kara"]))
    assert done.state.knights["kara"].stats.vigor == 10
    assert done.state.knights["bors"].stats.vigor == 9
    named = _do(engine, state, sc.SquireAbility(squire="wen", ability="Vigil Candle", knight="Bors"))
    assert named.pending is None and named.state.knights["bors"].stats.vigor == 10
    assert named.state.knights["kara"].stats.vigor == 9
    with pytest.raises(RuleError, match="is not a Knight within 2 spaces"):
        _put(state, {"Bors": "H10"})
        _do(engine, state, sc.SquireAbility(squire="wen", ability="Vigil Candle", knight="Bors"))
    alone = _do(engine, state, sc.SquireAbility(squire="wen", ability="Vigil Candle"))  # only Kara fits
    assert alone.pending is None and alone.state.knights["kara"].stats.vigor == 10


def test_vigil_candle_with_no_knight_near_is_refused_and_not_counted() -> None:
    """Rulebook (line 1750): - Abilities: Each active Squire Ability may only be used once per Round."""
    engine, state = _clash("squire_wendel", "Wen", "wen", "D5", {"Kara": "H10"})
    with pytest.raises(RuleError, match="no Knight within 2 spaces"):
        _do(engine, state, sc.SquireAbility(squire="wen", ability="Vigil Candle"))
    assert state.clash is not None and state.clash.flow.used == []


def test_chant_of_wax_removes_bane_and_costs_heat() -> None:
    """Rulebook (line 1739): Squires follow most Knight rules—for example, they gain the same two actions per turn the
    Knights do—and are even considered Knights for the purposes of effects.

    Chant of Wax: "Remove 1 Bane token from a Knight in your space; this Squire gains 1 Heat." (two miniatures never
    share a space: a Knight next to the Squire, docs/rulings.md)."""
    engine, state = _clash("squire_wendel", "Wen", "wen", "D5", {"Kara": "D6", "Bors": "H10"})
    state.knights["kara"].stats.bane = 2
    state.knights["bors"].stats.bane = 2
    used = _do(engine, state, sc.SquireAbility(squire="wen", ability="Chant of Wax"))
    assert used.state.knights["kara"].stats.bane == 1
    assert used.state.knights["bors"].stats.bane == 2
    assert used.state.squires["wen"].heat == 1


def test_wendels_heroic_arc_asks_who_gains_passion_then_heals_all() -> None:
    """Rulebook (line 542): When you reach the second ability window of your Attack, you must apply relevant effects
    from each level of the Heroic Arc that is still available.

    Wendel level 3: "A Knight of your choice gains 1 Passion."; level 6: "All Knights regain 1 Vigor." """
    engine, state = _clash("squire_wendel", "Wen", "wen", "D5", {"Kara": "H4", "Bors": "H10"})
    state.squires["wen"].passion = 5  # 6 after the Attack
    state.squires["wen"].vigor = 3
    state.knights["kara"].stats.vigor = 9
    state.knights["bors"].stats.vigor = 9
    _stack(state, ["mettle_mystic_omen", "mettle_critical_chance"])
    asked = _do(engine, state, sc.SquireAttack(squire="wen"))
    assert asked.pending is not None and asked.pending.kind == "squire_target"
    assert sorted(asked.pending.options) == ["bors", "kara"]
    assert asked.state.knights["kara"].stats.vigor == 9  # level 6 waits for the answer
    done = _do(engine, asked.state, Choose(decision=asked.pending.id, options=["bors"]))
    after = done.state
    assert after.knights["bors"].stats.passion == 1 and after.knights["kara"].stats.passion == 0
    assert after.knights["kara"].stats.vigor == 10 and after.knights["bors"].stats.vigor == 10
    assert after.squires["wen"].vigor == 4  # "All Knights": Wen too (considered a Knight for effects)


# --- Ysolt of the Lamprey Ferry ----------------------------------------------------------------------------------------


def test_boathook_pulls_the_monster_and_breaks_next_to_a_knight() -> None:
    """Rulebook (line 2054): - Pull X: Move the affected miniature up to X spaces toward the source of the Pull, along
    the shortest possible path

    Boathook: "Pull a Monster part 1 space toward you; gain 1 Break token if it ends adjacent to a Knight." """
    engine, state = _clash("squire_ysolt", "Ys", "ys", "F6", {"Kara": "E9"})
    assert state.clash is not None
    state.clash.flow.pool = {}
    lumbering = _do(engine, state, sc.SquireAbility(squire="ys", ability="Boathook"))
    assert "The Cinder Abbot is Lumbering and cannot be pulled." in _text(lumbering)
    state.board = rebuild_board(state.board, monsters=tuple(m.model_copy(update={"lumbering": False})
                                                       for m in state.board.monsters))
    used = _do(engine, state, sc.SquireAbility(squire="ys", ability="Boathook"))
    m = used.state.board.monsters[0]
    assert sorted(c.label for c in m.cells) == ["B5", "B6", "B7", "C5", "C6", "C7", "D5", "D6", "D7"]
    assert used.state.clash is not None and used.state.clash.flow.pool == {}  # Kara (E9) is not adjacent
    assert "does not end adjacent to a Knight" in _text(used)
    _put(state, {"Kara": "E7"})
    used = _do(engine, state, sc.SquireAbility(squire="ys", ability="Boathook"))
    assert used.state.clash is not None and used.state.clash.flow.pool == {"break": 1}


def test_river_legs_ignores_difficult_terrain() -> None:
    """Rulebook (line 1951): - Difficult Terrain: Terrain keyword. If, during voluntary movement, a Knight moves through
    any number of Difficult Terrain tile spaces, they move one less space.

    River Legs: "This Squire ignores Difficult Terrain." Ysolt (Speed 5) crosses a Bog to a space 5 away; Tamsin
    (Speed 4) cannot reach one 4 away through it."""
    bog = terrain_from_spec(BOG, parse_space("F5"))
    engine, state = _clash("squire_ysolt", "Ys", "ys", "F3", {"Kara": "H11"})
    state.board = rebuild_board(state.board, terrain=(*state.board.terrain, bog))
    moved = _do(engine, state, sc.SquireMove(squire="ys", to="F8"))  # F4 F5 F6 F7 F8: the Bog on F5 and F6
    assert _space(moved.state, "ys") == "F8"
    with pytest.raises(RuleError, match="cannot move to F9"):
        _do(engine, state, sc.SquireMove(squire="ys", to="F9"))
    engine, state = _clash("squire_tamsin", "Tam", "tam", "F3", {"Kara": "H11"})
    state.board = rebuild_board(state.board, terrain=(*state.board.terrain, bog))
    with pytest.raises(RuleError, match="cannot move to F7"):
        _do(engine, state, sc.SquireMove(squire="tam", to="F7"))
    assert _space(_do(engine, state, sc.SquireMove(squire="tam", to="F6")).state, "tam") == "F6"


# --- what stays by hand, and the board ---------------------------------------------------------------------------------


def test_an_ability_without_effects_is_shown_by_hand() -> None:
    """Rulebook (line 1750): - Abilities: Each active Squire Ability may only be used once per Round."""
    card = CATALOGUE.squires["squire_tamsin"]
    plain = AbilityCard(name="Whistle", text="Every Monster turns to face this Squire.")
    squires = {**CATALOGUE.squires, "squire_tamsin": card.model_copy(update={"abilities": [plain]})}
    engine = Engine(dataclasses.replace(CATALOGUE, squires=squires))
    engine, state = _clash("squire_tamsin", "Tam", "tam", "D5", {"Kara": "H4"}, engine)
    used = _do(engine, state, sc.SquireAbility(squire="tam", ability="Whistle"))
    assert "✋ By hand: Every Monster turns to face this Squire. — e.g." in _text(used)
    assert used.data["ability"] == {"name": "Whistle", "automated": False}
    assert used.state.clash is not None and "tam:squire:whistle" in used.state.clash.flow.used


def test_clash_remove_finds_a_squire_with_a_hyphen() -> None:
    """Rulebook (line 1739): Squires follow most Knight rules—for example, they gain the same two actions per turn the
    Knights do—and are even considered Knights for the purposes of effects.

    The Squire "Sir Tam" has the id ``sir-tam``: ``/clash remove`` finds it by id or by name."""
    engine, state = _clash("squire_tamsin", "Sir Tam", "sir-tam", "D5", {"Kara": "H4"})
    gone = _do(engine, state, RemoveFromBoard(name="sir-tam")).state
    assert [k.id for k in gone.board.knights] == ["kara"]
    gone = _do(engine, state, RemoveFromBoard(name="Sir Tam")).state
    assert [k.id for k in gone.board.knights] == ["kara"]


async def test_squire_ability_commands_end_to_end(table: Table) -> None:
    """Rulebook (line 1750): - Abilities: Each active Squire Ability may only be used once per Round."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    await table.ok('@kara /squire add squire:squire_wendel name:"Wen"')
    await table.ok("/clash start monster:abbot level:1 type:full knights:Kara providence:true")
    await table.ok("@kara /squire place space:D5")
    await table.ok('/clash place kind:knight name:"Kara" space:D6')
    await table.ok("/clash adjust knight:Kara stat:bane value:2")
    reply = await table.ok('@kara /squire ability ability:"Chant of Wax" knight:Kara')
    assert reply.data["ability"]["automated"] is True
    state = await table.state()
    assert state["knights"]["kara"]["stats"]["bane"] == 1 and state["squires"]["wen"]["heat"] == 1
    refused = await table('@kara /squire ability ability:"Chant of Wax"')
    assert not refused.ok and "once per Round" in refused.error


def test_a_policy_turn_waits_for_the_arc_choice_then_ends() -> None:
    """Rulebook (line 542): When you reach the second ability window of your Attack, you must apply relevant effects
    from each level of the Heroic Arc that is still available.

    The last Knight ends their turn: the bot plays Wen's turn by the policy; his Heroic Arc (Passion 3) asks which
    Knight gains 1 Passion, and the turn (and the Knight Round) ends once the players answer."""
    engine, state = _clash("squire_wendel", "Wen", "wen", "D5", {"Kara": "H4", "Bors": "H10"})
    state.squires["wen"].passion = 2
    _stack(state, ["mettle_mystic_omen", "mettle_critical_chance"])
    state = _do(engine, state, KnightEndTurn(knight="Kara")).state
    asked = _do(engine, state, KnightEndTurn(knight="Bors"))
    assert asked.pending is not None and asked.pending.kind == "squire_target"
    assert asked.state.clash is not None and asked.state.clash.flow.turn is not None  # Wen's turn waits
    done = _do(engine, asked.state, Choose(decision=asked.pending.id, options=["kara"]))
    assert done.state.knights["kara"].stats.passion == 1
    assert "⏹️ Wen ends their turn." in _text(done)
    assert done.state.clash is not None and done.state.clash.flow.phase == "monster"


async def test_a_squires_question_is_answered_by_its_owner_or_the_gm(table: Table) -> None:
    """Rulebook (line 1737): Squires are a simplified, automated system intended to stand in for missing Knights.

    Wen (Kara's player's Squire) uses Vigil Candle with Kara and Bors both within 2 spaces: the question which Knight
    regains Vigor belongs to Wen's owner (and the GM), not to Bors's player."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Kara"')
    await table.ok('@bors /knight create knight:lanternbearer name:"Bors"')
    await table.ok('@kara /squire add squire:squire_wendel name:"Wen"')
    await table.ok("/clash start monster:abbot level:1 type:full knights:Kara,Bors providence:true")
    await table.ok("@kara /squire place space:F5")
    await table.ok('/clash place kind:knight name:"Kara" space:F6')
    await table.ok('/clash place kind:knight name:"Bors" space:F4')
    asked = await table.ok('@kara /squire ability ability:"Vigil Candle"')
    assert asked.pending is not None and asked.pending["who"] == ["kara"]
    refused = await table(f"@bors /choose decision:{asked.pending['id']} option:bors")
    assert not refused.ok and "Wen" in (refused.error or "")
    await table.ok(f"@kara /choose decision:{asked.pending['id']} option:bors")
