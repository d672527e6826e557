"""The facts of the Postgame (rules/postgame/handlers.py, hunts.py): the Hunts, their Dungeon and Clash; their words:
bot/narration/postgame.py. ``hunt`` None: a Custom Hunt."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class PostgameBegun(Fact):
    """The Postgame begins on the tower ``tower`` (the GM's word that every Knight finished their campaign)."""

    fact: Literal["postgame_begun"] = "postgame_begun"
    tower: str


@fact
class PostgameOpenHunts(Fact):
    """The Hunts open at the start: ``hunts``."""

    fact: Literal["postgame_open_hunts"] = "postgame_open_hunts"
    hunts: list[str]


@fact
class HuntBegun(Fact):
    """Hunt ``hunt`` (``name``) against ``monster`` at ``level`` begins; None ``hunt``: a Custom Hunt."""

    fact: Literal["postgame_hunt_begun"] = "postgame_hunt_begun"
    hunt: str | None
    name: str = ""
    monster: str
    level: int


@fact
class DungeonEntered(Fact):
    """The Hunt's Dungeon ``dungeon`` (its ``text``)."""

    fact: Literal["postgame_dungeon"] = "postgame_dungeon"
    dungeon: str
    text: str = ""


@fact
class PartyStands(Fact):
    """The party stands in the Dungeon's start room ``room`` (its ``text``)."""

    fact: Literal["postgame_party_stands"] = "postgame_party_stands"
    room: str
    text: str = ""


@fact
class DungeonThreat(Fact):
    """The Dungeon's Threat ``threat`` of ``threat_max``; ``encounters``: its Encounters (at the start; None
    otherwise); ``clues``: the party's Clue tokens when corrected by hand (None otherwise)."""

    fact: Literal["postgame_threat"] = "postgame_threat"
    threat: int
    threat_max: int
    encounters: list[str] | None = None
    clues: int | None = None


@fact
class DungeonExits(Fact):
    """The passages out of the room the party stands in (``start``: the start room, told with the command)."""

    fact: Literal["postgame_exits"] = "postgame_exits"
    exits: list[str]
    start: bool = False


@fact
class RoomEntered(Fact):
    """The party enters ``room`` (``text``: told the first time only, else None)."""

    fact: Literal["postgame_room_entered"] = "postgame_room_entered"
    room: str
    text: str | None = None


@fact
class ThreatGained(Fact):
    """Threat +``gain``: ``threat`` of ``threat_max``."""

    fact: Literal["postgame_threat_gained"] = "postgame_threat_gained"
    gain: int
    threat: int
    threat_max: int


@fact
class HuntCluesGained(Fact):
    """The party gains ``gain`` Clue tokens (``clues`` now)."""

    fact: Literal["postgame_clues_gained"] = "postgame_clues_gained"
    gain: int
    clues: int


@fact
class EncounterMet(Fact):
    """The room's Encounter ``encounter``, resolved by hand."""

    fact: Literal["postgame_encounter"] = "postgame_encounter"
    encounter: str


@fact
class DungeonWon(Fact):
    """The Dungeon is won: ``monster`` (``level``) waits; ``clues`` Clue tokens may become Opening or Break."""

    fact: Literal["postgame_dungeon_won"] = "postgame_dungeon_won"
    monster: str
    level: int
    clues: int


@fact
class HuntEnded(Fact):
    """Hunt ``hunt`` against ``monster`` (``level``) ends: won, or not (``why``: the Threat reached ``threat_max``,
    the party left the Dungeon, the Clash lost or ended without a victory); ``hunt_record`` is the line
    ``PostgameState.history`` keeps of it."""

    fact: Literal["postgame_hunt_ended"] = "postgame_hunt_ended"
    hunt: str | None
    monster: str
    level: int
    why: Literal["won", "threat", "left", "clash_lost", "clash_not_won"]
    threat_max: int = 0


ENDED = {"left": "the Dungeon is lost (the party left it). The Hunt is not won.",
         "clash_lost": "the Clash is lost: the Hunt is not won.",
         "clash_not_won": "the Clash is ended without a victory: the Hunt is not won.",
         "won": "the Dungeon and the Clash are won — the Hunt succeeds."}


def hunt_record(f: HuntEnded) -> str:
    """A Hunt ended as the line ``PostgameState.history`` keeps (the Postgame's ``data``, not an event's words; its
    reply's sentence is this line after an emoji, bot/narration/postgame.py). Kept in words so a stored history reads
    as before."""
    what = f"Hunt {f.hunt}" if f.hunt else "Custom Hunt"
    end = (f"the Dungeon is lost (the Threat reached {f.threat_max}). The Hunt is not won." if f.why == "threat"
           else ENDED[f.why])
    return f"{what} against {f.monster} (level {f.level}): {end}"


@fact
class MonsterLevelDefeated(Fact):
    """``monster`` at ``level`` is defeated in the Postgame: Custom Hunts may choose it."""

    fact: Literal["postgame_level_defeated"] = "postgame_level_defeated"
    monster: str
    level: int


@fact
class HuntMarked(Fact):
    """Hunt ``hunt`` is marked on the Sheet; ``opened``: the Hunts it unlocks."""

    fact: Literal["postgame_hunt_marked"] = "postgame_hunt_marked"
    hunt: str
    opened: list[str]


@fact
class LegendaryOffered(Fact):
    """The Legendary rewards ``names`` (ids ``rewards``) may replace the usual Gear cards (a Clash Loot card)."""

    fact: Literal["postgame_legendary_offered"] = "postgame_legendary_offered"
    names: list[str]
    rewards: list[str]


@fact
class NoLegendary(Fact):
    """No Legendary rewards: a Custom Hunt (``hunt`` None), or Hunt ``hunt`` was already marked."""

    fact: Literal["postgame_no_legendary"] = "postgame_no_legendary"
    hunt: str | None


@fact
class HuntClash(Fact):
    """The Hunt's Clash against ``monster`` (``level``) begins."""

    fact: Literal["postgame_hunt_clash"] = "postgame_hunt_clash"
    monster: str
    level: int


@fact
class CluesExchanged(Fact):
    """Clue tokens exchanged at the start of the Hunt's Clash: ``opening`` Opening and ``breaks`` Break tokens placed
    in the Knight Pool."""

    fact: Literal["postgame_clues_exchanged"] = "postgame_clues_exchanged"
    opening: int
    breaks: int


@fact
class CluesKept(Fact):
    """``kept`` Clue tokens not exchanged (no use in the Clash)."""

    fact: Literal["postgame_clues_kept"] = "postgame_clues_kept"
    kept: int


@fact
class LegendaryClaimed(Fact):
    """``knight`` takes the Legendary reward ``reward`` for a Clash Loot card (Hunt ``hunt``); ``text``: what it
    does, by hand; usable only in the Postgame."""

    fact: Literal["postgame_legendary_claimed"] = "postgame_legendary_claimed"
    knight: str
    reward: str
    hunt: str


@fact
class LegendaryByHand(Fact):
    """A Legendary reward's ``text``, applied by hand."""

    fact: Literal["postgame_legendary_by_hand"] = "postgame_legendary_by_hand"
    text: str


@fact
class LegendaryPostgameOnly(Fact):
    """A Legendary reward is usable only in the Postgame, unless its card says otherwise."""

    fact: Literal["postgame_legendary_only"] = "postgame_legendary_only"
