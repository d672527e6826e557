"""Defensive and Monster Attack keywords of the Keyword List: Dodge, Block, Defy and Reflex subtypes, Lesser Dodge,
Reinforce X and its subtypes, Doomed, Swarm X, Splinter X, Immune to ..., Sacrifice and Daze
(rules/clash/abilities.py, knight_windows.py, attack_keywords.py, peril.py; rules/knights/conditions.py).

The starter pack has no Gear carrying most of these keywords: each test gives a copy of the catalogue a changed card
(the Knights are Brannoch-based, as in tests/clash/test_knight_attack.py: the Padded Gambeson gives +1 Evasion and
1 white Armor die; Kara on D5 is the Cinder Abbot's Censer Swing Target: 3 Evasion dice at 6+ (2 and the level's +1), REACT!
before the Attack, then lose 3 Vigor (2 and the level's +1) and gain 1 Heat).
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.narration import texts
from bot.narration.registry import carried
from content.schema.cards import Card, GainBane, GainCondition, LoseVigor
from content.schema.gear import Keyword
from content.schema.monsters import AttackKeyword
from rules.board import parse_space
from rules.board.handlers import PlaceKnight
from rules.board.knight_movement import IllegalMove, knight_move
from rules.board.measures import in_front
from rules.board.monster_movement import facing_toward
from rules.clash import attack_keywords, evasion
from rules.clash.abilities import KnightReact
from rules.clash.activation_state import Activation
from rules.clash.flow import KnightTurn
from rules.clash.handlers import ClashStart
from rules.clash.round_handlers import Choose
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.knights import conditions
from rules.knights.actions import KnightCreate
from rules.state import CampaignState
from tests.board.helpers import board, boss, knight, mob
from tests.clash import swing
from tests.clash.test_defy import judgement_failed
from tests.clash.test_harm import harm
from tests.clash.test_knight_attack import clash, fight
from tests.conftest import CATALOGUE

GAMBESON, MACE = "gear_padded_gambeson", "gear_pilgrims_mace"
HOMILY = "abbot_ai_ember_homily"  # a Judgement: Sagacity 6+; the Knight with the highest Passion


# --- helpers --------------------------------------------------------------------------------------------------


def gear_with(gid: str, *names: str | Keyword, **update: Any) -> Engine:
    """The catalogue with Gear ``gid`` given more keywords (and other changed fields)."""
    g = CATALOGUE.gear[gid]
    extra = [n if isinstance(n, Keyword) else Keyword(name=n) for n in names]
    changed = g.model_copy(update={"keywords": [*g.keywords, *extra], **update})
    return Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, gid: changed}))


def attack_with(card_id: str, *keywords: AttackKeyword, engine: Engine | None = None) -> Engine:
    """The catalogue with the Cinder Abbot's AI card ``card_id`` given Attack keywords."""
    cat = (engine or Engine(CATALOGUE)).catalogue
    m = cat.monsters["abbot"]
    cards = [c.model_copy(update={"keywords": list(keywords)}) if c.id == card_id else c for c in m.ai_cards]
    return Engine(dataclasses.replace(cat, monsters={**cat.monsters, "abbot": m.model_copy(update={"ai_cards": cards})}))


def react_window(engine: Engine, state: CampaignState) -> Result:
    """The REACT! before the Censer Swing's Attack (no die rolled yet)."""
    result, _ = swing.play(engine, state, [], until="react")
    assert result.pending is not None and result.pending.kind == "react"
    return result


def pending(result: Result) -> Any:
    """The Clash decision waiting in ``result`` (a Reaction leaves the window open)."""
    assert result.state.clash is not None and result.state.clash.flow.pending is not None
    return result.state.clash.flow.pending


def answer(engine: Engine, result: Result, option: str, forced: list[int] | None = None) -> Result:
    return swing.apply(engine, result.state, Choose(decision=pending(result).id, options=[option]), forced)


def said(result: Result) -> str:
    return "\n".join(texts(result.events))


def activation(result: Result) -> dict[str, Any]:
    return pending(result).resumed().model_dump()


def react(engine: Engine, result: Result, ability: str, source: str = GAMBESON, who: str = "Kara",
          to: str | None = None) -> Result:
    return swing.apply(engine, result.state, KnightReact(knight=who, source=source, ability=ability, to=to))


# --- Dodge, Block, Defy, Reflex subtypes ---------------------------------------------------------------------


@pytest.mark.parametrize(("ability", "bonus"), [("Advanced Dodge", 2), ("Superior Dodge", 3)])
def test_advanced_and_superior_dodge_add_two_and_three(ability: str, bonus: int) -> None:
    """Rulebook (line 1958): - Advanced Dodge: Gain +2 Evasion bonus instead.

    Rulebook (line 1959): - Superior Dodge: Gain +3 Evasion bonus instead."""
    engine = gear_with(GAMBESON, ability)
    window = react_window(engine, clash(engine=engine))
    dodged = react(engine, window, ability)
    assert activation(dodged)["evasion_bonus"] == bonus
    rolled = answer(engine, dodged, "go_on", [4, 4, 4])
    total = 1 + bonus  # the Gambeson's +1 and the Dodge
    assert f"4+{total} 4+{total} 4+{total} vs 6+" in said(rolled), said(rolled)


def test_lesser_dodge_only_without_other_evasion_bonuses() -> None:
    """Rulebook (line 1957): - Lesser Dodge: When you are about to resolve an Evasion roll and have no other Evasion
    bonuses, gain +1 Evasion bonus for this roll."""
    engine = gear_with(GAMBESON, "Lesser Dodge", evasion=0)  # a Gambeson without its +1 Evasion
    state = clash(engine=engine)
    assert evasion.defence(engine.catalogue, state.knights["kara"]).bonus == 0
    window = react_window(engine, state)
    dodged = react(engine, window, "Lesser Dodge")
    assert activation(dodged)["evasion_bonus"] == 1
    rolled = answer(engine, dodged, "go_on", [5, 5, 5])
    assert "5+1 5+1 5+1 vs 6+ → 0 hit(s)" in said(rolled), said(rolled)
    state.knights["kara"].stats.modifiers["evasion"] = 1  # another Evasion bonus: an Evasion Modifier token
    window = react_window(engine, state)
    with pytest.raises(RuleError, match="only with no other Evasion bonuses"):
        react(engine, window, "Lesser Dodge")


@pytest.mark.parametrize(("ability", "evaded"), [("Advanced Block", 2), ("Superior Block", 3)])
def test_advanced_and_superior_block_evade_two_and_three_hits(ability: str, evaded: int) -> None:
    """Rulebook (line 1923): - Advanced Block: While performing an Evasion Roll, treat 2 successful hits as evaded.

    Rulebook (line 1924): - Superior Block: While performing an Evasion Roll, treat 3 successful hits as evaded."""
    engine = gear_with(GAMBESON, ability)
    window = react_window(engine, clash(engine=engine))
    rolled = answer(engine, window, "go_on", [1, 1])  # two hits
    assert rolled.pending is not None and rolled.pending.kind == "evasion_reroll"
    vigor = rolled.state.knights["kara"].stats.vigor
    blocked = react(engine, rolled, ability)
    assert activation(blocked)["evaded"] == evaded
    kept = answer(engine, blocked, "keep")
    assert "2 hit(s) treated as evaded (Block)" in said(kept) and "Full Evade" in said(kept)
    assert kept.state.knights["kara"].stats.vigor == vigor


@pytest.mark.parametrize(("ability", "evaded"), [("Advanced Defy", 2), ("Superior Defy", 3)])
def test_advanced_and_superior_defy_evade_a_judgements_hit(ability: str, evaded: int) -> None:
    """Rulebook (line 1944): - Advanced Defy: While performing a Virtue test caused by a Judgement, treat 2 hits as
    evaded.

    Rulebook (line 1945): - Superior Defy: While performing a Virtue test caused by a Judgement, treat 3 hits as
    evaded."""
    engine = gear_with(GAMBESON, ability)
    failed = judgement_failed(engine)
    kara = failed.state.knights["kara"]
    vigor, bane = kara.stats.vigor, kara.stats.bane
    defied = react(engine, failed, ability)
    assert activation(defied)["evaded"] == evaded
    kept = answer(engine, defied, "keep")
    assert "Defy: the Judgement's hit is treated as evaded." in said(kept)
    assert (kept.state.knights["kara"].stats.vigor, kept.state.knights["kara"].stats.bane) == (vigor, bane)


def test_superior_reflex_moves_up_to_three_spaces() -> None:
    """Rulebook (line 2065): - Superior Reflex: Move up to 3 spaces."""
    engine = gear_with(GAMBESON, "Superior Reflex")
    window = react_window(engine, clash(engine=engine))
    board_state = window.state.board
    far = None
    for r in range(board_state.spec.rows):
        for c in range(board_state.spec.columns):
            space = parse_space(f"{chr(ord('A') + r)}{c + 1}")
            try:
                knight_move(board_state, "kara", space, 3)
            except (IllegalMove, ValueError):
                continue
            try:
                knight_move(board_state, "kara", space, 2)
            except (IllegalMove, ValueError):
                far = space.label  # three spaces away: beyond a Reflex or an Advanced Reflex
                break
        if far:
            break
    assert far is not None
    moved = react(engine, window, "Superior Reflex", to=far)
    assert moved.state.board.knight("kara").space is not None
    assert moved.state.board.knight("kara").space.label == far


# --- Reinforce X ----------------------------------------------------------------------------------------------


def clash_as(engine: Engine, content: str, at: str = "D5") -> CampaignState:
    """A Clash against the Cinder Abbot (level 1) where Kara is a Knight of ``content``, on ``at``."""
    state, _ = engine.new_state("Keywords", 5)
    for knight_content, name in ((content, "Kara"), ("lanternbearer", "Ser Sonch")):
        state = engine.apply(state, KnightCreate(content=knight_content, name=name, owner=name.lower()),
                             engine.dice_for(state)).state
    state = engine.apply(state, ClashStart(monster="abbot", level=1, clash_type="full"), engine.dice_for(state)).state
    return engine.apply(state, PlaceKnight(name="Kara", space=at), engine.dice_for(state)).state


def marrow_clash(engine: Engine) -> CampaignState:
    """Kara is a Dame Isolde Marrow with her Bone Ward Technique ("Reinforce 1 for your next Armor Roll", +2 Heat)
    in hand and no Gear (no Armor dice of her own), on D5."""
    state = clash_as(engine, "marrow")
    k = state.knights["kara"]
    k.board.techniques["marrow_t_ossuary"] = "hand"
    k.loadout = []
    return state


def test_reinforce_from_a_technique_adds_red_dice_to_the_next_armor_roll() -> None:
    """Rulebook (line 2067): - Reinforce X: When you are about to resolve an Armor Roll, add X red dice to your Armor
    dice Pool. Possible subtypes:

    The red die on face 3 shows 2 Power: 2 of the Censer Swing's 3 Vigor loss are cancelled; without Reinforce there
    is no Armor Roll and Kara loses 3 Vigor."""
    engine = Engine(CATALOGUE)
    state = marrow_clash(engine)
    window = react_window(engine, state)
    vigor = window.state.knights["kara"].stats.vigor
    plain = answer(engine, answer(engine, window, "go_on", [1, 1, 1]), "keep", [3])
    assert plain.state.knights["kara"].stats.vigor == vigor - 3
    reinforced = react(engine, window, "Reinforce", source="marrow_t_ossuary")
    assert reinforced.state.clash is not None
    assert reinforced.state.clash.flow.named["reinforce:kara"] == ["red"]
    assert reinforced.state.knights["kara"].stats.heat == window.state.knights["kara"].stats.heat + 2  # its cost
    done = answer(engine, answer(engine, reinforced, "go_on", [1, 1, 1]), "keep", [3])
    text = said(done)
    assert "Reinforce: Kara adds 1 red Armor dice" in text, text
    assert "Armor Roll (1 red from Reinforce): red 2 Power → **2 Armor**; Vigor loss 3 → 1." in text, text
    assert done.state.clash is not None and "reinforce:kara" not in done.state.clash.flow.named  # used up
    with pytest.raises(RuleError, match="Window of Opportunity"):  # not before an Armor Roll: refused
        state.clash.flow.phase = "knight"  # type: ignore[union-attr]
        state.clash.flow.turn = KnightTurn(knight="kara")  # type: ignore[union-attr]
        swing.apply(engine, state, KnightReact(knight="Kara", source="marrow_t_ossuary", ability="Reinforce"))


def test_reinforce_on_equipped_gear_adds_red_dice_to_every_armor_roll() -> None:
    """Rulebook (line 2067): - Reinforce X: When you are about to resolve an Armor Roll, add X red dice to your Armor
    dice Pool. Possible subtypes:

    A Gambeson with Reinforce 1 rolls 1 red and 1 white die: faces 3 and 1 give 2 Power in either order (red 3: 2
    Power, white 1: blank; white 3: 1 Power, red 1: 1 Power); the Gambeson alone rolling a 3 gives 1."""
    h = harm("Kara", engine=gear_with(GAMBESON, Keyword(name="Reinforce", value=1)))
    h.dice.forced = [3, 1]
    from rules.clash.harm import resolve_effects

    resolve_effects(h, "kara", [LoseVigor(type="lose_vigor", amount=3)], monster_attack=True)
    assert h.state.knights["kara"].stats.vigor == 11
    assert any("1 red, 1 white from" in line and "**2 Armor**" in line for line in map(carried, h.lines)), h.lines
    plain = harm("Kara")
    plain.dice.forced = [3]
    resolve_effects(plain, "kara", [LoseVigor(type="lose_vigor", amount=3)], monster_attack=True)
    assert plain.state.knights["kara"].stats.vigor == 10


def test_advanced_and_superior_reinforce_add_black_and_white_dice() -> None:
    """Rulebook (line 2068): - Advanced Reinforce X: When you are about to resolve an Armor Roll, add X black dice to
    your Armor dice Pool.

    Rulebook (line 2069): - Superior Reinforce X: When you are about to resolve an Armor Roll, add X white dice to your
    Armor dice Pool."""
    engine = gear_with(GAMBESON, Keyword(name="Advanced Reinforce", value=2), Keyword(name="Superior Reinforce",
                                                                                      value=1))
    h = harm("Kara", engine=engine)
    h.dice.forced = [1, 1, 1, 1]  # every face blank
    from rules.clash.harm import resolve_effects

    before = h.dice.position
    resolve_effects(h, "kara", [LoseVigor(type="lose_vigor", amount=3)], monster_attack=True)
    assert any("Armor Roll (2 black, 2 white from" in line for line in map(carried, h.lines)), h.lines
    assert h.dice.position == before + 4  # the Gambeson's white die, 2 black and 1 white
    assert h.state.knights["kara"].stats.vigor == 9
    window_engine = engine
    window = react_window(window_engine, clash(engine=window_engine))
    with pytest.raises(RuleError, match="costs nothing"):  # a cost-free Gear keyword is not declared
        react(window_engine, window, "Advanced Reinforce 2")


# --- Doomed, Swarm X, Splinter X -----------------------------------------------------------------------------


def test_doomed_refuses_heat_rerolls_of_the_evasion_roll() -> None:
    """Rulebook (line 1960): - Doomed: During this Monster Attack, Knights cannot re-roll the Evasion Roll or
    Judgement test using Heat."""
    plain = Engine(CATALOGUE)
    rolled = answer(plain, react_window(plain, clash(engine=plain)), "go_on", [1, 1, 1])
    assert rolled.pending is not None and {"1", "2"} <= set(rolled.pending.options)  # Heat re-rolls offered
    engine = attack_with(swing.SWING, AttackKeyword(name="Doomed"))
    rolled = answer(engine, react_window(engine, clash(engine=engine)), "go_on", [1, 1, 1])
    assert rolled.pending is not None and rolled.pending.options == ["keep"]
    assert "Doomed" in rolled.pending.prompt
    with pytest.raises(RuleError):
        answer(engine, rolled, "1")
    kept = answer(engine, rolled, "keep")
    assert "re-roll" not in said(kept) and "Vigor loss 3 → 3" in said(kept)  # every die hits


def test_doomed_refuses_the_heat_reroll_of_a_judgement_test() -> None:
    """Rulebook (line 1960): - Doomed: During this Monster Attack, Knights cannot re-roll the Evasion Roll or
    Judgement test using Heat."""
    assert judgement_failed(Engine(CATALOGUE)).pending.options == ["1", "keep"]  # type: ignore[union-attr]
    failed = judgement_failed(attack_with(HOMILY, AttackKeyword(name="Doomed")))
    assert failed.pending is not None and failed.pending.options == ["keep"]


def _swarm_harm(*names: str, minis: tuple[Any, ...]) -> Any:
    h = harm(*names, on_board=board(boss("boss", "A1"), *minis))
    for k in h.state.knights.values():
        k.loadout = []  # no Armor Roll
    return h


def _hit(h: Any, card_keywords: list[AttackKeyword]) -> list[str]:
    card = CATALOGUE.monsters["abbot"].ai_cards[0].model_copy(update={"keywords": card_keywords})
    act = Activation(source="ai", monster="boss", card=card.id, targets=["kara"], hits=1)
    return attack_keywords.on_hit(h.engine, h.state, h.dice, act, card, "kara", judgement=False)


def test_swarm_loses_vigor_for_each_other_adjacent_monster() -> None:
    """Rulebook (line 2097): - Swarm X: The attacked Knight loses -X Vigor for each other adjacent Monster.

    The attacking Boss on A1 and two Mobs (B2, A3) are adjacent to Kara on A2; a third Mob on H12 is not: Swarm 2
    costs 2 × 2 Vigor (the attacker is not an *other* Monster)."""
    h = _swarm_harm("Kara", minis=(knight("kara", "A2"), mob("m1", "B2", 1), mob("m2", "A3", 2),
                                   mob("m3", "H12", 3)))
    lines = _hit(h, [AttackKeyword(name="Swarm", value=2)])
    assert h.state.knights["kara"].stats.vigor == 8, lines
    assert any("Swarm 2: 2 other adjacent Monster(s): Kara loses 4 Vigor." in carried(line) for line in lines)


def test_splinter_hurts_the_knights_adjacent_to_the_target() -> None:
    """Rulebook (line 2090): - Splinter X: Knights adjacent to the Target of the Attack lose -X Vigor.

    Kara (the Target) on A2; Sonch on B2 shares an edge with her; Bea on B1 is only diagonal; Oriel is far away."""
    h = _swarm_harm("Kara", "Sonch", "Bea", "Oriel", minis=(knight("kara", "A2"), knight("sonch", "B2"),
                                                           knight("bea", "B1"), knight("oriel", "H12")))
    _hit(h, [AttackKeyword(name="Splinter", value=1)])
    vigor = {kid: k.stats.vigor for kid, k in h.state.knights.items()}
    assert vigor == {"kara": 12, "sonch": 11, "bea": 12, "oriel": 12}


# --- Immune to ... ------------------------------------------------------------------------------------------------


def _conditions_engine(engine: Engine, **tags: list[str]) -> Engine:
    """``engine``'s catalogue with Condition cards re-tagged (by id) and a Fear Condition card added."""
    cat = engine.catalogue
    deck = cat.decks["condition"]
    cards = [c.model_copy(update={"tags": [*c.tags, *tags.get(c.id, [])]}) for c in deck.cards]
    cards.append(Card(id="condition_fear", name="Fear", text="Fear (a test card).", tags=["negative", "mind"]))
    return Engine(dataclasses.replace(cat, decks={**cat.decks, "condition": deck.model_copy(update={"cards": cards})}))


def test_immune_to_bane_gains_no_bane() -> None:
    """Rulebook (line 1993): - Immune to Bane: Ignore all Bane tokens you have. You cannot gain Bane tokens.

    Rulebook (line 1992): - Immune to X: You may ignore the effects of the corresponding game element. Possible
    types:"""
    from rules.clash.harm import resolve_effects

    h = harm("Kara", engine=gear_with(GAMBESON, "Immune to Bane"))
    resolve_effects(h, "kara", [GainBane(type="gain_bane", amount=2)], monster_attack=True)
    assert h.state.knights["kara"].stats.bane == 0
    assert any("Immune to Bane (Padded Gambeson)" in line for line in map(carried, h.lines))
    plain = harm("Kara")
    resolve_effects(plain, "kara", [GainBane(type="gain_bane", amount=2)], monster_attack=True)
    assert plain.state.knights["kara"].stats.bane == 2


def test_immune_to_body_conditions_gains_no_body_condition() -> None:
    """Rulebook (line 1994): - Immune to Body Condition cards: Ignore effects of Body Condition cards. You cannot gain
    Body Condition cards."""
    from rules.clash.harm import resolve_effects

    tags = {"condition_cracked_greaves": ["body"], "condition_ashen_lungs": ["mind"]}
    immune = _conditions_engine(gear_with(GAMBESON, "Immune to Body Condition cards"), **tags)
    h = harm("Kara", engine=immune)
    k = h.state.knights["kara"]
    resolve_effects(h, "kara", [GainCondition(type="gain_condition", condition="condition_cracked_greaves")])
    assert k.stats.conditions == []
    resolve_effects(h, "kara", [GainCondition(type="gain_condition", condition="condition_ashen_lungs")])
    assert k.stats.conditions == ["Ashen Lungs"]  # a Mind Condition: gained
    k.stats.conditions.append("condition_cracked_greaves")  # held from before the Gear was equipped
    assert conditions.modifier(immune.catalogue, k, "speed") == 0  # its -1 Speed is ignored
    plain = harm("Kara", engine=_conditions_engine(Engine(CATALOGUE), **tags))
    resolve_effects(plain, "kara", [GainCondition(type="gain_condition", condition="condition_cracked_greaves")])
    assert plain.state.knights["kara"].stats.conditions == ["Cracked Greaves"]


def test_immune_to_mind_conditions_and_fear() -> None:
    """Rulebook (line 1995): - Immune to Mind Condition cards: Ignore effects of Mind Condition cards. You cannot gain
    Mind Condition cards.

    Rulebook (line 1996): - Immune to Fear: Ignore effects of the Fear Condition card. You cannot gain the Fear
    Condition card."""
    from rules.clash.harm import resolve_effects

    tags = {"condition_ashen_lungs": ["mind"]}
    gain = [GainCondition(type="gain_condition", condition="condition_ashen_lungs"),
            GainCondition(type="gain_condition", condition="condition_fear")]
    mind = harm("Kara", engine=_conditions_engine(gear_with(GAMBESON, "Immune to Mind Condition cards"), **tags))
    resolve_effects(mind, "kara", gain)
    assert mind.state.knights["kara"].stats.conditions == []
    fear = harm("Kara", engine=_conditions_engine(gear_with(GAMBESON, "Immune to Fear"), **tags))
    resolve_effects(fear, "kara", gain)
    assert fear.state.knights["kara"].stats.conditions == ["Ashen Lungs"]
    assert any("Immune to Fear" in line for line in fear.lines)


def test_a_condition_gained_by_hand_respects_the_immunity() -> None:
    """Rulebook (line 1994): - Immune to Body Condition cards: Ignore effects of Body Condition cards. You cannot gain
    Body Condition cards.

    `/knight condition action:gain` (by hand) is refused for a Body Condition card while Kara is immune, with the
    reason; without the immunity it is gained."""
    from rules.knights.actions import KnightCondition

    tags = {"condition_cracked_greaves": ["body"]}
    immune = _conditions_engine(gear_with(GAMBESON, "Immune to Body Condition cards"), **tags)
    state = harm("Kara", engine=immune).state
    with pytest.raises(RuleError, match="Immune to Body Condition cards"):
        immune.apply(state, KnightCondition(knight="kara", op="gain", card="Cracked Greaves"), immune.dice_for(state))
    plain = _conditions_engine(Engine(CATALOGUE), **tags)
    state = harm("Kara", engine=plain).state
    done = plain.apply(state, KnightCondition(knight="kara", op="gain", card="Cracked Greaves"), plain.dice_for(state))
    assert done.state.knights["kara"].stats.conditions == ["Cracked Greaves"]


# --- Sacrifice and Daze ------------------------------------------------------------------------------------------


def _my_turn(state: CampaignState) -> CampaignState:
    fight(state).flow.turn = KnightTurn(knight="kara")
    return state


def test_sacrifice_trades_a_vigor_for_a_break_token_before_the_attack() -> None:
    """Rulebook (line 2078): - Sacrifice: During the first ability window, you may lose -1 Vigor to immediately place
    1 Break token in the Knight Pool."""
    engine = gear_with(MACE, "Sacrifice")
    state = _my_turn(clash(engine=engine))
    done = swing.apply(engine, state, KnightReact(knight="Kara", source=MACE, ability="Sacrifice"))
    assert done.state.knights["kara"].stats.vigor == 11
    assert fight(done.state).flow.pool == {"break": 1}
    fight(state).flow.turn = KnightTurn(knight="kara", attacked=True)
    with pytest.raises(RuleError, match="already attacked"):
        swing.apply(engine, state, KnightReact(knight="Kara", source=MACE, ability="Sacrifice"))
    state.knights["kara"].stats.vigor = 1
    fight(state).flow.turn = KnightTurn(knight="kara")
    with pytest.raises(RuleError, match="below 1"):  # "you may": never to 0
        swing.apply(engine, state, KnightReact(knight="Kara", source=MACE, ability="Sacrifice"))


def test_daze_turns_the_adjacent_monster_away() -> None:
    """Rulebook (line 1941): - Daze: During either the first or second ability window, if adjacent, you may turn the
    Monster (without moving it) in a way that would make it face directly away from you."""
    engine = gear_with(MACE, "Daze")
    state = clash(engine=engine)
    m = state.board.monsters[0]
    far = engine.apply(state, PlaceKnight(name="Kara", space="H1"), engine.dice_for(state)).state
    with pytest.raises(RuleError, match="only if adjacent"):
        swing.apply(engine, _my_turn(far), KnightReact(knight="Kara", source=MACE, ability="Daze"))
    cells = {(x.row, x.col) for x in m.cells}
    spot = next(label for r in range(8) for c in range(12) if (r, c) not in cells
                and any(abs(r - x) + abs(c - y) == 1 for x, y in cells)
                and in_front(state.board, m, knight("probe", label := f"{chr(ord('A') + r)}{c + 1}")))
    state = engine.apply(state, PlaceKnight(name="Kara", space=spot), engine.dice_for(state)).state
    assert in_front(state.board, state.board.monster(m.id), state.board.knight("kara"))
    dazed = swing.apply(engine, _my_turn(state), KnightReact(knight="Kara", source=MACE, ability="Daze"))
    turned = dazed.state.board.monster(m.id)
    kara_space = dazed.state.board.knight("kara").space
    assert kara_space is not None and kara_space.label == spot  # nobody moved
    assert turned.anchor == m.anchor
    assert turned.facing == facing_toward(m.cells, {kara_space})[0].opposite
    assert not in_front(dazed.state.board, turned, dazed.state.board.knight("kara"))


def test_daze_within_a_technique_is_skipped_when_not_adjacent() -> None:
    """Rulebook (line 1941): - Daze: During either the first or second ability window, if adjacent, you may turn the
    Monster (without moving it) in a way that would make it face directly away from you.

    Oriel's Bellstrike ("Daze. Place 1 Opening token."), used far from the Abbot: the Opening token is placed, Daze
    ("if adjacent, you may") does not apply and the Abbot keeps its facing."""
    engine = Engine(CATALOGUE)
    state = clash_as(engine, "oriel", at="H1")
    fight(state).flow.phase = "knight"
    facing = state.board.monsters[0].facing
    used = swing.apply(engine, _my_turn(state), KnightReact(knight="Kara", source="oriel_t_bellstrike", ability="Daze"))
    assert fight(used.state).flow.pool == {"opening": 1}
    assert used.state.board.monsters[0].facing == facing
    assert "Daze does not apply now" in said(used)
