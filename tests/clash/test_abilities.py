"""Knights' active abilities in a Clash: /knight react (rulebook "Active Abilities", "Named Abilities", Keyword List
Reflex, Dodge, Block)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from bot.narration import texts
from content.schema.gear import Keyword
from rules.clash.abilities import KnightReact, base_name
from rules.clash.round_handlers import Choose, MonsterRound
from rules.engine import Engine
from rules.errors import RuleError
from rules.state import CampaignState
from tests.conftest import CATALOGUE, Table


async def _setup(table: Table, *, providence: bool = False) -> CampaignState:
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("@kara /knight armory add gear:gear_poultice_jar")
    await table.ok("@kara /knight loadout gear:gear_hunting_bow,gear_padded_gambeson,gear_poultice_jar")
    extra = " providence:true" if providence else ""
    await table.ok(f"/clash start monster:abbot level:3 type:full{extra}")
    state = CampaignState.model_validate(await table.state())
    assert state.clash is not None
    clash = state.clash
    for pile in (clash.ai_deck, clash.ai_discard, *clash.ai_escalation.values()):
        if "abbot_ai_censer_swing" in pile:
            pile.remove("abbot_ai_censer_swing")
    clash.ai_deck.insert(0, "abbot_ai_censer_swing")
    return state


def _engine_with_reflex_cloak() -> Engine:
    """The gambeson made a "Wilder Cloak": a Gear card with an Advanced Reflex ability."""
    gear = CATALOGUE.gear["gear_padded_gambeson"]
    catalogue = copy.copy(CATALOGUE)
    catalogue.gear = {**CATALOGUE.gear, gear.id: gear.model_copy(update={
        "keywords": [*gear.keywords, Keyword(name="Advanced Reflex")]})}
    return Engine(catalogue)


def _apply(engine: Engine, state: CampaignState, action: Any) -> Any:
    return engine.apply(state, action, engine.dice_for(state))


def _window(engine: Engine, state: CampaignState, kind: str) -> Any:
    result = _apply(engine, state, MonsterRound())
    while result.pending is not None and result.pending.kind != kind:
        result = _apply(engine, result.state, Choose(decision=result.pending.id, options=[result.pending.options[0]]))
    assert result.pending is not None
    return result


def _free_space_near(state: CampaignState, knight: str) -> str:
    mini = state.board.knight(knight)
    assert mini.space is not None
    for dr, dc in ((0, -1), (0, 1), (1, 0), (-1, 0)):
        r, c = mini.space.row + dr, mini.space.col + dc
        if 0 <= r < 8 and 0 <= c < 12 and all(k.space is None or (k.space.row, k.space.col) != (r, c)
                                                for k in state.board.knights):
            return f"{chr(ord('A') + r)}{c + 1}"
    raise AssertionError("no free space")


def test_base_name_strips_the_subtype() -> None:
    """Rulebook (line 545): The text of some abilities is preceded by an ability name (e.g. Dodge, Reflex) and,
    optionally, a subtype, preceding their name (such as Advanced Reflex, Superior Block)."""
    assert base_name("Advanced Reflex") == ("reflex", 2)
    assert base_name("Superior Block") == ("block", 3)
    assert base_name("Reflex") == ("reflex", 1)


async def test_reflex_and_advanced_reflex_not_in_the_same_window(table: Table) -> None:
    """Rulebook (line 548): Example: Kara has a Technique that grants her an ability called Advanced Reflex, as
    well as a Wilder Cloak Gear card with a Reflex ability. Even though one of them has a subtype (Advanced), while
    the other doesn't, they still have the same name and as such they cannot both be used in the same window of
    opportunity."""
    engine = _engine_with_reflex_cloak()
    state = await _setup(table)
    window = _window(engine, state, "react")
    kara = next(k.id for k in window.state.board.knights if k.name == "Kara")
    to = _free_space_near(window.state, kara)
    moved = _apply(engine, window.state, KnightReact(knight="kara", source="ashgrove_t_vanish", ability="Reflex",
                                                       to=to))
    assert moved.state.board.knight(kara).space.label == to
    assert moved.state.clash.flow.pending.id == window.pending.id  # the window stays open
    with pytest.raises(RuleError, match="already used an ability named Reflex in this Window"):
        _apply(engine, moved.state, KnightReact(knight="kara", source="gear_padded_gambeson",
                                                ability="Advanced Reflex", to=_free_space_near(moved.state, kara)))


async def test_an_active_ability_once_per_round_on_one_game_element(table: Table) -> None:
    """Rulebook (line 527): Example: During his turn, Ser Sonch uses the Alleviating Ointment Gear card to gain +3
    Vigor. He still has another charge on it, but since it is an active ability, it remains unusable until the end
    of this Knight Round."""
    state = await _setup(table, providence=True)
    engine = Engine(CATALOGUE)
    from rules.clash.round_handlers import KnightMove

    kara = next(k for k in state.board.knights if k.name == "Kara")
    opened = _apply(engine, state, KnightMove(knight="kara", to=_free_space_near(state, kara.id)))
    used = _apply(engine, opened.state, KnightReact(knight="kara", source="gear_poultice_jar", ability="ability 1"))
    jar = next(i for i in used.state.knights["kara"].loadout if i.gear == "gear_poultice_jar")
    assert jar.charges == 1
    assert any("Gain +2 Vigor" in x_ for x_ in texts(used.events))
    with pytest.raises(RuleError, match="once per Round"):
        _apply(engine, used.state, KnightReact(knight="kara", source="gear_poultice_jar", ability="ability 1"))


async def test_dodge_before_the_roll_and_block_after_it(table: Table) -> None:
    """Rulebook (line 1956): - Dodge: When you are about to resolve an Evasion Roll, gain +1 Evasion bonus for this
    roll. Possible subtypes of Dodge:

    Rulebook (line 1922): - Block: While performing an Evasion Roll, treat 1 successful hit as evaded. Possible
    subtypes of Block:"""
    gear = CATALOGUE.gear["gear_padded_gambeson"]
    catalogue = copy.copy(CATALOGUE)
    catalogue.gear = {**CATALOGUE.gear, gear.id: gear.model_copy(update={
        "keywords": [*gear.keywords, Keyword(name="Dodge"), Keyword(name="Block")]})}
    engine = Engine(catalogue)
    state = await _setup(table)
    window = _window(engine, state, "react")
    act = window.state.clash.flow.pending.resumed()
    target = window.state.board.knight(act.targets[0])
    other = next(k for k in window.state.board.knights if k.id != target.id)
    with pytest.raises(RuleError, match="only the Target"):
        _apply(engine, window.state, KnightReact(knight=other.name, source=_gambeson(window.state, other.name),
                                                 ability="Dodge"))
    source = _gambeson(window.state, target.name)
    dodged = _apply(engine, window.state, KnightReact(knight=target.name, source=source, ability="Dodge"))
    with pytest.raises(RuleError, match="use it once the dice are rolled"):
        _apply(engine, dodged.state, KnightReact(knight=target.name, source=source, ability="Block"))
    dodged.state.forced_dice = [1, 1]
    rolled = _apply(engine, dodged.state, Choose(decision=window.pending.id, options=["go_on"]))
    assert rolled.pending is not None and rolled.pending.kind == "evasion_reroll"
    bonus = 1 + (1 if source == "gear_padded_gambeson" else 0)
    assert any(f"1+{bonus} 1+{bonus}" in x_ for x_ in texts(rolled.events)), texts(rolled.events)
    blocked = _apply(engine, rolled.state, KnightReact(knight=target.name, source=source, ability="Block"))
    done = _apply(engine, blocked.state, Choose(decision=rolled.pending.id, options=["keep"]))
    assert any("1 hit(s) treated as evaded (Block)" in x_ for x_ in texts(done.events))


def _gambeson(state: CampaignState, name: str) -> str:
    k = next(k for k in state.knights.values() if k.name == name)
    assert any(i.gear == "gear_padded_gambeson" for i in k.loadout)
    return "gear_padded_gambeson"


async def test_an_ability_that_places_knight_tokens_fills_the_pool(table: Table) -> None:
    """Rulebook (line 437): You generate Knight tokens by using weapon abilities, Heroic Arcs or through other game
    effects. The area you place Knight tokens in is called the Knight Pool."""
    state = await _setup(table, providence=True)
    engine = Engine(CATALOGUE)
    from rules.clash.round_handlers import KnightMove

    sonch = next(k for k in state.board.knights if k.name == "Ser Sonch")
    opened = _apply(engine, state, KnightMove(knight="Ser Sonch", to=_free_space_near(state, sonch.id)))
    used = _apply(engine, opened.state, KnightReact(knight="Ser Sonch", source="gear_lantern_of_vigil",
                                                     ability="Kindle"))
    assert used.state.clash.flow.pool == {"opening": 1}
    lantern = next(i for i in used.state.knights["ser-sonch" if "ser-sonch" in used.state.knights else "ser_sonch"]
                   .loadout if i.gear == "gear_lantern_of_vigil")
    assert lantern.exhausted
