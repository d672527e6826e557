"""The words of Devotion and the Incarnation (rules/campaign/saint_facts.py), with the commands that follow."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.campaign.saint_facts import ChainBreak, Devoted, IncarnationMissed, IncarnationRolled, IncarnationStep


def _s(n: int) -> str:
    return "s" if n != 1 else ""


@renders(Devoted)
def _devoted(f: Devoted) -> str:
    where = (f" on {f.saint}'s card (its Holy Infusion Table grants what {f.devotion} unlocks)." if f.saint
             else " (no Saint card yet).")
    return f"🙏 {name(f.knight)} Devotes: **{f.devotion}** Devotion token{_s(f.devotion)}{where}"


@renders(IncarnationRolled)
def _rolled(f: IncarnationRolled) -> str:
    if f.roll is None:
        return (f"✨ {name(f.knight)} has {f.devotion} Devotion tokens: the Incarnation into {f.into} succeeds "
                "without a roll.")
    if f.success:
        return f"🎲 Incarnation roll: **{f.roll}** (needs {f.need}+): {name(f.knight)} Incarnates into {f.into}!"
    return f"🎲 Incarnation roll: **{f.roll}** (needs {f.need}+): {name(f.knight)} does not Incarnate."


@renders(IncarnationMissed)
def _missed(f: IncarnationMissed) -> str:
    if f.lost:
        return (f"{name(f.knight)} had {f.devotion} Devotion token{_s(f.devotion)}: {f.saint}'s card is lost (back to "
                "the deck of unlocked Saints).")
    return f"{name(f.knight)} keeps {f.saint}'s card; Devotion tokens go down from {f.devotion} to 1."


@renders(ChainBreak)
def _chain_break(f: ChainBreak) -> str:
    conditions = f" and the Conditions {', '.join(f.conditions)}." if f.conditions else " (no Condition cards)."
    return f"⛓️ Chain Break: {name(f.knight)} stands up, discards {f.bane} Bane token{_s(f.bane)}{conditions}"


@renders(IncarnationStep)
def _step(f: IncarnationStep) -> str:
    if f.step == "unknown_saint":
        return f"The Unknown Saint grants {name(f.knight)} +1 Vigor (Vigor {f.vigor})."
    if f.step == "defeat_taken_back":
        return "The Knights' Defeat is taken back: a Knight stands again."
    return (f"✋ {name(f.knight)} may move up to **{f.spaces}** spaces (2 + {f.devotion} Devotion) and perform a "
            "Bonus Attack; put the miniature back with `/clash place kind:knight` and gain the Holy Incarnation's "
            "bonuses until the end of the next turn, then `/saint end`.")
