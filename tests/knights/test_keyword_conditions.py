"""Knight-state keywords (rules/knights/keyword_effects.py, statistics.py, conditions.py): Bane X, Bane Limit X/+X,
Poison X, Toxify X, Poison Resilience X, Parasitize X, Choke X, Fortify X, Zeal X, Zeal Threshold X and Fleisch X,
pinned with the rulebook's Keyword List.

Brannoch ("lanternbearer"): max Vigor 12; Uninjured 10+ (Heat Limit 3), Minor 7+ (4), Major 4+ (5), Grave 1+ (6);
his starting Portrait's Bane Limit is 5.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from pydantic import TypeAdapter

from bot.narration import texts
from bot.narration.registry import carried
from content.loader import Catalogue
from content.schema.cards import Choke, Fleisch, Fortify, GainBane, Parasitize, Poison, Toxify, Zeal
from content.schema.gear import Ability, Gear, Keyword
from content.schema.monsters import MonsterEffect
from rules.clash.harm import resolve_effects, settle
from rules.clash.power_roll import clear_pool
from rules.clash.round_handlers import KnightEndTurn
from rules.knights import conditions as cond
from rules.knights import keyword_effects as kw
from rules.knights import statistics as st
from rules.knights import turn_end
from rules.knights.state import ArmoryItem, Equipped, KnightState
from tests.clash.test_harm import bare, harm, judicium_deck
from tests.clash.test_knight_attack import ENGINE, clash, kara
from tests.knights._support import CAT, knight


def _with_gear(cat: Catalogue, k: KnightState, *keywords: Keyword, ability: bool = False) -> Catalogue:
    """A catalogue with one Support card carrying ``keywords`` (in an ability without a cost with ``ability``),
    equipped by ``k``."""
    abilities = [Ability(text="Passive.", keywords=list(keywords))] if ability else []
    gear = Gear(id="gear_test_charm", name="Test Charm", type="support", tier="mob",
                keywords=[] if ability else list(keywords), abilities=abilities)
    k.sheet.armory.append(ArmoryItem(gear=gear.id))
    k.loadout.append(Equipped(gear=gear.id))
    return dataclasses.replace(cat, gear={**cat.gear, gear.id: gear})


def _said(lines: list[str]) -> str:
    return " ".join(map(carried, lines))


# --- Bane X and Bane Limit X/+X ------------------------------------------------------------------------------------


def test_bane_x_gains_x_bane_tokens_from_a_card() -> None:
    """Rulebook (line 1919): - Bane X: Gain X Bane tokens.

    A card's ``{type: gain_bane, amount: 2}`` resolved on Brannoch: 2 Bane tokens, not 1."""
    h = harm("Kara")
    k = bare(h, "Kara", 12)
    resolve_effects(h, "kara", [GainBane(type="gain_bane", amount=2)])
    assert k.stats.bane == 2 and not k.dead


def test_bane_x_over_the_limit_kills() -> None:
    """Rulebook (line 1519): If, at any point, you would gain Bane tokens that would exceed your Bane Limit, don't.
    Your Knight dies immediately.

    Bane 4 of 5 and Bane 2: no token is gained, Brannoch dies (a Bane 1 would have been fine)."""
    h = harm("Kara")
    k = bare(h, "Kara", 12)
    k.stats.bane = 4
    resolve_effects(h, "kara", [GainBane(type="gain_bane", amount=2)])
    assert k.dead and k.stats.bane == 4


def test_bane_limit_x_does_not_stack_and_plus_x_bonuses_add_up() -> None:
    """Rulebook (line 1920): - Bane Limit X/+X: Your Bane Limit becomes X or is increased by +X. Note: Bane Limit X
    doesn't stack, but all +X bonuses are cumulative.

    Rulebook (line 1519): If you have multiple elements that modify your Bane Limit, choose the one with the highest
    Bane Limit, then apply bonuses and penalties to that limit (if any).

    Portrait 5; Gear "Bane Limit 7" and "Bane Limit 6": 7 (not 13); two "Bane Limit +1": 9; a lower "Bane Limit 3"
    never lowers the Portrait's 5."""
    k = knight("lanternbearer")
    assert st.bane_limit(CAT, k) == 5
    cat = _with_gear(CAT, k, Keyword(name="Bane Limit", value=7), Keyword(name="Bane Limit", value=6))
    assert st.bane_limit(cat, k) == 7
    plus = Keyword(name=st.BANE_LIMIT_PLUS, value=1, custom=True)
    cat = _with_gear(cat, k, plus, plus, ability=True)
    assert st.bane_limit(cat, k) == 9
    low = knight("lanternbearer")
    assert st.bane_limit(_with_gear(CAT, low, Keyword(name="Bane Limit", value=3)), low) == 5


def test_bane_limit_from_the_loadout_decides_death() -> None:
    """Rulebook (line 1175): Note: Constant abilities and passive abilities (for example, a Virtue bonus or Bane Limit)
    still work on inactive Weapon Gear.

    With "Bane Limit 7" equipped, Bane 5 + 2 is survived; a discarded card's Bane Limit does not count."""
    k = knight("lanternbearer")
    cat = _with_gear(CAT, k, Keyword(name="Bane Limit", value=7))
    k.stats.bane = 5
    st.change_bane(cat, k, 2)
    assert k.stats.bane == 7 and not k.dead
    k.loadout[-1].discarded = True
    assert st.bane_limit(cat, k) == 5


# --- Poison X, Toxify X, Poison Resilience X, Parasitize X ------------------------------------------------------


def test_poison_gains_poisoned_once_and_stacks_tokens() -> None:
    """Rulebook (line 2036): - Poison X: Sunken Kingdom keyword. If you don't have the Poisoned Condition card, gain it.
    Then place X Generic tokens on the Poisoned Condition card (these are the Poison tokens).

    Rulebook (line 1516): You cannot gain the same Condition card if you already have it

    Poison 2 then Poison 1: one Poisoned card with 3 tokens."""
    k = knight()
    kw.poison(CAT, k, 2)
    kw.poison(CAT, k, 1)
    assert k.stats.conditions == ["Poisoned"]
    assert cond.tokens(CAT, k, "Poisoned") == 3
    assert [c.id for c in cond.held(CAT, k)] == ["condition_poisoned"]


def test_toxify_flips_poisoned_and_keeps_its_tokens() -> None:
    """Rulebook (line 2037): - Toxify X: If you don't have the Toxified or Poisoned Condition card, gain the Toxified
    Condition card. If you already have the Poisoned Condition card, flip it. Then place X Generic tokens (Poison
    tokens) on the Toxified Condition card.

    Poisoned with 3 tokens, then Toxify 2: Toxified (not Poisoned) with 5 tokens; a later Poison 1 adds to it."""
    k = knight()
    kw.poison(CAT, k, 3)
    kw.toxify(CAT, k, 2)
    assert k.stats.conditions == ["Toxified"]
    assert cond.tokens(CAT, k, "Toxified") == 5 and cond.tokens(CAT, k, "Poisoned") == 0
    kw.poison(CAT, k, 1)
    assert k.stats.conditions == ["Toxified"] and cond.tokens(CAT, k, "Toxified") == 6


def test_toxify_without_poison_gains_toxified() -> None:
    """Rulebook (line 2037): - Toxify X: If you don't have the Toxified or Poisoned Condition card, gain the Toxified
    Condition card."""
    k = knight()
    kw.toxify(CAT, k, 1)
    kw.toxify(CAT, k, 1)
    assert k.stats.conditions == ["Toxified"] and cond.tokens(CAT, k, "Toxified") == 2


def test_poison_resilience_ignores_poison_tokens() -> None:
    """Rulebook (line 2038): - Poison Resilience X: Sunken Kingdom keyword. Ignore up to X Poison tokens from the
    Poisoned and Toxified Condition cards.

    5 Poison tokens with Poison Resilience 2 count as 3 (never below 0)."""
    k = knight()
    cat = _with_gear(CAT, k, Keyword(name="Poison Resilience", value=2))
    kw.poison(cat, k, 5)
    assert kw.poison_counted(cat, k, "Poisoned") == 3
    k.stats.condition_tokens["Poisoned"] = 1
    assert kw.poison_counted(cat, k, "Poisoned") == 0


def test_poisoned_loses_vigor_per_three_counted_tokens_at_the_end_of_the_turn() -> None:
    """Rulebook (line 1515): Some Conditions may also require you to gain Condition tokens. These are always placed on
    the corresponding Condition card.

    The starter Poisoned card: "lose 1 Vigor for every 3 Poison tokens". 6 tokens: 2 Vigor at the end of Kara's
    turn; 2 tokens: nothing."""
    state = clash()
    k = kara(state)
    kw.poison(CAT, k, 6)
    vigor = k.stats.vigor
    result = ENGINE.apply(state, KnightEndTurn(knight="Kara"), ENGINE.dice_for(state))
    assert kara(result.state).stats.vigor == vigor - 2
    assert "Poisoned acts at the end of the turn" in " ".join(texts(result.events))
    k.stats.condition_tokens["Poisoned"] = 2
    result = ENGINE.apply(state, KnightEndTurn(knight="Kara"), ENGINE.dice_for(state))
    assert kara(result.state).stats.vigor == vigor


def test_parasitize_gains_panzer_parasite_and_places_tokens() -> None:
    """Rulebook (line 2034): - Parasitize X: Principality of Stone keyword. If you don't have the Panzer Parasite
    Condition card, gain it. Then place X Generic tokens on the Panzer Parasite Condition card.

    Through a Monster card's effects (``{type: parasitize, amount: 2}``): the card, 2 tokens, and its text shown."""
    effect = TypeAdapter(MonsterEffect).validate_python({"type": "parasitize", "amount": 2})
    h = harm("Kara")
    k = bare(h, "Kara", 12)
    resolve_effects(h, "kara", [effect, Parasitize(type="parasitize", amount=1)])
    assert k.stats.conditions == ["Panzer Parasite"] and cond.tokens(CAT, k, "Panzer Parasite") == 3
    assert "gains the Condition **Panzer Parasite**" in " ".join(map(carried, h.lines))
    assert turn_end.end_of_turn(CAT, k) == [("Panzer Parasite", [cond.card_named(CAT, "Panzer Parasite")
                                                            .holding.end_of_turn[0]])]  # type: ignore[union-attr]


def test_condition_tokens_go_with_the_card() -> None:
    """Rulebook (line 1472): - Conditions: All Knights discard their Condition cards and Condition tokens.

    Poisoned discarded (Clash Aftermath), then Poison 1: a fresh card with 1 token, not 4."""
    k = knight()
    kw.poison(CAT, k, 3)
    k.stats.conditions = []
    assert cond.tokens(CAT, k, "Poisoned") == 0
    kw.poison(CAT, k, 1)
    assert cond.tokens(CAT, k, "Poisoned") == 1


def test_keyword_conditions_are_never_drawn() -> None:
    """The keyword Conditions are set aside: the Condition deck's draw pile never holds them."""
    deck = CAT.decks["condition"]
    assert {"condition_poisoned", "condition_toxified", "condition_panzer_parasite", "condition_choked"}.isdisjoint(
        deck.base_cards())
    state = clash()
    assert "condition_poisoned" not in state.decks["condition"].draw


# --- Choke X -------------------------------------------------------------------------------------------------------


def test_choke_sets_the_choke_limit_and_raises_heat() -> None:
    """Rulebook (line 1934): - Choke X: If you don't have the Choked Condition card, gain it and place a black acrylic
    cube on "0" on the Heat track—this is your Choke Limit. Then, increase the Choke Limit by X-1. Your Heat can never
    go below this limit.

    Choke 3 at Heat 0: Choked, Choke Limit 2, Heat 2."""
    k = knight()
    lines, heat = kw.choke(CAT, k, 3)
    assert k.stats.conditions == ["Choked"] and cond.choke_limit(CAT, k) == 2 and heat == 2
    k = knight()
    kw.apply_now(CAT, k, Choke(type="choke", amount=3), None)
    assert k.stats.heat == 2


def test_choke_again_raises_the_choke_limit_by_x() -> None:
    """Rulebook (line 1934): If you already had the Choked Condition card, increase the Choke Limit by X. Then, if your
    Heat is below the Choke Limit, gain enough Heat so that it is above the Choke Limit.

    Choke 1 (limit 0), then Choke 2: limit 2 and Heat 2. In a Clash the Heat over the Heat Limit costs Vigor: Heat 0
    Uninjured (Heat Limit 3) with Choke 5 reaches Heat 3 and loses 1 Vigor."""
    k = knight()
    kw.apply_now(CAT, k, Choke(type="choke", amount=1), None)
    assert (cond.choke_limit(CAT, k), k.stats.heat) == (0, 0)
    kw.apply_now(CAT, k, Choke(type="choke", amount=2), None)
    assert (cond.choke_limit(CAT, k), k.stats.heat) == (2, 2)
    h = harm("Kara")
    b = bare(h, "Kara", 12)
    resolve_effects(h, "kara", [Choke(type="choke", amount=5)])
    assert (b.stats.heat, b.stats.vigor, b.stats.choke_limit) == (3, 11, 4)


def test_heat_never_goes_below_the_choke_limit() -> None:
    """Rulebook (line 1934): Your Heat can never go below this limit.

    Choke Limit 2, Heat 4, lose 3 Heat: Heat 2. Once Choked is discarded, Heat falls freely."""
    k = knight()
    kw.apply_now(CAT, k, Choke(type="choke", amount=3), None)
    k.stats.heat = 4
    st.change_heat(CAT, k, -3)
    assert k.stats.heat == 2
    k.stats.conditions = []
    st.change_heat(CAT, k, -3)
    assert k.stats.heat == 0


# --- Fortify X -----------------------------------------------------------------------------------------------------


def test_fortify_below_maximum_gains_vigor() -> None:
    """Rulebook (line 1975): - Fortify X: If you don't have maximum Vigor, gain +X Vigor.

    Vigor 9 of 12 with Fortify 2: 11 and no additional Vigor; Vigor 11 with Fortify 2: 12 (never past the maximum)."""
    k = knight()
    k.stats.vigor = 9
    kw.fortify(CAT, k, 2)
    assert (k.stats.vigor, k.stats.additional_vigor) == (11, 0)
    kw.fortify(CAT, k, 2)
    assert (k.stats.vigor, k.stats.additional_vigor) == (12, 0)


def test_fortify_at_maximum_gives_additional_vigor_lost_first() -> None:
    """Rulebook (line 1975): If you have maximum Vigor, place a red cube on X on the Vigor track—it becomes your
    additional Vigor. When you would lose Vigor, lose your additional Vigor first (counting it down, like a secondary
    track).

    Vigor 12 of 12, Fortify 3: lose 2 → additional 1, Vigor 12; lose 2 more → additional 0, Vigor 11."""
    k = knight()
    kw.apply_now(CAT, k, Fortify(type="fortify", amount=3), None)
    assert (k.stats.vigor, k.stats.additional_vigor) == (12, 3)
    st.change_vigor(CAT, k, -2)
    assert (k.stats.vigor, k.stats.additional_vigor) == (12, 1)
    st.change_vigor(CAT, k, -2)
    assert (k.stats.vigor, k.stats.additional_vigor) == (11, 0)


def test_a_loss_beyond_the_additional_vigor_reaches_vigor() -> None:
    """Rulebook (line 1975): When you would lose Vigor, lose your additional Vigor first (counting it down, like a
    secondary track).

    In a Clash: additional 2 and a loss of 3 leaves Vigor 11 and no Judicium is owed; a voluntary cost may use the
    additional Vigor."""
    h = harm("Kara")
    k = bare(h, "Kara", 12)
    judicium_deck(h, "judicium_you_live")
    resolve_effects(h, "kara", [Fortify(type="fortify", amount=2), Poison(type="poison", amount=1)])
    assert k.stats.additional_vigor == 2
    from tests.clash.test_harm import lose

    resolve_effects(h, "kara", [lose(3)])
    settle(h)
    assert (k.stats.vigor, k.stats.additional_vigor) == (11, 0)
    assert h.state.decks["judicium"].draw == ["judicium_you_live"]
    one = knight()
    one.stats.vigor = 12
    kw.fortify(CAT, one, 2)
    st.change_vigor(CAT, one, -13, voluntary=True)  # 2 additional + 11 Vigor: Vigor 1 stays
    assert one.stats.vigor == 1


def test_additional_vigor_keeps_a_clash_loss_above_zero() -> None:
    """Rulebook (line 1975): When you would lose Vigor, lose your additional Vigor first (counting it down, like a
    secondary track).

    Vigor 12 with 2 additional Vigor loses 13 in a Clash: Vigor 1, no Judicium."""
    from tests.clash.test_harm import lose

    h = harm("Kara")
    k = bare(h, "Kara", 12)
    k.stats.additional_vigor = 2
    judicium_deck(h, "judicium_you_live")
    resolve_effects(h, "kara", [lose(13)])
    assert k.stats.vigor == 1
    assert h.judicium_due == []


def test_stat_reset_clears_the_choke_limit_and_the_additional_vigor() -> None:
    """Rulebook (line 1470): - Stat Reset: All Knights reset their Passion, Heat, Vigor, and their limits on tracks to
    their starting values."""
    k = knight()
    kw.fortify(CAT, k, 2)
    kw.apply_now(CAT, k, Choke(type="choke", amount=2), None)
    st.reset(CAT, k)
    assert (k.stats.additional_vigor, k.stats.choke_limit, k.stats.heat) == (0, 0, 0)


# --- Zeal X, Zeal Threshold X, Fleisch X -------------------------------------------------------------------------


def test_zeal_places_tokens_on_the_knight_board() -> None:
    """Rulebook (line 2106): - Zeal X: During the second ability window, place X Zeal tokens on your Knight Board.

    No Zeal Threshold: Zeal 2 and Zeal 3 are 5 tokens on the board, none in the Knight Pool."""
    k = knight()
    pool: dict[str, int] = {}
    kw.zeal(CAT, k, 2, pool)
    kw.apply(CAT, k, Zeal(type="zeal", amount=3), pool)
    assert k.board.resources["zeal"] == 5 and pool == {}


def test_zeal_over_the_threshold_goes_to_the_knight_pool() -> None:
    """Rulebook (line 2107): - Zeal Threshold X: If gaining Zeal tokens would exceed your Zeal Threshold, gain Zeal
    tokens up to your Zeal Threshold and place the rest of the tokens in the Knight Pool.

    Zeal Threshold 3 with 2 Zeal on the board, Zeal 4: 1 more on the board (3), 3 in the Knight Pool; the second
    ability window's keywords of an Attack do the same."""
    k = knight()
    cat = _with_gear(CAT, k, Keyword(name="Zeal Threshold", value=3, custom=True))
    k.board.resources["zeal"] = 2
    pool: dict[str, int] = {}
    kw.zeal(cat, k, 4, pool)
    assert (k.board.resources["zeal"], pool) == (3, {"zeal": 3})
    lines = kw.second_window(cat, k, [Keyword(name="Zeal", value=1), Keyword(name="Fleisch", value=2)], pool)
    assert pool == {"zeal": 4, "fleisch": 2} and "Zeal Threshold 3" in _said(lines)


def test_fleisch_goes_to_the_knight_pool_and_stays() -> None:
    """Rulebook (line 1974): - Fleisch X: During the second ability window, place X Fleisch tokens in the Knight Pool.

    Rulebook (line 432): All Resource tokens in the Knight Pool are shared between all Knights, meaning that it does not
    matter who placed the tokens in the Knight Pool. Every Knight that can use them may do so. Unlike Knight tokens,
    Resource tokens remain in the Pool until they're used.

    Fleisch 2 through a card effect in a Clash: 2 in the Knight Pool, still there after the Clear the Knight Pool
    step that removes the Break token."""
    h = harm("Kara")
    bare(h, "Kara", 12)
    assert h.state.clash is not None
    h.state.clash.flow.pool = {"break": 1}
    resolve_effects(h, "kara", [Fleisch(type="fleisch", amount=2)])
    assert h.state.clash.flow.pool == {"break": 1, "fleisch": 2}
    kept, _ = clear_pool(h.state.clash.flow.pool, 0)
    assert kept == {"fleisch": 2}
    assert "By hand" in _said(kw.fleisch(1, None))


def test_knight_status_shows_what_the_keywords_left() -> None:
    """The text status lists the tokens on held keyword Conditions, the Choke Limit, additional Vigor and Zeal."""
    k = knight()
    kw.apply_now(CAT, k, Toxify(type="toxify", amount=2), None)
    kw.apply_now(CAT, k, Choke(type="choke", amount=2), None)
    kw.fortify(CAT, k, 1)
    kw.zeal(CAT, k, 1, None)
    assert kw.status(CAT, k) == ["Toxified: 2 token(s) (2 counted)", "Choke Limit 1", "additional Vigor 1",
                                 "Zeal 1 on the Knight Board"]


# --- /keyword (the table applies a keyword by hand) ---------------------------------------------------------------


async def test_keyword_commands_apply_poison_choke_and_fortify(table: Any) -> None:
    """Rulebook (line 2036): - Poison X: Sunken Kingdom keyword. If you don't have the Poisoned Condition card, gain it.

    Rulebook (line 1934): Your Heat can never go below this limit.

    Through the commands: Poison 4, Toxify 1 (flipped, 5 tokens), 2 removed by hand, Choke 3 (Heat 2, kept at 2 by a
    Heat loss), Fortify 2 at maximum Vigor (a loss of 3 leaves Vigor 11)."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("@kara /keyword apply keyword:poison value:4")
    reply = await table.ok("@kara /keyword apply keyword:toxify value:1")
    assert reply.data["keyword_status"] == ["Toxified: 5 token(s) (5 counted)"]
    await table.ok("@kara /keyword tokens card:toxified change:-2")
    await table.ok("@kara /keyword apply keyword:choke value:3")
    await table.ok("@kara /knight stat stat:heat change:-3")
    await table.ok("@kara /keyword apply keyword:fortify value:2")
    await table.ok("@kara /knight stat stat:vigor change:-3")
    stats = (await table.state())["knights"]["ser-sonch"]["stats"]
    assert stats["conditions"] == ["Toxified", "Choked"]
    assert stats["condition_tokens"]["Toxified"] == 3
    assert (stats["heat"], stats["choke_limit"], stats["vigor"], stats["additional_vigor"]) == (2, 2, 11, 0)
    shown = await table.ok("@kara /keyword show")
    assert shown.data["keyword_status"] == ["Toxified: 3 token(s) (3 counted)", "Choke Limit 2"]
    refused = await table("@kara /keyword tokens card:panzer_parasite change:1")
    assert not refused.ok and "does not hold the Panzer Parasite" in (refused.error or "")


async def test_keyword_bane_over_the_limit_kills(table: Any) -> None:
    """Rulebook (line 1919): - Bane X: Gain X Bane tokens.

    Bane 6 against Bane Limit 5: Ser Sonch dies, with no Bane gained."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("@kara /keyword apply keyword:bane value:3")
    await table.ok("@kara /keyword apply keyword:bane value:3")
    knight_ = (await table.state())["knights"]["ser-sonch"]
    assert knight_["dead"] and knight_["stats"]["bane"] == 3


def test_zeal_and_fleisch_on_the_active_weapon_fire_in_the_attacks_second_window() -> None:
    """Rulebook (line 2106): - Zeal X: During the second ability window, place X Zeal tokens on your Knight Board.

    Rulebook (line 1974): - Fleisch X: During the second ability window, place X Fleisch tokens in the Knight Pool.

    The Attack's second ability window (rules/clash/power_roll.second_window) with a weapon carrying Zeal 2 and
    Fleisch 1: 2 Zeal on the Knight Board, 1 Fleisch in the Knight Pool, the caller's pool left untouched."""
    from rules.clash.power_roll import second_window
    from rules.knights import loadout

    k = knight()
    weapon = next(i.gear for i in k.loadout if CAT.gear[i.gear].type == "weapon")
    face = loadout.face(CAT, k, weapon)
    before: dict[str, int] = {"break": 1}
    pool, lines = second_window(CAT, k, face, [Keyword(name="Zeal", value=2), Keyword(name="Fleisch", value=1)],
                                before, passion=0, margin=0)
    assert k.board.resources["zeal"] == 2
    assert pool == {"break": 1, "fleisch": 1} and before == {"break": 1}
    assert "Zeal 2" in _said(lines)
