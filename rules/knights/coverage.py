"""Rulebook entries of the Knights chapter that several functions implement together (single-function
rules carry their own ``@implements``)."""

from __future__ import annotations

from rules.coverage import declare

S = "tests/knights/test_sheet.py::"
ST = "tests/knights/test_statistics.py::"
B = "tests/knights/test_board.py::"
T = "tests/knights/test_techniques.py::"
L = "tests/knights/test_loadout.py::"
C = "tests/knights/test_commands.py::"

declare("Knight Sheet", module="rules.knights.sheet", tests=[
    C + "test_the_sheet_picture", C + "test_export_then_import_gives_the_same_knight",
    S + "test_virtue_bonuses_add_up_by_source", S + "test_first_death_and_sigh_boxes",
])
declare("Bane", chapter="Knights", module="rules.knights.statistics", tests=[
    ST + "test_bane_over_the_limit_kills_without_a_judicium",
])
for entry in ("Portrait Cards", "Heroic Arcs", "Knight Talents"):
    declare(entry, module="rules.knights.board", status="assisted", tests=[
        B + "test_only_unlocked_parts_can_be_chosen", B + "test_a_locked_board_cannot_change",
    ], note="chosen among those unlocked and shown on the sheet; their abilities are applied by hand")
declare("Technique Cards", module="rules.knights.techniques", tests=[
    T + "test_use_pays_the_cost_and_depletes", T + "test_refresh_step", B + "test_techniques_up_to_the_hand_limit",
], note="cost, Depletion and the Refresh step; the card effects are applied by hand")
declare("Exhaustible Gear", module="rules.knights.loadout", tests=[L + "test_exhaust_discard_and_knighves"])
declare("Discarding Gear", module="rules.knights.loadout", tests=[L + "test_exhaust_discard_and_knighves"])

SS = "tests/knights/test_sheet_sections.py::"
declare("Boons, Tally Marks, and Notes", module="rules.knights.sheet",
        tests=[SS + "test_boons_tally_marks_and_notes_are_listed_and_kept"])
declare("Saints", chapter="Knights", module="rules.campaign.saints",
        tests=[SS + "test_a_saint_devoted_to_is_noted_on_the_sheet"])
declare("Mercenaries", chapter="Knights", module="rules.expedition.outpost",
        tests=[SS + "test_an_unlocked_mercenary_is_noted_on_the_sheet",
               "tests/outpost/test_mercenaries.py::test_mercenary_unlocked_for_one_knight"])
declare("Successful Investigations", module="rules.knights.sheet",
        tests=[SS + "test_successful_investigations_are_marked_apart"])
declare("Rapport", chapter="Knights", module="rules.knights.sheet",
        tests=["tests/knights/test_sheet.py::test_rapport_third_heart_gives_the_boon"])
