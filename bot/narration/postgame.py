"""The words of the Postgame (rules/postgame/facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, plural, renders
from rules.postgame import facts as pf


@renders(pf.PostgameBegun)
def _begun(f: pf.PostgameBegun) -> str:
    return (f"🗼 The Postgame begins: {f.tower}. Every Knight of the party has finished their campaign (the GM's "
            "word). Rewards from Hunts and Epilogue gates may be used only in the Postgame.")


@renders(pf.PostgameOpenHunts)
def _open(f: pf.PostgameOpenHunts) -> str:
    return f"Open Hunts: {', '.join(f.hunts)} (`/postgame hunt hunt:<id>`)."


@renders(pf.HuntBegun)
def _hunt(f: pf.HuntBegun) -> str:
    if f.hunt is None:
        return (f"🗼 Custom Hunt: {f.monster}, level {f.level} — for the fun and training of it (no Legendary "
                "rewards).")
    return (f"🗼 Hunt {f.hunt}, {f.name}: {f.monster}, level {f.level}. Win the Dungeon, then the Clash. Ignore "
            "normal Monster Setup rules; the Dungeon says which Encounters are available.")


@renders(pf.DungeonEntered)
def _dungeon(f: pf.DungeonEntered) -> str:
    return f"🗝️ {f.dungeon}: {f.text}".rstrip(": ") if f.text else f"🗝️ {f.dungeon}."


@renders(pf.PartyStands)
def _stands(f: pf.PartyStands) -> str:
    return f"The party stands in {f.room}. {f.text}".rstrip()


@renders(pf.DungeonThreat)
def _threat(f: pf.DungeonThreat) -> str:
    if f.clues is not None:
        return f"Dungeon Threat {f.threat} of {f.threat_max}; Clue tokens {f.clues}."
    return (f"Threat {f.threat} of {f.threat_max}. Encounters of this Dungeon: "
            f"{', '.join(f.encounters or []) or 'none'}.")


@renders(pf.DungeonExits)
def _exits(f: pf.DungeonExits) -> str:
    if f.start:
        return f"Move with `/postgame dungeon room:<id>` ({', '.join(f.exits)})."
    return f"Passages: {', '.join(f.exits)}."


@renders(pf.RoomEntered)
def _room(f: pf.RoomEntered) -> str:
    return f"🕯️ The party enters {f.room}" + (f": {f.text}" if f.text else ".")


@renders(pf.ThreatGained)
def _threat_gained(f: pf.ThreatGained) -> str:
    return f"Threat +{f.gain}: {f.threat} of {f.threat_max}."


@renders(pf.HuntCluesGained)
def _clues(f: pf.HuntCluesGained) -> str:
    return (f"The party gains {f.gain} Clue token{plural(f.gain)} ({f.clues} now): at the start of the Clash each "
            "may become 1 Opening or Break token.")


@renders(pf.EncounterMet)
def _encounter(f: pf.EncounterMet) -> str:
    return f"⚔️ Encounter: {f.encounter}. Resolve it as the Dungeon's card says (by hand)."


@renders(pf.DungeonWon)
def _dungeon_won(f: pf.DungeonWon) -> str:
    return (f"🏁 The Dungeon is won: {f.monster} (level {f.level}) waits. Start the Clash with "
            f"`/postgame clash opening:<n> break:<n>` (your {f.clues} Clue(s) may become Opening or Break tokens).")


@renders(pf.HuntEnded)
def _ended(f: pf.HuntEnded) -> str:
    return f"{'🏆' if f.why == 'won' else '💀'} {pf.hunt_record(f)}"


@renders(pf.MonsterLevelDefeated)
def _defeated(f: pf.MonsterLevelDefeated) -> str:
    return f"{f.monster} level {f.level} is defeated in the Postgame: Custom Hunts may now choose it."


@renders(pf.HuntMarked)
def _marked(f: pf.HuntMarked) -> str:
    return f"Hunt {f.hunt} is marked on the Rites of Apocrypha Sheet." + (
        f" Unlocked: {', '.join(f.opened)}." if f.opened else "")


@renders(pf.LegendaryOffered)
def _offered(f: pf.LegendaryOffered) -> str:
    rewards = ", ".join(f"{n} ({r})" for n, r in zip(f.names, f.rewards, strict=True))
    return (f"Legendary rewards: you may exchange a Clash Loot card for one of {rewards} instead of the usual Gear "
            "cards (`/postgame claim knight:<name> reward:<id>`).")


@renders(pf.NoLegendary)
def _no_legendary(f: pf.NoLegendary) -> str:
    if f.hunt is None:
        return "A Custom Hunt grants no Legendary rewards."
    return f"Hunt {f.hunt} was already marked: no Legendary rewards this time."


@renders(pf.HuntClash)
def _clash(f: pf.HuntClash) -> str:
    return f"🗼 The Hunt's Clash: {f.monster}, level {f.level}."


@renders(pf.CluesExchanged)
def _exchanged(f: pf.CluesExchanged) -> str:
    return f"Clues exchanged: {f.opening} Opening and {f.breaks} Break token(s) placed in the Knight Pool."


@renders(pf.CluesKept)
def _kept(f: pf.CluesKept) -> str:
    return f"{f.kept} Clue token(s) not exchanged: they have no use in the Clash."


@renders(pf.LegendaryClaimed)
def _claimed(f: pf.LegendaryClaimed) -> str:
    return f"👑 {name(f.knight)} takes {f.reward} in exchange for a Clash Loot card (Hunt {f.hunt})."


@renders(pf.LegendaryByHand)
def _by_hand(f: pf.LegendaryByHand) -> str:
    return f"✋ By hand: {f.text}"


@renders(pf.LegendaryPostgameOnly)
def _only(f: pf.LegendaryPostgameOnly) -> str:
    return "Usable only in the Postgame, unless the card says otherwise."
