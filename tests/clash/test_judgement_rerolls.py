"""A Judgement its Targets test at the same time asks for every Knight's Heat re-roll in one decision, then rolls
them together (issue #20, "Bugs met": "a Judgement's Heat re-rolls are declared Knight by Knight").

The Judgement is the starter Cinder Abbot's Bell of Ash (content/packs/starter/monsters/cinder_abbot.yaml: Every
Knight, a Simultaneous Judgement of Bravery or Fortitude 7+), taken as it is into a small Boss of a test pack so that
the Clash draws it first."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from content.loader import STARTER_PACK
from rules.clash.round_handlers import Choose, MonsterRound
from rules.engine import Engine
from rules.state import JUDGEMENT_REROLLS_VERSION, CampaignState
from tests.conftest import Table
from tests.rulebook_cases.pack import monster, pack_table


def _bell_of_ash() -> dict[str, Any]:
    data = yaml.safe_load((STARTER_PACK / "monsters" / "cinder_abbot.yaml").read_text(encoding="utf-8"))
    card = next(c for c in data["ai_cards"] if c["id"] == "abbot_ai_bell_of_ash")
    return {**card, "id": "censor_ai_bell_of_ash", "level": 1}


def _pack() -> dict[str, str]:
    ai = yaml.safe_dump([_bell_of_ash()], sort_keys=False, width=10_000).rstrip()
    setup = "  knights: [D6, D11, H1, H12]\n  monster:\n  - {at: D5, facing: east}"
    return {"censor.yaml": monster("censor", "Censor", ai=ai, setup=setup), "charm.yaml": CHARM}


CHARM = """\
kind: gear
id: gear_defiant_charm
name: Defiant Charm
type: support
tier: mob
keywords: [{name: Defy}]
"""


async def _to_the_tests(t: Table) -> Any:
    """Kara and Ulfa (with a Defy charm), the Bell of Ash drawn; each chooses Bravery; both tests roll a natural 1
    (failed)."""
    for name in ("Kara", "Ulfa"):
        await t.ok(f"@{name.lower()} /knight create knight:lanternbearer name:{name}")
    await t.ok("@ulfa /knight armory add gear:gear_defiant_charm")
    await t.ok("@ulfa /knight loadout gear:gear_defiant_charm")
    await t.ok("/clash start monster:censor level:1 type:full")
    await t.ok("/gm force-next values:1,1")
    reply = await t.ok("/monster round")
    for who in ("kara", "ulfa"):  # every Virtue is chosen before any test is rolled
        assert reply.pending is not None and reply.pending["kind"] == "judgement_virtue", reply.text
        assert reply.pending["who"] == [who] and "tests Bravery" not in reply.text
        reply = await t.ok(f"@{who} /choose decision:{reply.pending['id']} option:bravery")
    return reply


async def test_a_simultaneous_judgement_asks_every_knights_re_roll_at_once(tmp_path: Path) -> None:
    """Rulebook (line 318): You must declare all dice you wish to re-roll before you perform any of these re-rolls. If multiple players perform their rolls at the same time (for example when the text states "Each Knight tests"), they must all declare whether they want to re-roll their dice before any of them performs a re-roll."""  # noqa: E501
    async with pack_table(tmp_path, _pack()) as t:
        reply = await _to_the_tests(t)
        assert "Kara tests Bravery 7+: 1" in reply.text and "Ulfa tests Bravery 7+: 1" in reply.text
        pending = reply.pending
        assert pending is not None and pending["kind"] == "evasion_reroll", reply.text
        assert pending["options"] == ["kara", "ulfa", "keep"]  # one decision for both Knights
        assert pending["who"] == ["kara", "ulfa"] and pending["pick"] == 2
        assert "re-rolls" not in reply.text  # nothing re-rolled before every re-roll is declared
        await t.ok("/gm force-next values:9,2")
        done = await t.ok(f"/choose decision:{pending['id']} option:kara,ulfa")
        text = done.text
        assert text.index("Kara re-rolls the test: 1 → 9") < text.index("Ulfa re-rolls the test: 1 → 2")
        # both re-rolls are rolled together, before either Knight's Attack is resolved
        assert text.index("Ulfa re-rolls the test") < text.index("Kara passes")
        assert "Ulfa fails: the Judgement hits" in text
        assert done.pending is None or done.pending["kind"] != "evasion_reroll"  # no second re-roll question
        state = await t.state()
        heat = {k["name"]: k["stats"]["heat"] for k in state["knights"].values()}
        assert heat == {"Kara": 1, "Ulfa": 1}  # +1 Heat each for the re-roll


async def test_keep_rolls_nothing_and_each_test_stands(tmp_path: Path) -> None:
    """Rulebook (line 318): You must declare all dice you wish to re-roll before you perform any of these re-rolls. If multiple players perform their rolls at the same time (for example when the text states "Each Knight tests"), they must all declare whether they want to re-roll their dice before any of them performs a re-roll."""  # noqa: E501
    async with pack_table(tmp_path, _pack()) as t:
        reply = await _to_the_tests(t)
        assert reply.pending is not None
        done = await t.ok(f"/choose decision:{reply.pending['id']} option:keep")
        assert "re-rolls" not in done.text
        assert "Kara fails: the Judgement hits" in done.text and "Ulfa fails: the Judgement hits" in done.text
        refused = await t(f"/choose decision:{reply.pending['id']} option:kara")
        assert not refused.ok


async def test_defy_during_the_shared_decision_evades_that_knights_hit(tmp_path: Path) -> None:
    """Rulebook (line 1943): - Defy: While performing a Virtue test caused by a Judgement, treat 1 hit as evaded."""
    async with pack_table(tmp_path, _pack()) as t:
        reply = await _to_the_tests(t)
        assert reply.pending is not None
        refused = await t("@kara /knight react source:gear_defiant_charm ability:Defy")
        assert not refused.ok  # Kara has no such Gear
        await t.ok("@ulfa /knight react source:gear_defiant_charm ability:Defy")
        done = await t.ok(f"/choose decision:{reply.pending['id']} option:keep")
        assert "Kara fails: the Judgement hits" in done.text
        assert "Defy: the Judgement's hit is treated as evaded." in done.text
        assert "Ulfa passes: the Judgement has no effect" in done.text


async def test_an_older_campaign_declares_judgement_re_rolls_knight_by_knight(tmp_path: Path) -> None:
    """A campaign created before state version 3 replays its log as it was played: Kara's test is rolled, her
    re-roll asked and rolled, before Ulfa's Virtue is even asked."""
    async with pack_table(tmp_path, _pack()) as t:
        for name in ("Kara", "Ulfa"):
            await t.ok(f"@{name.lower()} /knight create knight:lanternbearer name:{name}")
        await t.ok("/clash start monster:censor level:1 type:full")
        await t.ok("/gm force-next values:1,1")
        engine = t.app.engine
        old = CampaignState.model_validate({**(await t.state()), "version": JUDGEMENT_REROLLS_VERSION - 1})
        first = engine.apply(old, MonsterRound(), engine.dice_for(old))
        assert first.state.clash is not None and first.state.clash.flow.pending is not None
        assert first.state.clash.flow.pending.kind == "judgement_virtue"
        result = _choose(engine, first.state, first.state.clash.flow.pending.id, "bravery")
        assert result.pending is not None and result.state.clash is not None
        pending = result.state.clash.flow.pending
        assert pending is not None and pending.kind == "evasion_reroll" and pending.knights == ["kara"]
        assert [o.key for o in pending.options] == ["1", "keep"]
        assert "Ulfa tests" not in "\n".join(e.text for e in result.events)


def _choose(engine: Engine, state: CampaignState, decision: str, option: str) -> Any:
    return engine.apply(state, Choose(decision=decision, options=[option]), engine.dice_for(state))
