"""The facts of the GM's changes to the Clash Board (rules/board/handlers.py ``/clash place|remove``) and of a Knight's
miniature taking its Loadout's board keywords (rules/clash/pieces.py); their words are bot/narration/board.py's.
Names are as the GM typed them (the application escapes a Knight's stored name in the whole reply)."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class BoardKnightPlaced(Fact):
    """The Knight ``knight`` stands on ``space``, or on ``monster``'s Vantage Point ``vp`` (``knocked_down``)."""

    fact: Literal["board_knight_placed"] = "board_knight_placed"
    knight: str
    space: str = ""
    monster: str = ""
    vp: int = 0
    knocked_down: bool = False


@fact
class BoardMonsterPlaced(Fact):
    """The Monster (``mob``: a Mob) ``monster`` of ``size`` spaces stands from ``space``, facing ``facing``."""

    fact: Literal["board_monster_placed"] = "board_monster_placed"
    monster: str
    mob: bool
    size: int
    space: str
    facing: str


@fact
class BoardTerrainPlaced(Fact):
    """The Terrain tile ``terrain`` covers ``spaces`` (``keywords``, in the order typed)."""

    fact: Literal["board_terrain_placed"] = "board_terrain_placed"
    terrain: str
    spaces: list[str]
    keywords: list[str]


@fact
class BoardRemoved(Fact):
    """``piece`` is taken off the board."""

    fact: Literal["board_removed"] = "board_removed"
    piece: str


@fact
class BoardPieceKeywords(Fact):
    """``knight``'s miniature now has the board keywords ``keywords`` (sorted; none) from the Loadout."""

    fact: Literal["board_piece_keywords"] = "board_piece_keywords"
    knight: str
    keywords: list[str]
