"""Keywords that act on the Clash Board: movement, Terrain and the miniatures' own. One declaration per keyword, with
its contexts (rules/keywords/model.py)."""

from __future__ import annotations

from rules.keywords.model import CLASH, CLASH_BOARD, KNIGHT_ATTACK, MONSTER_ATTACK, auto, keyword, untested

FORCED_MORE_T = "tests/board/test_forced_more.py::"
RULES_T = "tests/board/test_rules.py::"
MOVEMENT_EFFECTS_T = "tests/rulebook_cases/test_movement_effects.py::"
KNIGHT_ABILITIES_T = "tests/board/test_knight_abilities.py::"
EXAMPLES_T = "tests/board/test_examples.py::"
HARM_T = "tests/clash/test_harm.py::"
KEYWORDS_MOVEMENT_T = "tests/board/test_keywords_movement.py::"
RULINGS_PINNED_T = "tests/board/test_rulings_pinned.py::"
HUG_AND_MOTIVATE_T = "tests/rulebook_cases/test_hug_and_motivate.py::"
KNIGHT_ROUND_T = "tests/clash/test_knight_round.py::"
TUMBLE_TWICE_T = "tests/rulebook_cases/test_tumble_twice.py::"

keyword("Acrobatics",
    untested(CLASH_BOARD,
             "rules.board.knight_abilities",
             FORCED_MORE_T + "test_knockdown_alternatives"),
)

keyword("Boundless",
    untested(CLASH_BOARD,
             "rules.board.involuntary",
             RULES_T + "test_boundless_edge_kills_and_lifeline_saves",
             note="tested as a Boundless Board Edge"),
)

keyword("Braced",
    auto(CLASH_BOARD,
         "rules.board.knockback",
         RULES_T + "test_stalwart_braced_lumbering_and_reduction",
         FORCED_MORE_T + "test_braced_knights_are_not_knocked_down_by_crash_and_tumble_is_offered",
         MOVEMENT_EFFECTS_T + "test_braced_gear_stops_a_knockback",
         note="from the Knight's Loadout onto the miniature (rules.clash.pieces)"),
)

keyword("Bypass",
    untested(CLASH_BOARD,
             "rules.board.knight_movement",
             KNIGHT_ABILITIES_T + "test_bypass_variants",
             KNIGHT_ABILITIES_T + "test_monster_bypass_lets_a_mob_path_through_miniatures"),
)

keyword("Advanced Bypass",
    untested(CLASH_BOARD,
             "rules.board.knight_movement",
             KNIGHT_ABILITIES_T + "test_bypass_variants",
             KNIGHT_ABILITIES_T + "test_monster_bypass_lets_a_mob_path_through_miniatures"),
)

keyword("Superior Bypass",
    untested(CLASH_BOARD,
             "rules.board.knight_movement",
             KNIGHT_ABILITIES_T + "test_bypass_variants"),
)

keyword("Chasm",
    untested(CLASH_BOARD,
             "rules.board.involuntary",
             RULES_T + "test_knight_movement_rules",
             RULES_T + "test_knockback_passes_over_a_chasm_but_dies_ending_there"),
)

keyword("Crash",
    untested(CLASH_BOARD,
             "rules.board.involuntary",
             RULES_T + "test_boss_crashes_knights_and_destroys_destructible_terrain",
             EXAMPLES_T + "test_pushback_into_a_column_crash_destroy_and_continue",
             note="the board applies the Knockdown and reports the -1 Vigor for the caller to apply"),
    untested(MONSTER_ATTACK,
             "rules.clash.harm.forced",
             HARM_T + "test_ser_sonch_crash_example",
             HARM_T + "test_knockback_into_an_obstacle_is_a_crash",
             note="the Vigor loss of a Crash (rules.clash.harm.apply_outcomes)"),
)

keyword("Destructible",
    untested(CLASH_BOARD,
             "rules.board.involuntary",
             RULES_T + "test_boss_crashes_knights_and_destroys_destructible_terrain",
             EXAMPLES_T + "test_pushback_into_a_column_crash_destroy_and_continue"),
)

keyword("Difficult Terrain",
    untested(CLASH_BOARD,
             "rules.board.knight_movement",
             RULES_T + "test_knight_movement_rules",
             RULES_T + "test_speed_and_difficult_terrain"),
)

keyword("Displace",
    untested(CLASH_BOARD,
             "rules.board.forced_movement",
             RULES_T + "test_displace_and_death_when_boxed_in"),
)

keyword("Drag X",
    untested(CLASH_BOARD,
             "rules.board.drag",
             EXAMPLES_T + "test_ratwolf_drags_ser_sonch_into_a_board_edge",
             RULES_T + "test_drag_needs_adjacency",
             FORCED_MORE_T + "test_drag_toward_moves_the_source_past_the_space",
             FORCED_MORE_T + "test_a_knight_drags_a_mob",
             FORCED_MORE_T + "test_a_knight_drags_a_monster_toward_a_space"),
)

keyword("Drag toward",
    untested(CLASH_BOARD,
             "rules.board.drag.drag",
             KEYWORDS_MOVEMENT_T + "test_drag_toward_the_source_goes_past_the_space_and_the_target_follows",
             KEYWORDS_MOVEMENT_T + "test_drag_toward_stops_at_the_drag_value"),
)

keyword("Dwell",
    untested(CLASH_BOARD,
             "rules.board.movement_types.dwell",
             KEYWORDS_MOVEMENT_T + "test_dwell_moves_the_monster_to_the_closest_unoccupied_swamp_space",
             KEYWORDS_MOVEMENT_T + "test_dwell_without_a_free_swamp_space_does_nothing"),
)

keyword("Gangup X",
    auto(CLASH_BOARD,
         "rules.board.forced_toward",
         EXAMPLES_T + "test_gangup_4_with_the_ironcast_dead",
         MOVEMENT_EFFECTS_T + "test_gangup_moves_the_target_toward_another_monster",
         note="a Monster card's {type: gangup, amount: X} (rules.clash.harm)"),
)

keyword("Herd X",
    auto(CLASH_BOARD,
         "rules.board.forced_toward",
         EXAMPLES_T + "test_herd_4_with_the_ironcast_dead",
         EXAMPLES_T + "test_herd_knocks_down_a_knight_already_next_to_another",
         RULINGS_PINNED_T + "test_herd_path_goes_around_bosses_and_stops_at_obstacles",
         MOVEMENT_EFFECTS_T + "test_herd_moves_the_target_toward_another_knight",
         note="a Monster card's {type: herd, amount: X} (rules.clash.harm)"),
)

keyword("Hug X",
    untested(CLASH_BOARD,
             "rules.board.knight_movement",
             RULES_T + "test_vault_and_hug",
             KNIGHT_ABILITIES_T + "test_hug_keeps_the_target_in_weapon_range"),
    auto(KNIGHT_ATTACK,
         "rules.clash.ability_moves.hug",
         HUG_AND_MOTIVATE_T + "test_hug_moves_the_knight_around_the_monster",
         command="`/knight react source:<gear> ability:\"<label>\" to:<space>`"),
)

keyword("Indestructible",
    untested(CLASH_BOARD,
             "rules.board.terrain",
             RULES_T + "test_terrain_placement_rules"),
)

keyword("Inspire X",
    untested(CLASH_BOARD,
             "rules.board.knight_abilities",
             KNIGHT_ABILITIES_T + "test_inspire_stands_up_x_knights"),
)

keyword("Jump",
    untested(CLASH_BOARD,
             "rules.board.knight_movement",
             KNIGHT_ABILITIES_T + "test_jump_and_advanced_jump_ignore_terrain_spaces",
             note="voluntary Knight movement; not yet for involuntary movement"),
)

keyword("Advanced Jump",
    untested(CLASH_BOARD,
             "rules.board.knight_movement",
             KNIGHT_ABILITIES_T + "test_jump_and_advanced_jump_ignore_terrain_spaces",
             note="voluntary Knight movement; not yet for involuntary movement"),
)

keyword("Knockback X",
    untested(CLASH_BOARD,
             "rules.board.knockback",
             EXAMPLES_T + "test_knockback_into_another_knight_displaces_it",
             EXAMPLES_T + "test_knockback_into_obstacles_destructible_and_indestructible",
             EXAMPLES_T + "test_knockback_into_a_board_edge_slides_away_from_the_source",
             RULES_T + "test_knockback_passes_over_a_chasm_but_dies_ending_there"),
)

keyword("Knockdown",
    untested(CLASH_BOARD,
             "rules.board.knight_abilities",
             FORCED_MORE_T + "test_knockdown_on_a_vp_displaces_first",
             FORCED_MORE_T + "test_knockdown_alternatives",
             note="the board's part: knocked_down, a Knight on a VP Displaced first; the Knockdown card is"
             " the caller's"),
    auto(CLASH,
         "rules.clash.rounds._knockdown_at_start",
         KNIGHT_ROUND_T + "test_a_knocked_down_knight_stands_up_at_the_start_of_the_turn_after_next"),
)

keyword("Lifeline",
    untested(CLASH_BOARD,
             "rules.board.involuntary",
             RULES_T + "test_boundless_edge_kills_and_lifeline_saves",
             note="tested at a Boundless Board Edge; dying on a Terrain tile's space is not pinned yet"),
)

keyword("Lumbering",
    untested(CLASH_BOARD,
             "rules.board.knockback",
             RULES_T + "test_stalwart_braced_lumbering_and_reduction"),
)

keyword("Motivate X",
    untested(CLASH_BOARD,
             "rules.board.knight_abilities",
             KNIGHT_ABILITIES_T + "test_motivate_splits_x_between_other_knights"),
    auto(KNIGHT_ATTACK,
         "rules.clash.ability_moves.motivate",
         HUG_AND_MOTIVATE_T + "test_motivate_moves_other_knights_after_the_attack",
         command="`/knight react source:<gear> ability:\"<label>\" moves:\"<Knight>:<space>,...\"` after the Attack"),
)

keyword("Obscuring",
    untested(CLASH_BOARD,
             "rules.board.los",
             RULES_T + "test_obscuring_tile_does_not_block_a_target_standing_on_it",
             EXAMPLES_T + "test_los_example_ruined_wall_and_column"),
)

keyword("Obstacle",
    untested(CLASH_BOARD,
             "rules.board.involuntary",
             RULES_T + "test_mob_moves_around_occupied_and_obstacle_spaces",
             EXAMPLES_T + "test_knockback_into_obstacles_destructible_and_indestructible"),
)

keyword("Knockback to the side",
    untested(CLASH_BOARD,
             "rules.board.forced_movement.knockback_to_the_side",
             KEYWORDS_MOVEMENT_T + "test_knockback_to_the_side_in_line_offers_both_sides",
             KEYWORDS_MOVEMENT_T + "test_knockback_to_the_side_leads_directly_away_from_a_large_source",
             KEYWORDS_MOVEMENT_T + "test_knockback_to_the_side_of_a_diagonal_target"),
)

keyword("Pushback X",
    untested(CLASH_BOARD,
             "rules.board.pushback",
             EXAMPLES_T + "test_pushback_into_a_column_crash_destroy_and_continue",
             RULES_T + "test_pushback_by_a_boss_kills_when_no_displacement_is_possible",
             RULES_T + "test_mob_pushback_into_indestructible_obstacle_stops_with_crash",
             FORCED_MORE_T + "test_pushback_toward_follows_the_shortest_path_to_the_space",
             FORCED_MORE_T + "test_pushback_toward_goes_around_an_indestructible_obstacle",
             FORCED_MORE_T + "test_pushback_toward_by_a_mob_stops_before_another_miniature",
             FORCED_MORE_T + "test_a_knight_pushes_a_mob_along_the_board_edge",
             FORCED_MORE_T + "test_a_knight_pushes_a_monster_toward_a_space",
             RULINGS_PINNED_T + "test_pushback_approach_counts_toward_x",
             RULINGS_PINNED_T + "test_a_plain_obstacle_acts_as_indestructible"),
)

keyword("Pushback toward",
    untested(CLASH_BOARD,
             "rules.board.pushback.pushback",
             KEYWORDS_MOVEMENT_T + "test_pushback_toward_a_space_off_the_straight_line",
             KEYWORDS_MOVEMENT_T + "test_pushback_toward_stops_on_the_space"),
)

keyword("Pull X",
    untested(CLASH_BOARD,
             "rules.board.forced_toward",
             RULES_T + "test_pull_reroutes_around_an_indestructible_obstacle"),
)

keyword("Reposition X",
    untested(CLASH_BOARD,
             "rules.board.knight_abilities",
             KNIGHT_ABILITIES_T + "test_reposition_is_a_move_like_ability"),
)

keyword("Rocksteady",
    untested(CLASH_BOARD,
             "rules.board.knight_abilities",
             FORCED_MORE_T + "test_knockdown_alternatives"),
)

keyword("Roll Out",
    untested(CLASH_BOARD,
             "rules.board.knight_abilities",
             FORCED_MORE_T + "test_knockdown_alternatives"),
)

keyword("Stalwart",
    untested(CLASH_BOARD,
             "rules.board.knockback",
             RULES_T + "test_stalwart_braced_lumbering_and_reduction"),
)

keyword("Tumble",
    auto(CLASH_BOARD,
         "rules.board.work",
         FORCED_MORE_T + "test_braced_knights_are_not_knocked_down_by_crash_and_tumble_is_offered",
         TUMBLE_TWICE_T + "test_tumble_is_rolled_before_each_crash",
         note="the Crash event carries ignorable_by='Tumble' when the miniature has Tumble from its "
             "Loadout (rules.clash.pieces); rules.clash.harm rolls the d10 before each Crash"),
    auto(MONSTER_ATTACK,
         "rules.clash.harm.forced",
         HARM_T + "test_tumble_ignores_a_crash_on_6_or_more",
         TUMBLE_TWICE_T + "test_tumble_is_rolled_before_each_crash"),
)

keyword("Vault",
    untested(CLASH_BOARD,
             "rules.board.knight_movement",
             RULES_T + "test_vault_and_hug"),
)

keyword("Forced Vault",
    untested(CLASH_BOARD,
             "rules.board.forced_movement",
             RULES_T + "test_forced_vault"),
)
