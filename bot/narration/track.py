"""The words of the Kingdom track and of collecting Clues (rules/delve/track_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.delve.track_facts import (
    ClueFound,
    CurseParagraph,
    ExpeditionLost,
    HuntSpaceReached,
    NoClueType,
    StoryPrompt,
    ThreatExtra,
    ThreatSpawn,
    TrackMoved,
)


@renders(ExpeditionLost)
def _lost(f: ExpeditionLost) -> str:
    return f"💀 **The Expedition is lost**: {f.reason}. Resolve your defeat effects, then the Spoils Phase."


@renders(TrackMoved)
def _moved(f: TrackMoved) -> str:
    if f.track == "time":
        verb = "advances" if f.amount > 0 else "goes back"
        return f"Time {verb} by {abs(f.amount)} → Time {f.value}/{f.most}."
    name = f.track.capitalize()
    verb = "gains" if f.amount > 0 else "loses"
    return f"The party {verb} {abs(f.amount)} {name} → {name} {f.value}/{f.most}."


@renders(HuntSpaceReached)
def _hunt(f: HuntSpaceReached) -> str:
    many = "tile" if f.moves == 1 else "tiles"
    return (f"🐾 Hunt Space {f.threat}: each Encounter Monster token on the map moves {f.moves} {many} "
            "toward the Party marker by the shortest path.")


@renders(ThreatSpawn)
def _spawn(f: ThreatSpawn) -> str:
    return (f"👹 Threat {f.threat}: for the first time this Expedition Threat is 7 or more — the Encounter Monster "
            "of the party's district (District Wheel) spawns on an adjacent Kingdom tile, after the others move.")


@renders(CurseParagraph)
def _curse(f: CurseParagraph) -> str:
    where = f"paragraph {f.paragraph}" if f.paragraph else "the Curse paragraph"
    return f"☠ Curse 9 for the first time this Expedition: read {where} (Kingdom Mysteries)."


@renders(ThreatExtra)
def _extra(f: ThreatExtra) -> str:
    return f"🃏 An Exploration card in play: this Threat gain is {f.extra} more."


@renders(StoryPrompt)
def _story(f: StoryPrompt) -> str:
    if f.time == 8:
        return ("📖 Story step — Time 8: without a Quest, resolve an **Exhibition Clash** (against the Monster of "
                "your district if none is set), then the Rest Phase. A Quest may say otherwise.")
    return ("📖 Story step — Time 16: without a Quest, resolve the **Full Clash** (against the Monster of your "
            "district if none is set), then the Spoils Phase.")


@renders(ClueFound)
def _clue(f: ClueFound) -> str:
    clue = f.clue.capitalize()
    if f.how == "emergence":
        return (f"🔎 Clue (Emergence, the party's choice): **{clue}** — each Knight collecting {clue} Clues may gain "
                f"+1 {clue} Clue.")
    why = f"travelled {f.direction}" if f.how == "travel" else f"Minor Mortis {f.card} points {f.direction}"
    return (f"🔎 Clue ({why}): **{clue}** — each Knight collecting {clue} Clues (Quest objective, Primary or "
            f"Secondary Clue) may gain +1 {clue} Clue.")


@renders(NoClueType)
def _no_clue(f: NoClueType) -> str:
    return "The Exploration deck is empty: no card back tells the Clue type, so no Clue."
