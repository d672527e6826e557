"""The Postgame: the Rites of the Apocrypha and the Dungeons (rulebook "Postgame Rules" to "Dungeons"). See
docs/postgame.md.

``kind: apocrypha``: one Rites of the Apocrypha tower, "a branching inverted "Tower" of Hunts". Each Hunt names its
Monster and level, the Dungeon it is entered through, the Hunts that lead into it (``after``: "You can access such a
Hunt only if you have won all the preceding Hunts!") and the Legendary rewards it offers the first time it is won.

``kind: dungeon``: an original, small Dungeon format (the rulebook leaves a Dungeon's detail to the Kingdom Codices,
"under the "Dungeon" section"): rooms linked by passages, a start room and a lair. The party moves one room at a
time along a passage; each move gains the room's Threat; a room's Clues and Encounter are met the first time it is
entered; the Dungeon is won by entering the lair before the Threat reaches ``threat_max``, and lost when it does.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.dice import Strict


class Room(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=60)
    text: str = Field("", max_length=400, description="read aloud the first time the party enters")
    links: list[Id] = Field(default_factory=list, max_length=8, description="passages to other rooms (both ways)")
    threat: int = Field(1, ge=0, le=5, description="Threat gained each time the party enters the room")
    clues: int = Field(0, ge=0, le=5, description="Clue tokens gained the first time the party enters")
    encounter: str | None = Field(None, max_length=60, description="an Encounter of the Dungeon met on first entry")
    lair: bool = Field(False, description="the Monster's lair: entering it wins the Dungeon")
    at: tuple[float, float] = Field((0.5, 0.5), description="where the room is drawn: x, y from 0 to 1")


class Dungeon(Strict):
    kind: Literal["dungeon"]
    id: Id
    name: str = Field(min_length=1, max_length=60)
    kingdom: Id | None = Field(None, description="the Kingdom the Dungeon lies in")
    text: str = Field("", max_length=600)
    start: Id = Field(description="the room the party enters first")
    threat_max: int = Field(ge=1, le=30, description="the Dungeon is lost when the Threat reaches this")
    encounters: list[str] = Field(default_factory=list, max_length=20,
                                  description="the Encounters available in this Dungeon (names, as printed)")
    rooms: list[Room] = Field(min_length=2, max_length=40)

    @model_validator(mode="after")
    def _consistent(self) -> Dungeon:
        ids = [r.id for r in self.rooms]
        if len(set(ids)) != len(ids):
            raise ValueError("room ids must be unique")
        if self.start not in ids:
            raise ValueError(f"the start room {self.start!r} is not among the rooms")
        for r in self.rooms:
            for link in r.links:
                if link not in ids:
                    raise ValueError(f"room {r.id!r} links to {link!r}, which is not a room")
            if r.encounter is not None and r.encounter not in self.encounters:
                raise ValueError(f"room {r.id!r} meets the Encounter {r.encounter!r}, which is not among the "
                                 "Dungeon's encounters")
        if not any(r.lair for r in self.rooms):
            raise ValueError("one room must be the lair (lair: true): entering it wins the Dungeon")
        if self.room(self.start).lair:
            raise ValueError("the start room cannot be the lair")
        return self

    def room(self, room_id: str) -> Room:
        found = next((r for r in self.rooms if r.id == room_id), None)
        if found is None:
            raise KeyError(room_id)
        return found

    def neighbours(self, room_id: str) -> list[str]:
        """Passages count both ways: a room connects to the rooms it names and to those naming it."""
        near = {r.id for r in self.rooms if room_id in r.links} | set(self.room(room_id).links)
        return [r.id for r in self.rooms if r.id in near]


class Legendary(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, max_length=400)


class Hunt(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=60)
    monster: Id = Field(description="the content Monster hunted")
    level: int = Field(ge=1, le=9, description="the Monster's level ('Going to level 9, in fact')")
    dungeon: Id = Field(description="the Dungeon won before the Clash")
    after: list[Id] = Field(default_factory=list, max_length=6,
                            description="the Hunts that lead into this one: all must be won first")
    legendary: list[Id] = Field(default_factory=list, max_length=6,
                                description="Legendary rewards offered the first time the Hunt is won")


class Apocrypha(Strict):
    kind: Literal["apocrypha"]
    id: Id
    name: str = Field(min_length=1, max_length=60)
    hunts: list[Hunt] = Field(min_length=1, max_length=60)
    legendary: list[Legendary] = Field(default_factory=list, max_length=100)

    @model_validator(mode="after")
    def _consistent(self) -> Apocrypha:
        ids = [h.id for h in self.hunts]
        if len(set(ids)) != len(ids):
            raise ValueError("hunt ids must be unique")
        rewards = {r.id for r in self.legendary}
        if len(rewards) != len(self.legendary):
            raise ValueError("legendary reward ids must be unique")
        for h in self.hunts:
            for before in h.after:
                if before not in ids:
                    raise ValueError(f"hunt {h.id!r} comes after {before!r}, which is not a hunt")
            for reward in h.legendary:
                if reward not in rewards:
                    raise ValueError(f"hunt {h.id!r} offers {reward!r}, which is not a legendary reward")
        self.depths()  # raises on a cycle
        if not any(not h.after for h in self.hunts):
            raise ValueError("at least one hunt must have no predecessors (the top of the tower)")
        return self

    def hunt(self, hunt_id: str) -> Hunt | None:
        return next((h for h in self.hunts if h.id == hunt_id), None)

    def depths(self) -> dict[str, int]:
        """The row of each Hunt in the tower: 0 for those with no predecessors, else one below the deepest."""
        out: dict[str, int] = {}
        by_id = {h.id: h for h in self.hunts}

        def depth(hunt_id: str, seen: tuple[str, ...]) -> int:
            if hunt_id in seen:
                raise ValueError(f"the hunts {' -> '.join((*seen, hunt_id))} lead into each other (a cycle)")
            if hunt_id not in out:
                h = by_id[hunt_id]
                out[hunt_id] = 1 + max((depth(b, (*seen, hunt_id)) for b in h.after), default=-1)
            return out[hunt_id]

        for h in self.hunts:
            depth(h.id, ())
        return out
