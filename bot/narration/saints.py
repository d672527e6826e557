"""The words of Devotion and the Incarnation (rules/campaign/saint_facts.py), with the commands that follow."""

from __future__ import annotations

from bot.narration.registry import name, plural, renders
from rules.campaign.saint_facts import (
    ChainBreak,
    CommandmentStep,
    Devoted,
    IncarnationEnded,
    IncarnationMissed,
    IncarnationRolled,
    IncarnationStep,
    SaintCardGained,
    SaintCardLost,
    SaintUnlocked,
)


@renders(Devoted)
def _devoted(f: Devoted) -> str:
    where = (f" on {f.saint}'s card (its Holy Infusion Table grants what {f.devotion} unlocks)." if f.saint
             else " (no Saint card yet).")
    return f"🙏 {name(f.knight)} Devotes: **{f.devotion}** Devotion token{plural(f.devotion)}{where}"


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
        return (f"{name(f.knight)} had {f.devotion} Devotion token{plural(f.devotion)}: {f.saint}'s card is lost "
                "(back to the deck of unlocked Saints).")
    return f"{name(f.knight)} keeps {f.saint}'s card; Devotion tokens go down from {f.devotion} to 1."


@renders(ChainBreak)
def _chain_break(f: ChainBreak) -> str:
    conditions = f" and the Conditions {', '.join(f.conditions)}." if f.conditions else " (no Condition cards)."
    return f"⛓️ Chain Break: {name(f.knight)} stands up, discards {f.bane} Bane token{plural(f.bane)}{conditions}"


@renders(IncarnationStep)
def _step(f: IncarnationStep) -> str:
    if f.step == "unknown_saint":
        return f"The Unknown Saint grants {name(f.knight)} +1 Vigor (Vigor {f.vigor})."
    if f.step == "defeat_taken_back":
        return "The Knights' Defeat is taken back: a Knight stands again."
    return (f"✋ {name(f.knight)} may move up to **{f.spaces}** spaces (2 + {f.devotion} Devotion) and perform a "
            "Bonus Attack; put the miniature back with `/clash place kind:knight` and gain the Holy Incarnation's "
            "bonuses until the end of the next turn, then `/saint end`.")


@renders(SaintUnlocked)
def _unlocked(f: SaintUnlocked) -> str:
    return (f"⛪ {f.saint} is unlocked for every Knight (Incarnation Value {f.incarnation}); noted on "
            f"{name(f.knight)}'s Knight Sheet.")


@renders(SaintCardGained)
def _card_gained(f: SaintCardGained) -> str:
    moved = f"; their {f.devotion} Devotion token{plural(f.devotion)} move onto it." if f.devotion else "."
    return f"⛪ {name(f.knight)} gains {f.saint}'s card{moved}"


@renders(CommandmentStep)
def _commandment(f: CommandmentStep) -> str:
    k = name(f.knight)
    if f.step == "placed":
        return f"⛪ {k} places {f.saint}'s miniature on the Saint card: the Holy Commandment holds."
    if f.step == "broken":
        return (f"⚠️ {k} breaks {f.saint}'s Holy Commandment: the miniature leaves the card (breaking it again "
                "discards the Saint card).")
    if f.step == "discarded":
        return (f"💔 {k} breaks {f.saint}'s Holy Commandment again: the Saint card is discarded (back to the deck of "
                f"unlocked Saints; {f.devotion} Devotion token{plural(f.devotion)} stay with the Knight).")
    if f.step == "no_devotion":
        return f"{k} ends the Expedition without {f.saint}'s miniature on the card: no Devotion."
    return f"🕯️ {f.saint}'s miniature is still on {k}'s card at the end of the Expedition:"


@renders(IncarnationEnded)
def _incarnation_ended(f: IncarnationEnded) -> str:
    card = f"{f.card}'s card and " if f.card else ""
    text = (f"{name(f.knight)}'s Incarnation into {f.into} ends; the Knight does not die. {card}{f.tokens} Devotion "
            f"token{plural(f.tokens)} are lost.")
    return f"The Clash is finished while {text}" if f.clash_finished else f"🕊️ {text}"


@renders(SaintCardLost)
def _card_lost(f: SaintCardLost) -> str:
    return f"{name(f.knight)} loses {f.saint}'s card (back to the deck of unlocked Saints)."
