"""The Knight Sheet: Virtues, Vices, the Tale, Leads, the Choice Matrix, First Death, Sigh, Rapport."""

from __future__ import annotations

import pytest

import bot.narration  # noqa: F401  (the renderers)
from bot.narration.registry import carried
from rules.errors import RuleError
from rules.knights import sheet as sh
from tests.knights._support import knight


def test_virtue_bonuses_add_up_by_source() -> None:
    """Rulebook (line 348): Each Knight has six Virtues: Bravery, Tenacity, Sagacity, Fortitude, Might, and
    Insight. When instructed to perform a Virtue test, add +X to the result, where X is the value of this Virtue
    on your Knight Sheet
    """
    k = knight()
    sh.add_virtue(k, "bravery", 1, "Investigation 1.2")
    sh.add_virtue(k, "bravery", 2, "Quest 1")
    sh.add_virtue(k, "insight", -1, "a curse")
    assert (sh.virtue(k, "bravery"), sh.virtue(k, "insight"), sh.virtue(k, "might")) == (3, -1, 0)


def test_vice_tally_marks() -> None:
    """Rulebook (line 1683): When you gain a Vice, note the number of tally marks equal to the value of the Vice
    (each Vice is connected to a specific Virtue on a Knight Sheet). As long as you have at least one tally mark
    next to a Vice, you suffer the effects of that Vice. When you succeed at a test of your Vice's connected
    Virtue, erase one of its tally marks.
    """
    k = knight()
    sh.change_vice(k, "cowardice", 2)
    sh.change_vice(k, "cowardice", -1)
    assert k.sheet.vices == {"cowardice": 1}
    sh.change_vice(k, "cowardice", -1)
    assert k.sheet.vices == {}


def test_a_chapter_does_not_unlock_with_two_investigations() -> None:
    """Rulebook (line 356): The campaign is divided into five Chapters, each consisting of one Quest and three
    Investigations. Once you resolve a Quest or Investigation, you will mark its right box on the Knight Sheet.
    """
    k = knight()
    sh.mark_tale(k, "quest", 1, None)
    sh.mark_tale(k, "investigation", 1, 1)
    sh.mark_tale(k, "success", 1, 2)
    assert sh.unlocked_chapters(k) == 1
    with pytest.raises(RuleError, match="Chapter 2 is not unlocked"):
        sh.mark_tale(k, "quest", 2, None)
    lines = [carried(x) for x in sh.mark_tale(k, "investigation", 1, 4)]
    assert sh.unlocked_chapters(k) == 2
    assert any("Chapter 2 is unlocked" in line for line in lines)
    assert sh.successful_investigations(k) == ["1.2"]


def test_three_investigations_without_the_quest_do_not_unlock() -> None:
    """Rulebook (line 575): you will move from tier to tier, usually after 1 Quest and 3 Investigations (a
    Chapter of your story).
    """
    k = knight()
    for n in (1, 2, 3):
        sh.mark_tale(k, "investigation", 1, n)
    assert sh.unlocked_chapters(k) == 1


def test_five_leads_succeed_an_investigation_of_the_current_or_previous_chapter() -> None:
    """Rulebook (line 632): You can spend 5 Leads to automatically succeed on a chosen Investigation from your
    current or previous Chapter, whether you played through it or not.
    """
    k = knight()
    k.sheet.leads = 4
    with pytest.raises(RuleError, match="5 are needed"):
        sh.mark_tale(k, "investigation", 1, 5, leads=True)
    k.sheet.leads = 7
    sh.mark_tale(k, "investigation", 1, 5, leads=True)
    assert k.sheet.leads == 2
    inv = k.sheet.tale[0].investigations[4]
    assert inv.resolved and inv.success


def test_marking_a_choice_matrix_node_twice_changes_nothing() -> None:
    """Rulebook (line 367): You cannot mark a box twice.

    Rulebook (line 368): If a box is already marked when the game instructs you to mark it, ignore this
    instruction.
    """
    k = knight()
    sh.mark_choice(k, "01")
    before = k.sheet.model_copy(deep=True)
    lines = [carried(x) for x in sh.mark_choice(k, "01")]
    assert k.sheet == before
    assert "ignored" in lines[0]
    assert sh.is_marked(k, "01")


def test_crossing_out_a_node_reverses_it() -> None:
    """Rulebook (line 368): On very rare occasions, a game element will tell you to "cross out" or "erase" a
    Choice Matrix node. In that case, erase it or encircle it, to note that the choice has been reversed.
    """
    k = knight()
    sh.mark_choice(k, "07")
    sh.mark_choice(k, "07", cross=True)
    assert not sh.is_marked(k, "07")
    sh.mark_choice(k, "07")  # a crossed-out box is not marked again
    assert k.sheet.choice_matrix == {"07": "crossed"}


def test_first_death_and_sigh_boxes() -> None:
    """Rulebook (line 354): Here you will mark if you have a Sighs of the Graal.

    Rulebook (line 372): This checkbox is intended to serve as a handy reminder of whether your Knight has
    already resolved their First Death Event
    """
    k = knight()
    sh.set_sigh(k, True)
    with pytest.raises(RuleError, match="already has a Sigh"):
        sh.set_sigh(k, True)
    sh.set_sigh(k, False)
    assert not k.sheet.sigh_of_the_graal
    sh.mark_first_death(k)
    assert "already marked" in carried(sh.mark_first_death(k)[0])


def test_rapport_third_heart_gives_the_boon() -> None:
    """Rulebook (line 1694): Once you reach 3 Rapport with a Knight, you gain their Rapport Boon (found in their
    Knightbook), which you should note on your Knight Sheet
    """
    k = knight()
    sh.gain_rapport(k, "Kara", "")
    sh.gain_rapport(k, "kara", "")
    with pytest.raises(RuleError, match="boon"):
        sh.gain_rapport(k, "Kara", "")
    sh.gain_rapport(k, "Kara", "Steady Hand")
    assert [(r.knight, r.hearts, r.boon) for r in k.sheet.rapport] == [("Kara", 3, "Steady Hand")]
