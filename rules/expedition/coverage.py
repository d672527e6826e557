"""Rulebook entries of the Expeditions that the phase machine as a whole implements (single-function rules carry
their own ``@implements``)."""

from __future__ import annotations

from rules.coverage import declare

P = "tests/expedition/test_phases.py::"

declare("Game Phases", module="rules.expedition.phases", tests=[P + "test_the_whole_sequence_follows_the_table",
                                                                 P + "test_a_quest_clash_is_not_doubled"])
