"""Setting up a Clash's Monster side (rulebook "3. Performing Setup"): the level's decks, the Escalation
decks, starting Escalations, AI 0, Activation tokens, the Mob track and the Exhibition Wounds.

The Clash Board (Terrain, Knights' starting spaces, the Monster's place and facing) is read from the same
Clash Setup by ``board_placements``; placing the pieces is the Clash Board module's.
"""

from __future__ import annotations

from typing import Any

from content.schema.monsters import Monster, parse_space
from rules.clash.escalation import escalate
from rules.clash.mob_track import place_activation_tokens, place_new_mob
from rules.clash.setup_facts import (
    SetupActivations,
    SetupAiZero,
    SetupBpDeck,
    SetupDecks,
    SetupEscalations,
    SetupExhibitionWounds,
    SetupMobs,
)
from rules.clash.state import ClashState, ClashType
from rules.clash.wound_stack import add_generic
from rules.coverage import declare, implements
from rules.dice import Dice
from rules.errors import RuleError
from rules.facts import Line

Lines = list[Line]

declare(
    "Monster-Level Specific Attributes and Traits", module=__name__,
    tests=["tests/clash/test_content.py::test_traits_added_and_removed_through_the_levels",
           "tests/clash/test_setup.py::test_every_starter_level_sets_up"],
    note="Monster.level(n), Monster.traits_at(n); the level's attributes and bonuses go into ClashState",
)
declare(
    "Monster Sheet", module=__name__, status="assisted",
    tests=["tests/clash/test_content.py::test_starter_pack_has_two_bosses_and_a_mob_with_complete_decks"],
    note="content (kind: monster); Basic Abilities are data for the Clash Board and the Monster Round",
)
declare(
    "Signature and Routine", module=__name__, status="assisted",
    tests=["tests/clash/test_content.py::test_starter_pack_has_two_bosses_and_a_mob_with_complete_decks"],
    note="content only: resolving them belongs to the Monster Round, not built yet",
)


def _by_level(cards: list[tuple[str, int]], level: int) -> list[str]:
    return [c for c, lv in cards if lv == level]


@implements(
    "3. Performing Setup",
    tests=[
        "tests/clash/test_setup.py::test_boss_setup_builds_level_decks_tokens_and_exhibition_wounds",
        "tests/clash/test_setup.py::test_starting_escalations_happen_before_ai_zero_goes_on_top",
        "tests/clash/test_mob.py::test_mob_setup_places_tokens_from_the_leftmost_space",
    ],
    status="assisted",
    note="the Monster side (decks, AI 0, Activation tokens, Exhibition Wounds, starting Escalations); "
    "/clash start also places Terrain, the Monster and the Knights; Technique flips and Wise Providence are shown",
)
def setup_clash(monster: Monster, level: int, clash_type: ClashType, dice: Dice) -> tuple[ClashState, Lines]:
    """"Take all of that Monster's AI cards and divide them into three decks numbered 1, 2, and 3 (you'll
    find the number on the back of each card). Do the same for the Monster's BP cards." Boss: "Place the AI 1
    and BP 1 decks on the corresponding spaces"; the AI/BP 2 and 3 decks are the Escalation decks. Mob: the
    AI 1 deck, and the Mobs of the Clash Setup on the Mob track from the left, each a random BP card of its
    level; every BP card left waits in the Escalation decks (docs/rulings.md)."""
    try:
        sheet = monster.level(level)
        setup = monster.setup(level)
    except KeyError:
        known = ", ".join(str(lv.level) for lv in monster.levels)
        raise RuleError(f"{monster.name} has no level {level}; its levels are {known}") from None
    ai = [(c.id, c.level) for c in monster.ai_cards]
    # Five-Player Mode's Accursed Persistence card waits out of the Clash; that mode adds it (rules.modes.five_player)
    accursed = [c.id for c in monster.bp_cards if c.name == "Accursed Persistence"]
    bp = [(c.id, c.level) for c in monster.bp_cards if c.id not in accursed]
    state = ClashState(
        monster=monster.id, monster_type=monster.type, level=level, type=clash_type,
        levels=monster.card_levels(), to_hit=sheet.to_hit, wounds_needed=sheet.wounds, at_bonus=sheet.at_bonus,
        vigor_loss_bonus=sheet.vigor_loss_bonus, evasion_dice_bonus=sheet.evasion_dice_bonus,
    )
    state.ai_deck = dice.shuffle(_by_level(ai, 1))
    state.ai_escalation = {lv: dice.shuffle(_by_level(ai, lv)) for lv in (2, 3)}
    # AI 0 cards that this level does not use wait out of the Clash
    state.removed = [c for c, lv in ai if lv == 0 and c != sheet.ai_zero] + accursed
    lines: Lines = [SetupDecks(monster=monster.name, level=level, clash_type=clash_type, ai=len(state.ai_deck))]
    if monster.type == "boss":
        state.bp_deck = dice.shuffle(_by_level(bp, 1))
        state.bp_escalation = {lv: dice.shuffle(_by_level(bp, lv)) for lv in (2, 3)}
        lines.append(SetupBpDeck(cards=len(state.bp_deck)))
    else:
        state.bp_escalation = {lv: dice.shuffle(_by_level(bp, lv)) for lv in (1, 2, 3)}
        for mob in setup.monster:
            assert mob.mob_level is not None  # content validation
            card = state.bp_escalation[mob.mob_level].pop(0)
            state, _ = place_new_mob(state, card)
        lines.append(SetupMobs(count=len(setup.monster)))
    # "Resolve starting Escalations, if any, then place the AI 0 card on top of the AI deck."
    if sheet.escalations:
        state, more = escalate(state, sheet.escalations, dice)
        lines += [SetupEscalations(times=sheet.escalations), *more]
    if sheet.ai_zero is not None:
        state = state.model_copy(update={"ai_deck": [sheet.ai_zero, *state.ai_deck], "ai_zero": sheet.ai_zero})
        lines.append(SetupAiZero())
    state = place_activation_tokens(state, list(sheet.activations))
    lines.append(SetupActivations(tokens=list(sheet.activations)))
    # "Exhibition Wounds (Exhibition Clash only) ... These Single Wounds do not trigger any Escalations."
    if clash_type == "exhibition" and sheet.exhibition_wounds:
        state = add_generic(state, 1, sheet.exhibition_wounds)
        lines.append(SetupExhibitionWounds(count=sheet.exhibition_wounds))
    return state, lines


def board_placements(monster: Monster, level: int) -> dict[str, Any]:
    """The Clash Setup's board as plain data (0-based ``(row, column)`` anchors) for the Clash Board module:
    ``{"rows", "columns", "terrain": [(tile id, (r, c))], "knights": [(r, c)], "monster": [((r, c), facing,
    mob_level)], "rules": [...]}``."""
    st = monster.setup(level)

    def at(label: str) -> tuple[int, int]:
        rc = parse_space(label)
        assert rc is not None
        return rc

    return {
        "rows": st.board.rows, "columns": st.board.columns,
        "terrain": [(t.tile, at(t.at)) for t in st.terrain],
        "knights": [at(k) for k in st.knights],
        "monster": [(at(m.at), m.facing, m.mob_level) for m in st.monster],
        "rules": list(st.rules),
    }
