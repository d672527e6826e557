"""Every command that changes a Knight checks its owner (issue #25): a walk of the command registry.

For every row of the permission matrix (one valid line per registered command, in the situation it needs) whose
command is not GM-only, Kara (Ser Sonch's owner) runs it; when that changes Ser Sonch (anything of the Knight in
the campaign state: Loadout, sheet, Conditions, keywords...), Ulfa (a player with a Knight of her own) and Bram (a
member without one) run the same line in the same situation, and each must be refused, or leave Ser Sonch as he
was. A command added to the registry gets its matrix row (test_every_command_has_a_row), so it is walked too. True
Solo Mode's commands need a campaign of one Knight: they are walked in one (Ser Sonch alone, at a Clash Setup).
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from bot.app.commands import build_registry
from bot.app.service import App
from tests.conftest import open_app
from tests.permissions.test_matrix import (
    GUILD,
    IMPORT_CODE,
    SETUP,
    Row,
    Template,
    all_rows,
    invocation,
    path_of,
    run_as,
    template,  # noqa: F401  (the module's fixture: the matrix's campaign)
)

SONCH_ID, MAUD_ID = "ser-sonch", "maud"
# True Solo Mode: Ser Sonch alone (Ulfa plays no Knight here), the Clash Setup under way, Gear in his Armory
SOLO = (*SETUP[:2], "@morgan /knight armory add gear:gear_riveted_mail name:\"Ser Sonch\"",
        "@morgan /campaign mode mode:true_solo", "@morgan /clash start monster:stag level:1 type:exhibition")
CHANGED_BY_THE_OWNER: list[str] = []  # the walk's lines with which Kara changed Ser Sonch
SOLO_LINES = {
    ("solo", "gear"): "/solo gear gear:gear_riveted_mail unequip:gear_padded_gambeson knight:\"Ser Sonch\"",
    ("solo", "investigation"): "/solo investigation investigation:2 knight:\"Ser Sonch\"",
    ("solo", "random"): "/solo random count:1",
}


async def _knights(app: App) -> Any:
    row = await app.db.active_campaign(GUILD, "channel-a")
    assert row is not None
    knights = json.loads(row.state_json)["knights"]
    return knights.get(SONCH_ID), knights.get(MAUD_ID)


async def _try(db: Path, setup: tuple[str, ...], actor: str, line: str) -> tuple[bool, Any, Any, str]:
    """Run ``line`` as ``actor`` on a copy of the campaign after ``setup``: (ok, Ser Sonch before, after, error)."""
    app = await open_app(db)
    try:
        for step in setup:
            reply = await run_as(app, step)
            assert reply.ok, (step, reply.error)
        before = await _knights(app)
        reply = await app.run_line(invocation(actor, line), line)
        return reply.ok, before, await _knights(app), reply.error or ""
    finally:
        await app.db.close()


def _knight_option(row: Row) -> str | None:
    """The option by which the row's command names the Knight it acts on (autocompleted from the campaign's
    Knights), if it has one."""
    command = build_registry().commands[path_of(row.line)]
    return next((o.name for o in command.options if o.autocomplete == "knight"), None)


def _walked() -> list[Row]:
    """Every row of a command that names a Knight and is not GM-only (a GM-only one is refused to players anyway)."""
    registry = build_registry()
    return [r for r in all_rows() if registry.commands[path_of(r.line)].permission != "gm"
            and path_of(r.line)[0] != "solo" and _knight_option(r) is not None]


def _naming_sonch(row: Row) -> str:
    """The row's line with its Knight option naming Ser Sonch (in place of the Knight it named, if any)."""
    option = _knight_option(row)
    command = build_registry().commands[path_of(row.line)]
    names = [option, *next(o.aliases for o in command.options if o.name == option)]  # knight: and its older name:
    line = re.sub(rf'\s({"|".join(names)}):("[^"]*"|\S+)', "", row.line)
    return f'{line} {option}:"Ser Sonch"'


@pytest.mark.parametrize("row", _walked(), ids=lambda r: " ".join(path_of(r.line)) + (" +setup" if r.setup else ""))
async def test_a_command_that_changes_a_knight_checks_its_owner(row: Row, template: Template,  # noqa: F811
                                                                tmp_path: Path) -> None:
    line = _naming_sonch(row).replace(IMPORT_CODE, template.import_code)

    def copy(name: str) -> Path:
        shutil.copyfile(template.path, tmp_path / name)
        return tmp_path / name

    ok, before, after, _ = await _try(copy("owner.sqlite3"), row.setup, "owner", line)
    CHANGED_BY_THE_OWNER.append(line) if ok and before[0] != after[0] else None
    if not ok or before[0] == after[0]:
        return  # it does not change Ser Sonch when his owner runs it: nothing to check here
    for actor in ("other", "member"):
        ok, before, after, error = await _try(copy(f"{actor}.sqlite3"), row.setup, actor, line)
        assert not ok or before[0] == after[0], f"{actor} changed Ser Sonch with {line!r} (an owner check is missing)"


def test_the_walk_reaches_the_knight_changing_commands() -> None:
    """The walk is not vacuous: (run after it, in file order) its owner lines changed Ser Sonch through many
    commands (32 when this was written: the Loadout, the sheet, Conditions, keywords, Armory, Saints...)."""
    if not CHANGED_BY_THE_OWNER:
        pytest.skip("only meaningful after the walk above (run the whole file)")
    changed = {path_of(line) for line in CHANGED_BY_THE_OWNER}
    assert len(changed) >= 25 and {("knight", "loadout"), ("knight", "condition"), ("keyword", "apply")} <= changed


async def _solo_template(path: Path) -> None:
    app = await open_app(path)
    try:
        for step in SOLO:
            reply = await run_as(app, step)
            assert reply.ok, (step, reply.error)
    finally:
        await app.db.close()


@pytest.mark.parametrize("path", sorted(SOLO_LINES), ids=" ".join)
async def test_true_solo_commands_check_the_owner_too(path: tuple[str, ...], tmp_path: Path) -> None:
    assert set(SOLO_LINES) == {p for p in build_registry().commands if p[0] == "solo"}, "walk every /solo command"
    base = tmp_path / "solo.sqlite3"
    await _solo_template(base)
    changed = []
    for actor in ("owner", "other", "member", "gm"):
        db = tmp_path / f"{actor}.sqlite3"
        shutil.copyfile(base, db)
        ok, before, after, error = await _try(db, (), actor, SOLO_LINES[path])
        if ok and before[0] != after[0]:
            changed.append(actor)
        if actor in ("other", "member") and path == ("solo", "gear"):
            assert not ok and "belongs to <@kara>" in error, (actor, error)
    assert not set(changed) & {"other", "member"}, changed
    if path == ("solo", "gear"):
        assert changed == ["owner", "gm"]  # the owner and the GM equip Ser Sonch; nobody else may
