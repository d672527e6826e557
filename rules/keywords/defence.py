"""Keywords that act during a Monster Attack in a Clash: the Knight's defences and the Monster Attack's own. One
declaration per keyword, with its contexts (rules/keywords/model.py)."""

from __future__ import annotations

from rules.keywords.model import KNIGHT_ATTACK, MONSTER_ATTACK, SQUIRE, auto, keyword, untested

HARM_T = "tests/clash/test_harm.py::"
ABILITIES_T = "tests/clash/test_abilities.py::"
KEYWORDS_DEFENSE_T = "tests/clash/test_keywords_defense.py::"
DEFY_T = "tests/clash/test_defy.py::"
GUARD_T = "tests/clash/test_guard.py::"
SECOND_CHANCE_T = "tests/clash/test_second_chance.py::"
CLASH_GAPS_T = "tests/clash/test_clash_gaps.py::"
ATTACK_DRIFT_T = "tests/delve/test_attack_drift.py::"

keyword("Armor Re-roll X",
    untested(MONSTER_ATTACK,
             "rules.clash.peril._armor_rerolls",
             HARM_T + "test_armor_reroll_rerolls_dice_without_power_once"),
)

keyword("Block",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             ABILITIES_T + "test_dodge_before_the_roll_and_block_after_it"),
)

keyword("Advanced Block",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             KEYWORDS_DEFENSE_T + "test_advanced_and_superior_block_evade_two_and_three_hits"),
)

keyword("Superior Block",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             KEYWORDS_DEFENSE_T + "test_advanced_and_superior_block_evade_two_and_three_hits"),
)

keyword("Daze",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_windows.daze",
             KEYWORDS_DEFENSE_T + "test_daze_turns_the_adjacent_monster_away",
             KEYWORDS_DEFENSE_T + "test_daze_within_a_technique_is_skipped_when_not_adjacent",
             command="`/knight react source:<gear> ability:<label>`"),
)

keyword("Defy",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             DEFY_T + "test_defy_treats_the_judgements_hit_as_evaded"),
)

keyword("Advanced Defy",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             KEYWORDS_DEFENSE_T + "test_advanced_and_superior_defy_evade_a_judgements_hit"),
)

keyword("Superior Defy",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             KEYWORDS_DEFENSE_T + "test_advanced_and_superior_defy_evade_a_judgements_hit"),
)

keyword("Dodge",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             ABILITIES_T + "test_dodge_before_the_roll_and_block_after_it"),
)

keyword("Lesser Dodge",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._lesser_dodge",
             KEYWORDS_DEFENSE_T + "test_lesser_dodge_only_without_other_evasion_bonuses"),
)

keyword("Advanced Dodge",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             KEYWORDS_DEFENSE_T + "test_advanced_and_superior_dodge_add_two_and_three"),
)

keyword("Superior Dodge",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._defend",
             KEYWORDS_DEFENSE_T + "test_advanced_and_superior_dodge_add_two_and_three"),
)

keyword("Doomed",
    untested(MONSTER_ATTACK,
             "rules.clash.attack_keywords.doomed",
             KEYWORDS_DEFENSE_T + "test_doomed_refuses_heat_rerolls_of_the_evasion_roll",
             KEYWORDS_DEFENSE_T + "test_doomed_refuses_the_heat_reroll_of_a_judgement_test"),
    auto(SQUIRE, "rules.clash.attack_keywords.doomed",
         ATTACK_DRIFT_T + "test_doomed_forbids_a_squire_the_heat_redraw_of_its_evasion"),
)

keyword("Guard X",
    untested(MONSTER_ATTACK,
             "rules.clash.evasion.guard",
             GUARD_T + "test_guard_lifts_failed_dice_which_cannot_be_rerolled"),
)

keyword("Reflex",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._effect",
             ABILITIES_T + "test_reflex_and_advanced_reflex_not_in_the_same_window"),
)

keyword("Advanced Reflex",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._effect",
             ABILITIES_T + "test_reflex_and_advanced_reflex_not_in_the_same_window"),
)

keyword("Superior Reflex",
    untested(MONSTER_ATTACK,
             "rules.clash.abilities._effect",
             KEYWORDS_DEFENSE_T + "test_superior_reflex_moves_up_to_three_spaces"),
)

keyword("Reinforce X",
    untested(MONSTER_ATTACK,
             "rules.clash.knight_windows.reinforce, rules.clash.peril._reinforce",
             KEYWORDS_DEFENSE_T + "test_reinforce_from_a_technique_adds_red_dice_to_the_next_armor_roll",
             KEYWORDS_DEFENSE_T + "test_reinforce_on_equipped_gear_adds_red_dice_to_every_armor_roll"),
)

keyword("Advanced Reinforce X",
    untested(MONSTER_ATTACK,
             "rules.clash.knight_windows.reinforce, rules.clash.peril._reinforce",
             KEYWORDS_DEFENSE_T + "test_advanced_and_superior_reinforce_add_black_and_white_dice"),
)

keyword("Superior Reinforce X",
    untested(MONSTER_ATTACK,
             "rules.clash.knight_windows.reinforce, rules.clash.peril._reinforce",
             KEYWORDS_DEFENSE_T + "test_advanced_and_superior_reinforce_add_black_and_white_dice"),
)

keyword("Sacrifice",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_windows.sacrifice",
             KEYWORDS_DEFENSE_T + "test_sacrifice_trades_a_vigor_for_a_break_token_before_the_attack",
             note="before the Attack, in the Knight's own turn",
             command="`/knight react source:<gear> ability:<label>` before attacking"),
)

keyword("Second Chance",
    untested(MONSTER_ATTACK,
             "rules.clash.peril._second_draw",
             SECOND_CHANCE_T + "test_second_chance_ignores_a_death_card_and_draws_again",
             CLASH_GAPS_T + "test_second_chance_is_offered",
             SECOND_CHANCE_T + "test_the_second_draw_cannot_be_ignored",
             note="used for the player on a card that kills; offered by hand on any other card"),
)

keyword("Superior Chance",
    untested(MONSTER_ATTACK,
             "rules.clash.peril._second_draw",
             SECOND_CHANCE_T + "test_superior_chance_leaves_out_you_died_horribly_for_the_second_draw"),
)

keyword("Soak X",
    untested(MONSTER_ATTACK,
             "rules.clash.peril.armor_roll",
             HARM_T + "test_soak_reduces_vigor_loss_after_the_armor_roll"),
)

keyword("Splinter X",
    untested(MONSTER_ATTACK,
             "rules.clash.attack_keywords.on_hit",
             KEYWORDS_DEFENSE_T + "test_splinter_hurts_the_knights_adjacent_to_the_target"),
    auto(SQUIRE, "rules.clash.attack_keywords.on_hit",
         ATTACK_DRIFT_T + "test_splinter_hurts_the_knights_adjacent_to_a_squire_target",
         ATTACK_DRIFT_T + "test_splinter_hurts_a_squire_adjacent_to_the_target"),
)

keyword("Swarm X",
    untested(MONSTER_ATTACK,
             "rules.clash.attack_keywords.on_hit",
             KEYWORDS_DEFENSE_T + "test_swarm_loses_vigor_for_each_other_adjacent_monster"),
    untested(SQUIRE, "rules.clash.attack_keywords.on_hit"),
)
