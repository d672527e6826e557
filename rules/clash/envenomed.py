"""Envenomed X (rulebook Keyword List): Break tokens placed in the second ability window of a wounding Attack."""

from __future__ import annotations

from collections.abc import Sequence

from content.schema.gear import Keyword


def envenomed_breaks(keywords: Sequence[Keyword], margin: int) -> int:
    """"Envenomed X: During the second ability window, if you dealt a Wound, place X Break tokens in the Knight Pool.
    Then, for each 1 Power above the AT of the wounded BP card, place 1 Break token in the Knight Pool, up to X."

    ``margin`` is the Total Power minus the AT of the Target's BP card (a Wound when it is 0 or more). Ruling
    (docs/rulings.md): "up to X" caps the second placement, so a Wound places X, plus 1 per Power above the AT, at
    most X more (2X in all)."""
    x = sum(kw.value or 0 for kw in keywords if kw.name == "Envenomed")
    if not x or margin < 0:
        return 0
    return x + min(x, margin)
