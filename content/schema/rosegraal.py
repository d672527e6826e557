"""The Rogue's Path: the Rosegraal Sheet and the Rogue's Path Monster Tables (rulebook "Rogue's Path: Alternative
Campaign Structure" to "Rosegraal Sheet Legend", optional rules). See docs/rogue.md.

``kind: rogue_tables``: the Monster tables of one section of the Rosegraal (a Kingdom): for each node tier (1 Mob,
2 Vassal, 3 King, 4 Devil, 5 Dragon) the rows of the d10 roll, each naming a Monster (as printed), its level and
the asterisk ("An asterisk (*) next to a Monster means: if you don't own that Monster, re-roll."). ``monster_id``
names the content Monster when its id is not the slug of its printed name.

``kind: rosegraal``: one Rosegraal Sheet: nodes (the start node ``S``, levels I-V, the section each lies in, the
resurrections and reward symbols of the legend, the links between nodes, a spot on the picture) and the list of
Rosegraal Rewards ("each reward can be claimed only once!").
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.dice import Strict

TIER_NAMES = {1: "Mob", 2: "Vassal", 3: "King", 4: "Devil", 5: "Dragon"}
TIER_KEYS = {1: "mob", 2: "vassal", 3: "king", 4: "devil", 5: "dragon"}
ROMAN = {0: "S", 1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
RewardKind = Literal["class", "heroic_arc", "peril_arc", "technique", "gear", "virtue", "wild"]
REWARD_NAMES: dict[str, str] = {
    "class": "Class", "heroic_arc": "Heroic Arc", "peril_arc": "Peril Arc", "technique": "Technique",
    "gear": "Gear", "virtue": "Virtue", "wild": "Wild card",
}
NodeLevel = int


def monster_key(name: str) -> str:
    """The slug of a Monster's printed name: "Stonemason Knight" -> ``stonemason_knight``."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower().removeprefix("the ")).strip("_")


class TableRow(Strict):
    low: int = Field(ge=1, le=10, description="the lowest roll of the row")
    high: int = Field(ge=1, le=10, description="the highest roll of the row")
    monster: str = Field(min_length=1, max_length=60, description="the Monster's name, as printed")
    level: int = Field(ge=1, le=9, description="the Monster's level (not the node level)")
    asterisk: bool = Field(False, description="'*': if you don't own that Monster, re-roll")
    monster_id: Id | None = Field(None, description="the content id, when it is not the slug of the name")

    @property
    def key(self) -> str:
        return self.monster_id or monster_key(self.monster)

    @property
    def rolls(self) -> str:
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


class RogueTables(Strict):
    kind: Literal["rogue_tables"]
    id: Id
    name: str = Field(min_length=1, max_length=60, description="the section's name: 'Principality of Stone'")
    kingdom: Id | None = Field(None, description="the content Kingdom of the section, when a pack defines it")
    source: str = Field("", max_length=200)
    tiers: dict[int, list[TableRow]] = Field(description="node tier (1-5) -> its rows, covering 1-10 once each")

    @model_validator(mode="after")
    def _cover_the_die(self) -> RogueTables:
        if sorted(self.tiers) != [1, 2, 3, 4, 5]:
            raise ValueError("tiers must have exactly the keys 1, 2, 3, 4, 5 (Mob, Vassal, King, Devil, Dragon)")
        for tier, rows in self.tiers.items():
            faces = [f for r in rows for f in range(r.low, r.high + 1)]
            if any(r.low > r.high for r in rows) or sorted(faces) != list(range(1, 11)):
                raise ValueError(f"the rows of tier {tier} must cover the rolls 1-10 exactly once each")
        return self

    def row(self, tier: int, roll: int) -> TableRow:
        return next(r for r in self.tiers[tier] if r.low <= roll <= r.high)


class RosegraalNode(Strict):
    id: Id
    level: int = Field(ge=0, le=5, description="the Node Level I-V; 0 only for the start node S")
    section: Id | None = Field(None, description="the rogue_tables id of the node's section (none for S)")
    resurrections: int | None = Field(None, ge=0, le=9, description="resurrections gained; default: the level")
    rewards: list[RewardKind] = Field(default_factory=list, max_length=3, description="the reward symbols")
    sigh: bool = Field(False, description="the Sigh of the Graal symbol")
    links: list[Id] = Field(default_factory=list, description="the nodes this one connects to")
    at: tuple[float, float] = Field(description="where the node is drawn: x, y from 0 to 1")
    last: bool = Field(False, description="the last node: crossing it out wins the campaign")

    @property
    def gained(self) -> int:
        return self.level if self.resurrections is None else self.resurrections


class Reward(Strict):
    id: Id
    kind: Literal["class", "heroic_arc", "peril_arc", "technique", "gear", "virtue"]
    level: int = Field(ge=1, le=5, description="the Node level from which it may be claimed")
    name: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, max_length=300)


class Rosegraal(Strict):
    kind: Literal["rosegraal"]
    id: Id
    name: str = Field(min_length=1, max_length=60)
    start: Id = Field("s", description="the S node, crossed out at the start of the campaign")
    nodes: list[RosegraalNode] = Field(min_length=2, max_length=60)
    rewards: list[Reward] = Field(default_factory=list, max_length=200)

    @model_validator(mode="after")
    def _consistent(self) -> Rosegraal:
        ids = [n.id for n in self.nodes]
        if len(set(ids)) != len(ids):
            raise ValueError("node ids must be unique")
        if self.start not in ids:
            raise ValueError(f"the start node {self.start!r} is not among the nodes")
        for n in self.nodes:
            for link in n.links:
                if link not in ids:
                    raise ValueError(f"node {n.id!r} links to {link!r}, which is not a node")
            if n.id != self.start and (n.level == 0 or n.section is None):
                raise ValueError(f"node {n.id!r} needs a level from 1 to 5 and a section")
        if not any(n.last for n in self.nodes):
            raise ValueError("one node must be the last (last: true): crossing it out wins the campaign")
        rewards = [r.id for r in self.rewards]
        if len(set(rewards)) != len(rewards):
            raise ValueError("reward ids must be unique")
        return self

    def node(self, node_id: str) -> RosegraalNode | None:
        return next((n for n in self.nodes if n.id == node_id), None)

    def neighbours(self, node_id: str) -> set[str]:
        """Links count both ways: a node connects to the nodes it names and to those naming it."""
        out = {n.id for n in self.nodes if node_id in n.links}
        node = self.node(node_id)
        return out | set(node.links if node else [])
