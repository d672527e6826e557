"""The words of drawing and escaping the Monster's attention (rules/clash/attention_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.clash.attention_facts import (
    HiddenChanged,
    HiddenEnded,
    HideDeclared,
    PriorityTargetPassed,
    Provoked,
    Spotlit,
    TurnedToFace,
)

WHY = {"next_turn_ended": "the end of their next turn", "moved_in_front": "moved in front of a Monster",
       "priority_target": "gained the Priority Target token",
       "second_window": "after the second ability window of the Attack"}


@renders(HideDeclared)
def _declared(f: HideDeclared) -> str:
    return f"🫥 {name(f.knight)} will become **Hidden** when this turn ends, if not in front of a Monster then."


@renders(HiddenChanged)
def _hidden(f: HiddenChanged) -> str:
    if f.now:
        return f"🫥 {name(f.knight)} is **Hidden**: +1 Evasion and +1 Precision."
    return f"{name(f.knight)} is in front of a Monster at the end of the turn and cannot become Hidden."


@renders(HiddenEnded)
def _ended(f: HiddenEnded) -> str:
    return f"{name(f.knight)} stops being Hidden ({WHY[f.why]})."


@renders(PriorityTargetPassed)
def _passed(f: PriorityTargetPassed) -> str:
    return f"🎯 The Priority Target token passes to {name(f.knight)} (Passion {f.passion})."


@renders(Provoked)
def _provoked(f: Provoked) -> str:
    return f"Provoke: {name(f.knight)} gains the Priority Target token."


@renders(TurnedToFace)
def _turned(f: TurnedToFace) -> str:
    more = " Another facing was as close: the GM may turn it with /clash place." if f.tied else ""
    return f"{name(f.monster)} turns to face {name(f.knight)} (facing {f.facing}).{more}"


@renders(Spotlit)
def _spotlit(f: Spotlit) -> str:
    if f.power:
        return f"Spotlight: {name(f.knight)} is in the spotlight: +1 Power token in the Knight Pool."
    return f"Spotlight: {name(f.knight)} is neither the Priority Target nor the Divine Target (no Power)."
