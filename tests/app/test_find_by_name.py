"""Every option that takes an id also takes the name shown on the sheet or card (issue #20, "Findable by name"): one
resolver (rules/lookup.py, through bot/app/lookups.py) matches it with case, accents, apostrophes and quotes (straight
and curly), punctuation, spaces and underscores set aside; a near miss gets "did you mean", a name that fits several
lists them with their ids; the logged action holds the id. "Which Knight" is ``knight:`` everywhere (``name:`` still
taken)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rules.errors import RuleError
from rules.lookup import Candidate, key, resolve
from tests.conftest import Table

BOW = """kind: gear
type: weapon
tier: mob
hands: 2
attack_dice: 2
precision: 2
weapon_power:
  white: 2
ranged:
- 2
- 5
"""
# a pack of our own: an accented name, and two cards that share a name (different ids)
PACK = ('kind: pack\nid: marsh_pack\nname: "Marsh Pack"\nversion: "1.0"\n---\n'
        + f"{BOW}id: marsh_epee\nname: Épée du Marais\n---\n"
        + f"{BOW}id: marsh_hook_bent\nname: Saltwood Hook\n---\n"
        + f"{BOW}id: marsh_hook_straight\nname: Saltwood Hook\n")


async def _log(table: Table) -> list[dict[str, Any]]:
    return (await table.ok("/gm log count:200")).data["entries"]


async def _actions(table: Table) -> list[dict[str, Any]]:
    loaded = await table.app.load(_ctx())
    return [e.action["action"] for e in await table.app.db.log(loaded.row.id) if e.kind == "action" and e.action]


def _ctx() -> Any:
    from bot.console.runner import invocation

    return invocation("gm", "/gm state")


async def _refused(table: Table, line: str) -> str:
    state = await table.state()
    count = len(await _log(table))
    reply = await table(line)
    assert not reply.ok, line
    assert await table.state() == state and len(await _log(table)) == count  # nothing changed, nothing logged
    return reply.error or ""


@pytest.fixture
async def knights(table: Table) -> Table:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:marrow name:"Maud"')
    return table


def test_the_key_sets_aside_case_accents_quotes_and_separators() -> None:
    assert key("Pilgrim’s  Mace") == key("pilgrims_mace") == key("PILGRIM'S-MACE") == "pilgrims mace"
    assert key("Épée du Marais") == key("epee du marais") == key("“Epee” du marais")
    with pytest.raises(RuleError, match="did you mean Pilgrim's Mace"):
        resolve("pilgrim mase", [Candidate("gear_pilgrims_mace", "Pilgrim's Mace")], "Gear card")


async def test_gear_by_the_name_on_the_card_any_case_or_apostrophe(knights: Table) -> None:
    """The name as the card shows it, in any case, with a straight, curly or no apostrophe: the id is logged."""
    for typed in ('"pilgrims mace"', '"PILGRIM’S MACE"', '"Pilgrim\'s Mace"'):
        await knights.ok(f"@kara /knight armory remove gear:{typed}")
        await knights.ok(f"@kara /knight armory add gear:{typed}")
    armory = (await knights.state())["knights"]["ser-sonch"]["sheet"]["armory"]
    assert [a["gear"] for a in armory].count("gear_pilgrims_mace") == 1
    logged = [a for a in await _actions(knights) if a["type"] == "knight_armory"]
    assert len(logged) == 6 and {a["gear"] for a in logged} == {"gear_pilgrims_mace"}  # never the name as typed


async def test_a_technique_by_the_name_on_the_sheet(knights: Table) -> None:
    """issue #20: "Techniques only by id (`marrow_t_smelling_salts`), not by the name on the sheet"."""
    used = await knights.ok('@ulfa /knight technique action:delve technique:"smelling salts"')
    assert "Smelling Salts" in used.text
    assert (await knights.state())["knights"]["maud"]["board"]["techniques"]["marrow_t_smelling_salts"] != "hand"
    assert [a["technique"] for a in await _actions(knights) if a["type"] == "knight_technique"] == [
        "marrow_t_smelling_salts"]


async def test_a_name_from_a_pack_with_accents_and_a_name_two_cards_share(knights: Table, tmp_path: Path) -> None:
    pack = tmp_path / "marsh_pack.yaml"
    pack.write_text(PACK, encoding="utf-8")
    await knights.ok(f"/content upload file:{pack}")
    await knights.ok('@kara /knight armory add gear:"epee du marais"')  # no accents typed
    await knights.ok("@kara /knight armory remove gear:ÉPÉE_DU_MARAIS")  # capitals, underscores
    await knights.ok('@kara /knight armory add gear:"Épée du Marais"')
    error = await _refused(knights, '@kara /knight armory add gear:"saltwood hook"')
    assert error == ("/knight armory add gear: 'saltwood hook' could be 2 Gear cards: Saltwood Hook "
                     "(`marsh_hook_bent`); Saltwood Hook (`marsh_hook_straight`). Give the whole name or the id")
    await knights.ok("@kara /knight armory add gear:marsh_hook_straight")  # the id settles it
    armory = [a["gear"] for a in (await knights.state())["knights"]["ser-sonch"]["sheet"]["armory"]]
    assert "marsh_epee" in armory and "marsh_hook_straight" in armory and "marsh_hook_bent" not in armory


async def test_a_near_miss_gets_did_you_mean_and_a_far_one_the_list(knights: Table) -> None:
    error = await _refused(knights, '@kara /knight armory add gear:"pilgrim mase"')
    assert error == ("/knight armory add gear: there is no Gear card 'pilgrim mase'; did you mean Pilgrim's Mace "
                     "(`gear_pilgrims_mace`)?")
    far = await _refused(knights, "/clash start monster:wyvern level:1 type:exhibition")
    assert far.startswith("/clash start monster: there is no Monster 'wyvern'; the Monsters are: The Cinder Abbot "
                          "(`abbot`); The Gallowmere Stag (`stag`)")
    near = await _refused(knights, '/knight show knight:"Ser Sonh"')
    assert near == "/knight show knight: there is no Knight 'Ser Sonh'; did you mean Ser Sonch?"


async def test_words_of_a_name_are_enough_when_they_fit_one(knights: Table) -> None:
    """``the Gallowmere Stag`` without its article; ``the`` alone fits every Monster: they are listed, ids and all."""
    many = await _refused(knights, "/clash start monster:the level:1 type:exhibition")
    assert many.startswith("/clash start monster: 'the' could be 3 Monsters: The Cinder Abbot (`abbot`); "
                           "The Gallowmere Stag (`stag`); The Lantern Drowned (`drowned`)")
    await knights.ok('/clash start monster:"gallowmere stag" level:1 type:exhibition')
    assert [a["monster"] for a in await _actions(knights) if a["type"] == "clash_start"] == ["stag"]


async def test_which_knight_is_knight_everywhere_and_name_is_still_taken(knights: Table) -> None:
    shown = await knights.ok("/knight show knight:maud")
    assert shown.data["knight"]["name"] == "Maud"
    old = await knights.ok("/knight show name:MAUD")  # the option's older name: old scripts and habits
    assert old.data == shown.data
    both = await _refused(knights, "/knight show knight:Maud name:Maud")
    assert both == "/knight show takes knight: once (`name:` is its older name); give only knight:"
    assert "/knight show [knight:string]" in (await knights.ok('/help command:"knight show"')).text
    await knights.ok("@kara /knight create knight:oriel name:Oriel")
    asked = await _refused(knights, "@kara /knight stat stat:passion change:1")
    assert asked.endswith("please say which one with knight:")
    await knights.ok("@kara /knight stat stat:passion change:1 name:Oriel")
    await knights.ok("@kara /keyword apply keyword:poison value:1 knight:oriel")
    assert (await knights.state())["knights"]["oriel"]["stats"]["passion"] == 1


def test_every_lookup_is_a_known_source_and_no_alias_hides_an_option() -> None:
    from bot.app.commands import build_registry
    from bot.app.lookups import SOURCES

    for command in build_registry().commands.values():
        names = [o.name for o in command.options]
        for o in command.options:
            assert o.lookup is None or o.lookup in SOURCES, (command.name, o.name)
            assert not set(o.aliases) & set(names), (command.name, o.aliases)
        knights = [o.name for o in command.options if o.lookup == "knight" and o.kind == "string"]
        # "which Knight" is knight: (to:, leader: and knights: name Knights in another part)
        assert set(knights) <= {"knight", "to", "leader"}, (command.name, knights)
