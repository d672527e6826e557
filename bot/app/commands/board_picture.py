"""The campaign's Clash Board as a picture, for every /clash command that shows it (clash.py, clash_setup.py)."""

from __future__ import annotations

import asyncio

from bot.app.service import App, Loaded
from bot.render.board import render_board
from rules.board.geometry import Coord


async def board_image(app: App, loaded: Loaded, highlight: list[Coord] | None = None) -> str:
    """The campaign's Clash Board drawn as a PNG (off the event loop); returns the picture's path."""
    png = await asyncio.get_running_loop().run_in_executor(None, lambda: render_board(loaded.state.board, highlight))
    path = app.image_path(loaded.row.id, loaded.row.seq, "board")
    path.write_bytes(png)
    return str(path)
