"""The board picture."""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.render.board import render_board
from content.schema.board import BoardSpec, EdgeSide
from rules.board import Knight, VpRef, parse_space
from tests.board.helpers import BOG, CHASM, COLUMN, RUINED_WALL, board, boss, knight, mob

DOCS_IMAGE = Path(__file__).resolve().parents[2] / "docs" / "images" / "board-example.png"


def busy_board():  # noqa: ANN201
    dragon = boss(
        "panzer",
        "C5",
        size=3,
        facing="W",
        diagram={
            "blindspots": [(3, -1), (3, 3)],
            "weakspots": [(1, 3)],
            "vantage_points": [(0, 0), (2, 2)],
        },
        unlocked_vps=frozenset({0}),
        unavoidable_knockback=3,
    )
    b = board(
        dragon,
        knight("sonch", "D3", colour="#2563eb"),
        knight("kara", "B8", colour="#16a34a", knocked_down=True),
        knight("fleisch", "G6", colour="#dc2626"),
        mob("dead1", "A11", 1),
        mob("dead2", "H11", 2),
        terrain=((COLUMN, "E2"), (RUINED_WALL, "B10"), (CHASM, "H1"), (BOG, "F9")),
    )
    ubar = Knight(id="ubar", name="Ubar", vp=VpRef(monster="panzer", index=0), colour="#eab308")
    spec = BoardSpec(rows=8, columns=12, boundless_edges=frozenset({EdgeSide.RIGHT}))
    return b.model_copy(update={"knights": b.knights + (ubar,), "spec": spec})


def test_busy_board_picture(tmp_path: Path) -> None:
    """A Boss of 9 spaces, 4 Knights (one knocked down, one on a VP), Mobs and 4 Terrain tiles."""
    b = busy_board()
    path = [parse_space(x) for x in ("C5", "C4", "D4")]
    zone = {parse_space(x) for x in ("B2", "B3", "B4")}
    png = render_board(b, highlight=zone, path=path)
    out = tmp_path / "board.png"
    out.write_bytes(png)
    img = Image.open(io.BytesIO(png))
    assert 900 <= img.width <= 1200
    assert img.height > 500
    assert len(img.getcolors(1 << 20) or []) > 20  # not an empty picture
    DOCS_IMAGE.parent.mkdir(parents=True, exist_ok=True)
    DOCS_IMAGE.write_bytes(png)


def test_small_board_is_readable_width() -> None:
    png = render_board(board(knight("a", "A1"), rows=4, columns=6))
    img = Image.open(io.BytesIO(png))
    assert img.width >= 400
