"""A table playing with a content pack of its own: the test writes the pack's YAML to a folder, the App loads the
starter pack plus that folder (as ``KFGM_CONTENT_PACKS`` would), and the test plays through command lines."""

from __future__ import annotations

import textwrap
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from bot.app.commands import build_registry
from bot.app.service import App
from content.loader import load_catalogue
from storage.db import Database
from tests.conftest import Table

MANIFEST = 'kind: pack\nid: rulebook_cases\nname: "Rulebook cases"\nversion: "1.0"\n'


def write_pack(folder: Path, files: dict[str, str]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(MANIFEST, encoding="utf-8")
    for name, text in files.items():
        (folder / name).write_text(textwrap.dedent(text), encoding="utf-8")
    return folder


@asynccontextmanager
async def pack_table(tmp_path: Path, files: dict[str, str], seed: int = 1, new: bool = True) -> AsyncIterator[Table]:
    """``new``: start with ``/campaign new`` (else the test imports a campaign first)."""
    catalogue = load_catalogue([write_pack(tmp_path / "pack", files)])
    app = App(await Database.open(tmp_path / "kfgm.sqlite3"), catalogue, build_registry(), seed=seed,
              image_dir=tmp_path / "images")
    try:
        table = Table(app)
        if new:
            await table.ok('/campaign new name:"Rulebook cases"')
        yield table
    finally:
        await app.db.close()


def weapon(ident: str, name: str, keywords: str, traits: str = "\ntraits: [Blunt]\ncost: 6") -> str:
    """A one-handed mob-tier weapon with the Pilgrim's Mace's numbers (3 Attack dice, Precision 1, one white and one
    black Power die) and the given ``keywords`` (YAML list lines, one ``- {name: ..., value: ...}`` each)."""
    return (f"kind: gear\nid: {ident}\nname: {name}\ntype: weapon\ntier: mob\nhands: 1\nattack_dice: 3\n"
            f"precision: 1\nweapon_power: {{white: 1, black: 1}}\nkeywords:\n{keywords}{traits}\n")


def monster(ident: str, name: str, *, ai: str, signature: str = "", setup: str, extra: str = "",
            diagram: str = "diagram: {footprint: 1}", activations: str = "[ai]") -> str:
    """A small Boss: one level, the AI cards given (YAML list items, indented two spaces), one BP card, a Signature
    and a Routine that do nothing unless given, and the Clash Setup given."""
    sig = signature or f"""\
  id: {ident}_sig
  name: Idle Signature
  movement: {{type: none}}
  consequences: [{{type: text, text: nothing}}]"""
    return f"""\
kind: monster
id: {ident}
name: {name}
type: boss
{diagram}
{extra}
levels:
- {{level: 1, to_hit: 5, wounds: 6, exhibition_wounds: 0, activations: {activations}}}
signature:
{sig}
routine:
  id: {ident}_routine
  name: Idle Routine
  consequences: [{{type: text, text: nothing}}]
ai_cards:
{ai}
bp_cards:
- {{id: {ident}_bp_hide, name: Hide, level: 1, at: 5}}
setups:
- level: 1
{setup}
"""


async def answer_all(t: Table, reply: Any) -> list[Any]:
    """Every reply from ``reply`` on, each waiting question answered the plain way (REACT!: go on; an Evasion re-roll:
    keep; anything else: its first option), until nothing waits."""
    seen = [reply]
    while reply.pending is not None:
        option = {"react": "go_on", "evasion_reroll": "keep"}.get(reply.pending["kind"]) or \
            reply.pending["options"][0]
        reply = await t.ok(f"/choose decision:{reply.pending['id']} option:{option}")
        seen.append(reply)
    return seen
