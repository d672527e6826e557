"""Where the rulebook is: $KFGM_RULEBOOK, else ../shared/rulebook next to the project, else the
workplace's shared folder. Tests that quote it skip (saying why) only if none exists."""

from __future__ import annotations

import os
from pathlib import Path

NAME = "kingdoms-forlorn-rulebook.txt"
CANDIDATES = [
    Path(os.environ["KFGM_RULEBOOK"]) if os.environ.get("KFGM_RULEBOOK") else None,
    Path(__file__).resolve().parents[2] / "shared" / "rulebook" / NAME,
    Path("/work/shared/rulebook") / NAME,
]
RULEBOOK = next((p for p in CANDIDATES if p is not None and p.is_file()), CANDIDATES[1] or Path(NAME))
