"""Saints: Devotion, the Holy Commandment, the Incarnation roll and the Unknown Saint."""

from __future__ import annotations

import pytest

from bot.narration import texts
from rules.campaign import saints as s
from rules.clash.harm import Harm, kill
from rules.engine import Engine, Result
from rules.errors import RuleError
from rules.state import CampaignState
from tests.clash.test_knight_attack import clash, kara
from tests.conftest import CATALOGUE

ENGINE = Engine(CATALOGUE)


def act(state: CampaignState, action: object, forced: list[int] | None = None) -> Result:
    state = state.model_copy(deep=True)
    state.forced_dice = list(forced or [])
    return ENGINE.apply(state, action, ENGINE.dice_for(state))  # type: ignore[arg-type]


def devoted(tokens: int, incarnation: int = 7) -> CampaignState:
    """Kara holds Saint Urbain's card with ``tokens`` Devotion tokens, in a Clash."""
    state = clash()
    state = act(state, s.SaintDevote(knight="kara", saint="Saint Urbain", incarnation=incarnation)).state
    for _ in range(tokens - 1):
        state = act(state, s.SaintDevote(knight="kara")).state
    assert state.progress.devotees["kara"].devotion == tokens
    return state


def dying(state: CampaignState) -> CampaignState:
    h = Harm(ENGINE, state, ENGINE.dice_for(state))
    kill(h, "kara", "a test")
    assert kara(state).dead
    return state


def test_five_devotion_incarnates_without_a_roll() -> None:
    """Rulebook (line 1659): When you're about to die during a Clash, you may make an Incarnation roll: roll a d10. If
    your roll is higher or equal to the Incarnation Value of your Saint, you Incarnate. If you have 5+ Devotion
    tokens, you automatically succeed instead."""
    state = dying(devoted(5, incarnation=10))
    position = state.dice_position
    out = act(state, s.SaintIncarnate(knight="kara"), forced=[1])  # a 1 would fail: no die is rolled at all
    assert out.data["incarnated"] and out.data["automatic"] and out.data["roll"] is None
    assert out.state.dice_position == position and out.state.forced_dice == [1]
    assert not kara(out.state).dead and out.state.progress.devotees["kara"].incarnated == "saint_urbain"


def test_incarnation_roll_against_the_value() -> None:
    """Rulebook (line 1659): If your roll is higher or equal to the Incarnation Value of your Saint, you Incarnate."""
    state = dying(devoted(2, incarnation=7))
    state.knights["kara"].stats.bane = 3
    state.knights["kara"].stats.conditions = ["Bleeding"]
    out = act(state, s.SaintIncarnate(knight="kara"), forced=[7])
    assert out.data["incarnated"] and out.data["roll"] == 7
    k = kara(out.state)
    assert not k.dead and k.stats.bane == 1 and k.stats.conditions == []
    assert "up to **4** spaces" in "\n".join(texts(out.events))  # 2 plus 2 Devotion
    with pytest.raises(RuleError, match="Incarnated already"):
        act(out.state, s.SaintIncarnate(knight="kara"))
    ended = act(out.state, s.SaintIncarnationEnd(knight="kara")).state  # "you lose the Saint card and all of your
    # Devotion tokens" (line 1661)
    assert not kara(ended).dead and ended.progress.devotees["kara"].devotion == 0
    assert ended.progress.saints["saint_urbain"].holder is None


def test_failed_incarnation_keeps_one_devotion() -> None:
    """Rulebook (line 1663): If you don't manage to Incarnate, you do not lose the Saint card, but you must reduce
    the number of your Devotion tokens to one."""
    state = dying(devoted(3, incarnation=7))
    out = act(state, s.SaintIncarnate(knight="kara"), forced=[6])
    assert not out.data["incarnated"] and kara(out.state).dead
    assert out.state.progress.devotees["kara"].devotion == 1
    assert out.state.progress.saints["saint_urbain"].holder == "kara"
    with pytest.raises(RuleError, match="already made an Incarnation roll"):
        act(out.state, s.SaintIncarnate(knight="kara"))


def test_failed_incarnation_with_one_devotion_loses_the_card() -> None:
    """Rulebook (line 1663): If you had only one Devotion token (or less) to begin with, lose the Saint card
    instead."""
    out = act(dying(devoted(1, incarnation=7)), s.SaintIncarnate(knight="kara"), forced=[2])
    assert out.state.progress.saints["saint_urbain"].holder is None


def test_no_incarnation_outside_a_clash() -> None:
    """Rulebook (line 1662): Note: You cannot Incarnate outside of Clashes!"""
    state = devoted(5)
    state.clash = None
    state.knights["kara"].dead = True
    with pytest.raises(RuleError, match="outside of Clashes"):
        act(state, s.SaintIncarnate(knight="kara"))
    alive = devoted(5)
    with pytest.raises(RuleError, match="not about to die"):
        act(alive, s.SaintIncarnate(knight="kara"))


def test_unknown_saint_needs_a_ten() -> None:
    """Rulebook (line 1668): Even if you don't have a Saint card, you may still roll for Incarnation. If you roll a
    "10", you Incarnate into the Unknown Saint. The Unknown Saint does not have a Commandment or Infusion, but they
    follow all rules of Incarnation and grant you an additional +1 Vigor."""
    state = dying(clash())
    with pytest.raises(RuleError, match="Unknown Saint is not unlocked"):
        act(state, s.SaintIncarnate(knight="kara"))
    state = act(state, s.SaintUnlockUnknown()).state
    assert not act(state, s.SaintIncarnate(knight="kara"), forced=[9]).data["incarnated"]
    vigor = kara(state).stats.vigor
    out = act(state, s.SaintIncarnate(knight="kara"), forced=[10])
    assert out.data["incarnated"] and out.state.progress.devotees["kara"].incarnated == "unknown"
    assert kara(out.state).stats.vigor == vigor + 1


def test_devote_to_a_new_saint_unlocks_it() -> None:
    """Rulebook (line 1665): Before you can gain a Saint card, it must become unlocked first. It's not easy, as
    Saints are well hidden, for example, on Kingdom maps or in Exploration Ciphers. Unlocking them will most likely
    happen to you naturally during the game, so don't rush it! A Saint card becomes effectively unlocked for all
    Knights when any Knight devotes to the given Saint for the first time (note that Saint on your Knight Sheet)."""
    state = clash()
    with pytest.raises(RuleError, match="Incarnation Value"):
        act(state, s.SaintDevote(knight="kara", saint="Saint Urbain"))
    out = act(state, s.SaintDevote(knight="kara", saint="Saint Urbain", incarnation=6)).state
    assert out.progress.saints["saint_urbain"].incarnation == 6 and "Saint Urbain" in kara(out).sheet.saints


def test_devotion_moves_onto_the_saint_card() -> None:
    """Rulebook (line 1653): You may gain Devotion tokens without having a Saint card. Once you gain a Saint card,
    the previously gained Devotion tokens are moved onto that Saint card."""
    state = act(clash(), s.SaintDevote(knight="kara")).state
    state = act(state, s.SaintDevote(knight="kara")).state
    out = act(state, s.SaintDevote(knight="kara", saint="Saint Urbain", incarnation=6, devote=False))
    assert out.state.progress.devotees["kara"].devotion == 2
    assert "2 Devotion tokens move onto it" in texts(out.events)[-1]


def test_a_saint_is_held_by_one_knight_at_a_time() -> None:
    """Rulebook (line 1649): When one Knight gains a specific Saint card, it becomes unavailable for everyone else
    until that Knight loses it."""
    state = devoted(1)
    with pytest.raises(RuleError, match="held by Kara"):
        act(state, s.SaintDevote(knight="ser_sonch", saint="Saint Urbain"))
    state = act(state, s.SaintLose(knight="kara")).state
    out = act(state, s.SaintDevote(knight="ser_sonch", saint="saint urbain"))
    assert out.state.progress.saints["saint_urbain"].holder == "ser-sonch"


def test_commandment_broken_twice_discards_the_saint() -> None:
    """Rulebook (line 1656): Holy Commandment: a rule you must follow during Expeditions. At the start of an
    Expedition, place your Saint miniature on the Saint card. If you break the Holy Commandment (meaning you do not
    follow the rule), remove the miniature from your card. If you don't have the miniature on the Saint card and break
    the Commandment again, discard the Saint card instead."""
    state = act(devoted(2), s.SaintCommandment(knight="kara", step="start")).state
    state = act(state, s.SaintCommandment(knight="kara", step="broken")).state
    assert state.progress.saints["saint_urbain"].holder == "kara" and not state.progress.devotees["kara"].miniature
    state = act(state, s.SaintCommandment(knight="kara", step="broken")).state
    assert state.progress.saints["saint_urbain"].holder is None


def test_commandment_kept_devotes_at_the_end() -> None:
    """Rulebook (line 1656): At the end of the Expedition, if the Saint miniature is still on your card, Devote."""
    state = act(devoted(2), s.SaintCommandment(knight="kara", step="start")).state
    state = act(state, s.SaintCommandment(knight="kara", step="end")).state
    assert state.progress.devotees["kara"].devotion == 3
    broken = act(act(devoted(2), s.SaintCommandment(knight="kara", step="start")).state,
                 s.SaintCommandment(knight="kara", step="broken")).state
    assert act(broken, s.SaintCommandment(knight="kara", step="end")).state.progress.devotees["kara"].devotion == 2


async def test_saint_commands_at_the_table(table) -> None:  # type: ignore[no-untyped-def]
    await table.ok("@kara /knight create knight:marrow name:Isolde")
    r = await table.ok('@kara /saint devote saint:"Saint Urbain" incarnation:7')
    assert r.data["saints"][0]["holder"] == "isolde" and r.data["devotion"]["isolde"]["devotion"] == 1
    refused = await table("@kara /saint incarnate")
    assert not refused.ok and "outside of Clashes" in (refused.error or "")
    shown = await table.ok("/saint show")
    assert "Saint Urbain" in shown.text and "Isolde" in shown.text
    assert not (await table("@kara /saint unknown")).ok  # GM only
    assert (await table.ok("/saint unknown")).data["unknown_saint"]


def test_finishing_the_clash_incarnated_ends_the_incarnation() -> None:
    """Rulebook (line 1661): When the Incarnation ends, or if you finish the Clash while Incarnated, you lose the
    Saint card and all of your Devotion tokens."""
    from rules.clash.handlers import ClashEnd

    state = act(dying(devoted(3, incarnation=7)), s.SaintIncarnate(knight="kara"), forced=[8]).state
    assert state.progress.devotees["kara"].incarnated == "saint_urbain"
    out = act(state, ClashEnd())
    d = out.state.progress.devotees["kara"]
    assert d.incarnated is None and d.devotion == 0 and out.state.progress.saints["saint_urbain"].holder is None
    assert any("The Clash is finished while Kara's Incarnation" in x_ for x_ in texts(out.events))
