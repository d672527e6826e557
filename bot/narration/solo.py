"""The words of True Solo Mode's facts (rules/modes/solo_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, carried, command, name, names, renders
from rules.facts import RandomKnightsTargeted
from rules.modes.solo_facts import (
    RandomKnightsNamed,
    SoloChapterDone,
    SoloChooseNext,
    SoloClashSetup,
    SoloExpeditionFull,
    SoloGearEquipped,
    SoloInvestigationSucceeded,
    SoloInvestigationTaken,
)

RANDOM_KNIGHT_TEXT = (
    "True Solo Mode: \"If an effect targets a random Knight, prioritize your Knight. For example, if an effect "
    "targets two random Knights, it will target your Knight and one random Squire instead.\"")


THIRD = command('/expedition next phase:clash reason:"True Solo Mode: third Investigation"')


@renders(RandomKnightsTargeted)
def _targeted(f: RandomKnightsTargeted) -> None:
    return None  # the effect's own text says it; True Solo Mode names the Knights (RandomKnightsNamed)


@renders(RandomKnightsNamed)
def _named(f: RandomKnightsNamed) -> str:
    many = f.asked > 1
    mode = "True Solo Mode" if f.by == "command" else "True Solo"
    shown = "; ".join(" / ".join(", ".join(f"{name(n)} {v}" for n, v in r) for r in rounds) for rounds in f.rolls)
    text = f"🎲 {mode}: the random Knight{'s are' if many else ' is'} **{names(f.targets)}**"
    text += f" (your Knight first{'; Squires by d10, lowest: ' + shown if shown else ''})."
    if len(f.targets) < f.asked:
        if f.by == "command":
            text += f" Only {len(f.targets)} of the {f.asked} asked for are there."
        elif not f.port:
            text += f" For the other {f.asked - len(f.targets)}: {command(f'/solo random count:{f.asked}')}."
        else:
            text += f" Only {len(f.targets)} of the {f.asked} are there."
    return text


@renders(SoloInvestigationSucceeded)
def _succeeded(f: SoloInvestigationSucceeded) -> str:
    return (f"🔍 True Solo Mode: {name(f.knight)} holds 3 Clues — Investigation {f.chapter}.{f.investigation} "
            "**succeeds**. Read its Success paragraph now; the Clue tokens are discarded.")


@renders(SoloChapterDone)
def _chapter_done(f: SoloChapterDone) -> str:
    return (f"True Solo Mode: this is the third Investigation of Chapter {f.chapter} {name(f.knight)} has "
            "finished: you may end the Expedition now by proceeding to the Full Clash (as if Time were 16) — "
            f"{THIRD} — or go on "
            "exploring until you run out of Time.")


@renders(SoloExpeditionFull)
def _full(f: SoloExpeditionFull) -> str:
    return (f"That is {f.most} Investigations succeeded this Expedition, the most True Solo "
            "Mode allows: no more Clues are collected for Investigations until the next Expedition.")


@renders(SoloChooseNext)
def _choose_next(f: SoloChooseNext) -> str:
    return (f"Choose another Investigation of Chapter {f.chapter} and read its starting paragraph, then "
            f"resume the Expedition: {command('/solo investigation investigation:<number>')}.")


@renders(SoloInvestigationTaken)
def _taken(f: SoloInvestigationTaken) -> str:
    return (f"🔍 {name(f.knight)} takes up Investigation {f.chapter}.{f.investigation}: read its starting "
            "paragraph, then resume the Expedition (3 Clues of any type succeed).")


@renders(SoloClashSetup)
def _setup(f: SoloClashSetup) -> str:
    if f.step == "priority":
        return f"🎯 True Solo Mode: {name(f.knight)} starts the Clash with the Priority Target token."
    if f.step == "gear":
        return (f"True Solo Mode: during this Clash Setup {name(f.knight)} may equip up to {f.gear} Gear cards from "
                "the Armory (exchanging them with equipped Gear when no Gear slot is free): "
                f"{command('/solo gear gear:<id,id,...> unequip:<id,...>')}.")
    return (RANDOM_KNIGHT_TEXT + " The bot names them when a card it shows, or `/roll random` among your party, "
            "asks for random Knights; for a card read by hand: `/solo random count:<N>` (your Knight first, then "
            "random Squires).")


@renders(SoloGearEquipped)
def _gear(f: SoloGearEquipped) -> str:
    text = (f"🛡 True Solo Mode, Clash Setup: {name(f.knight)} equips {names(f.gear)} from the Armory "
            f"({f.count}/{f.most})")
    if f.unequipped:
        text += f", taking off {names(f.unequipped)}"
    lines = [text + "."]
    if f.max_vigor is not None:
        lines.append(f"Maximum Vigor {f.max_vigor[0]} → {bold(str(f.max_vigor[1]))}.")
    return " ".join([*lines, *map(carried, f.after)])
