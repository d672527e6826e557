"""Which rulebook entries the Clash Board module implements (see rules/coverage.py).

One ``declare`` per keyword or heading, with the tests that show the board resolving it. Keep this a
simple list: whoever extends rules/board adds their lines here.
"""

from __future__ import annotations

from rules.coverage import declare

R = "tests/board/test_rules.py::"
E = "tests/board/test_examples.py::"
A = "tests/board/test_knight_abilities.py::"

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
