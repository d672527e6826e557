"""The words of the Vision Phase's facts (rules/expedition/vision_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, command, name, renders
from rules.expedition.vision_facts import (
    CallingChosen,
    DestinationChosen,
    FavorOfTheGraal,
    ParagraphsToRead,
    PartyLeaderChosen,
    QuestGivenUp,
    QuestUndone,
)

CHOICE_NAME = {"quest": "a Quest", "investigation": "an Investigation", "free_roam": "a Free Roam"}


@renders(CallingChosen)
def _calling(f: CallingChosen) -> str:
    return f"🔮 {name(f.knight)} goes on {CHOICE_NAME[f.choice]} (Chapter {f.chapter})."


@renders(ParagraphsToRead)
def _paragraphs(f: ParagraphsToRead) -> str:
    if f.calling == "quest":
        return f"Read the Quest paragraph of Chapter {f.chapter} in {name(f.knight)}'s Knightbook and follow it."
    which = (f"Investigation {f.chapter}.{f.investigation}" if f.investigation
             else f"an Investigation of Chapter {f.chapter}")
    return f"Read the paragraphs of {which} in {name(f.knight)}'s Knightbook."


@renders(PartyLeaderChosen)
def _leader(f: PartyLeaderChosen) -> str:
    if f.questing:
        return f"👑 Party Leader: {bold(f.knight)} (the Questing Knight), {f.tier.capitalize()} tier."
    return f"👑 Party Leader: {bold(f.knight)}, {f.tier.capitalize()} tier (the difficulty of this Expedition)."


@renders(FavorOfTheGraal)
def _favor(f: FavorOfTheGraal) -> str:
    if f.gained:
        return f"✨ Favor of the Graal: {name(f.knight)} gains a Sigh of the Graal (marked on the Knight Sheet)."
    return (f"✨ Favor of the Graal: {name(f.knight)} already holds a Sigh of the Graal; a Knight holds one at a time, "
            "so none is gained.")


@renders(QuestGivenUp)
def _given_up(f: QuestGivenUp) -> str:
    return f"{name(f.knight)} gives up the Quest."


@renders(QuestUndone)
def _undone(f: QuestUndone) -> str:
    if f.what == "sigh":
        return "The Sigh of the Graal of this Vision Phase is erased again."
    return f"The players choose the Party Leader again ({command('/expedition leader knight:<name>')})."


@renders(DestinationChosen)
def _destination(f: DestinationChosen) -> str:
    return f"🗺 Destination Kingdom: {bold(f.kingdom)}."
