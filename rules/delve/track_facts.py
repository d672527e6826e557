"""The facts of the Kingdom track (rules/delve/track.py) and of collecting Clues (rules/delve/clues.py): Threat, Curse
and Time moved, the Hunt Spaces, the Threat 7 spawn, the Curse 9 paragraph, a lost Expedition, the Story step's
prompts, each Clue found; their words are bot/narration/track.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class ExpeditionLost(Fact):
    """The Expedition is lost, ``reason`` as the Delve keeps it (``DelveState.lost_reason``)."""

    fact: Literal["delve_expedition_lost"] = "delve_expedition_lost"
    reason: str


@fact
class TrackMoved(Fact):
    """``track`` moved by ``amount`` (a gain or an advance when positive) to ``value`` of ``most``."""

    fact: Literal["delve_track_moved"] = "delve_track_moved"
    track: Literal["threat", "curse", "time"]
    amount: int
    value: int
    most: int


@fact
class HuntSpaceReached(Fact):
    """The Threat marker on the Hunt Space ``threat``: each Encounter Monster token moves ``moves`` tile(s)."""

    fact: Literal["delve_hunt_space"] = "delve_hunt_space"
    threat: int
    moves: int


@fact
class ThreatSpawn(Fact):
    """Threat ``threat``: 7 or more the first time this Expedition, the district's Monster spawns."""

    fact: Literal["delve_threat_spawn"] = "delve_threat_spawn"
    threat: int


@fact
class CurseParagraph(Fact):
    """Curse 9 the first time this Expedition: read ``paragraph`` (None: the Curse paragraph, unnumbered)."""

    fact: Literal["delve_curse_paragraph"] = "delve_curse_paragraph"
    paragraph: int | None = None


@fact
class ThreatExtra(Fact):
    """An Exploration card in play makes a Threat gain ``extra`` more."""

    fact: Literal["delve_threat_extra"] = "delve_threat_extra"
    extra: int


@fact
class StoryPrompt(Fact):
    """The Story step at Time ``time`` (8: the Exhibition Clash, 16: the Full Clash) without a Quest."""

    fact: Literal["delve_story_prompt"] = "delve_story_prompt"
    time: Literal[8, 16]


@fact
class ClueFound(Fact):
    """A Clue of type ``clue`` found: the party's choice on Emergence (``how`` "emergence"), by the direction
    travelled (``how`` "travel", ``direction``), or by the Minor Mortis card ``card`` pointing ``direction``."""

    fact: Literal["delve_clue_found"] = "delve_clue_found"
    clue: str
    how: Literal["emergence", "travel", "minor_mortis"]
    direction: str = ""
    card: str = ""


@fact
class NoClueType(Fact):
    """The Exploration deck is empty: no card back tells the Clue type, so no Clue."""

    fact: Literal["delve_no_clue_type"] = "delve_no_clue_type"
