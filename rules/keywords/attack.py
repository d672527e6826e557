"""Keywords of the active weapon in an Attack: a Clash's Knight Attack and an Encounter's Attack Action. One
declaration per keyword, with its contexts (rules/keywords/model.py)."""

from __future__ import annotations

from rules.keywords.model import ENCOUNTER, KNIGHT_ATTACK, auto, by_hand, keyword, never, untested

KEYWORDS_ATTACK_T = "tests/clash/test_keywords_attack.py::"
KNIGHT_ATTACK_T = "tests/clash/test_knight_attack.py::"
ATTENTION_T = "tests/clash/test_attention.py::"
ENCOUNTER_T = "tests/delve/test_encounter.py::"
RUSH_T = "tests/clash/test_rush.py::"
BY_HAND_T = "tests/keywords/test_by_hand.py::"
ATTACK_DRIFT_T = "tests/delve/test_attack_drift.py::"

keyword("Area",
    untested(KNIGHT_ATTACK,
             "rules.clash.area.area_targets",
             KEYWORDS_ATTACK_T + "test_area_wounds_other_mobs_on_its_spaces_without_their_responses",
             KEYWORDS_ATTACK_T + "test_area_compares_each_mobs_own_at",
             note="Mob Clashes: adjacent_to_target / adjacent_to_you spaces; other descriptions by hand"),
    by_hand(ENCOUNTER, command="the table resolves this Attack's Total Power against each other Monster on those "
                    "spaces; no command adds a Scrape"),
)

keyword("Armor-piercing X",
    untested(KNIGHT_ATTACK,
             "rules.clash.armor_piercing.pierce",
             KEYWORDS_ATTACK_T + "test_armor_piercing_discards_up_to_x_armor_tokens_from_the_target"),
    by_hand(ENCOUNTER),
)

keyword("Attack Re-roll X",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_attack._reroll_prompt",
             KNIGHT_ATTACK_T + "test_closing_tokens_give_free_rerolls"),
    untested(ENCOUNTER, "rules.clash.attack_roll.free_rerolls"),
)

keyword("Auto-X Y",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.first_window",
             KNIGHT_ATTACK_T + "test_auto_break_is_used_in_the_same_attack"),
    untested(ENCOUNTER, "rules.clash.power_roll.first_window", note="placed in the Encounter Pool"),
)

keyword("Black X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.conversions",
             KNIGHT_ATTACK_T + "test_black_tokens_reroll_idle_dice_and_turn_their_potential_into_power"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Break X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.conversions",
             KNIGHT_ATTACK_T + "test_break_hope_and_sunder_turn_potentials_into_power"),
    auto(ENCOUNTER, "rules.clash.power_roll.second_window",
         BY_HAND_T + "test_an_encounter_attack_shows_the_keywords_it_does_not_apply",
         note="placed in the Encounter Pool"),
)

keyword("Cantrip X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.conversions",
             KNIGHT_ATTACK_T + "test_cantrip_is_opening_or_break_as_declared"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Commit",
    auto(KNIGHT_ATTACK,
         "rules.clash.weapon_keywords.commit",
         KNIGHT_ATTACK_T + "test_commit_costs_one_heat_to_attack",
         BY_HAND_T + "test_a_knight_attack_shows_what_it_does_not_apply_and_reminds_the_players_choices"),
    by_hand(ENCOUNTER, command="`/knight stat name:<knight> stat:heat change:1 cost:true`"),
)

keyword("Closing X",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_attack._reroll_prompt",
             KNIGHT_ATTACK_T + "test_closing_tokens_give_free_rerolls"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Cumbersome",
    untested(KNIGHT_ATTACK,
             "rules.clash.weapon_keywords.cumbersome",
             KNIGHT_ATTACK_T + "test_cumbersome_exhausts_the_weapon_after_a_wound_unless_tireless"),
    never(ENCOUNTER, "rulebook: \"keywords like Cumbersome will never trigger since you're not dealing a "
                  "Wound\""),
)

keyword("Deadly",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_attack.resume_reroll",
             KNIGHT_ATTACK_T + "test_deadly_gives_crit_chance_on_9"),
    untested(ENCOUNTER, "rules.clash.attack_roll.roll"),
)

keyword("Diversion",
    untested(KNIGHT_ATTACK,
             "rules.clash.attack_wounds.respond",
             KNIGHT_ATTACK_T + "test_diversion_ignores_fail_responses"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Improved Diversion",
    untested(KNIGHT_ATTACK,
             "rules.clash.attack_wounds.respond",
             KNIGHT_ATTACK_T + "test_improved_diversion_ignores_every_response"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Envenomed X",
    untested(KNIGHT_ATTACK,
             "rules.clash.envenomed.envenomed_breaks",
             KEYWORDS_ATTACK_T + "test_envenomed_places_x_break_tokens_plus_one_per_power_above_at_up_to_x",
             KEYWORDS_ATTACK_T + "test_envenomed_places_nothing_without_a_wound"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window",
             note="the bot places its Breaks after a Scrape; the rulebook's Encounter note (Cumbersome never "
             "triggers: no Wound is dealt) may mean it never triggers there: a ruling to make"),
)

keyword("Falsity",
    untested(KNIGHT_ATTACK,
             "rules.clash.falsity.falsity_reroll",
             KEYWORDS_ATTACK_T + "test_falsity_rerolls_a_hit_crit_die_for_free_and_zeals",
             KEYWORDS_ATTACK_T + "test_falsity_rerolls_a_missed_crit_die_without_heat"),
    auto(ENCOUNTER, "rules.clash.falsity.falsity_reroll",
         ATTACK_DRIFT_T + "test_falsity_rerolls_the_crit_die_free_in_an_encounter"),
)

keyword("Fire X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.conversions",
             KNIGHT_ATTACK_T + "test_fire_is_used_last_and_all_but_one_unused_fire_stay"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Greater Pass X",
    untested(KNIGHT_ATTACK,
             "rules.clash.weapon_keywords.passed_tokens",
             KNIGHT_ATTACK_T + "test_pass_keeps_declared_tokens_and_greater_pass_any_but_sunder_and_power"),
    by_hand(ENCOUNTER, command="the table keeps the chosen tokens in the Encounter Pool (no command sets it)"),
)

keyword("Heartseeker",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_attack._bp_choice",
             KNIGHT_ATTACK_T + "test_heartseeker_chooses_between_the_top_two_bp_cards"),
    never(ENCOUNTER, "an Encounter's Attack Action has no Determine BP Card step: the card's AT is the Target's"),
)

keyword("Soulseeker",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_attack._bp_choice",
             KNIGHT_ATTACK_T + "test_soulseeker_looks_at_three_and_precise_adds_the_discard_top"),
    never(ENCOUNTER, "an Encounter's Attack Action has no Determine BP Card step: the card's AT is the Target's"),
)

keyword("Hide",
    untested(KNIGHT_ATTACK,
             "rules.clash.attention.end_of_turn",
             ATTENTION_T + "test_hide_at_the_end_of_the_turn_passes_the_priority_target",
             ATTENTION_T + "test_hidden_gives_one_evasion_and_one_precision",
             ATTENTION_T + "test_hide_ends_at_the_end_of_the_next_turn",
             ATTENTION_T + "test_hide_ends_when_moving_in_front_or_gaining_the_priority_target",
             ATTENTION_T + "test_hide_refused_in_front_of_a_monster"),
)

keyword("Hope X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.conversions",
             KNIGHT_ATTACK_T + "test_break_hope_and_sunder_turn_potentials_into_power"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Magic X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.second_window",
             KEYWORDS_ATTACK_T + "test_magic_places_resource_tokens_that_stay"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Opening X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.second_window",
             KNIGHT_ATTACK_T + "test_weapon_and_heroic_arc_tokens_are_placed_for_the_next_knight",
             KNIGHT_ATTACK_T + "test_opening_closing_and_spell_add_precision"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Overbreak X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.second_window",
             KNIGHT_ATTACK_T + "test_weapon_and_heroic_arc_tokens_are_placed_for_the_next_knight"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Overcome X+",
    untested(KNIGHT_ATTACK,
             "rules.clash.attack_wounds.thresholds",
             KNIGHT_ATTACK_T + "test_overcome_on_a_fail_with_enough_power"),
    never(ENCOUNTER, "an Encounter's Attack Action has no Determine BP Card step: the card's AT is the Target's"),
)

keyword("Overpower X+",
    untested(KNIGHT_ATTACK,
             "rules.clash.attack_wounds.thresholds",
             KNIGHT_ATTACK_T + "test_overpower_needs_a_wound_exceeding_at"),
    untested(ENCOUNTER,
             "rules.delve.encounter_attack._scrape",
             ENCOUNTER_T + "test_overpower_needs_a_scrape_exceeding_the_at_by_x",
             note="in an Encounter: a Scrape whose Total Power exceeds the card's AT by X or more"),
)

keyword("Pass X",
    untested(KNIGHT_ATTACK,
             "rules.clash.weapon_keywords.passed_tokens",
             KNIGHT_ATTACK_T + "test_pass_keeps_declared_tokens_and_greater_pass_any_but_sunder_and_power"),
    by_hand(ENCOUNTER, command="the table keeps the chosen tokens in the Encounter Pool (no command sets it)"),
)

keyword("Power X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.conversions",
             KNIGHT_ATTACK_T + "test_power_tokens_add_power"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Power Re-roll X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.roll",
             KNIGHT_ATTACK_T + "test_power_reroll_rerolls_idle_dice_once"),
    auto(ENCOUNTER, "rules.clash.power_roll.roll",
         ATTACK_DRIFT_T + "test_power_reroll_rerolls_an_idle_power_die_in_an_encounter"),
)

keyword("Precise",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_attack._bp_choice",
             KNIGHT_ATTACK_T + "test_soulseeker_looks_at_three_and_precise_adds_the_discard_top"),
    never(ENCOUNTER, "an Encounter's Attack Action has no Determine BP Card step: the card's AT is the Target's"),
)

keyword("Provoke",
    untested(KNIGHT_ATTACK,
             "rules.clash.attention.provoke",
             ATTENTION_T + "test_provoke_takes_the_priority_target_and_turns_the_monster"),
    never(ENCOUNTER, "an Encounter has no Priority Target (\"ignore Priority check\")"),
)

keyword("Ranged X–Y",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_attack.in_range",
             KNIGHT_ATTACK_T + "test_reach_and_ranged_measure_the_effective_range"),
    untested(ENCOUNTER, "rules.delve.encounter.in_range"),
)

keyword("Reach X",
    untested(KNIGHT_ATTACK,
             "rules.clash.knight_attack.in_range",
             KNIGHT_ATTACK_T + "test_reach_and_ranged_measure_the_effective_range"),
    untested(ENCOUNTER, "rules.delve.encounter.in_range"),
)

keyword("Rouse X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.second_window",
             KNIGHT_ATTACK_T + "test_weapon_and_heroic_arc_tokens_are_placed_for_the_next_knight",
             note="the Rouse tokens are placed, and their Passion counted for the Heroic Arc and the Power Pool; "
             "other Passion effects are the table's"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Rush",
    untested(KNIGHT_ATTACK,
             "rules.clash.rush.rush",
             RUSH_T + "test_rush_moves_by_the_shortest_path_and_attacks_with_auto_break",
             RUSH_T + "test_rush_must_stop_on_the_first_space_in_range",
             RUSH_T + "test_rush_needs_three_spaces",
             RUSH_T + "test_rush_needs_the_keyword_and_a_melee_weapon"),
    never(ENCOUNTER, "a Movement on the Clash Board before an Attack; the Attack Action has none"),
)

keyword("Improved Rush",
    untested(KNIGHT_ATTACK,
             "rules.clash.rush.rush",
             RUSH_T + "test_improved_rush_adds_speed_and_precision"),
    never(ENCOUNTER, "a Movement on the Clash Board before an Attack; the Attack Action has none"),
)

keyword("Spell X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.conversions",
             KNIGHT_ATTACK_T + "test_opening_closing_and_spell_add_precision"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Spotlight",
    untested(KNIGHT_ATTACK,
             "rules.clash.attention.spotlight",
             ATTENTION_T + "test_spotlight_adds_power_only_for_the_priority_or_divine_target"),
    never(ENCOUNTER, "an Encounter has no Priority Target (\"ignore Priority check\")"),
)

keyword("Sunder X",
    untested(KNIGHT_ATTACK,
             "rules.clash.power_roll.conversions",
             KNIGHT_ATTACK_T + "test_break_hope_and_sunder_turn_potentials_into_power"),
    untested(ENCOUNTER, "rules.clash.power_roll.second_window", note="placed in the Encounter Pool"),
)

keyword("Tireless",
    untested(KNIGHT_ATTACK,
             "rules.clash.weapon_keywords.cumbersome",
             KNIGHT_ATTACK_T + "test_cumbersome_exhausts_the_weapon_after_a_wound_unless_tireless",
             note="the bot always ignores Cumbersome for a Knight with Tireless (exhausting never helps)"),
    never(ENCOUNTER, "it ignores Cumbersome, which never triggers in an Encounter"),
)

keyword("Unwieldy",
    untested(KNIGHT_ATTACK,
             "rules.clash.weapon_range.in_cardinal_line",
             KEYWORDS_ATTACK_T + "test_unwieldy_attacks_only_in_a_straight_cardinal_line"),
    by_hand(ENCOUNTER, command="`/gm undo` when the Target is not in a straight cardinal line"),
)
