"""/clash place, /clash remove and /clash board: the GM mirrors the physical board; anyone sees it."""

from __future__ import annotations

from pathlib import Path

from PIL import Image

from tests.conftest import Table

SETUP = [
    "/clash place kind:monster name:Eggknight space:C5 size:9 facing:west",
    '/clash place kind:knight name:"Ser Sonch" space:D3',
    "/clash place kind:knight name:Kara space:B8 knocked_down:true",
    "/clash place kind:knight name:Ulfa monster:Eggknight vp:2",
    "/clash place kind:knight name:Ivo space:H1",
    '/clash place kind:mob name:"Rat 1" space:A11 number:1',
    '/clash place kind:mob name:"Rat 2" space:H11 number:2',
    "/clash place kind:terrain name:Column space:E2 keywords:Obstacle,Destructible,Obscuring",
    '/clash place kind:terrain name:"Ruined Wall" space:B10 height:3 keywords:Obstacle,Obscuring',
    "/clash place kind:terrain name:Bog space:F9 width:2 height:2 keywords:\"Difficult Terrain\"",
    "/clash place kind:terrain name:Pit space:H3 keywords:Chasm",
]


async def test_a_busy_board_is_placed_and_drawn(table: Table) -> None:
    for line in SETUP:
        await table.ok(line)
    board = (await table.state())["board"]
    assert {k["name"]: k["space"] for k in board["knights"]} == {"Ser Sonch": "D3", "Kara": "B8", "Ulfa": None, "Ivo": "H1"}
    assert [m["name"] for m in board["monsters"]] == ["Eggknight", "Rat 1", "Rat 2"]
    assert len(board["terrain"]) == 4
    reply = await table.ok("/clash board highlight:C4,D4")
    assert "4 Knight(s), 3 Monster(s), 4 Terrain tile(s)" in reply.text
    path = Path(reply.images[0])
    with Image.open(path) as image:
        assert image.format == "PNG" and image.width >= 900 and image.height >= 600
        assert len(image.getcolors(1 << 24) or []) > 50  # a real drawing, not a blank canvas


async def test_placing_again_moves_the_miniature_and_keeps_its_colour(table: Table) -> None:
    await table.ok("/clash place kind:knight name:Kara space:B8")
    first = (await table.state())["board"]["knights"][0]
    await table.ok("/clash place kind:knight name:Kara space:F2")
    moved = (await table.state())["board"]["knights"]
    assert len(moved) == 1 and moved[0]["space"] == "F2" and moved[0]["colour"] == first["colour"]


async def test_impossible_placements_are_refused_and_change_nothing(table: Table) -> None:
    await table.ok("/clash place kind:monster name:Eggknight space:C5 size:9")
    before = await table.state()
    for line, message in [
        ("/clash place kind:knight name:Kara space:D6", "Kara shares D6 with Eggknight"),
        ("/clash place kind:knight name:Kara space:Z9", "not on the board: rows go from A to H"),
        ("/clash place kind:knight name:Kara", "say where Kara goes with space:"),
        ("/clash place kind:monster name:Troll space:G11 size:9", "does not fit on the board"),
        ("/clash place kind:monster name:Troll space:A1 size:3", "1, 4 or 9 spaces"),
        ("/clash place kind:terrain name:Bog space:A1 keywords:Sticky", "'Sticky' is not a Terrain keyword"),
        ("/clash place kind:knight name:Kara monster:Eggknight vp:7", "has 4 Vantage Points"),
        ("/clash place kind:knight name:Kara monster:Ghost vp:1", "no Monster 'Ghost'"),
        ("/clash remove name:Ghost", "nothing called 'Ghost'"),
        ("@kara /clash place kind:knight name:Kara space:A1", "only the campaign's GM"),
    ]:
        reply = await table(line)
        assert not reply.ok and message in (reply.error or ""), (line, reply.error)
    assert await table.state() == before


async def test_a_monster_with_a_knight_on_its_vantage_point_cannot_be_removed(table: Table) -> None:
    await table.ok("/clash place kind:monster name:Eggknight space:C5 size:4")
    await table.ok("/clash place kind:knight name:Ulfa monster:Eggknight vp:1")
    reply = await table("/clash remove name:Eggknight")
    assert not reply.ok and "Ulfa stand on Eggknight's Vantage Points" in (reply.error or "")


async def test_remove_and_undo(table: Table) -> None:
    await table.ok("/clash place kind:terrain name:Column space:E2 keywords:Obstacle")
    before = await table.state()
    await table.ok("/clash remove name:Column")
    assert (await table.state())["board"]["terrain"] == []
    await table.ok("/gm undo")
    assert await table.state() == before


async def test_players_may_look_at_the_board(table: Table) -> None:
    reply = await table.ok("@kara /clash board")
    assert reply.images and Path(reply.images[0]).is_file()
