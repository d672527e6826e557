"""Which rulebook entries the Clash Board module implements (see rules/coverage.py).

One ``declare`` per keyword or heading, with the tests that show the board resolving it. Keep this a
simple list: whoever extends rules/board adds their lines here.
"""

from __future__ import annotations

from rules.coverage import declare

R = "tests/board/test_rules.py::"
E = "tests/board/test_examples.py::"
F = "tests/board/test_forced_more.py::"
A = "tests/board/test_knight_abilities.py::"
P = "tests/board/test_rulings_pinned.py::"

# -- Clash Phase headings ---------------------------------------------------------------------------
declare("Line of Sight", module="rules.board.los", tests=[
    R + "test_los_through_a_corner_is_clear_but_along_an_edge_is_not",
    R + "test_los_blocked_at_a_diagonal_junction",
    R + "test_obscuring_tile_does_not_block_a_target_standing_on_it",
    R + "test_blindspots_and_vps_never_in_monster_los",
    E + "test_los_example_ruined_wall_and_column",
])
declare("Monster Facing", module="rules.board.measures", tests=[
    R + "test_front_is_beyond_the_front_line_and_rear_is_adjacent_behind",
])
declare("Monster Turning", module="rules.board.monster_movement", tests=[
    E + "test_appear_behind",
    E + "test_eggknight_zigzag_players_avoid_kara",
    A + "test_mobs_turn_toward_most_knights_when_spawned",
], note="turning toward the Target when a movement ends; Mobs toward most Knights when spawned (face_most_knights)")
declare("Typical Targeting Instructions", module="rules.board.measures", tests=[
    R + "test_engaged_grouped_lone",
    R + "test_closest_and_furthest_for_mobs_go_around_obstacles",
    R + "test_in_range",
    R + "test_front_is_beyond_the_front_line_and_rear_is_adjacent_behind",
], note="not yet: Highest X (needs the Knights' statistics)")
declare("3. Monster Movement", module="rules.board.monster_movement", tests=[
    E + "test_eggknight_zigzag_toward_ser_sonch_both_starts_legal",
    R + "test_mob_moves_around_occupied_and_obstacle_spaces",
    R + "test_ranged_monster_stops_when_in_range",
    R + "test_speed_and_difficult_terrain",
])
declare("Boss Movement Through and Onto Terrain Spaces", module="rules.board.monster_movement", tests=[
    R + "test_boss_crashes_knights_and_destroys_destructible_terrain",
])
declare("Boss Monster Movement Through Knight Spaces (Crash)", module="rules.board.monster_movement", tests=[
    R + "test_boss_crashes_knights_and_destroys_destructible_terrain",
    E + "test_eggknight_zigzag_players_avoid_kara",
])
declare("Ending Boss Monster Movement on a Knight Space", module="rules.board.monster_movement", tests=[
    R + "test_boss_ending_on_a_knight_crash_and_unavoidable_knockback",
])
declare("Boss Monster Movement Through and Onto Mob Spaces", module="rules.board.monster_movement", tests=[
    R + "test_boss_ending_on_a_mob_displaces_it_to_the_closest_space",
])
declare("Monster Movement Types", module="rules.board.movement_types", tests=[
    R + "test_move_behind_and_move_lateral",
    R + "test_jump_and_land_on_top",
    R + "test_appear_on_a_knight_causes_crash",
    E + "test_appear_behind",
])
declare("Movement Action", module="rules.board.knight_movement", tests=[
    R + "test_knight_movement_rules",
])
declare("Involuntary Movement of Knights and Mob Monsters", module="rules.board.forced_movement", tests=[
    E + "test_knockback_into_another_knight_displaces_it",
    E + "test_knockback_into_obstacles_destructible_and_indestructible",
    E + "test_knockback_into_a_board_edge_slides_away_from_the_source",
    R + "test_knockback_passes_over_a_chasm_but_dies_ending_there",
])
declare("Involuntary Movement Reduction", module="rules.board.forced_movement", tests=[
    R + "test_stalwart_braced_lumbering_and_reduction",
])
declare("Movement and VPs", module="rules.board.knight_movement", tests=[R + "test_climb_and_leave_a_vp"])
declare("VPs, Adjacency and Range", module="rules.board.measures", tests=[R + "test_vp_adjacency_is_one_way"])
declare("Terrain Placement on Other Terrain", module="rules.board.terrain", tests=[
    R + "test_terrain_placement_rules",
])
declare("Terrain Placement on a Knight", module="rules.board.terrain", tests=[R + "test_terrain_placement_rules"])

# -- Keyword List ----------------------------------------------------------------------------------
declare("Knockback X", module="rules.board.knockback", tests=[
    E + "test_knockback_into_another_knight_displaces_it",
    E + "test_knockback_into_obstacles_destructible_and_indestructible",
    E + "test_knockback_into_a_board_edge_slides_away_from_the_source",
    R + "test_knockback_passes_over_a_chasm_but_dies_ending_there",
])
declare("Pushback X", module="rules.board.pushback", tests=[
    E + "test_pushback_into_a_column_crash_destroy_and_continue",
    R + "test_pushback_by_a_boss_kills_when_no_displacement_is_possible",
    R + "test_mob_pushback_into_indestructible_obstacle_stops_with_crash",
    F + "test_pushback_toward_follows_the_shortest_path_to_the_space",
    F + "test_pushback_toward_goes_around_an_indestructible_obstacle",
    F + "test_pushback_toward_by_a_mob_stops_before_another_miniature",
    F + "test_a_knight_pushes_a_mob_along_the_board_edge",
    F + "test_a_knight_pushes_a_monster_toward_a_space",
    P + "test_pushback_approach_counts_toward_x",
    P + "test_a_plain_obstacle_acts_as_indestructible",
])
declare("Drag X", module="rules.board.drag", tests=[
    E + "test_ratwolf_drags_ser_sonch_into_a_board_edge",
    R + "test_drag_needs_adjacency",
    F + "test_drag_toward_moves_the_source_past_the_space",
    F + "test_a_knight_drags_a_mob",
    F + "test_a_knight_drags_a_monster_toward_a_space",
])
declare("Pull X", module="rules.board.forced_toward", tests=[
    R + "test_pull_reroutes_around_an_indestructible_obstacle",
])
declare("Herd X", module="rules.board.forced_toward", tests=[
    E + "test_herd_4_with_the_ironcast_dead",
    E + "test_herd_knocks_down_a_knight_already_next_to_another",
    P + "test_herd_path_goes_around_bosses_and_stops_at_obstacles",
    "tests/rulebook_cases/test_movement_effects.py::test_herd_moves_the_target_toward_another_knight",
], note="a Monster card's {type: herd, amount: X} (rules.clash.harm)")
declare("Gangup X", module="rules.board.forced_toward", tests=[
    E + "test_gangup_4_with_the_ironcast_dead",
    "tests/rulebook_cases/test_movement_effects.py::test_gangup_moves_the_target_toward_another_monster",
], note="a Monster card's {type: gangup, amount: X} (rules.clash.harm)")
declare("Displace", module="rules.board.forced_movement", tests=[R + "test_displace_and_death_when_boxed_in"])
declare("Forced Vault", module="rules.board.forced_movement", tests=[R + "test_forced_vault"])
declare("Vault", module="rules.board.knight_movement", tests=[R + "test_vault_and_hug"])
declare("Hug X", module="rules.board.knight_movement", tests=[
    R + "test_vault_and_hug",
    A + "test_hug_keeps_the_target_in_weapon_range",
])
declare("Stalwart", module="rules.board.knockback", tests=[R + "test_stalwart_braced_lumbering_and_reduction"])
declare("Braced", module="rules.board.knockback", tests=[
    R + "test_stalwart_braced_lumbering_and_reduction",
    F + "test_braced_knights_are_not_knocked_down_by_crash_and_tumble_is_offered",
    "tests/rulebook_cases/test_movement_effects.py::test_braced_gear_stops_a_knockback",
], note="from the Knight's Loadout onto the miniature (rules.clash.pieces)")
declare("Lumbering", module="rules.board.knockback", tests=[R + "test_stalwart_braced_lumbering_and_reduction"])
declare("Lifeline", module="rules.board.involuntary", tests=[R + "test_boundless_edge_kills_and_lifeline_saves"],
        note="tested at a Boundless Board Edge; dying on a Terrain tile's space is not pinned yet")
declare("Boundless", module="rules.board.involuntary", tests=[R + "test_boundless_edge_kills_and_lifeline_saves"],
        note="tested as a Boundless Board Edge")
declare("Chasm", module="rules.board.involuntary", tests=[
    R + "test_knight_movement_rules",
    R + "test_knockback_passes_over_a_chasm_but_dies_ending_there",
])
declare("Obstacle", module="rules.board.involuntary", tests=[
    R + "test_mob_moves_around_occupied_and_obstacle_spaces",
    E + "test_knockback_into_obstacles_destructible_and_indestructible",
])
declare("Destructible", module="rules.board.involuntary", tests=[
    R + "test_boss_crashes_knights_and_destroys_destructible_terrain",
    E + "test_pushback_into_a_column_crash_destroy_and_continue",
])
declare("Indestructible", module="rules.board.terrain", tests=[R + "test_terrain_placement_rules"])
declare("Obscuring", module="rules.board.los", tests=[
    R + "test_obscuring_tile_does_not_block_a_target_standing_on_it",
    E + "test_los_example_ruined_wall_and_column",
])
declare("Difficult Terrain", module="rules.board.knight_movement", tests=[
    R + "test_knight_movement_rules",
    R + "test_speed_and_difficult_terrain",
])
declare("Crash", module="rules.board.involuntary", tests=[
    R + "test_boss_crashes_knights_and_destroys_destructible_terrain",
    E + "test_pushback_into_a_column_crash_destroy_and_continue",
], note="the board applies the Knockdown and reports the -1 Vigor for the caller to apply")
declare("Reposition X", module="rules.board.knight_abilities", tests=[A + "test_reposition_is_a_move_like_ability"])
declare("Motivate X", module="rules.board.knight_abilities", tests=[A + "test_motivate_splits_x_between_other_knights"])
declare("Inspire X", module="rules.board.knight_abilities", tests=[A + "test_inspire_stands_up_x_knights"])
declare("Rocksteady", module="rules.board.knight_abilities", tests=[F + "test_knockdown_alternatives"])
declare("Roll Out", module="rules.board.knight_abilities", tests=[F + "test_knockdown_alternatives"])
declare("Acrobatics", module="rules.board.knight_abilities", tests=[F + "test_knockdown_alternatives"])
declare("Knockdown", module="rules.board.knight_abilities", tests=[
    F + "test_knockdown_on_a_vp_displaces_first",
    F + "test_knockdown_alternatives",
], note="the board's part: knocked_down, a Knight on a VP Displaced first; the Knockdown card is the caller's")
declare("Tumble", module="rules.board.work", tests=[
    F + "test_braced_knights_are_not_knocked_down_by_crash_and_tumble_is_offered",
    "tests/rulebook_cases/test_tumble_twice.py::test_tumble_is_rolled_before_each_crash",
], note="the Crash event carries ignorable_by='Tumble' when the miniature has Tumble from its Loadout "
        "(rules.clash.pieces); rules.clash.harm rolls the d10 before each Crash")
declare("Jump", module="rules.board.knight_movement", tests=[A + "test_jump_and_advanced_jump_ignore_terrain_spaces"],
        note="voluntary Knight movement; not yet for involuntary movement")
declare("Advanced Jump", module="rules.board.knight_movement", tests=[
    A + "test_jump_and_advanced_jump_ignore_terrain_spaces",
], note="voluntary Knight movement; not yet for involuntary movement")
declare("Bypass", module="rules.board.knight_movement", tests=[
    A + "test_bypass_variants",
    A + "test_monster_bypass_lets_a_mob_path_through_miniatures",
])
declare("Advanced Bypass", module="rules.board.knight_movement", tests=[
    A + "test_bypass_variants",
    A + "test_monster_bypass_lets_a_mob_path_through_miniatures",
])
declare("Superior Bypass", module="rules.board.knight_movement", tests=[A + "test_bypass_variants"])

# -- Movement, Vantage Points and Terrain headings --------------------------------------------------------------------
declare("Move-Like Abilities", module="rules.board.knight_movement",
        tests=[A + "test_reposition_is_a_move_like_ability"])
declare("Involuntary Movement", module="rules.board.knockback", tests=[
    E + "test_knockback_into_a_board_edge_slides_away_from_the_source",
    E + "test_knockback_into_another_knight_displaces_it",
])
declare("Vantage Points", module="rules.board.knight_movement", tests=[
    R + "test_climb_and_leave_a_vp", R + "test_vp_adjacency_is_one_way",
    R + "test_blindspots_and_vps_never_in_monster_los",
])
declare("Basic Terrain Rules", module="rules.board.terrain", tests=[
    R + "test_speed_and_difficult_terrain", R + "test_the_tile_a_knight_stands_on_is_not_entered_again",
])
declare("Placing and Removing Terrain During Clashes", module="rules.board.terrain", tests=[
    R + "test_terrain_placement_rules", R + "test_boss_crashes_knights_and_destroys_destructible_terrain",
])
