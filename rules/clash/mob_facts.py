"""The facts of the Mob track and of the Mobs' miniatures (rules/clash/mob_track.py, rules/clash/spawning.py): an
Activation token moving on, a Mob spawning or not, its miniature rising on the Board or placed by hand; their words
are bot/narration/mobs.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class MobTokenSpent(Fact):
    """The Activation token moves from Mob ``mob`` to Mob ``to``, spent (an Activation finished)."""

    fact: Literal["mob_token_spent"] = "mob_token_spent"
    mob: int
    to: int


@fact
class MobTokenPassed(Fact):
    """A defeated Mob's Activation token moves to Mob ``to`` (``ready`` or spent), or waits for the next Mob on the
    track (``to`` None)."""

    fact: Literal["mob_token_passed"] = "mob_token_passed"
    to: int | None
    ready: bool = False


@fact
class MobNoSpawn(Fact):
    """No Mob spawns: the Mob track is full (``why`` "full"), or no BP card is left in the Escalation deck."""

    fact: Literal["mob_no_spawn"] = "mob_no_spawn"
    why: Literal["full", "no_card"]


@fact
class MobSpawned(Fact):
    """A BP ``level`` Mob spawns as Mob ``mob``: its miniature is placed and turned to face the most Knights."""

    fact: Literal["mob_spawned"] = "mob_spawned"
    mob: int
    level: int


@fact
class MobPlaceByHand(Fact):
    """Mob ``mob``'s miniature (``name``) is placed by hand (``placement``: where the Monster Sheet says; empty: it
    says no more)."""

    fact: Literal["mob_place_by_hand"] = "mob_place_by_hand"
    mob: int
    name: str
    placement: str = ""


@fact
class MobRises(Fact):
    """Mob ``mob``'s miniature rises on ``space`` (the closest Board Edge space to ``knight``, when one is named),
    facing ``facing``."""

    fact: Literal["mob_rises"] = "mob_rises"
    mob: int
    space: str
    facing: str
    knight: str = ""
