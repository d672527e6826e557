"""Rulebook, "Rogue's Path Monster Tables": "When tackling a node, roll a d10 (or on the indicated range) and consult
the table matching the node's tier to determine which Monster you face and at which level ... An asterisk (*) next
to a Monster means: if you don't own that Monster, re-roll." """

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from content.loader import Catalogue
from content.schema.monsters import Monster
from content.schema.rosegraal import TIER_NAMES, RogueTables, TableRow, monster_key
from rules.coverage import implements
from rules.dice import Dice
from rules.errors import RuleError
from rules.rogue.facts import RogueReroll

MAX_REROLLS = 200  # a table with one owned face of ten misses 200 times in 10^-9 cases; it is reported, not looped
T = "tests/rogue/test_tables.py::"


@dataclass
class Rolled:
    row: TableRow
    rolls: list[int] = field(default_factory=list)
    skipped: list[RogueReroll] = field(default_factory=list)


def content_monster(catalogue: Catalogue, row: TableRow) -> Monster | None:
    """The loaded Monster a row names: by ``monster_id``, else by the slug of its printed name (its id or name)."""
    if row.monster_id is not None:
        return catalogue.monsters.get(row.monster_id)
    key = row.key
    return catalogue.monsters.get(key) or next(
        (m for m in catalogue.monsters.values() if monster_key(m.name) == key), None)


def owns(catalogue: Catalogue, owned: list[str], row: TableRow) -> bool:
    """A Monster is owned when the campaign's owned list names it (its key or content id) and a loaded pack
    defines it: "Monsters the loaded packs lack count as not owned"."""
    monster = content_monster(catalogue, row)
    return monster is not None and (row.key in owned or monster.id in owned)


@implements("Rogue's Path Monster Tables", tests=[
    T + "test_rolling_4_on_the_mob_table_of_stone_gives_eggknight_level_i",
    T + "test_rolling_3_re_rolls_when_panzergeist_is_not_owned",
    T + "test_a_table_with_no_owned_monster_is_reported"])
def roll_monster(tables: RogueTables, tier: int, dice: Dice, owned: Callable[[TableRow], bool]) -> Rolled:
    """Roll a d10 on the tier's table, re-rolling a Monster the group does not own. Every Monster not owned is
    re-rolled: the asterisk marks those a group may lack, and the line under the tables says it of any ("If you
    don't own the Monster, re-roll."), since a Clash needs the Monster (docs/rulings.md). A table with no owned
    Monster is refused before any die is rolled."""
    rows = tables.tiers[tier]
    playable = [r for r in rows if owned(r)]
    if not playable:
        names = ", ".join(f"{r.monster}{'*' if r.asterisk else ''}" for r in rows)
        raise RuleError(f"no Monster of the {TIER_NAMES[tier]} table of {tables.name} is owned ({names}): "
                        "re-rolling could never end. Add the Monsters you own with /rogue owned add:\"...\" "
                        "(a pack must define them), or choose another node")
    out = Rolled(row=rows[0])
    for attempt in range(MAX_REROLLS):
        if attempt:
            dice.next_throw()  # a re-roll: table dice ask for it once the first die is known
        roll = dice.d10(f"Rogue's Path Monster table ({TIER_NAMES[tier]}, {tables.name})")
        out.rolls.append(roll)
        row = tables.row(tier, roll)
        if owned(row):
            out.row = row
            return out
        out.skipped.append(RogueReroll(roll=roll, monster=row.monster, asterisk=row.asterisk))
    raise RuleError(f"{MAX_REROLLS} rolls found no owned Monster on the {TIER_NAMES[tier]} table of {tables.name}")
