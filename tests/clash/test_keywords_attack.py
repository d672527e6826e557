"""Knight Attack keywords of the active weapon (rulebook Keyword List): Unwieldy, Envenomed X, Magic X, Falsity,
Armor-piercing X and Area. The weapons are the starter pack's with a keyword added (a test-only catalogue); the
Knights, Monsters and forced dice are those of tests/clash/test_knight_attack.py (its module docstring)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.narration import texts
from bot.narration.registry import carried
from content.schema.gear import Keyword
from rules.board.geometry import Coord
from rules.clash import aftermath
from rules.clash import power_roll as pw
from rules.clash.armor_piercing import ClashArmor
from rules.clash.envenomed import envenomed_breaks
from rules.clash.handlers import ClashStart
from rules.clash.round_handlers import Choose, MonsterRound
from rules.engine import Engine
from rules.errors import RuleError
from rules.knights import expedition as ex
from rules.knights.actions import KnightCreate
from rules.knights.state import Equipped
from rules.knights.view import new_knight
from rules.state import CampaignState
from tests.clash.test_knight_attack import (
    BLANK,
    HIT3,
    MACE,
    attack,
    clash,
    equip,
    fight,
    kara,
    no_heat,
    on_mob_track,
    outcome,
    resume,
    text,
    top_bp,
)
from tests.conftest import CATALOGUE

WOUND4 = HIT3 + [2, 2, 2, 2, 1, 1, 1]  # 3 hits, Total Power 4 (4 black Power, 3 white blanks)
BOW = "gear_hunting_bow"


def with_keywords(gid: str, *keywords: Keyword) -> Engine:
    """An engine whose catalogue gives the Gear ``gid`` these keywords as well (nothing is added to the pack)."""
    gear = CATALOGUE.gear[gid]
    changed = gear.model_copy(update={"keywords": [*gear.keywords, *keywords]})
    return Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, gid: changed}))


def move_monster(state: CampaignState, monster: str, row: int, col: int) -> None:
    board = state.board
    state.board = board.model_copy(update={"monsters": tuple(
        m.model_copy(update={"anchor": Coord(row, col)}) if m.id == monster else m for m in board.monsters)})


# --- Unwieldy ---------------------------------------------------------------------------------------------------


def test_unwieldy_attacks_only_in_a_straight_cardinal_line() -> None:
    """Rulebook (line 2101): - Unwieldy: If a Weapon is Unwieldy, you may only attack targets in a straight cardinal
    line.
    """
    unwieldy = with_keywords(BOW, Keyword(name="Unwieldy"))
    plain = clash(at="E8")  # the Abbot fills A5-C7: E8 is 3 spaces away (Ranged 2-5), in no row or column of it
    equip(plain, BOW)
    no_heat(plain)
    assert outcome(attack(plain, [9, 9], weapon=BOW))["hits"] == 2  # the same bow, not Unwieldy: in range
    state = clash(at="E8", engine=unwieldy)
    equip(state, BOW)
    no_heat(state)
    with pytest.raises(RuleError, match="Unwieldy"):
        attack(state, [9, 9], weapon=BOW, engine=unwieldy)
    state = clash(at="E6", engine=unwieldy)  # column 6 is the Abbot's: a straight line
    equip(state, BOW)
    no_heat(state)
    assert outcome(attack(state, [9, 9], weapon=BOW, engine=unwieldy))["hits"] == 2


# --- Envenomed X and Magic X (second ability window) --------------------------------------------------------------


def test_envenomed_places_x_break_tokens_plus_one_per_power_above_at_up_to_x() -> None:
    """Rulebook (line 1970): - Envenomed X: During the second ability window, if you dealt a Wound, place X Break
    tokens in the Knight Pool. Then, for each 1 Power above the AT of the wounded BP card, place 1 Break token in the
    Knight Pool, up to X.
    """
    engine = with_keywords(MACE, Keyword(name="Envenomed", value=2))
    # Rope Belt (AT 3): its Wound Response places 1 Break; the Mace's Break 1 and the Heroic Arc's Opening 1 follow
    at_3 = HIT3 + [2, 2, 2, 1, 1, 1, 1]
    for dice, power, venom in ((at_3, 3, 2), (WOUND4, 4, 3), (HIT3 + [2, 2, 2, 2, 3, 1, 1], 5, 4),
                               (HIT3 + [2, 2, 2, 2, 3, 3, 3], 7, 4)):
        state = clash(engine=engine)
        top_bp(state, "abbot_bp_rope_belt")
        r = attack(state, dice, engine=engine)
        assert outcome(r)["power"] == power and outcome(r)["outcome"] == "wound"
        assert fight(r.state).flow.pool == {"break": 2 + venom, "opening": 1}, power
    assert [envenomed_breaks([Keyword(name="Envenomed", value=3)], m) for m in (0, 1, 2, 3, 9)] == [3, 4, 5, 6, 6]


def test_envenomed_places_nothing_without_a_wound() -> None:
    """Rulebook (line 1970): - Envenomed X: During the second ability window, if you dealt a Wound, place X Break
    tokens in the Knight Pool. Then, for each 1 Power above the AT of the wounded BP card, place 1 Break token in the
    Knight Pool, up to X.
    """
    engine = with_keywords(MACE, Keyword(name="Envenomed", value=2))
    state = clash(engine=engine)
    top_bp(state, "abbot_bp_cowl_hem")  # AT 4
    r = attack(state, HIT3 + BLANK, engine=engine)
    assert outcome(r)["outcome"] == "fail" and fight(r.state).flow.pool == {"break": 1, "opening": 1}
    assert envenomed_breaks([Keyword(name="Envenomed", value=2)], -1) == 0


def test_magic_places_resource_tokens_that_stay() -> None:
    """Rulebook (line 2006): - Magic X: During the second ability window, place X Magic tokens in the Knight Pool.

    Rulebook (line 432): All Resource tokens in the Knight Pool are shared between all Knights, meaning that it does
    not matter who placed the tokens in the Knight Pool. Every Knight that can use them may do so. Unlike Knight
    tokens, Resource tokens remain in the Pool until they're used.
    """
    engine = with_keywords(MACE, Keyword(name="Magic", value=2))
    state = clash(engine=engine)
    top_bp(state, "abbot_bp_cowl_hem")
    r = attack(state, HIT3 + BLANK, engine=engine)
    assert fight(r.state).flow.pool == {"break": 1, "opening": 1, "magic": 2}
    assert "Magic" not in text(r).split("First ability window")[-1].split("Second ability window")[0]
    kept, lines = pw.clear_pool({"magic": 2, "break": 1}, 0)
    assert kept == {"magic": 2} and [carried(x) for x in lines] == ["The Knight Pool is cleared (1 Break)."]


# --- Falsity (Attack Roll step) -----------------------------------------------------------------------------------


def test_falsity_rerolls_a_hit_crit_die_for_free_and_zeals() -> None:
    """Rulebook (line 1972): - Falsity: During the Attack Roll step, you may re-roll your Crit die without gaining
    Heat. If you re-roll your Crit die while it's already a hit, immediately Zeal 1.

    Rulebook (line 434): The Resource tokens include the Magic token, the Fleisch token, and the Zeal token.
    """
    engine = with_keywords(MACE, Keyword(name="Falsity"))
    state = clash(engine=engine)
    first = attack(state, [9, 9, 8], engine=engine)  # a Full Hit: only Falsity offers a re-roll
    assert first.pending is not None and first.pending.options == ["die1", "keep"] and first.pending.pick == 1
    assert "Falsity" in first.pending.labels[0] and "Zeal 1" in first.pending.helps[0]
    r = resume(first, ["die1"], [10, *BLANK])
    assert outcome(r)["naturals"] == [10, 9, 8] and outcome(r)["crit_chance"]
    assert kara(r.state).stats.heat == 0 and kara(r.state).board.resources["zeal"] == 1
    assert "Zeal 1" in text(r)
    kept = resume(first, ["keep"], BLANK)
    assert kara(kept.state).board.resources.get("zeal", 0) == 0
    plain = clash()
    assert attack(plain, [9, 9, 8]).pending is None  # without Falsity a Full Hit offers nothing


def test_falsity_rerolls_a_missed_crit_die_without_heat() -> None:
    """Rulebook (line 1972): - Falsity: During the Attack Roll step, you may re-roll your Crit die without gaining
    Heat. If you re-roll your Crit die while it's already a hit, immediately Zeal 1.

    Rulebook (line 318): During a single roll, each die can only be re-rolled once. You must declare all dice you
    wish to re-roll before you perform any of these re-rolls.
    """
    engine = with_keywords(MACE, Keyword(name="Falsity"))
    state = clash(engine=engine)
    first = attack(state, [2, 2, 9], engine=engine)  # +1: 3, 3, 10 — the Crit die and die 2 missed
    assert first.pending is not None and first.pending.options == ["die1", "die2", "keep"]
    assert first.pending.pick == 2
    r = resume(first, ["die1", "die2"], [9, 9, *BLANK])
    assert kara(r.state).stats.heat == 1  # die 2 costs +1 Heat, the Crit die nothing
    assert kara(r.state).board.resources.get("zeal", 0) == 0  # it was a miss: no Zeal
    no_heat(state)
    first = attack(state, [2, 2, 9], engine=engine)
    assert first.pending is not None and first.pending.pick == 1  # at the Heat Limit: the Crit die only
    with pytest.raises(RuleError, match="Heat Limit"):
        resume(first, ["die2"], [9])


# --- Armor-piercing X ---------------------------------------------------------------------------------------------


def test_armor_piercing_discards_up_to_x_armor_tokens_from_the_target() -> None:
    """Rulebook (line 1915): - Armor-piercing X: Principality of Stone keyword. During the second ability window,
    discard up to X Armor tokens from the Target.
    """
    engine = with_keywords(MACE, Keyword(name="Armor-piercing", value=2))
    state = clash(engine=engine)
    state = engine.apply(state, ClashArmor(change=3), engine.dice_for(state)).state
    assert fight(state).armor_tokens == 3
    top_bp(state, "abbot_bp_cowl_hem")
    r = attack(state, HIT3 + BLANK, engine=engine)
    assert fight(r.state).armor_tokens == 1 and "2 Armor tokens discarded from The Cinder Abbot" in text(r)
    fight(state).armor_tokens = 1
    assert fight(attack(state, HIT3 + BLANK, engine=engine).state).armor_tokens == 0  # "up to X"
    # a Mob holds its own; a Mob that survives the Attack loses them, the others keep theirs
    mobs = clash("drowned", at="B3", engine=engine)
    mobs = engine.apply(mobs, ClashArmor(change=2, mob=1), engine.dice_for(mobs)).state
    mobs = engine.apply(mobs, ClashArmor(change=2, mob=2), engine.dice_for(mobs)).state
    on_mob_track(mobs, 1, "drowned_bp_fisher")  # AT 3: a Fail
    r = attack(mobs, HIT3 + BLANK, engine=engine, target="1")
    track = fight(r.state).mob_track
    assert track[0] is not None and track[0].armor_tokens == 0 and track[1] is not None and track[1].armor_tokens == 2
    with pytest.raises(RuleError, match="each Mob holds its own"):
        engine.apply(mobs, ClashArmor(change=1), engine.dice_for(mobs))
    with pytest.raises(RuleError, match="holds 2 Armor"):
        engine.apply(mobs, ClashArmor(change=-3, mob=2), engine.dice_for(mobs))


# --- Area ---------------------------------------------------------------------------------------------------------


def _area_clash(engine: Engine) -> CampaignState:
    """Kara on B3 below Mob 1 (A3); Mob 2 moved to A4 and Mob 3 to A2, both next to Mob 1; Mob 4 stays on B11."""
    state = clash("drowned", at="B3", engine=engine)
    on_mob_track(state, 1, "drowned_bp_washerwoman")  # AT 3; Wound: a Break token
    on_mob_track(state, 2, "drowned_bp_fisher")  # AT 3; Fail: +1 Heat
    on_mob_track(state, 3, "drowned_bp_novice")  # AT 3; Fail: Pushback
    fisher = fight(state).mob_track[1]
    assert fisher is not None
    fisher.modifiers["at"] = 2  # the fisher's own AT tokens: AT 5
    move_monster(state, "the_lantern_drowned_2", 0, 3)
    move_monster(state, "the_lantern_drowned_3", 0, 1)
    return state


def test_area_wounds_other_mobs_on_its_spaces_without_their_responses() -> None:
    """Rulebook (line 1914): - Area: When resolving the Power Roll against the Target of your Attack, additionally
    resolve it against all Monsters on spaces denoted by this keyword. Resolve the Power Roll against each of the
    Monsters AT individually (revealing/drawing their BP cards if needed) using this Attack's Total Power. Resolve
    Monster Responses only for the original Target of the Attack. Each Area keyword is followed by a description of
    spaces it targets.
    """
    engine = with_keywords(MACE, Keyword(name="Area", spaces="adjacent_to_target"))
    state = _area_clash(engine)
    r = attack(state, WOUND4, engine=engine, target="1")
    c = fight(r.state)
    wounded = [w.card for w in c.wound_stack]
    assert "drowned_bp_washerwoman" in wounded and "drowned_bp_novice" in wounded  # Total Power 4 ≥ AT 3 twice
    assert "drowned_bp_fisher" not in wounded  # AT 5: a Fail, revealed, and its Fail Response (+1 Heat) ignored
    fisher = next(s for s in c.mob_track if s is not None and s.card == "drowned_bp_fisher")
    assert fisher.revealed and kara(r.state).stats.heat == 0
    killed = c.mob_track[2]  # the novice died (a Wound, no Response) and a BP 2 Mob spawned in its place
    assert killed is not None and killed.card != "drowned_bp_novice" and c.levels[killed.card] == 2
    assert "Mob 3 (drowned_bp_novice, BP 1) is killed" in text(r)
    assert [(a["space"], a["wound"]) for a in outcome(r)["area"]] == [(2, False), (3, True)]
    mob4 = c.mob_track[3]
    assert mob4 is not None and mob4.card == "drowned_bp_miller" and not mob4.revealed  # B11 is not next to Mob 1
    plain = attack(_area_clash(Engine(CATALOGUE)), WOUND4, target="1")  # the plain Mace wounds its Target only
    assert [w.card for w in fight(plain.state).wound_stack] == ["drowned_bp_washerwoman"]


def test_area_compares_each_mobs_own_at() -> None:
    """Rulebook (line 1914): - Area: When resolving the Power Roll against the Target of your Attack, additionally
    resolve it against all Monsters on spaces denoted by this keyword. Resolve the Power Roll against each of the
    Monsters AT individually (revealing/drawing their BP cards if needed) using this Attack's Total Power. Resolve
    Monster Responses only for the original Target of the Attack. Each Area keyword is followed by a description of
    spaces it targets.
    """
    engine = with_keywords(MACE, Keyword(name="Area", spaces="adjacent_to_target"))
    state = _area_clash(engine)
    slot = fight(state).mob_track[2]
    assert slot is not None
    slot.modifiers["at"] = 2  # the novice's own AT tokens: AT 5
    r = attack(state, WOUND4, engine=engine, target="1")
    assert [(a["space"], a["at"], a["wound"]) for a in outcome(r)["area"]] == [(2, 5, False), (3, 5, False)]
    assert [w.card for w in fight(r.state).wound_stack] == ["drowned_bp_washerwoman"]
    described = with_keywords(MACE, Keyword(name="Area", text="a cone of 3 spaces"))
    r = attack(_area_clash(described), WOUND4, engine=described, target="1")
    assert "Area (a cone of 3 spaces)" in text(r) and "area" not in outcome(r)


# --- Ammo Reserves X ----------------------------------------------------------------------------------------------


def test_ammo_reserves_adds_charges_per_empty_weapon_or_support_slot() -> None:
    """Rulebook (line 1913): - Ammo Reserves X: Additional X Charges per empty Weapon or Support slot.

    Rulebook (line 484): Charges: Some effects are limited by the number of Charges. At the start of an Expedition,
    place a number of Charge tokens on this card equal to the Charges value.
    """
    censer = "gear_weirwater_censer"  # a Support card with Charges 3
    cat = with_keywords(censer, Keyword(name="Ammo Reserves", value=2)).catalogue
    k = new_knight(cat, cat.knights["lanternbearer"], "Ser Sonch", "sonch", "ser-sonch")
    k.loadout = [Equipped(gear=MACE), Equipped(gear=censer)]  # one hand slot and one Support slot stay empty
    ex.start(cat, k)
    item = next(e for e in k.loadout if e.gear == censer)
    assert item.charges == 3 + 2 * 2
    item.charges = 0
    aftermath.gear(cat, [k])  # the Clash Aftermath: "All Gear cards, except Consumable cards, regain all Charges."
    assert item.charges == 7
    item.charges = 1
    ex.aftermath(cat, k)
    assert item.charges == 7
    k.loadout = [Equipped(gear=MACE), Equipped(gear="gear_hunting_bow"), Equipped(gear=censer),
                 Equipped(gear="gear_tinderbox")]  # every Weapon and Support slot filled
    k.locked = False
    ex.start(cat, k)
    assert next(e for e in k.loadout if e.gear == censer).charges == 3
    k.locked = False
    ex.start(CATALOGUE, k)  # without the keyword: the Charges value
    assert next(e for e in k.loadout if e.gear == censer).charges == 3


# --- Deploy X -----------------------------------------------------------------------------------------------------


def test_deploy_offers_a_move_at_clash_setup() -> None:
    """Rulebook (line 1947): - Deploy X: During Clash Setup, at the start of the Monster Positioning step, you may move
    X spaces.
    """
    engine = with_keywords(MACE, Keyword(name="Deploy", value=2))
    state, _ = engine.new_state("Deploy", 5)
    for name in ("Kara", "Ser Sonch"):
        state = engine.apply(state, KnightCreate(content="lanternbearer", name=name, owner=name.lower()),
                             engine.dice_for(state)).state
    r = engine.apply(state, ClashStart(monster="abbot", level=1, clash_type="full"), engine.dice_for(state))
    assert [(m.id, m.space.label if m.space else None) for m in r.state.board.knights] == [
        ("kara", "H4"), ("ser_sonch", "H5")]
    assert r.pending is not None and r.pending.kind == "deploy" and r.pending.who == ["kara"]
    assert "G4" in r.pending.options and "F4" in r.pending.options and "stay" in r.pending.options
    assert "E4" not in r.pending.options and "H5" not in r.pending.options  # 3 spaces away; Ser Sonch's space
    with pytest.raises(RuleError, match="waits for a decision first"):  # the Clash waits for the answer
        engine.apply(r.state, MonsterRound(), engine.dice_for(r.state))
    moved = engine.apply(r.state, Choose(decision=r.pending.id, options=["F4"]), engine.dice_for(r.state))
    assert moved.state.board.knight("kara").space == Coord(5, 3)
    assert moved.pending is not None and moved.pending.who == ["ser sonch"]  # then Ser Sonch's Deploy
    done = engine.apply(moved.state, Choose(decision=moved.pending.id, options=["stay"]), engine.dice_for(moved.state))
    assert done.pending is None and done.state.board.knight("ser_sonch").space == Coord(7, 4)
    assert "Deploy 2: Ser Sonch stays" in "\n".join(texts(done.events))
    plain = Engine(CATALOGUE).apply(state, ClashStart(monster="abbot", level=1, clash_type="full"),
                                    engine.dice_for(state))
    assert plain.pending is None  # no Deploy in the Loadout: nothing is asked
