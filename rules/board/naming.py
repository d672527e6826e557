"""The ids of the pieces on the Clash Board, made from the names the table gives them."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=4096)  # pure, and asked for every piece of the board many times in each action
def slug(name: str) -> str:
    """A piece's id: its name in lower case, every run of other characters one underscore ("Ser Sonch" → ser_sonch)."""
    return re.sub(r"[^a-z0-9]+", "_", name.strip().lower()).strip("_") or "mini"
