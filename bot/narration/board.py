"""The words of the GM's changes to the Clash Board and of a miniature's board keywords (rules/board/board_facts.py).
Names are shown as typed: the application escapes a Knight's stored name in the whole reply (bot/app/names.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.board.board_facts import (
    BoardKnightPlaced,
    BoardMonsterPlaced,
    BoardPieceKeywords,
    BoardRemoved,
    BoardTerrainPlaced,
)


@renders(BoardKnightPlaced)
def _knight(f: BoardKnightPlaced) -> str:
    where = f"on {f.monster}'s Vantage Point {f.vp}" if f.monster else f"on {f.space}"
    return f"📍 {f.knight} stands {where}{' (knocked down)' if f.knocked_down else ''}."


@renders(BoardMonsterPlaced)
def _monster(f: BoardMonsterPlaced) -> str:
    what = f"{'Mob' if f.mob else 'Monster'} {f.monster} ({f.size} space{'s' if f.size > 1 else ''})"
    return f"📍 {what} stands from {f.space}, facing {f.facing}."


@renders(BoardTerrainPlaced)
def _terrain(f: BoardTerrainPlaced) -> str:
    return f"📍 Terrain {f.terrain} covers {', '.join(f.spaces)} ({', '.join(f.keywords) or 'no keywords'})."


@renders(BoardRemoved)
def _removed(f: BoardRemoved) -> str:
    return f"🧹 {f.piece} is taken off the board."


@renders(BoardPieceKeywords)
def _keywords(f: BoardPieceKeywords) -> str:
    return f"🛡️ {f.knight}'s miniature: {', '.join(f.keywords) or 'none'} (from the Loadout)."
