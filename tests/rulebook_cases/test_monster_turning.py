"""A Monster that attacks without moving turns toward its Target first (rulebook "Monster Turning", line 1109),
played through command lines from a content pack: in melee, at range, never in a Zone Attack."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.conftest import Table
from tests.rulebook_cases.pack import answer_all, monster, pack_table

CARD = """\
- id: turner_ai_{id}
  name: {name}
  level: 1
  evasion_dice: 1
  evasion_difficulty: 2
  targeting:
  - text: Closest Knight
    criteria: [{{is: {criterion}}}]
  movement: {{type: none}}
  attack: {attack}
  consequences: [{{type: gain_heat, amount: 1}}]"""
TURNER = monster(
    "turner", "Eggknight",
    ai="\n".join([
        CARD.format(id="tail", name="Tail Swipe", criterion="closest", attack="{types: [melee]}"),
        CARD.format(id="spit", name="Spit", criterion="closest", attack="{types: [range], range: 4}"),
        CARD.replace("[{{is: {criterion}}}]", "[{{is: zone, value: 1}}]").format(
            id="spin", name="Spin", criterion="", attack="{types: [zone], zone: 1}"),
    ]),
    setup="""\
  knights: [C6, H1, H4, H8]
  monster:
  - {at: C5, facing: south}""",
)


async def _round(t: Table, top: str) -> str:
    await t.ok(f"/clash adjust deck:ai top:turner_ai_{top}")
    reply = await t.ok("/monster round")
    return "\n".join(r.text for r in await answer_all(t, reply))


def _facing(state: dict[str, Any]) -> str:
    return str(state["board"]["monsters"][0]["facing"])


async def test_a_monster_attacking_without_moving_turns_toward_its_target(tmp_path: Path) -> None:
    """Rulebook (line 1109): Unless stated otherwise, a Monster always turns:

    Rulebook (line 1111): - Toward the Target, before it performs an Attack (unless the Target is a Zone).

    Rulebook (line 1106): Rear designates only the spaces adjacent to the Monster, directly behind it (in relation to
    the front)."""
    async with pack_table(tmp_path, {"turner.yaml": TURNER}) as t:
        await t.ok("@kara /knight create knight:lanternbearer name:Kara")
        await t.ok("/clash start monster:turner level:1 type:full")
        text = await _round(t, "tail")  # Kara on C6, east of the Eggknight on C5 (facing south), in melee
        assert "🧭 Before the Attack: Eggknight turns to face E." in text
        assert text.index("turns to face E") < text.index("Kara rolls")
        assert _facing(await t.state()) == "E"
        same = await t.ok("/clash place kind:monster name:Eggknight space:C5")  # its Rear is now behind it: west
        assert same.data["board"]["monsters"][0]["rear"] == ["C4"]
        # the next round, at range: Kara four spaces east of the Monster, turned back south by hand
        await t.ok("/clash place kind:knight name:Kara space:C9")
        await t.ok("/clash place kind:monster name:Eggknight space:C5 facing:south")
        await t.ok("@kara /knight end-turn")
        text = await _round(t, "spit")
        assert "🧭 Before the Attack: Eggknight turns to face E." in text
        assert _facing(await t.state()) == "E"


async def test_no_turn_during_a_zone_attack(tmp_path: Path) -> None:
    """Rulebook (line 1114): A Monster does not turn:

    Rulebook (line 1117): - During Zone Attacks."""
    async with pack_table(tmp_path, {"turner.yaml": TURNER}) as t:
        await t.ok("@kara /knight create knight:lanternbearer name:Kara")
        await t.ok("/clash start monster:turner level:1 type:full")
        text = await _round(t, "spin")
        assert "Kara rolls" in text and "turns to face" not in text
        assert _facing(await t.state()) == "S"
