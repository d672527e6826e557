"""Rulebook entries of the Expeditions that the phase machine as a whole implements (single-function rules carry
their own ``@implements``)."""

from __future__ import annotations

from rules.coverage import declare

P = "tests/expedition/test_phases.py::"

declare("Game Phases", module="rules.expedition.phases", tests=[P + "test_the_whole_sequence_follows_the_table",
                                                                 P + "test_a_quest_clash_is_not_doubled"])
SV = "tests/campaign/test_saving.py::"
declare("Saving the Campaign", module="rules.expedition.spoils",
        tests=[SV + "test_what_the_sheet_keeps_between_expeditions_survives_a_restart",
               SV + "test_bane_gained_on_an_expedition_is_kept_for_the_next"],
        note="every step is saved as it happens; the Spoils Phase notes the Bane on the Knight Sheet")
