"""The Knight attack sequence (rules/clash/knight_attack.py, rules/clash/power_roll.py), pinned with the rulebook.

The Knights are Brannoch-based (starter pack "lanternbearer"): Pilgrim's Mace (3 Attack dice, Precision +1, Weapon
Power 1 white + 1 black, Break 1), a black Knight Power die, Heroic Arc "Long Vigil" (Passion 1: Opening 1), Vigor 12,
Heat Limit 3. The Monster is the Cinder Abbot, level 1 (To Hit 5, 9 Wounds), or the Lantern Drowned (Mobs).

Dice are forced in rolling order: the Attack dice (the Crit die first), then the Power dice red, black, white (by face
number). Starter faces — white: 1-2 blank, 3-4 Power, 5 Potential, 6 Hope; black: 1 blank, 2-3 Power, 4 Power +
Potential, 5 Potential, 6 Hope; red: 1-2 Power, 3 2 Power, 4 Power + Potential, 5 Potential, 6 Power + Hope.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from bot.narration import texts
from content.schema.gear import Ability, Keyword
from rules.board.handlers import PlaceKnight, PlaceTerrain
from rules.clash import power_roll as pw
from rules.clash.flow import RESUME, KnightTurn
from rules.clash.handlers import ClashStart
from rules.clash.knight_attack import KnightAttack
from rules.clash.state import ClashState, WoundCard
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.knights.actions import KnightCreate
from rules.knights.state import ArmoryItem, Equipped, KnightState
from rules.knights.statistics import heat_limit
from rules.state import CampaignState, DeckState
from tests.conftest import CATALOGUE

ENGINE = Engine(CATALOGUE)
HIT3 = [7, 9, 8]  # with Precision +1: 8, 10, 9 against To Hit 5 — a Full Hit
BLANK = [1, 1, 1, 1, 1, 1, 1]  # 3 hits: 4 black and 3 white dice, all blank
MACE = "gear_pilgrims_mace"


# --- helpers --------------------------------------------------------------------------------------------------


def clash(monster: str = "abbot", at: str = "D5", seed: int = 5, names: tuple[str, ...] = ("Kara", "Ser Sonch"),
          engine: Engine = ENGINE) -> CampaignState:
    """A Knight Round with Kara standing on ``at``."""
    state, _ = engine.new_state("Attack", seed)
    for name in names:
        state = engine.apply(state, KnightCreate(content="lanternbearer", name=name, owner=name.lower()),
                             engine.dice_for(state)).state
    state = engine.apply(state, ClashStart(monster=monster, level=1, clash_type="full"), engine.dice_for(state)).state
    state = engine.apply(state, PlaceKnight(name="Kara", space=at), engine.dice_for(state)).state
    assert state.clash is not None
    state.clash.flow.phase = "knight"
    return state


def fight(state: CampaignState) -> ClashState:
    assert state.clash is not None
    return state.clash


def kara(state: CampaignState) -> KnightState:
    return state.knights["kara"]


def attack(state: CampaignState, forced: list[int] | None = None, engine: Engine = ENGINE, **kw: Any) -> Result:
    state = state.model_copy(deep=True)
    state.forced_dice = list(forced or [])
    kw.setdefault("knight", "Kara")
    kw.setdefault("weapon", MACE)
    return engine.apply(state, KnightAttack(**kw), engine.dice_for(state))


def resume(result: Result, chosen: list[str], forced: list[int] | None = None) -> Result:
    """What /choose does: clear the pending decision and call its resume function."""
    state = result.state.model_copy(deep=True)
    pending = fight(state).flow.pending
    assert pending is not None
    fight(state).flow.pending = None
    state.forced_dice = list(forced or [])
    dice = ENGINE.dice_for(state)
    out = RESUME[pending.kind](ENGINE, state, pending, chosen, dice)
    return out.model_copy(update={"state": out.state.model_copy(update={"dice_position": dice.position})})


def no_heat(state: CampaignState, name: str = "kara") -> None:
    """Heat Limit 0: no Heat re-roll is offered."""
    state.knights[name].stats.heat_limit_change = -9


def top_bp(state: CampaignState, card: str) -> None:
    """Put a BP card of the Abbot on top of the BP deck, from wherever it is."""
    c = fight(state)
    for pile in (c.bp_deck, c.bp_discard, *c.bp_escalation.values()):
        if card in pile:
            pile.remove(card)
    c.bp_deck.insert(0, card)


def on_mob_track(state: CampaignState, space: int, card: str) -> None:
    """Swap ``card`` onto Mob track ``space`` (the card that was there takes its place)."""
    c = fight(state)
    slot = c.mob_track[space - 1]
    assert slot is not None
    old = slot.card
    for pile in c.bp_escalation.values():
        if card in pile:
            pile[pile.index(card)] = old
    for other in c.mob_track:
        if other is not None and other is not slot and other.card == card:
            other.card = old
    slot.card = card


def equip(state: CampaignState, *gear: str) -> None:
    k = kara(state)
    k.sheet.armory += [ArmoryItem(gear=g) for g in gear]
    k.loadout = [Equipped(gear=g) for g in gear]


def outcome(r: Result) -> dict[str, Any]:
    return r.data["attack"]


def text(r: Result) -> str:
    return "\n".join(texts(r.events))


# --- the ten steps --------------------------------------------------------------------------------------------


def test_a_wound_runs_the_ten_steps() -> None:
    """Rulebook (line 1310): Declare you are about to attack and choose a Monster that will become your target.

    Rulebook (line 1335): Boss Clash: Draw the top card from the BP deck and reveal it.

    Rulebook (line 1367): Remember, to successfully deal a Wound to a Monster, your Total Power must be equal to or
    higher than the current BP card's AT value!

    Rulebook (line 1400): When the wounded BP card leaves the BP deck to become a Wound, resolve both of the following
    Escalation effects in order:
    """
    state = clash()
    top_bp(state, "abbot_bp_rope_belt")  # AT 3; Wound: place 1 Break token
    r = attack(state, HIT3 + [2, 2, 2, 2, 1, 1, 1])  # 4 black Power, 3 white blanks: Total Power 4
    a, c = outcome(r), fight(r.state)
    assert r.pending is None
    assert a["hits"] == 3 and a["full_hit"] and not a["crit_chance"]
    assert a["bp"] == {"id": "abbot_bp_rope_belt", "name": "Rope Belt", "level": 1, "at": 3}
    assert a["power"] == 4 and a["outcome"] == "wound"
    assert c.wound_stack[-1] == WoundCard(card="abbot_bp_rope_belt", wounds=1)
    assert 2 in {c.levels[x] for x in c.ai_deck} and 2 in {c.levels[x] for x in c.bp_deck}  # the Escalation
    assert c.flow.last_to_wound == "kara" and c.flow.priority_target == "kara"
    assert c.flow.turn is not None and c.flow.turn.attacked
    assert r.data["knight"]["passion"] == 1 and r.data["clash"]["wounds"] == 1
    assert [x["trigger"] for x in a["responses"]] == ["wound"]
    # Rope Belt's Break stays for the next Knight; the Mace's Break 1 and the Heroic Arc's Opening 1 are placed
    assert c.flow.pool == {"break": 2, "opening": 1}
    assert "🎯 Kara attacks The Cinder Abbot with the Pilgrim's Mace: 7 9 8 (Precision +1) vs To Hit 5" in text(r)


def test_hits_count_precision_and_tokens() -> None:
    """Rulebook (line 1319): Roll a number of d10 Attack dice equal to the Attack dice value of your weapon. Increase
    the result of each Attack die by your weapon's Precision bonus. Remember that you can use tokens from the Knight
    Pool to gain additional Precision

    Rulebook (line 442): - Opening: Each Opening token in the Knight Pool adds +1 to the result of each Attack die
    rolled during an Attack Roll.
    """
    state = clash()
    no_heat(state)
    fight(state).flow.pool = {"opening": 2}
    kara(state).stats.modifiers["precision"] = 1
    a = outcome(attack(state, [2, 1, 10]))  # +4: 6, a natural 1, 14
    assert a["precision"] == 4 and a["hit"] == [True, False, True] and a["hits"] == 2


def test_natural_10_hits_and_1_misses() -> None:
    """Rulebook (line 1323): Remember: A natural "10" (critical) is always a hit and a natural "1" is always a miss,
    no matter how many positive or negative Precision modifiers you apply.
    """
    state = clash()
    no_heat(state)
    fight(state).to_hit = 10
    kara(state).stats.modifiers["precision"] = -5
    assert outcome(attack(state, [10, 9, 2]))["hit"] == [True, False, False]
    kara(state).stats.modifiers["precision"] = 9
    assert outcome(attack(state, [1, 2, 1]))["hit"] == [False, True, False]


def test_crit_chance_on_the_crit_die_only() -> None:
    """Rulebook (line 1325): Whenever you perform an Attack Roll, one of the dice you roll must always be the white
    Crit die. If you roll only one die, it is always the Crit die.
    """
    state = clash()
    assert not outcome(attack(state, [9, 10, 10]))["crit_chance"]
    r = attack(state, [10, 5, 5])
    assert outcome(r)["crit_chance"] and "Crit Chance" in text(r)


def test_deadly_gives_crit_chance_on_9() -> None:
    """Rulebook (line 1942): - Deadly: During an Attack Roll, gain a Crit Chance on a natural 9–10 result."""
    state = clash()
    equip(state, "gear_bonesaw")
    assert outcome(attack(state, [9, 9], weapon="gear_bonesaw"))["crit_chance"]
    assert not outcome(attack(state, [8, 9], weapon="gear_bonesaw"))["crit_chance"]


def test_full_miss_clears_the_pool() -> None:
    """Rulebook (line 1321): All dice that are not hits are misses. If you miss with all your Attack dice, it is
    considered a Full Miss. Go straight to step 9 (Clear the Knight Pool), without resolving any further Attack
    steps, then activate all "Full Miss" abilities and immediately end the Attack.
    """
    state = clash()
    no_heat(state)
    fight(state).flow.pool = {"fire": 3, "opening": 1}
    deck = list(fight(state).bp_deck)
    r = attack(state, [1, 1, 1])
    c = fight(r.state)
    assert outcome(r)["full_miss"] and outcome(r)["outcome"] == "miss" and outcome(r)["bp"] is None
    assert c.bp_deck == deck and c.bp_revealed is None
    assert c.flow.pool == {"fire": 2}  # "leave all but one unused Fire tokens"
    assert kara(r.state).stats.passion == 1 and c.flow.turn is not None and c.flow.turn.attacked


# --- re-rolls ---------------------------------------------------------------------------------------------------


def test_heat_reroll_decision_and_resume() -> None:
    """Rulebook (line 321): - You must gain +1 Heat for each die you decide to re-roll.

    Rulebook (line 1319): You can also re-roll your dice by increasing Heat or using other abilities and effects that
    provide Attack Re-rolls
    """
    state = clash()
    first = attack(state, [7, 9, 3])
    pending = fight(first.state).flow.pending
    assert first.pending is not None and pending is not None and pending.kind == "attack_reroll"
    assert first.pending.options == ["die3", "keep"] and first.pending.pick == 1 and first.pending.who == ["kara"]
    assert pending.knights == ["kara"] and outcome(first)["outcome"] is None
    assert fight(first.state).bp_deck == fight(state).bp_deck  # nothing drawn while the Knight decides
    r = resume(first, ["die3"], [8] + [2, 2, 2, 2, 1, 1, 1])
    assert outcome(r)["naturals"] == [7, 9, 8] and outcome(r)["rerolled"] == [3] and outcome(r)["hits"] == 3
    assert kara(r.state).stats.heat == 1 and outcome(r)["outcome"] in ("wound", "fail")
    assert r.pending is None


def test_a_die_is_rerolled_only_once() -> None:
    """Rulebook (line 318): During a single roll, each die can only be re-rolled once. You must declare all dice you
    wish to re-roll before you perform any of these re-rolls.
    """
    state = clash()
    first = attack(state, [7, 2, 3])
    assert first.pending is not None and first.pending.pick == 2
    with pytest.raises(RuleError, match="not both"):
        resume(first, ["die2", "keep"])
    with pytest.raises(RuleError, match="missed dice"):
        resume(first, ["die1"])
    r = resume(first, ["die2", "die3"], [2, 3])  # both miss again: no second chance
    assert r.pending is None and outcome(r)["hits"] == 1 and kara(r.state).stats.heat == 2
    kept = resume(first, ["keep"])
    assert outcome(kept)["naturals"] == [7, 2, 3] and kara(kept.state).stats.heat == 0


def test_closing_tokens_give_free_rerolls() -> None:
    """Rulebook (line 445): - Closing: Each Closing token in the Knight Pool adds +1 to the result of each Attack die
    rolled during an Attack Roll, and grants a re-roll of one Attack die.
    """
    state = clash()
    fight(state).flow.pool = {"closing": 1}
    first = attack(state, [7, 2, 2])  # +2: 9, 4, 4
    assert outcome(first)["precision"] == 2 and first.pending is not None and first.pending.pick == 2
    assert "1 free" in fight(first.state).flow.pending.prompt  # type: ignore[union-attr]
    r = resume(first, ["die2", "die3"], [9, 9])
    assert kara(r.state).stats.heat == 1  # one free, one for +1 Heat
    one = resume(first, ["die2"], [9])
    assert kara(one.state).stats.heat == 0


def test_a_rerolled_crit_miss_counts_again() -> None:
    """Rulebook (line 1329): - Crit Miss: Resolve this effect if you rolled a natural "1". You may re-roll this die as
    normal (using Heat or other effects), but Crit Miss effects must be resolved nonetheless. If you re-roll the Crit
    die and roll a natural "1" again, resolve any Crit Miss effects an additional time.
    """
    state = clash()
    first = attack(state, [1, 9, 9])
    assert outcome(first)["crit_misses"] == 1
    r = resume(first, ["die1"], [1])
    assert outcome(r)["crit_misses"] == 2 and "Crit Miss 2 times" in text(r)


def test_heat_at_the_limit_offers_no_reroll() -> None:
    """Rulebook (line 516): - Gaining the specified amount of Heat; this is considered voluntary gain, and you cannot
    pay the cost if it would cause you to exceed your Heat Limit.
    """
    state = clash()
    no_heat(state)
    r = attack(state, [7, 9, 3])
    assert r.pending is None and "at the Heat Limit" in text(r)


# --- the Power Roll and the Knight tokens -----------------------------------------------------------------------


def test_power_pool_counts_weapon_power_per_hit_bonus_power_and_the_knight_die() -> None:
    """Rulebook (line 1354): Each successful hit grants you as many Power dice as your active weapon's Weapon Power
    attribute. In other words, the more hits you score on your Attack dice, the more powerful your Attack is going to
    be. Some weapons also have the Bonus Power attribute, which is added to the Pool if you score at least one hit.
    """
    state = clash()
    no_heat(state)
    r = attack(state, [7, 9, 2])  # 2 hits: 2 × (1 white, 1 black) + the black Knight die
    assert [d["colour"] for d in outcome(r)["power_dice"]] == ["black"] * 3 + ["white"] * 2
    greatsword = CATALOGUE.gear["gear_ironbound_greatsword"]  # 2 black per hit, Bonus Power 1 red
    plan = pw.create_pool(CATALOGUE, kara(state), greatsword, 2, 1)
    assert (plan.white, plan.black, plan.red, plan.raw) == (0, 5, 1, 0)
    assert pw.create_pool(CATALOGUE, kara(state), greatsword, 0, 1).red == 0  # no hit, no Bonus Power


def test_power_dice_promotion_and_additional_power_die() -> None:
    """Rulebook (line 1358): Power Dice Promotion: Treat your Knight Power Dice as one tier higher (up to red).

    Rulebook (line 538): Most Heroic Arc abilities modify your Attack, either by giving you access to additional
    keywords (like Opening X or Break X) or powerful effects, such as Additional Power Die.
    """
    state = clash()
    mace = CATALOGUE.gear[MACE]
    assert (pw.create_pool(CATALOGUE, kara(state), mace, 1, 7).black, pw.create_pool(
        CATALOGUE, kara(state), mace, 1, 8).black) == (2, 3)  # Passion 8: "Additional Power Die (black)"
    knight = CATALOGUE.knights["lanternbearer"]
    promoted = knight.model_copy(update={"abilities": [*knight.abilities, Ability(text="Power Dice Promotion")]})
    cat = dataclasses.replace(CATALOGUE, knights={**CATALOGUE.knights, "lanternbearer": promoted})
    plan = pw.create_pool(cat, kara(state), mace, 1, 1)
    assert (plan.white, plan.black, plan.red) == (1, 1, 1)  # the black Knight die is rolled red
    assert pw.promoted("red") == "red"


def test_break_hope_and_sunder_turn_potentials_into_power() -> None:
    """Rulebook (line 441): - Break: Each Break token in the Knight Pool allows the attacking Knight to turn 1 Miss
    symbol into 1 Hit.

    Rulebook (line 446): - Hope: Each Hope token in the Knight Pool allows the attacking Knight to turn 1 Miss or
    critical symbol into 1 Hit.

    Rulebook (line 447): - Sunder: Each Sunder token in the Knight Pool allows the attacking Knight to turn 1 Miss
    symbol into 2 Hits.
    """
    t = pw.PoolTokens(breaks=1, hope=2, sunder=1)
    assert pw.conversions(3, 1, t) == (2 + 1 + 1 + 1, {"sunder": 1, "hope": 2, "break": 1})
    state = clash()
    top_bp(state, "abbot_bp_cowl_hem")  # AT 4
    fight(state).flow.pool = {"break": 1, "sunder": 1}
    r = attack(state, HIT3 + [5, 5, 5, 1, 1, 1, 1])  # 3 black Potentials: Sunder 2 + Break 1 → 3 Power
    assert outcome(r)["power"] == 3 and outcome(r)["tokens_used"] == {"sunder": 1, "break": 1}
    assert "1 Potential unused" in text(r)


def test_power_tokens_add_power() -> None:
    """Rulebook (line 451): - Power: Each Power token in the Knight Pool increases the Total Power by 1."""
    state = clash()
    top_bp(state, "abbot_bp_rope_belt")  # AT 3
    fight(state).flow.pool = {"power": 4}
    r = attack(state, HIT3 + BLANK)
    assert outcome(r)["power"] == 4 and outcome(r)["outcome"] == "wound"


def test_fire_is_used_last_and_all_but_one_unused_fire_stay() -> None:
    """Rulebook (line 443): - Fire: Each Fire token in the Knight Pool turns 1 Miss symbol into 1 Hit. You may use
    other tokens to turn Miss into Hit first, but if you can't, you must always use as many Fire tokens from the Pool
    as possible. During the Clear the Knight Pool step, leave all but one unused Fire tokens in the Knight Pool.
    """
    state = clash()
    top_bp(state, "abbot_bp_charred_sandal")  # AT 3, Fail: Pushback 1
    fight(state).flow.pool = {"fire": 4, "break": 1}
    r = attack(state, HIT3 + [5, 5, 1, 1, 1, 1, 1])  # 2 Potentials: Break first, then 1 Fire
    assert outcome(r)["tokens_used"] == {"break": 1, "fire": 1}
    assert fight(r.state).flow.pool["fire"] == 2  # 3 unused Fire tokens: all but one stay
    assert pw.clear_pool({"fire": 1, "opening": 2}, 0)[0] == {}


def test_black_tokens_reroll_idle_dice_and_turn_their_potential_into_power() -> None:
    """Rulebook (line 444): - Black: Each Black token in the Knight Pool grants a re-roll of 1 Power die, and turns 1
    Miss on a die re-rolled this way into 1 Hit.
    """
    state = clash()
    top_bp(state, "abbot_bp_cowl_hem")
    fight(state).flow.pool = {"black": 2}
    # 4 black (Power, Power, blank, blank) and 3 white (Power, blank, blank); the two blank black dice are re-rolled
    r = attack(state, HIT3 + [2, 2, 1, 1, 3, 1, 1] + [5, 4])  # Potential → Power; Power + Potential → 2 Power
    a = outcome(r)
    assert a["tokens_used"]["black"] == 2 and a["power"] == 2 + 1 + 1 + 2
    assert [d["face"] for d in a["power_dice"]][:4] == [2, 2, 5, 4]


def test_cantrip_is_opening_or_break_as_declared() -> None:
    """Rulebook (line 452): - Cantrip: Each Cantrip token in the Knight Pool can be treated as either 1 Opening or 1
    Break token. You must state which token to change it into when declaring an Attack.
    """
    state = clash()
    no_heat(state)
    fight(state).flow.pool = {"cantrip": 2}
    with pytest.raises(RuleError, match="cantrip:opening or cantrip:break"):
        attack(state, HIT3)
    assert outcome(attack(state, HIT3, cantrip="opening"))["precision"] == 3
    assert pw.pool_tokens({"cantrip": 2}, "break") == pw.PoolTokens(breaks=2)


def test_opening_closing_and_spell_add_precision() -> None:
    """Rulebook (line 453): - Spell: Each Spell token in the Knight Pool can be treated as both 1 Opening and 1 Break
    token.
    """
    t = pw.pool_tokens({"opening": 1, "closing": 2, "spell": 1}, None)
    assert (t.precision, t.rerolls, t.breaks) == (4, 2, 1)


def test_auto_break_is_used_in_the_same_attack() -> None:
    """Rulebook (line 1918): - Auto-X Y: Place a number of tokens in the Knight Pool during the first ability window,
    where X is the type of token you can place, and Y is the number of tokens, for example Auto-break 2.
    """
    mace = CATALOGUE.gear[MACE]
    auto = mace.model_copy(update={"keywords": [Keyword(name="Auto-break", value=2)]})
    engine = Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, MACE: auto}))
    state = clash(engine=engine)
    top_bp(state, "abbot_bp_cowl_hem")
    r = attack(state, HIT3 + [5, 5, 1, 1, 1, 1, 1], engine=engine)
    assert outcome(r)["tokens_used"] == {"break": 2} and outcome(r)["power"] == 2
    assert "places 2 Break in the Knight Pool" in text(r)


def test_weapon_and_heroic_arc_tokens_are_placed_for_the_next_knight() -> None:
    """Rulebook (line 531): As a general rule, you must always resolve keywords that place Knight tokens in the
    Knight Pool (like Opening X or Break X), as well as keywords that hinder you in any way

    Rulebook (line 2016): - Overbreak X: During the second ability window, if your Total Power exceeds AT by 1 or more,
    place X Break tokens in the Knight Pool (see Break X keyword).
    """
    state = clash()
    kara(state).stats.passion = 1  # → 2: level 2 is a choice of two options, shown
    top_bp(state, "abbot_bp_cowl_hem")  # AT 4
    r = attack(state, HIT3 + BLANK)
    assert fight(r.state).flow.pool == {"opening": 1, "break": 1}
    assert "Passion 2: Break 1 or Opening 1" in text(r)
    sword = CATALOGUE.gear["gear_ironbound_greatsword"].reforged
    assert sword is not None
    _, more = pw.second_window(CATALOGUE, kara(state), sword, list(sword.keywords), {}, 0, 1)
    assert _ == {"break": 1}
    assert pw.second_window(CATALOGUE, kara(state), sword, list(sword.keywords), {}, 0, 0)[0] == {}


# --- Responses, Overcome and Overpower ----------------------------------------------------------------------------


def test_wound_when_total_power_reaches_at() -> None:
    """Rulebook (line 1367): Remember, to successfully deal a Wound to a Monster, your Total Power must be equal to or
    higher than the current BP card's AT value! If it is, you deal a Wound.
    """
    state = clash()
    top_bp(state, "abbot_bp_censer_chain")  # AT 3
    assert outcome(attack(state, HIT3 + [2, 2, 2, 1, 1, 1, 1]))["outcome"] == "wound"
    assert outcome(attack(state, HIT3 + [2, 2, 1, 1, 1, 1, 1]))["outcome"] == "fail"


def test_fail_below_at_discards_the_bp_card() -> None:
    """Rulebook (line 1371): Boss Clash: Place the revealed BP card in the BP discard.

    Rulebook (line 1385): Unless stated otherwise, Responses are resolved by the Monster against the Knight (e.g. to
    resolve Wound: Pushback 4, the Monster would push the Knight 4 spaces).
    """
    state = clash()
    top_bp(state, "abbot_bp_charred_sandal")  # AT 3; Fail: Pushback 1
    r = attack(state, HIT3 + BLANK)
    c = fight(r.state)
    assert outcome(r)["outcome"] == "fail" and c.bp_discard == ["abbot_bp_charred_sandal"] and c.bp_revealed is None
    assert c.wound_stack == [] and c.flow.last_to_wound is None
    assert outcome(r)["responses"] == [{"trigger": "fail", "effects": ["pushback"], "ignored": None}]
    assert r.state.board.knight("kara").space.label == "E5"  # type: ignore[union-attr]


def test_critical_ignores_other_responses() -> None:
    """Rulebook (line 1381): If you scored a Critical Wound, resolve the Critical (and ignore all other Responses).

    Rulebook (line 1396): Boss Clash: If you critically wound a BP 3 card, you place it on top of the Wound Stack
    instead. This is a Double Wound.
    """
    state = clash()
    top_bp(state, "abbot_bp_ash_tongue")  # BP 3, AT 5; Wound: Heal 1; Critical: Follow-up
    fight(state).wound_stack = [WoundCard()]
    fight(state).flow.pool = {"power": 2}
    r = attack(state, [10, 9, 9] + [2, 2, 2, 2, 3, 3, 3])  # 7 Power + 2 Power tokens
    c = fight(r.state)
    assert outcome(r)["outcome"] == "critical"
    assert [x["trigger"] for x in outcome(r)["responses"]] == ["critical"]
    assert c.wound_stack == [WoundCard(), WoundCard(card="abbot_bp_ash_tongue", wounds=2)]  # no Heal
    assert r.data["follow_up"] is True and "Follow-up Knight Attack" in text(r)


def test_instinct_resolves_with_a_wound() -> None:
    """Rulebook (line 1381): Sometimes a Monster will also have an Instinct Response that you have to resolve
    regardless of the Power Roll result (and in addition to any other normal Responses; the only exception to this is
    a Critical, which makes you ignore it).
    """
    state = clash()
    top_bp(state, "abbot_bp_smoking_hood")  # BP 2, AT 4; Instinct: lose 1 Vigor; Overcome 1+: a Fire token
    r = attack(state, HIT3 + [2, 2, 2, 2, 1, 1, 1])  # Total Power 4: a Wound not exceeding the AT
    assert outcome(r)["outcome"] == "wound" and kara(r.state).stats.vigor == 11
    assert [x["trigger"] for x in outcome(r)["responses"]] == ["instinct", "overcome"]
    assert outcome(r)["responses"][1]["met"] is False


def test_overcome_on_a_fail_with_enough_power() -> None:
    """Rulebook (line 1377): Overcome X+: If you failed to deal a Wound, but your Total Power was X or more, resolve
    the Overcome effect. If you dealt a Wound and your Total Power exceeded the AT value by X or more, also resolve
    the Overcome effect.
    """
    state = clash()
    top_bp(state, "abbot_bp_knotted_cord")  # AT 3; Fail: Drag 1; Overcome 1+: an Opening token

    def met(power_dice: list[int]) -> bool:
        r = attack(state, HIT3 + power_dice)
        return next(x["met"] for x in outcome(r)["responses"] if x["trigger"] == "overcome")

    assert met([2, 1, 1, 1, 1, 1, 1])  # 1: a Fail, but 1+
    assert not met([1, 1, 1, 1, 1, 1, 1])  # 0
    assert not met([2, 2, 2, 1, 1, 1, 1])  # 3: a Wound exceeding AT 3 by 0
    assert met([2, 2, 2, 2, 1, 1, 1])  # 4: by 1
    r = attack(state, HIT3 + [2, 1, 1, 1, 1, 1, 1])
    assert fight(r.state).flow.pool["opening"] == 2  # the Overcome's Opening stays, and the Heroic Arc's


def test_overpower_needs_a_wound_exceeding_at() -> None:
    """Rulebook (line 1378): Overpower X+: If you dealt a Wound and your Total Power exceeded the AT value by X or
    more, resolve the Overpower effect. As you can see, the Overpower effect is harder to achieve than the Overcome
    one.
    """
    state = clash()
    top_bp(state, "abbot_bp_tonsure")  # BP 2, AT 4; Overpower 4+: an additional Wound
    fight(state).flow.pool = {"power": 4}
    r = attack(state, HIT3 + [2, 2, 2, 2, 1, 1, 1])  # 8: exceeds AT 4 by 4
    assert fight(r.state).wounds() == 2
    fight(state).flow.pool = {"power": 3}
    assert fight(attack(state, HIT3 + [2, 2, 2, 2, 1, 1, 1]).state).wounds() == 1  # 7: by 3


def test_diversion_ignores_fail_responses() -> None:
    """Rulebook (line 449): - Diversion: A Diversion token in the Knight Pool allows the attacking Knight to ignore
    Fail Responses until the end of their Attack. Diversion tokens cannot stack.
    """
    state = clash()
    top_bp(state, "abbot_bp_censer_chain")  # Fail: +1 Heat
    assert kara(attack(state, HIT3 + BLANK).state).stats.heat == 1
    fight(state).flow.pool = {"diversion": 1}
    r = attack(state, HIT3 + BLANK)
    assert kara(r.state).stats.heat == 0 and outcome(r)["responses"][0]["ignored"] == "Diversion"
    assert pw.place({"diversion": 1}, {"diversion": 1}) == {"diversion": 1}


def test_improved_diversion_ignores_every_response() -> None:
    """Rulebook (line 450): - Improved Diversion: An Improved Diversion token in the Knight Pool allows the attacking
    Knight to ignore all Responses until the end of their Attack. Improved Diversion tokens cannot stack.
    """
    state = clash()
    top_bp(state, "abbot_bp_sleeve_of_embers")  # Instinct: +1 Heat
    fight(state).flow.pool = {"improved_diversion": 1}
    r = attack(state, HIT3 + BLANK)
    assert kara(r.state).stats.heat == 0 and outcome(r)["responses"][0]["ignored"] == "Improved Diversion"
    top_bp(state, "abbot_bp_cowl_hem")  # AT 4; Critical: an additional Wound — never ignored (docs/rulings.md)
    fight(state).flow.pool = {"improved_diversion": 1, "power": 6}
    r = attack(state, [10, 9, 9] + BLANK)
    assert outcome(r)["outcome"] == "critical" and fight(r.state).wounds() == 2


def test_ultrainstinct_is_ignored_with_a_crit_chance() -> None:
    """Rulebook (line 1338): If the BP card has an Ultrainstinct Response, it triggers immediately after determining
    the BP, but before the Power Roll. Do not resolve Responses if you rolled a Crit Chance.
    """
    state = clash()
    top_bp(state, "abbot_bp_ribs_of_coal")  # BP 2; Ultrainstinct: +1 Heat; Fail: lose 2 Vigor
    r = attack(state, [9, 9, 9] + BLANK)
    assert kara(r.state).stats.heat == 1 and kara(r.state).stats.vigor == 10
    r = attack(state, [10, 9, 9] + BLANK)
    assert kara(r.state).stats.heat == 0 and kara(r.state).stats.vigor == 10  # a Fail's Responses still happen
    assert [x["trigger"] for x in outcome(r)["responses"]] == ["fail"]


def test_a_knight_who_dies_before_the_power_roll_ends_the_attack() -> None:
    """Rulebook (line 1480): Death During Clash. When a Knight dies, that Knight is removed from the Clash Board and
    cannot be used in any way.
    """
    state = clash()
    top_bp(state, "abbot_bp_ribs_of_coal")  # Ultrainstinct: +1 Heat
    fight(state).flow.turn = KnightTurn(knight="kara")  # no Refresh step
    k = kara(state)
    k.stats.vigor, k.stats.heat = 1, 6  # Grave: Heat Limit 6
    state.decks["judicium"] = DeckState(draw=["judicium_you_died"])
    r = attack(state, [9, 9, 9])
    c = fight(r.state)
    assert kara(r.state).dead and outcome(r)["outcome"] is None and outcome(r)["power"] is None
    assert c.bp_discard == ["abbot_bp_ribs_of_coal"] and c.wound_stack == []
    assert "Attack ends before the Power Roll" in text(r)


def test_attack_response_is_handed_on() -> None:
    """Rulebook (line 1383): Once you know which Response should be resolved (if any), see if it involves a Monster
    Attack (AI card, Signature, or Routine) or a Follow-up Knight Attack. If it does, note what kind of Attack it will
    be and finish up the current attack sequence.
    """
    state = clash()
    top_bp(state, "abbot_bp_left_palm")  # Fail: the Monster performs its Signature
    r = attack(state, HIT3 + BLANK)
    assert r.data["attack_responses"] == [{"attack": "signature", "target": "kara", "monster": "the_cinder_abbot"}]
    assert fight(r.state).bp_discard == ["abbot_bp_left_palm"] and r.data["follow_up"] is False
    attack_text = text(r)
    # the Monster's Signature comes after the Knight's Attack has ended (rules.clash.activation)
    assert attack_text.index("Second ability window") < attack_text.index(CATALOGUE.monsters["abbot"].signature.name)


# --- Wounds, victory, Mobs ---------------------------------------------------------------------------------------


def test_victory_at_the_last_wound() -> None:
    """Rulebook (line 1368): Boss Clash: If the total number of Wounds on the Wound Stack (including the Wound you
    just dealt) equals or exceeds the Monster's Wounds value, you slay the Boss or scatter the Mobs! The Clash
    immediately ends with the Knights' victory and you should proceed to the Aftermath.
    """
    state = clash()
    top_bp(state, "abbot_bp_rope_belt")  # Wound: a Break token
    fight(state).wounds_needed = 1
    ai = list(fight(state).ai_deck)
    r = attack(state, HIT3 + [2, 2, 2, 2, 1, 1, 1])
    c = fight(r.state)
    assert c.over == "victory" and c.ai_deck == ai  # no Escalation, no Response
    assert c.flow.pool == {} and outcome(r)["responses"] == [] and r.data["attack_responses"] == []


def test_critical_victory_keeps_tangible_rewards() -> None:
    """Rulebook (line 1368): Exception: If you won through dealing a Critical Wound, you still gain every tangible
    reward from that Critical (no additional Attacks though)!
    """
    state = clash()
    top_bp(state, "abbot_bp_cowl_hem")  # AT 4; Critical: an additional Wound
    fight(state).wounds_needed = 1
    fight(state).flow.pool = {"power": 6}
    c = fight(attack(state, [10, 9, 9] + BLANK).state)
    assert c.over == "victory" and c.wounds() == 2
    top_bp(state, "abbot_bp_ash_tongue")  # Critical: a Follow-up Attack
    fight(state).flow.pool = {"power": 9}
    r = attack(state, [10, 9, 9] + BLANK)
    assert fight(r.state).over == "victory" and r.data["follow_up"] is False


def test_mob_wound_removes_the_mob() -> None:
    """Rulebook (line 1369): Mob Clash: The Monster is killed as soon as the Wound is dealt. However, you will still
    have to deal with its Wound Response (if any)!

    Rulebook (line 1407): Immediate Spawn: Spawning is a form of BP Escalation (see Spawning Mobs, p. 62).
    """
    state = clash("drowned", at="B3")
    on_mob_track(state, 1, "drowned_bp_washerwoman")  # AT 4; Wound: a Break token
    r = attack(state, HIT3 + [2, 2, 2, 2, 1, 1, 1], target="1")
    c = fight(r.state)
    assert outcome(r)["outcome"] == "wound" and c.wound_stack[-1].card == "drowned_bp_washerwoman"
    assert any("The Lantern Drowned 1's miniature leaves the Clash Board." in x_ for x_ in texts(r.events))
    slot = c.mob_track[0]
    assert slot is not None and c.levels[slot.card] == 2  # Immediate Spawn: one level higher, leftmost space
    risen = next(m for m in r.state.board.monsters if m.mob_number == 1)  # and its miniature on a Board Edge
    spec = r.state.board.spec
    assert risen.anchor.row in (0, spec.rows - 1) or risen.anchor.col in (0, spec.columns - 1)
    assert c.flow.pool["break"] == 2  # the Wound Response's Break and the Mace's


def test_mob_fail_leaves_the_card_revealed() -> None:
    """Rulebook (line 1372): Mob Clash: Leave the BP card revealed in its current space on the Mob track. Note that
    some Mob BPs have additional effects when they are revealed or stay revealed.
    """
    state = clash("drowned", at="B3")
    on_mob_track(state, 1, "drowned_bp_choirboy")  # When Revealing: +1 Heat
    r = attack(state, HIT3 + BLANK)  # the only adjacent Mob
    slot = fight(r.state).mob_track[0]
    assert slot is not None and slot.card == "drowned_bp_choirboy" and slot.revealed
    assert outcome(r)["outcome"] == "fail" and kara(r.state).stats.heat == 1
    assert "Mob 1 revealed" in text(r)


# --- Declare: range, LoS, turns -----------------------------------------------------------------------------------


def test_reach_and_ranged_measure_the_effective_range() -> None:
    """Rulebook (line 1314): Reach X weapons have an effective range of X, meaning you can attack a target up to X
    spaces away. Reach weapons can also be used when adjacent.

    Rulebook (line 1315): Ranged X–Y weapons have an effective range of X–Y, meaning you can only attack a target at
    least X and up to Y spaces away. Most ranged weapons cannot be used while adjacent.
    """
    for space, spear, bow in (("D5", True, False), ("E5", True, True), ("F5", False, True)):
        state = clash(at=space)
        equip(state, "gear_ashwood_spear", "gear_hunting_bow")
        no_heat(state)
        for weapon, ok, dice in (("gear_ashwood_spear", spear, 3), ("gear_hunting_bow", bow, 2)):
            if ok:
                assert outcome(attack(state, [9] * dice, weapon=weapon))["hits"] == dice
            else:
                with pytest.raises(RuleError, match="effective range"):
                    attack(state, weapon=weapon)


def test_no_line_of_sight_no_attack() -> None:
    """Rulebook (line 1094): Line of Sight (LoS) is used to determine whether a Knight has an unobstructed view of the
    Monster and vice versa. A Knight must have LoS to the Monster to perform an attack against it.
    """
    state = clash(at="F6")
    equip(state, "gear_hunting_bow")
    for at in ("E1", "E7"):
        state = ENGINE.apply(state, PlaceTerrain(name=f"Smoke {at}", space=at, width=6, keywords=["Obscuring"]),
                             ENGINE.dice_for(state)).state
    with pytest.raises(RuleError, match="no Line of Sight"):
        attack(state, weapon="gear_hunting_bow")


def test_exhausted_or_missing_weapon_is_refused() -> None:
    """Rulebook (line 1311): If you cannot choose a valid active weapon or you don't have LoS, you cannot perform an
    Attack. Do not resolve any further steps of the attack sequence.
    """
    state = clash()
    with pytest.raises(RuleError, match="not in Kara's Loadout"):
        attack(state, weapon="gear_bonesaw")
    with pytest.raises(RuleError, match="not a weapon"):
        attack(state, weapon="gear_padded_gambeson")
    kara(state).loadout[0].exhausted = True
    with pytest.raises(RuleError, match="exhausted"):
        attack(state, weapon="Pilgrim's Mace")
    assert fight(state).flow.turn is None and kara(state).stats.passion == 0


def test_one_attack_per_turn() -> None:
    """Rulebook (line 1255): Each Knight turn starts with the Refresh step. Then, a Knight gets one Combat Action, one
    Movement Action, and an unlimited number of free actions
    """
    state = clash()
    no_heat(state)
    r = attack(state, HIT3 + BLANK)
    with pytest.raises(RuleError, match="already attacked this turn"):
        attack(r.state, HIT3)
    fight(state).flow.acted = ["kara"]
    with pytest.raises(RuleError, match="already taken a turn"):
        attack(state, HIT3)


def test_another_knights_turn_is_refused() -> None:
    """Rulebook (line 1253): Knight Turns"""
    state = clash()
    r = attack(state, HIT3 + BLANK)
    state = r.state
    state = ENGINE.apply(state, PlaceKnight(name="Ser Sonch", space="D6"), ENGINE.dice_for(state)).state
    with pytest.raises(RuleError, match="finish it first with /knight end-turn"):
        attack(state, HIT3, knight="Ser Sonch")


def test_monster_round_and_open_decisions_refuse() -> None:
    """Rulebook (line 1248): - Start of the Knight Round"""
    state = clash()
    fight(state).flow.phase = "monster"
    with pytest.raises(RuleError, match="Monster Round"):
        attack(state, HIT3)
    first = attack(clash(), [7, 9, 3])
    with pytest.raises(RuleError, match="waits for a decision"):
        attack(first.state, HIT3)


def test_passion_rises_and_the_priority_target_moves() -> None:
    """Rulebook (line 1317): Raise your Passion by 1. Then, if your Passion is higher than the current Priority
    Target's Passion, you become the new Priority Target. Gain the Priority Target token. Remember: The Passion Limit
    is 9. If you reach the limit, simply stop raising your Passion.
    """
    state = clash()
    state = ENGINE.apply(state, PlaceKnight(name="Ser Sonch", space="D6"), ENGINE.dice_for(state)).state
    fight(state).flow.priority_target = "ser-sonch"
    state.knights["ser-sonch"].stats.passion = 1
    r = attack(state, HIT3 + BLANK)
    assert kara(r.state).stats.passion == 1 and fight(r.state).flow.priority_target == "ser-sonch"
    kara(state).stats.passion = 9
    r = attack(state, HIT3 + BLANK)
    assert kara(r.state).stats.passion == 9 and fight(r.state).flow.priority_target == "kara"


# --- replay ---------------------------------------------------------------------------------------------------


def test_replay_gives_the_same_state() -> None:
    """The same actions on the same seed give the same state: every die goes through the dice port."""
    def run() -> CampaignState:
        state = clash(seed=11)
        first = attack(state)  # unforced dice
        if first.pending is None:
            return first.state
        return resume(first, [first.pending.options[0]]).state

    assert run().model_dump() == run().model_dump()


def test_a_spawn_attack_is_an_attack_response_of_the_new_mob() -> None:
    """Rulebook (line 1445): Sometimes a Mob returns with a vengeance! If the Monster's spawning Trait indicates it is
    going to perform any sort of Attack, it is treated as an Attack Response, i.e. it happens after the current
    Attack ends (if any)."""
    drowned = CATALOGUE.monsters["drowned"]
    assert drowned.spawn is not None
    vengeful = drowned.model_copy(update={"spawn": drowned.spawn.model_copy(update={"attack": "signature"})})
    engine = Engine(dataclasses.replace(CATALOGUE, monsters={**CATALOGUE.monsters, "drowned": vengeful}))
    state = clash("drowned", at="B3", engine=engine)
    on_mob_track(state, 1, "drowned_bp_washerwoman")
    r = attack(state, HIT3 + [2, 2, 2, 2, 1, 1, 1], target="1", engine=engine)
    risen = next(m for m in r.state.board.monsters if m.mob_number == 1)
    assert r.data["attack_responses"] == [{"attack": "signature", "target": "kara", "monster": risen.id}]
    plain = attack(state, HIT3 + [2, 2, 2, 2, 1, 1, 1], target="1")  # the starter Drowned has no Spawn Attack
    assert plain.data["attack_responses"] == []


def _mace_with(*names: str) -> Engine:
    mace = CATALOGUE.gear[MACE]
    keywords = [*mace.keywords, *(Keyword(name=n) for n in names)]
    return Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, MACE: mace.model_copy(
        update={"keywords": keywords})}))


def test_commit_costs_one_heat_to_attack() -> None:
    """Rulebook (line 1936): - Commit: To attack with this weapon, gain +1 Heat."""
    engine = _mace_with("Commit")
    state = clash(engine=engine)
    heat = kara(state).stats.heat
    r = attack(state, HIT3 + BLANK, engine=engine)
    assert kara(r.state).stats.heat == heat + 1 and "Commit (Pilgrim's Mace)" in text(r)
    kara(state).stats.heat = heat_limit(CATALOGUE, kara(state))
    fight(state).flow.turn = KnightTurn(knight="kara")  # the turn is open: its Refresh step is done
    with pytest.raises(RuleError, match="cannot pay"):
        attack(state, HIT3 + BLANK, engine=engine)


def test_cumbersome_exhausts_the_weapon_after_a_wound_unless_tireless() -> None:
    """Rulebook (line 1940): - Cumbersome: During the second ability window, if you successfully wounded with this
    weapon, exhaust it. Treat it as a voluntary exhaust.

    Rulebook (line 2098): - Tireless: When you are about to activate the Cumbersome keyword, you may ignore it."""
    wounding = HIT3 + [2, 2, 2, 2, 1, 1, 1]  # Total Power 4 against the Rope Belt's AT 3
    engine = _mace_with("Cumbersome")
    state = clash(engine=engine)
    top_bp(state, "abbot_bp_rope_belt")
    r = attack(state, wounding, engine=engine)
    assert outcome(r)["outcome"] in ("wound", "critical")
    assert next(e for e in kara(r.state).loadout if e.gear == MACE).exhausted
    failed = attack(state, HIT3 + BLANK, engine=engine)
    assert outcome(failed)["outcome"] == "fail"
    assert not next(e for e in kara(failed.state).loadout if e.gear == MACE).exhausted
    tireless = _mace_with("Cumbersome", "Tireless")
    state = clash(engine=tireless)
    top_bp(state, "abbot_bp_rope_belt")
    r = attack(state, wounding, engine=tireless)
    assert not next(e for e in kara(r.state).loadout if e.gear == MACE).exhausted and "Tireless" in text(r)


def _choose(result: Result, key: str, forced: list[int] | None = None) -> Result:
    assert result.pending is not None and result.pending.kind == "bp_choice"
    return resume(result, [key], forced)


def test_heartseeker_chooses_between_the_top_two_bp_cards() -> None:
    """Rulebook (line 1984): - Heartseeker: During the Draw BP card step of the Attack, you may look at the top two
    BP cards and choose which one to attack. Shuffle the other card back into the deck."""
    engine = _mace_with("Heartseeker")
    state = clash(engine=engine)
    top_bp(state, "abbot_bp_censer_chain")
    top_bp(state, "abbot_bp_rope_belt")  # top: Rope Belt (AT 3), then Censer Chain (AT 3)
    asked = attack(state, HIT3, engine=engine)
    assert asked.pending is not None and asked.pending.options == ["abbot_bp_rope_belt", "abbot_bp_censer_chain"]
    done = _choose(asked, "abbot_bp_censer_chain", [2, 2, 2, 2, 3, 1, 1])  # Total Power 5: a Wound against AT 3
    assert outcome(done)["bp"]["id"] == "abbot_bp_censer_chain" and outcome(done)["outcome"] == "wound"
    after = fight(done.state)
    assert "abbot_bp_censer_chain" not in after.bp_deck and "abbot_bp_rope_belt" in after.bp_deck  # the other went back
    plain = attack(clash(), HIT3 + BLANK)  # without Heartseeker the top card is drawn, nothing asked
    assert plain.pending is None and outcome(plain)["bp"] is not None


def test_soulseeker_looks_at_three_and_precise_adds_the_discard_top() -> None:
    """Rulebook (line 1985): - Soulseeker: During the Draw BP card step of the Attack, you may look at the top three
    BP cards and choose which one to attack. Shuffle the other cards into the deck.

    Rulebook (line 2041): - Precise: During the Draw a BP card step of the attack, after you draw the card, you may
    target the top card of the discard pile instead. If you do, shuffle the card you've drawn into the BP deck."""
    engine = _mace_with("Soulseeker", "Precise")
    state = clash(engine=engine)
    c = fight(state)
    top_bp(state, "abbot_bp_rope_belt")
    top_bp(state, "abbot_bp_censer_chain")
    c.bp_deck.remove("abbot_bp_censer_chain")
    c.bp_discard.append("abbot_bp_censer_chain")
    asked = attack(state, HIT3, engine=engine)
    assert asked.pending is not None and len(asked.pending.options) == 4
    assert asked.pending.options[-1] == "abbot_bp_censer_chain"
    done = _choose(asked, "abbot_bp_censer_chain", BLANK)
    assert outcome(done)["bp"]["id"] == "abbot_bp_censer_chain"
    assert "abbot_bp_censer_chain" not in fight(done.state).bp_discard[:-1]
    assert "abbot_bp_rope_belt" in fight(done.state).bp_deck  # the card looked at stays in the (shuffled) deck
    precise = _mace_with("Precise")
    state = clash(engine=precise)
    fight(state).bp_discard = []
    assert attack(state, HIT3 + BLANK, engine=precise).pending is None  # nothing on the discard pile: no choice


def test_pass_keeps_declared_tokens_and_greater_pass_any_but_sunder_and_power() -> None:
    """Rulebook (line 2035): - Pass X: During the Clear the Knight Pool step, choose up to X Knight tokens to remain
    in the Knight Pool. You can only choose Opening, Break, or Cantrip tokens.

    Rulebook (line 1978): - Greater Pass X: During the Clear the Knight Pool step, choose up to X Knight tokens to
    remain in the Knight Pool, except Sunder and Power tokens."""
    passing = _mace_with("Pass")  # Pass 1
    state = clash(engine=passing)
    fight(state).flow.pool = {"opening": 2, "hope": 1}
    r = attack(state, HIT3 + BLANK, engine=passing, keep=["opening"])
    assert "Pass: 1 Opening stay in the Knight Pool." in text(r)
    assert fight(r.state).flow.pool.get("opening", 0) >= 1
    plain = attack(state, HIT3 + BLANK, engine=passing)
    assert fight(plain.state).flow.pool.get("opening", 0) == fight(r.state).flow.pool["opening"] - 1
    with pytest.raises(RuleError, match="only choose Opening, Break, or Cantrip"):
        attack(state, HIT3 + BLANK, engine=passing, keep=["hope"])
    with pytest.raises(RuleError, match="at most 1"):
        attack(state, HIT3 + BLANK, engine=passing, keep=["opening", "opening"])
    with pytest.raises(RuleError, match="neither"):
        attack(state, HIT3 + BLANK, keep=["opening"])
    greater = _mace_with("Greater Pass")
    state = clash(engine=greater)
    fight(state).flow.pool = {"hope": 1}
    r = attack(state, HIT3 + BLANK, engine=greater, keep=["hope"])
    assert "Pass: 1 Hope stay in the Knight Pool." in text(r)


def test_power_reroll_rerolls_idle_dice_once() -> None:
    """Rulebook (line 2040): - Power Re-roll X: During the Power Roll step of an Attack, you may re-roll up to X Power
    dice. Remember, you cannot re-roll Power dice using Heat.

    Rulebook (line 1362): Remember that all re-roll restrictions apply to Power Re-rolls as well: each die can be
    re-rolled only once and you must declare all dice you wish to re-roll before re-rolling any of them."""
    mace = CATALOGUE.gear[MACE]
    engine = Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, MACE: mace.model_copy(
        update={"keywords": [*mace.keywords, Keyword(name="Power Re-roll", value=2)]})}))
    state = clash(engine=engine)
    top_bp(state, "abbot_bp_cowl_hem")
    fight(state).flow.pool = {"black": 1}
    # 4 black (Power, Power, blank, blank) and 3 white (Power, blank, blank): one Black token and two Power Re-rolls
    # take three of the four blank dice, all declared before rolling; each is re-rolled once
    r = attack(state, HIT3 + [2, 2, 1, 1, 3, 1, 1] + [3, 3, 3], engine=engine)
    a = outcome(r)
    assert a["tokens_used"]["black"] == 1 and a["tokens_used"]["power_reroll"] == 2
    faces = [d["face"] for d in a["power_dice"]]
    assert faces[:4] == [2, 2, 3, 3] and faces.count(1) == 1  # one blank die left: a die is re-rolled only once
    plain = attack(state, HIT3 + [2, 2, 1, 1, 3, 1, 1] + [3])
    assert "power_reroll" not in outcome(plain)["tokens_used"]


def test_heartseeker_does_not_pass_over_the_accursed_persistence() -> None:
    """Rulebook (line 1822): Note: When the Accursed Persistence BP card is in play, you will be forced to resolve your
    Attacks against it. That means Heartseeker, Precise, and similar abilities do not affect the Accursed
    Persistence BP!"""
    engine = _mace_with("Heartseeker")
    state = clash(engine=engine)
    accursed = next(c.id for c in CATALOGUE.monsters["abbot"].bp_cards if c.name == "Accursed Persistence")
    fight(state).bp_deck.insert(0, accursed)
    r = attack(state, HIT3 + BLANK, engine=engine)
    assert r.pending is None and outcome(r)["bp"]["id"] == accursed


def test_a_knight_in_a_blindspot_gains_one_precision() -> None:
    """Rulebook (line 987): - Blindspot: Blindspots are spaces the Monster cannot see. Knights in Blindspots are not considered to be In Sight of the Monster. A Knight in a Blindspot space gains a +1 Precision bonus (see Offensive Gear Stats, p. 20) to their Attacks.

    The Cinder Abbot (A5, 3x3) turned north has its Blindspot on D6: Kara attacks from D6 with the Pilgrim's Mace
    (Precision +1) at +2; from D5, next to it, at +1."""  # noqa: E501
    for space, precision in (("D6", 2), ("D5", 1)):
        state = clash(at=space)
        no_heat(state)
        m = state.board.monsters[0]
        state.board = state.board.model_copy(update={"monsters": (m.model_copy(update={"facing": type(m.facing)("N")}),)})
        r = attack(state, [5, 5, 5])
        assert outcome(r)["precision"] == precision
        assert ("Blindspot" in text(r)) is (space == "D6")
