"""The facts of the Encounter Monsters on the Kingdom map and the District Wheel (rules/delve/monsters.py): Monster
Setup, a token's movement and spawn, the meeting that makes an Encounter due, the token leaving with Rotation 1;
their words are bot/narration/monsters.py's."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.facts import Fact, fact


class WheelSpace(BaseModel):
    """One district of the District Wheel (clockwise) and the Monster whose token is on it (empty: none), its
    ``level`` when shown."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    district: str
    monster: str = ""
    level: int | None = None


@fact
class MonsterSetup(Fact):
    """Monster Setup at ``tier``, the Bestiary of ``kingdom`` read ``how`` (its Legendary row, the first box of the
    tier's Chapter ``box``, the lowest marked box ``box``): ``aside`` cards set aside (0: no Monster), ``drawn`` drawn
    from the bottom onto the ``wheel``; ``fewer``: fewer Monsters than districts."""

    fact: Literal["delve_monster_setup"] = "delve_monster_setup"
    kingdom: str
    tier: str
    how: Literal["legendary", "first_box", "lowest_marked"]
    box: str = ""
    aside: int
    drawn: int = 0
    wheel: list[WheelSpace] = []


@fact
class FewerMonsters(Fact):
    """Fewer Monsters than districts: a district with no token meets the Monster of the next token clockwise."""

    fact: Literal["delve_fewer_monsters"] = "delve_fewer_monsters"


@fact
class TokenMoved(Fact):
    """``monster``'s token moves along ``path`` (first: where it stood); ``how``: by the shortest path, ``jump`` from
    another section of the map, ``stays`` on the party's tile, or ``chosen`` by the party."""

    fact: Literal["delve_token_moved"] = "delve_token_moved"
    monster: str
    how: Literal["path", "jump", "stays", "chosen"]
    path: list[str]


@fact
class TokenChoiceAsked(Fact):
    """The party chooses among ``tiles`` (``/delve route``) where ``monster``'s token goes: it is on ``at`` in
    another section of the map (``why`` "land"), two shortest paths tie from ``at`` ("tie"), or it spawns, the Monster
    of ``district`` on the District Wheel ("spawn")."""

    fact: Literal["delve_token_choice_asked"] = "delve_token_choice_asked"
    monster: str
    why: Literal["land", "tie", "spawn"]
    tiles: list[str]
    at: str = ""
    district: str = ""


@fact
class NothingSpawns(Fact):
    """No Encounter Monster token is on the District Wheel: nothing spawns."""

    fact: Literal["delve_nothing_spawns"] = "delve_nothing_spawns"


@fact
class TokenLifted(Fact):
    """``monster``'s token leaves ``tile`` to spawn elsewhere (a Monster is on the map only once)."""

    fact: Literal["delve_token_lifted"] = "delve_token_lifted"
    monster: str
    tile: str


@fact
class TokenSpawned(Fact):
    """``monster``'s token spawns on ``tile``: the Monster of ``district`` on the District Wheel, or where the party
    chose (``district`` empty)."""

    fact: Literal["delve_token_spawned"] = "delve_token_spawned"
    monster: str
    tile: str
    district: str = ""


@fact
class TokenMet(Fact):
    """``monster`` (level ``level``, card ``card``) meets the party on ``tile``: an Encounter is due."""

    fact: Literal["delve_token_met"] = "delve_token_met"
    monster: str
    level: int
    card: str
    tile: str


@fact
class TokenLeaves(Fact):
    """``monster``'s token leaves the Kingdom map after its Encounter; Rotation 1, the ``wheel`` now."""

    fact: Literal["delve_token_leaves"] = "delve_token_leaves"
    monster: str
    wheel: list[WheelSpace]
