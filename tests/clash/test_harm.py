"""Harm to Knights during a Clash (rules/clash/harm.py, rules/clash/peril.py): Attack effects, the Armor Roll, Peril
Checks, Mortis and Judicium cards, Massive Peril, Crash, Conditions and death, pinned with the rulebook.

Brannoch's starting Peril Arc "Steady Flame": max Vigor 12; Uninjured 10+ (Heat Limit 3), Minor 7+ (4), Major 4+ (5),
Grave 1+ (6), Judicium 0 (7). His Padded Gambeson gives 1 white Armor die (white faces: 1-2 blank, 3-4 Power,
5 Potential, 6 Hope).
"""

from __future__ import annotations

import dataclasses

from bot.narration.registry import carried
from content.schema.cards import (
    Die,
    Drag,
    Escalate,
    GainBane,
    GainCondition,
    GainCurse,
    GainHeat,
    GainPassion,
    GainThreat,
    Knockback,
    KnockedDown,
    LoseVigor,
    PerilCheck,
    PlaceKnightTokens,
    Pushback,
    TextEffect,
)
from content.schema.gear import Gear, Keyword, PowerDice
from content.schema.monsters import AdditionalWound, FollowUp, Heal, Perform, Suppress
from rules.board import BoardState, KnightKeyword, monster_move
from rules.clash.harm import Harm, apply_outcomes, kill, resolve_effects, settle
from rules.clash.state import WoundCard
from rules.delve.actions import DelveStart
from rules.engine import Engine
from rules.knights import statistics as st
from rules.knights.state import ArmoryItem, Equipped, KnightState
from rules.knights.view import new_knight, slug
from rules.state import DeckState
from tests.board.helpers import BOULDER, COLUMN, board, boss, knight, mob, where
from tests.clash.helpers import boss as clash_boss
from tests.conftest import CATALOGUE

ENGINE = Engine(CATALOGUE)
LIVE, DIED = "judicium_you_live", "judicium_you_died"
HORRIBLY, LEGEND = "judicium_you_died_horribly", "judicium_your_gruesome_death_becomes_legend"


def harm(*names: str, seed: int = 3, on_board: BoardState | None = None, engine: Engine = ENGINE) -> Harm:
    """A campaign with Brannoch-based Knights, a Boss Clash and (optionally) a board."""
    state, dice = engine.new_state("Harm", seed)
    for name in names:
        k = new_knight(engine.catalogue, engine.catalogue.knights["lanternbearer"], name, slug(name), slug(name))
        state.knights[k.id] = k
    state.clash = clash_boss(ai_deck=["ai1a", "ai1b"], ai_discard=["ai1c"], ai_escalation={2: ["ai2a"], 3: ["ai3a"]},
                             bp_deck=["bp1a"], bp_escalation={2: ["bp2a"]})
    if on_board is not None:
        state.board = on_board
    return Harm(engine, state, engine.dice_for(state))


def bare(h: Harm, name: str, vigor: int) -> KnightState:
    """The Knight without Gear (no Armor Roll), at ``vigor``."""
    k = h.state.knights[slug(name)]
    k.loadout = []
    k.stats.vigor = vigor
    return k


def judicium_deck(h: Harm, *cards: str) -> None:
    h.state.decks["judicium"] = DeckState(draw=list(cards))


def lose(n: int, per_hit: bool = False) -> LoseVigor:
    return LoseVigor(type="lose_vigor", amount=n, per_hit=per_hit)


PERIL = PerilCheck(type="peril_check")


# --- Attack effects and the Vigor Loss bonus --------------------------------------------------------------------


def test_effects_resolve_in_card_order_on_the_target() -> None:
    """Rulebook (line 1182): Resolve all Attack effects in the order they are written on the card, one sentence at a
    time.

    Rulebook (line 1168): Who's Hitting Whom. All effects of AI and BP cards are resolved by a Monster against the
    Target
    """
    h = harm("Kara")
    k = bare(h, "Kara", 12)
    resolve_effects(h, "kara", [GainHeat(type="gain_heat", amount=1), lose(3), GainPassion(type="gain_passion",
                                                                                            amount=1)])
    assert (k.stats.heat, k.stats.vigor, k.stats.passion) == (1, 9, 1)
    heat, vigor, passion = (next(i for i, line in enumerate(map(carried, h.lines)) if word in line)
                            for word in ("Heat 0", "Vigor 12", "Passion 0"))
    assert heat < vigor < passion


def test_vigor_loss_bonus_once_per_attack() -> None:
    """Rulebook (line 1005): - Vigor Loss bonus: Increase the total Vigor loss suffered as a result of each Monster
    Attack (not per hit) by this value.

    −1 Vigor per hit with 3 hits and a bonus of 2 is 5; the card's second Vigor loss gets no second bonus.
    """
    h = harm("Kara")
    k = bare(h, "Kara", 12)
    assert h.state.clash is not None
    h.state.clash.vigor_loss_bonus = 2
    resolve_effects(h, "kara", [lose(1, per_hit=True), lose(1)], hits=3, monster_attack=True)
    assert k.stats.vigor == 12 - 5 - 1
    assert h.loss == {"kara": 6}


def test_escalation_bonus_is_per_hit_and_a_flat_loss_ignores_hits() -> None:
    """Rulebook (line 1429): - AI deck: Search the AI deck and the AI discard pile for the lowest-level AI card and
    remove it from the game. ... the Monster gains 1 bonus per Escalation, in the following order: +1 Vigor loss
    bonus per hit

    A flat −2 with 3 hits is −2, plus the permanent +1 per hit: −5.
    """
    h = harm("Kara")
    k = bare(h, "Kara", 12)
    assert h.state.clash is not None
    h.state.clash.bonuses.vigor_loss_per_hit = 1
    resolve_effects(h, "kara", [lose(2)], hits=3, monster_attack=True)
    assert k.stats.vigor == 7
    resolve_effects(h, "kara", [lose(2)], hits=3)  # not a Monster Attack (a Mortis card): no bonus
    assert k.stats.vigor == 5


# --- the Armor Roll ---------------------------------------------------------------------------------------------


def test_armor_roll_counts_power_symbols_only() -> None:
    """Rulebook (line 1189): To perform an Armor Roll, sum up the Armor dice from all your sources, and roll them.
    When you perform an Armor Roll, you count Power symbols, not Potential or Hope. Subtract those from the total
    amount of Vigor you are about to lose.

    The Gambeson's white die on face 3 (Power) saves 1 Vigor; on face 5 (Potential) nothing.
    """
    h = harm("Kara")
    k = h.state.knights["kara"]
    h.dice.forced = [3]
    resolve_effects(h, "kara", [lose(3)], monster_attack=True)
    assert k.stats.vigor == 10
    h.dice.forced = [5]
    resolve_effects(h, "kara", [lose(3)], monster_attack=True)
    assert k.stats.vigor == 7
    assert any("Armor Roll" in line and "1 Armor" in line for line in map(carried, h.lines))


def test_armor_reroll_rerolls_dice_without_power_once() -> None:
    """Rulebook (line 1916): - Armor Re-roll X: During an Armor Roll, you may re-roll up to X Armor dice."""
    gambeson = CATALOGUE.gear["gear_padded_gambeson"]
    braced = gambeson.model_copy(update={"keywords": [*gambeson.keywords, Keyword(name="Armor Re-roll", value=1)]})
    h = harm("Kara", engine=Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, braced.id: braced})))
    h.dice.forced = [5, 3]  # the Gambeson's white die: Potential (no Power), re-rolled once: Power
    resolve_effects(h, "kara", [lose(3)], monster_attack=True)
    assert h.state.knights["kara"].stats.vigor == 10
    assert any("Armor Re-roll 1" in line for line in map(carried, h.lines))
    plain = harm("Kara")
    plain.dice.forced = [5, 3]
    resolve_effects(plain, "kara", [lose(3)], monster_attack=True)
    assert plain.state.knights["kara"].stats.vigor == 9


def test_armor_reduced_to_zero_skips_the_peril_check() -> None:
    """Rulebook (line 1190): If that Vigor loss is reduced to 0, do not resolve the Peril Check on the card that
    caused the Vigor loss."""
    h = harm("Kara")
    k = h.state.knights["kara"]
    h.dice.forced = [4]
    resolve_effects(h, "kara", [lose(1), PERIL], monster_attack=True)
    assert k.stats.vigor == 12 and h.peril_due == []
    h.dice.forced = [1]
    resolve_effects(h, "kara", [lose(1), PERIL], monster_attack=True)
    assert k.stats.vigor == 11 and h.peril_due == ["kara"]


def test_judgement_vigor_loss_is_not_reduced_by_armor() -> None:
    """Rulebook (line 1165): - Judgement: Judgements are mental assaults that force the Target to perform a special
    Virtue test. ... Therefore, Vigor loss caused by Judgements cannot be mitigated with an Armor Roll"""
    h = harm("Kara")
    k = h.state.knights["kara"]
    before = h.dice.position
    resolve_effects(h, "kara", [lose(2)], monster_attack=True, judgement=True)
    assert k.stats.vigor == 10 and h.dice.position == before


def test_exhausted_or_discarded_armor_gives_no_dice() -> None:
    """Rulebook (line 496): When instructed to exhaust a card, you should turn it 90 degrees to the right to indicate
    that it is exhausted. It is still treated as equipped on your Knight, but you cannot use it as an active weapon
    or use its defensive statistics"""
    for state in ("exhausted", "discarded"):
        h = harm("Kara")
        k = h.state.knights["kara"]
        gambeson = next(e for e in k.loadout if e.gear == "gear_padded_gambeson")
        setattr(gambeson, state, True)
        before = h.dice.position
        resolve_effects(h, "kara", [lose(2)], monster_attack=True)
        assert k.stats.vigor == 10 and h.dice.position == before, state


def test_a_weapon_gives_armor_dice_only_as_the_active_weapon() -> None:
    """Rulebook (line 1188): When you suffer Vigor loss as a consequence of a Monster Attack, if any game element
    grants you Armor dice, you must perform an Armor Roll. Note: Components that grant you Armor dice conditionally
    (like a Gear card, if you choose it as an active Weapon, or the Reinforce X keyword) only count toward this rule
    if you choose to use them."""
    h = harm("Kara")
    k = bare(h, "Kara", 12)
    k.sheet.tier = "dragon"
    k.sheet.armory.append(ArmoryItem(gear="gear_wyrmscale_aegis"))
    k.loadout = [Equipped(gear="gear_wyrmscale_aegis")]
    before = h.dice.position
    resolve_effects(h, "kara", [lose(2)], monster_attack=True)
    assert k.stats.vigor == 10 and h.dice.position == before
    h.weapons["kara"] = "gear_wyrmscale_aegis"
    h.dice.forced = [3]  # red face 3: 2 Power
    resolve_effects(h, "kara", [lose(2)], monster_attack=True)
    assert k.stats.vigor == 10 and h.dice.position == before + 1


def test_soak_reduces_vigor_loss_after_the_armor_roll() -> None:
    """Rulebook (line 2088): - Soak X: Reduce Vigor loss from Monster Attacks during a Clash by X. You can use this
    ability only after performing the Armor Roll. If it reduces your Vigor loss to 0, do not resolve the Peril
    Check."""
    plate = Gear(id="test_soaking_plate", name="Soaking Plate", type="armor", tier="mob",
                 armor_dice=PowerDice(white=1), keywords=[Keyword(name="Soak", value=1)])
    engine = Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, plate.id: plate}))
    h = harm("Kara", engine=engine)
    k = bare(h, "Kara", 12)
    k.sheet.armory.append(ArmoryItem(gear=plate.id))
    k.loadout = [Equipped(gear=plate.id)]
    h.dice.forced = [3]  # 1 Power: 3 → 2, then Soak 1 → 1
    resolve_effects(h, "kara", [lose(3)], monster_attack=True)
    assert k.stats.vigor == 11
    h.dice.forced = [1]  # blank: 1 → 1, then Soak 1 → 0: no Peril Check
    resolve_effects(h, "kara", [lose(1), PERIL], monster_attack=True)
    assert k.stats.vigor == 11 and h.peril_due == []


# --- Peril Checks and Mortis cards -----------------------------------------------------------------------------


def test_only_one_peril_check_per_step() -> None:
    """Rulebook (line 1197): Some game effects may instruct you to perform a Peril Check in addition to those already
    included in the current action. In such cases always resolve only one Peril Check."""
    h = harm("Kara")
    bare(h, "Kara", 8)
    before = list(h.state.decks["minor_mortis"].draw)
    resolve_effects(h, "kara", [PERIL, PERIL])
    resolve_effects(h, "kara", [PERIL])
    assert h.peril_due == ["kara"]
    settle(h)
    assert h.state.decks["minor_mortis"].draw == before[1:] + before[:1]
    assert sum("draws" in line for line in map(carried, h.lines)) == 1


def test_peril_check_draws_from_the_deck_of_the_current_threshold() -> None:
    """Rulebook (line 1200): When you are instructed to draw a Mortis card by, for example, encountering a Peril
    Check, consult your Peril Arc (see Peril Arcs, p. 18), and draw a card from the Mortis deck of a severity that
    corresponds to your current Peril Threshold: Minor, Major, Grave, or Judicium.

    Rulebook (line 1201): After resolving the card's effects, place it at the bottom of the corresponding Mortis
    deck, unless stated otherwise.
    """
    h = harm("Kara")
    bare(h, "Kara", 5)  # Major
    minor = list(h.state.decks["minor_mortis"].draw)
    major = list(h.state.decks["major_mortis"].draw)
    resolve_effects(h, "kara", [PERIL])
    settle(h)
    card = CATALOGUE.decks["major_mortis"].cards[[c.id for c in CATALOGUE.decks["major_mortis"].cards].index(major[0])]
    assert h.state.decks["major_mortis"].draw == major[1:] + major[:1]
    assert h.state.decks["minor_mortis"].draw == minor
    assert any(card.name in line and card.text in line for line in map(carried, h.lines))
    assert h.peril_due == [] and h.checked == []  # the step is over


def test_no_mortis_card_without_a_peril_check_symbol() -> None:
    """Rulebook (line 1193): Conversely, do not draw a Mortis card after losing Vigor, unless the loss is accompanied
    by a Peril Check symbol."""
    h = harm("Kara")
    bare(h, "Kara", 8)
    decks = {d: list(p.draw) for d, p in h.state.decks.items()}
    resolve_effects(h, "kara", [lose(3)])
    settle(h)
    assert {d: p.draw for d, p in h.state.decks.items()} == decks


def test_an_uninjured_knight_draws_no_mortis() -> None:
    """Rulebook (line 415): Whenever you are instructed to perform a Peril Check, check your current Vigor. If the
    threshold is other than Uninjured, draw a Mortis or Judicium card of the corresponding threshold"""
    h = harm("Kara")
    bare(h, "Kara", 12)
    decks = {d: list(p.draw) for d, p in h.state.decks.items()}
    resolve_effects(h, "kara", [PERIL])
    settle(h)
    assert {d: p.draw for d, p in h.state.decks.items()} == decks
    assert any("Uninjured" in line for line in map(carried, h.lines))


def test_a_peril_check_at_zero_vigor_is_a_judicium() -> None:
    """Rulebook (line 415): If the threshold is other than Uninjured, draw a Mortis or Judicium card of the
    corresponding threshold

    A Knight who survived at 0 Vigor and meets a Peril Check draws a Judicium at Vigor 0: no Massive Peril.
    """
    h = harm("Kara")
    k = bare(h, "Kara", 0)
    judicium_deck(h, LIVE)
    resolve_effects(h, "kara", [PERIL])
    settle(h)
    assert not k.dead and h.state.decks["judicium"].draw == [LIVE]
    assert any("Judicium (Vigor treated as 0)" in line for line in map(carried, h.lines))


def test_a_mortis_card_that_drops_vigor_to_zero_is_followed_by_a_judicium() -> None:
    """Rulebook (line 1208): Note: If an effect would lower your Vigor to 0 or below, at the end of the current step,
    if you did not draw a Judicium, draw a Judicium.

    Grave at 2 Vigor, the Peril Check draws Crushed (lose 3 Vigor): Vigor 0, treated as −1, then a Judicium.
    """
    h = harm("Kara")
    k = bare(h, "Kara", 2)
    pile = h.state.decks["grave_mortis"]
    pile.draw = ["grave_mortis_crushed"] + [c for c in pile.draw if c != "grave_mortis_crushed"]
    judicium_deck(h, LIVE)
    resolve_effects(h, "kara", [PERIL])
    settle(h)
    assert k.stats.vigor == 0 and not k.dead
    assert h.state.decks["grave_mortis"].draw[-1] == "grave_mortis_crushed"
    assert any("Judicium (Vigor treated as -1)" in line for line in map(carried, h.lines))


# --- Falling below 0 Vigor and Massive Peril --------------------------------------------------------------------


def test_falling_to_zero_draws_a_judicium_without_a_peril_check() -> None:
    """Rulebook (line 1204): Falling to 0 (or below) always forces you to draw a Judicium, even if it was not
    accompanied by a Peril Check symbol."""
    h = harm("Kara")
    k = bare(h, "Kara", 2)
    judicium_deck(h, LIVE)
    resolve_effects(h, "kara", [lose(3)])
    assert k.stats.vigor == 0 and h.judicium_due == ["kara"] and h.below == {"kara": 1}
    settle(h)
    assert any("draws **You Live!**" in line for line in map(carried, h.lines))


def test_falling_to_zero_replaces_the_mortis_draw() -> None:
    """Rulebook (line 1194): There is one exception to this rule: when your Knight drops to 0 Vigor or below. In such
    cases, you always perform a Peril Check, and draw a Judicium card, even if the loss wasn't accompanied by the
    Peril Check symbol."""
    h = harm("Kara")
    bare(h, "Kara", 2)
    judicium_deck(h, LIVE)
    grave = list(h.state.decks["grave_mortis"].draw)
    resolve_effects(h, "kara", [lose(3), PERIL])
    settle(h)
    assert h.state.decks["grave_mortis"].draw == grave
    assert sum("draws" in line for line in map(carried, h.lines)) == 1


def test_you_live_leaves_vigor_at_zero() -> None:
    """Rulebook (line 1203): When your Vigor drops to 0 or below, you are not immediately killed, but your chances of
    survival reduce drastically. When this happens, leave your Vigor marker at "0", but for the purpose of the
    current Peril Check, treat it as if it went into the negative"""
    h = harm("Kara")
    k = bare(h, "Kara", 1)
    judicium_deck(h, LIVE)
    resolve_effects(h, "kara", [lose(3)])
    settle(h)
    assert k.stats.vigor == 0 and not k.dead
    assert st.peril(CATALOGUE, k) == "judicium"
    assert any("Vigor treated as -2" in line for line in map(carried, h.lines))


def _kara_survives_a_blow(vigor_before: int, loss: int) -> tuple[Harm, KnightState]:
    """The first seed with which Kara survives the Judicium (the dice port is counter-based: always the same)."""
    for seed in range(100):
        h = harm("Kara", seed=seed)
        k = bare(h, "Kara", vigor_before)
        judicium_deck(h, LIVE)
        resolve_effects(h, "kara", [lose(loss)], monster_attack=True)
        settle(h)
        if not k.dead:
            return h, k
    raise AssertionError("Kara never survives")  # pragma: no cover


def test_kara_massive_peril_example() -> None:
    """Rulebook (line 1217): Example: Kara is at 1 Vigor when the Eggknight attacks, she then loses -6 Vigor. She
    lowers her Vigor on the track to 0, temporarily treating her as -5. This draws a Judicium, causes her to reach
    the first Massive Peril threshold and she must add the You Died Horribly Judicium card to the Judicium deck.
    Kara survives the Judicium draw, but at a later point she is attacked again! She loses -6 Vigor, causing her to
    treat her current Vigor as -6. She exceeds the Massive Peril threshold, but doesn't add any more Judicium cards
    to the deck, since the You Died Horribly Judicium card is already there."""
    h, k = _kara_survives_a_blow(1, 6)
    assert k.stats.vigor == 0
    assert sorted(h.state.decks["judicium"].draw) == sorted([LIVE, HORRIBLY])
    assert any("Vigor treated as -5" in line for line in map(carried, h.lines))
    assert any("You Died Horribly" in line and "added" in line for line in map(carried, h.lines))
    h.lines.clear()
    resolve_effects(h, "kara", [lose(6)], monster_attack=True)
    settle(h)
    assert sorted(h.state.decks["judicium"].draw) == sorted([LIVE, HORRIBLY])
    assert any("Vigor treated as -6" in line for line in map(carried, h.lines))
    assert not any("added" in line for line in map(carried, h.lines))


def test_massive_peril_cards_added_at_minus_nine_stack() -> None:
    """Rulebook (line 1216): The effects of Massive Peril Checks can stack.

    At 0 Vigor a loss of 9 reaches −9: You Died Horribly and Your Gruesome Death Becomes Legend both go in.
    """
    h = harm("Kara")
    bare(h, "Kara", 0)
    judicium_deck(h, LIVE)
    resolve_effects(h, "kara", [lose(9)])
    settle(h)
    assert sorted(h.state.decks["judicium"].draw) == sorted([LIVE, HORRIBLY, LEGEND])


def test_ser_sonch_crash_example() -> None:
    """Rulebook (line 1209): Example: Ser Sonch is at 2 Vigor. The Eggknight stops its movement on Ser Sonch's space,
    causing Crash and Unavoidable Knockback. The Crash doesn't trigger a Peril Check; the player simply lowers their
    Vigor to 1. However, the Unavoidable Knockback sends Ser Sonch flying into a Column, which causes a second
    Crash. This second Crash causes him to drop to 0 Vigor. Ser Sonch must resolve a Peril Check and draw a
    Judicium, because this effect causes him to drop to 0 Vigor.

    A 3×3 Eggknight moves 2 spaces east onto Ser Sonch (Crash), knocks him 2 spaces east out of its footprint into
    a Column (a second Crash).
    """
    b = board(boss("egg", "B1", size=3, facing="E", unavoidable_knockback=2), knight("ser-sonch", "C5"),
              knight("kara", "C11"), terrain=((COLUMN, "C7"),))
    h = harm("Ser Sonch", "Kara", on_board=b)
    sonch = bare(h, "Ser Sonch", 2)
    judicium_deck(h, LIVE)
    outcomes = monster_move(b, "egg", "kara", speed=2)
    apply_outcomes(h, outcomes, "the Eggknight's movement")
    crashes = [line for line in map(carried, h.lines) if "Vigor 2 → **1**" in line or "Vigor 1 → **0**" in line]
    assert len(crashes) == 2
    assert sonch.stats.vigor == 0 and where(h.state.board, "ser-sonch") == "C7"
    assert h.peril_due == [] and h.judicium_due == ["ser-sonch"]
    settle(h)
    assert any("Judicium" in line and "Ser Sonch draws" in line for line in map(carried, h.lines))


# --- death ------------------------------------------------------------------------------------------------------


def test_instant_death_kills_without_a_judicium() -> None:
    """Rulebook (line 1493): Instant Death effects are special effects of Monster Attacks and Responses that cause a
    Knight to die immediately, without drawing a Judicium card or another Mortis card."""
    h = harm("Kara", "Oriel", on_board=board(boss("egg", "A1"), knight("kara", "C3"), knight("oriel", "E5")))
    k = bare(h, "Kara", 2)
    resolve_effects(h, "kara", [lose(3), Die(type="die")], source="Devour")
    judicium = list(h.state.decks["judicium"].draw)
    position = h.dice.position
    settle(h)
    assert k.dead and h.state.decks["judicium"].draw == judicium and h.dice.position == position
    resolve_effects(h, "oriel", [Die(type="die")], monster_attack=True, source="Devour")
    assert h.state.knights["oriel"].dead
    assert any("Instant Death (Devour)" in line for line in map(carried, h.lines))


def test_you_died_kills_and_leaves_the_board() -> None:
    """Rulebook (line 1484): - Drawing a You Died Judicium card.

    Rulebook (line 1480): Death During Clash. When a Knight dies, that Knight is removed from the Clash Board and
    cannot be used in any way.
    """
    h = harm("Kara", "Oriel", on_board=board(boss("egg", "A1"), knight("kara", "C3"), knight("oriel", "E5")))
    k = bare(h, "Kara", 1)
    judicium_deck(h, DIED)
    resolve_effects(h, "kara", [lose(2)])
    settle(h)
    mini = h.state.board.knight("kara")
    assert k.dead and mini.dead and mini.space is None
    assert h.state.clash is not None and h.state.clash.over is None


def test_death_passes_the_priority_target_to_the_highest_passion() -> None:
    """Rulebook (line 1088): The Priority Target token serves as a tiebreaker for the purpose of Targeting.

    Ruling (docs/rulings.md): the token of a dead Knight passes to the living Knight with the highest Passion; a tie
    goes to the first of them on the Clash Board (Marrow before Oriel here).
    """
    b = board(boss("egg", "A1"), knight("kara", "C3"), knight("marrow", "E5"), knight("oriel", "E7"))
    h = harm("Kara", "Oriel", "Marrow", on_board=b)
    for name, passion in (("Kara", 5), ("Oriel", 3), ("Marrow", 3)):
        h.state.knights[slug(name)].stats.passion = passion
    assert h.state.clash is not None
    h.state.clash.flow.priority_target = "kara"
    kill(h, "kara", "test")
    assert h.state.clash.flow.priority_target == "marrow"


def test_all_knights_dead_is_the_knights_defeat() -> None:
    """Rulebook (line 1023): The Clash immediately ends with the Knights' Defeat as soon as all Knights die."""
    h = harm("Kara", "Oriel", on_board=board(boss("egg", "A1"), knight("kara", "C3"), knight("oriel", "E5")))
    assert h.state.clash is not None
    kill(h, "kara", "test")
    assert h.state.clash.over is None
    kill(h, "Oriel", "test")
    assert h.state.clash.over == "defeat"


def test_bane_over_the_limit_kills_without_a_judicium() -> None:
    """Rulebook (line 1519): If, at any point, you would gain Bane tokens that would exceed your Bane Limit, don't.
    Your Knight dies immediately. Do not draw Mortis or Judicium. You simply die."""
    h = harm("Kara", "Oriel", on_board=board(boss("egg", "A1"), knight("kara", "C3"), knight("oriel", "E5")))
    k = bare(h, "Kara", 8)
    k.stats.bane = st.bane_limit(CATALOGUE, k)
    judicium = list(h.state.decks["judicium"].draw)
    resolve_effects(h, "kara", [GainBane(type="gain_bane", amount=1), PERIL])
    settle(h)
    assert k.dead and h.state.board.knight("kara").dead
    assert h.state.decks["judicium"].draw == judicium and h.state.decks["minor_mortis"].draw == \
        ENGINE.new_state("Harm", 3)[0].decks["minor_mortis"].draw


def test_mercy_rule_skips_effects_on_a_dead_knight_but_not_the_monster_side() -> None:
    """Rulebook (line 1491): - A Monster Attack, the Monster ends its Attack, forgoing all lingering Attack effects and
    After Attack effects targeting that Knight. Conversely, if a Knight dies, but the Attack has an effect that is
    separate from the Target or has other Targets, those effects should still be resolved."""
    h = harm("Kara", "Oriel")
    k = bare(h, "Kara", 5)
    resolve_effects(h, "kara", [Die(type="die"), lose(2), GainThreat(type="gain_threat", amount=1),
                                Perform(type="perform", attack="signature")], monster_attack=True)
    assert k.dead and k.stats.vigor == 5
    assert h.state.track.threat == 1 and [a.type for a in h.attacks] == ["perform"]
    assert any("Mercy Rule" in line for line in map(carried, h.lines))


# --- other statistics ------------------------------------------------------------------------------------------


def test_heat_over_the_limit_is_lost_vigor_and_can_drop_to_zero() -> None:
    """Rulebook (line 397): If any effect would force you to raise your Heat above your Heat Limit, raise your Heat
    to your current limit, then lose Vigor equal to the value by which you exceeded your Heat Limit."""
    h = harm("Kara")
    k = bare(h, "Kara", 1)  # Grave: Heat Limit 6
    k.stats.heat = 6
    resolve_effects(h, "kara", [GainHeat(type="gain_heat", amount=2)])
    assert (k.stats.heat, k.stats.vigor) == (6, 0)
    assert h.judicium_due == ["kara"] and h.below == {"kara": 1}


def test_passion_above_the_holder_takes_the_priority_target() -> None:
    """Rulebook (line 1088): When you increase your Passion for any reason during a Clash (usually when you attack),
    compare your current level to the Passion of the token's holder. If yours is higher, you become the new Priority
    Target and gain the token."""
    h = harm("Kara", "Oriel")
    assert h.state.clash is not None
    h.state.knights["kara"].stats.passion = 3
    h.state.knights["oriel"].stats.passion = 2
    h.state.clash.flow.priority_target = "kara"
    resolve_effects(h, "oriel", [GainPassion(type="gain_passion", amount=1)])
    assert h.state.clash.flow.priority_target == "kara"  # equal is not higher
    resolve_effects(h, "oriel", [GainPassion(type="gain_passion", amount=1)])
    assert h.state.clash.flow.priority_target == "oriel"


def test_gain_a_given_condition_resolves_it_and_never_twice() -> None:
    """Rulebook (line 1516): Some cards may instruct you to gain a specific Condition, while others become Conditions
    themselves. You cannot gain the same Condition card if you already have it"""
    h = harm("Kara")
    k = bare(h, "Kara", 8)
    rot = GainCondition(type="gain_condition", condition="condition_marked_by_rot")
    resolve_effects(h, "kara", [rot])
    assert k.stats.conditions == ["Marked by Rot"] and k.stats.bane == 1
    assert "condition_marked_by_rot" in h.state.decks["condition"].held
    assert "condition_marked_by_rot" not in h.state.decks["condition"].draw
    resolve_effects(h, "kara", [rot])
    assert k.stats.conditions == ["Marked by Rot"] and k.stats.bane == 1


def test_gain_the_top_condition_card() -> None:
    """Rulebook (line 1515): When you gain a Condition card, place it next to your Knight Board."""
    h = harm("Kara")
    k = bare(h, "Kara", 8)
    top = h.state.decks["condition"].draw[0]
    name = next(c.name for c in CATALOGUE.decks["condition"].cards if c.id == top)
    resolve_effects(h, "kara", [GainCondition(type="gain_condition")])
    assert name in k.stats.conditions and h.state.decks["condition"].held == [top]


def test_place_knight_tokens_in_the_knight_pool() -> None:
    """Rulebook (line 437): You generate Knight tokens by using weapon abilities, Heroic Arcs or through other game
    effects. The area you place Knight tokens in is called the Knight Pool."""
    h = harm("Kara")
    tokens = PlaceKnightTokens(type="place_knight_tokens", token="hope", amount=2)
    resolve_effects(h, "kara", [tokens, tokens])
    assert h.state.clash is not None and h.state.clash.flow.pool == {"hope": 4}


def test_kingdom_track_effects_without_and_with_a_delve() -> None:
    """Rulebook (line 1186): - Conditions, other effects, and abilities: Some Attacks also include effects that cause
    you to gain a Condition card or another game element

    Without a Delve the track simply moves; in a Delve, Threat beyond the Kingdom's maximum loses the Expedition.
    """
    h = harm("Kara")
    resolve_effects(h, "kara", [GainThreat(type="gain_threat", amount=1), GainCurse(type="gain_curse", amount=2)])
    assert (h.state.track.threat, h.state.track.curse) == (1, 2)
    state = ENGINE.apply(h.state, DelveStart(kingdom="aubrevane"), h.dice).state
    clash = state.clash
    h2 = Harm(ENGINE, state, ENGINE.dice_for(state))
    assert clash is not None
    resolve_effects(h2, "kara", [GainThreat(type="gain_threat", amount=30)])
    assert state.track.lost


# --- the Monster's side -----------------------------------------------------------------------------------------


def test_escalate_heal_suppress_and_additional_wounds_change_the_clash() -> None:
    """Rulebook (line 1971): - Escalate X: Escalate X lowest level AI cards (remove each one from the AI deck and
    shuffle in a card one level higher), one at a time. Then do the same for the BP deck."""
    h = harm("Kara")
    assert h.state.clash is not None
    h.state.clash.wound_stack = [WoundCard(card=None)]
    resolve_effects(h, "kara", [Escalate(type="escalate", amount=1), AdditionalWound(type="additional_wound",
                                                                                     amount=2)])
    clash = h.state.clash
    assert clash is not None and "ai2a" in clash.ai_deck and "bp2a" in clash.bp_deck and clash.wounds() == 3
    resolve_effects(h, "kara", [Heal(type="heal", amount=1), Suppress(type="suppress", deck="ai")])
    clash = h.state.clash
    assert clash is not None and clash.wounds() == 2 and clash.ai_discard == []


def test_attack_responses_and_follow_ups_are_queued() -> None:
    """Rulebook (line 1453): If the attack triggered an Attack Response, like a Monster Attack, a Follow-up Knight
    Attack, or a Spawn Attack, it will happen next, starting a new attack sequence."""
    h = harm("Kara")
    resolve_effects(h, "kara", [Perform(type="perform", attack="ai"), FollowUp(type="follow_up")], source="Rend")
    assert [a.type for a in h.attacks] == ["perform", "follow_up"]


def test_a_text_effect_is_shown_with_the_commands_to_apply_it() -> None:
    """Rulebook (line 1186): - Conditions, other effects, and abilities: Some Attacks also include effects that cause
    you to gain a Condition card or another game element, or suffer the effects of abilities"""
    h = harm("Kara")
    resolve_effects(h, "kara", [TextEffect(type="text", text="Discard a Technique card.")], source="Rend")
    assert carried(h.lines[-1]).startswith("✋ By hand (Rend): Discard a Technique card.")
    assert "/clash adjust knight:\"Kara\"" in carried(h.lines[-1])


# --- the Clash Board --------------------------------------------------------------------------------------------


def test_knockback_into_an_obstacle_is_a_crash() -> None:
    """Rulebook (line 1939): - Crash: The Knight subjected to Crash loses -1 Vigor and suffers Knockdown.

    Knockback 3 from the Troll into a Boulder: Kara stops before it and loses 1 Vigor.
    """
    b = board(boss("troll", "C2"), knight("kara", "C3"), terrain=((BOULDER, "C5"),))
    h = harm("Kara", on_board=b)
    k = bare(h, "Kara", 8)
    resolve_effects(h, "kara", [Knockback(type="knockback", amount=3)])
    assert where(h.state.board, "kara") == "C4" and h.state.board.knight("kara").knocked_down
    assert k.stats.vigor == 7 and h.peril_due == []


def test_pushback_and_drag_move_the_knight() -> None:
    """Rulebook (line 2042): - Pushback X: Turn the source toward the affected miniature. Then, move up to X spaces in
    the direction of the affected miniature, pushing it in a straight line.

    Rulebook (line 1961): - Drag X: If the target is adjacent, the source moves X spaces directly away from the
    target, then move the target miniature X spaces along the path the source took.
    """
    h = harm("Ser Sonch", on_board=board(mob("dead", "C2"), knight("ser-sonch", "C3"), terrain=((COLUMN, "C5"),)))
    sonch = bare(h, "Ser Sonch", 8)
    resolve_effects(h, "ser-sonch", [Pushback(type="pushback", amount=4)])
    assert where(h.state.board, "ser-sonch") == "C7" and sonch.stats.vigor == 7
    b = board(boss("ratwolf", "B5"), knight("ser-sonch", "C5"), knight("kara", "D9"), knight("fleisch", "E10"))
    h = harm("Ser Sonch", "Kara", on_board=b)
    resolve_effects(h, "ser-sonch", [Drag(type="drag", amount=3)])
    assert where(h.state.board, "ser-sonch") == "A4" and where(h.state.board, "ratwolf") == "A3"


def test_several_legal_outcomes_apply_the_first_and_tell_the_gm() -> None:
    """Rulebook (line 2018): - Knockback X: Move the affected miniature up to X spaces directly away from the source
    of Knockback in a straight line

    Knocked into the Board Edge in line with the Troll, Kara may slide north or south: the first is applied.
    """
    h = harm("Kara", on_board=board(boss("troll", "C9"), knight("kara", "C11")))
    resolve_effects(h, "kara", [Knockback(type="knockback", amount=3)])
    assert where(h.state.board, "kara") in ("A12", "E12")
    assert any("↔️" in line and "/clash place" in line for line in map(carried, h.lines))


def test_knocked_down_and_a_knight_off_the_board() -> None:
    """Rulebook (line 1186): Some Attacks also include effects that cause you to gain a Condition card or another game
    element, or suffer the effects of abilities (such as Pushback or Knockback).

    A Knight whose miniature the bot's board lacks is moved by hand.
    """
    h = harm("Kara", "Oriel", on_board=board(boss("troll", "A1"), knight("kara", "C3")))
    resolve_effects(h, "kara", [KnockedDown(type="knocked_down")])
    assert h.state.board.knight("kara").knocked_down
    resolve_effects(h, "oriel", [Knockback(type="knockback", amount=2)])
    assert carried(h.lines[-1]).startswith("✋ By hand: Knockback 2 on Oriel")


def test_tumble_ignores_a_crash_on_6_or_more() -> None:
    """Rulebook (line 2100): - Tumble: When you are about to suffer Crash, roll a d10. On a 6+ ignore it."""
    for roll, vigor, down in ((6, 8, False), (5, 7, True)):
        b = board(boss("troll", "C2"), knight("kara", "C3", KnightKeyword.TUMBLE), terrain=((BOULDER, "C4"),))
        h = harm("Kara", on_board=b)
        k = bare(h, "Kara", 8)
        h.dice.forced = [roll]
        resolve_effects(h, "kara", [Knockback(type="knockback", amount=1)])
        assert k.stats.vigor == vigor and h.state.board.knight("kara").knocked_down is down


def test_a_knight_who_fell_to_zero_draws_the_judicium_even_after_regaining_vigor() -> None:
    """Rulebook (line 1204): Falling to 0 (or below) always forces you to draw a Judicium, even if it was not
    accompanied by a Peril Check symbol.

    Ruling (docs/rulings.md): Vigor 2, lose 3 (treated as −1), then gain 2 in the same step: still a Judicium
    (at −1), and no Mortis card for the card's Peril Check.
    """
    from content.schema.cards import GainVigor

    h = harm("Kara")
    k = bare(h, "Kara", 2)
    judicium_deck(h, LIVE)
    grave = list(h.state.decks["grave_mortis"].draw)
    resolve_effects(h, "kara", [lose(3), GainVigor(type="gain_vigor", amount=2), PERIL])
    assert k.stats.vigor == 2
    settle(h)
    assert h.state.decks["grave_mortis"].draw == grave
    assert any("Judicium (Vigor treated as -1)" in line for line in map(carried, h.lines))
