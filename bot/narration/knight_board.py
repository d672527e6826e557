"""The words of the Knight Board's facts (rules/knights/board_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.knights.board_facts import PartChosen, PartUnlocked, ResourceChanged, TechniquesChosen


def _part(field: str) -> str:
    """A part's field as one of it: "heroic_arcs" -> "heroic arc"."""
    return field.rstrip("s").replace("_", " ")


@renders(PartUnlocked)
def _unlocked(f: PartUnlocked) -> str:
    return f"{f.item} is already unlocked." if f.already else f"Unlocked {_part(f.part)} **{f.item}**."


@renders(PartChosen)
def _chosen(f: PartChosen) -> str:
    return f"{_part(f.part).capitalize()}: **{f.value}**."


@renders(TechniquesChosen)
def _techniques(f: TechniquesChosen) -> str:
    return f"Techniques: {', '.join(f.techniques)}."


@renders(ResourceChanged)
def _resource(f: ResourceChanged) -> str:
    return f"{f.token} tokens {f.old} → **{f.new}**."
