"""A Kingdom's Outpost (rulebook "Outpost Phase" to "Shrine of the Saints").

``kind: outpost``: the Outpost of one Kingdom, as its Codex prints it: six sections (the Inn, the Notice Board,
the Scouts Guild, the Mercenary Guild, the Merchant Workshop, the Shrine of the Saints), each with the Early Bird
effect "visible at the top of every section". The Inn has a d10 table; the Notice Board its Contracts by tier (a
``checkbox`` marks a Contract that is not repeatable); the Scouts Guild its Recon, Patrol and Survey Scouts; the
Mercenary Guild its Mercenary cards (double-sided: a Delve and a Clash ability on each side, two uses). The
Merchant deck is every ``merchant: true`` Gear card of the loaded packs (content/schema/gear.py) plus the
Consumables the campaign unlocked. See docs/outpost.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.dice import Strict
from content.schema.gear import Tier
from content.schema.kingdom import TileSize
from content.schema.knights import Virtue

Section = Literal["inn", "notice_board", "scouts", "mercenaries", "merchant", "shrine"]
SECTIONS: tuple[Section, ...] = ("inn", "notice_board", "scouts", "mercenaries", "merchant", "shrine")
ScoutCategory = Literal["recon", "patrol", "survey"]
Text = Field(min_length=1, max_length=600)


class EarlyBird(Strict):
    """The bonus of the section the party visits first. ``gold`` (each Knight gains it) and ``discount`` (Gold
    off each purchase in this section during this Outpost Phase) are applied by the bot; ``text`` is shown."""

    text: str = Text
    gold: int = Field(0, ge=0, le=99, description="Gold each Knight of the party gains")
    discount: int = Field(0, ge=0, le=99, description="Gold off each purchase in this section this Outpost")


class SectionBase(Strict):
    name: str = Field(min_length=1, max_length=80)
    early_bird: EarlyBird
    text: str = Field("", max_length=600)


class InnEntry(Strict):
    """One row of the Inn table: a d10 range, who the party meets, and what it brings."""

    low: int = Field(ge=1, le=10)
    high: int = Field(ge=1, le=10)
    name: str = Field(min_length=1, max_length=80)
    text: str = Text
    gold: int = Field(0, ge=-99, le=99, description="Gold each Knight gains (negative: loses, never below 0)")

    @model_validator(mode="after")
    def _range(self) -> InnEntry:
        if self.low > self.high:
            raise ValueError("low must not be above high")
        return self


class Inn(SectionBase):
    table: list[InnEntry] = Field(min_length=1, max_length=10)

    @model_validator(mode="after")
    def _covers(self) -> Inn:
        seen: list[int] = []
        for e in self.table:
            seen += range(e.low, e.high + 1)
        if sorted(seen) != list(range(1, 11)):
            raise ValueError("the Inn table's ranges must cover 1 to 10 exactly once each")
        return self


class ContractTest(Strict):
    virtue: Virtue
    difficulty: int = Field(ge=2, le=20)


class ContractPlan(Strict):
    """A Contract's objective the bot follows (rulebook line 677, Search and Rescue): where the mark goes (``mark``: a
    random unrevealed Kingdom tile of that size, placed on the Kingdom Sheet when the Delve begins), when a test is
    due (``investigate``: on entering any other tile of that size), the test (``test``: any Knight may test it; a
    success moves the mark to another random unrevealed tile of that size, the previous one going back to the
    Kingdom deck), and the reward when the party moves onto the marked tile (``scavenge``: Scavenge X, plus the
    Contract's ``gold``). The Contract's ``objective`` and ``rewards`` stay the text shown."""

    mark: TileSize
    investigate: TileSize | None = None
    test: ContractTest | None = None
    scavenge: int = Field(0, ge=0, le=10)
    scavenge_text: str = Field("", max_length=100, description="how the Scavenge is printed, e.g. 'Scavenge 1 (Mob)'")

    @model_validator(mode="after")
    def _test_with_a_trigger(self) -> ContractPlan:
        if (self.investigate is None) != (self.test is None):
            raise ValueError("give both investigate (the tile size that calls for the test) and test, or neither")
        return self


class Contract(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=80)
    tier: Tier
    checkbox: bool = Field(False, description="not repeatable: once fulfilled, its box is marked for the campaign")
    objective: str = Text
    rewards: str = Text
    gold: int = Field(0, ge=0, le=99, description="Gold each participating Knight gains on fulfilment")
    plan: ContractPlan | None = Field(None, description="the objective as the bot follows it; without it: the text")


class NoticeBoard(SectionBase):
    contracts: list[Contract] = Field(min_length=1, max_length=40)


class PlaceTiles(Strict):
    """Recon. Rulebook, "Scouts Guild": "Recon Scouts grant you the option to place additional Kingdom tiles." At
    Kingdom Setup (or at once when the Delve is already set up), ``rings`` times: every Kingdom tile connected by a
    path to a tile on the table is placed face down (rules/delve/scouting.py ``place_rings``)."""

    type: Literal["place_tiles"] = "place_tiles"
    rings: int = Field(1, ge=1, le=3, description="how many rings of tiles around the table are placed face down")


class LookExploration(Strict):
    """Patrol. Rulebook, "Scouts Guild": "Patrol Scouts allow you to look up cards from the Exploration deck." At
    Kingdom Setup the party looks at the top ``look`` cards; ``/scout use scout: cards:`` puts up to ``to_bottom`` of
    them at the bottom."""

    type: Literal["look_exploration"] = "look_exploration"
    look: int = Field(ge=1, le=10, description="how many top Exploration cards the party looks at")
    to_bottom: int = Field(0, ge=0, le=10, description="how many of those the party may put at the bottom")

    @model_validator(mode="after")
    def _bottom(self) -> LookExploration:
        if self.to_bottom > self.look:
            raise ValueError("to_bottom cannot be more than look")
        return self


class AddExploration(Strict):
    """Survey. Rulebook, "Scouts Guild": "Survey Scouts add special cards to the Exploration deck that will grant you
    various positive effects." At Kingdom Setup (or at once), a copy of each of ``cards`` (Exploration card ids of
    the Outpost's Kingdom) goes into the Exploration deck under its top ``depth`` cards, in order (never on top:
    rulebook "Special Exploration Cards")."""

    type: Literal["add_exploration"] = "add_exploration"
    cards: list[Id] = Field(min_length=1, max_length=5, description="Exploration card ids of the Kingdom")
    depth: int = Field(1, ge=1, le=30, description="how many cards of the deck stay above the cards added")


ScoutEffect = Annotated[PlaceTiles | LookExploration | AddExploration, Field(discriminator="type")]
EFFECT_OF: dict[str, str] = {"recon": "place_tiles", "patrol": "look_exploration", "survey": "add_exploration"}


class Scout(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=80)
    category: ScoutCategory
    cost: int = Field(ge=0, le=99)
    text: str = Text
    effect: ScoutEffect | None = Field(
        None, description="what the bot applies to the Delve (its type follows the category); none: by hand")
    command: str = Field("", max_length=200, description="by hand: the command the players type in the Delve")

    @model_validator(mode="after")
    def _category(self) -> Scout:
        if self.effect is not None and self.effect.type != EFFECT_OF[self.category]:
            raise ValueError(f"a {self.category} Scout's effect is type {EFFECT_OF[self.category]}, "
                             f"not {self.effect.type}")
        return self


class ScoutsGuild(SectionBase):
    scouts: list[Scout] = Field(min_length=1, max_length=20)


class MercenaryAbility(Strict):
    name: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, max_length=300)


class MercenarySide(Strict):
    """Rulebook: "Each side features a pair of abilities, one for the Delve Phase and one for the Clash Phase"."""

    delve: MercenaryAbility
    clash: MercenaryAbility


class Mercenary(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=60)
    level: int = Field(1, ge=1, le=5)
    cost: int = Field(ge=0, le=99)
    sides: list[MercenarySide] = Field(min_length=2, max_length=2, description="the fresh side, then the used side")
    flavour: str = Field("", max_length=300)


class MercenaryGuild(SectionBase):
    mercenaries: list[Mercenary] = Field(min_length=1, max_length=40)


class Merchant(SectionBase):
    pass


class Shrine(SectionBase):
    pass


class OutpostSections(Strict):
    inn: Inn
    notice_board: NoticeBoard
    scouts: ScoutsGuild
    mercenaries: MercenaryGuild
    merchant: Merchant
    shrine: Shrine


class Outpost(Strict):
    kind: Literal["outpost"]
    id: Id
    kingdom: Id
    name: str = Field(min_length=1, max_length=80)
    text: str = Field("", max_length=600)
    sections: OutpostSections

    @model_validator(mode="after")
    def _unique(self) -> Outpost:
        ids = ([c.id for c in self.sections.notice_board.contracts] + [s.id for s in self.sections.scouts.scouts]
               + [m.id for m in self.sections.mercenaries.mercenaries])
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            raise ValueError(f"ids used twice in this Outpost: {', '.join(dup)}")
        return self

    def section(self, name: Section) -> SectionBase:
        found: SectionBase = getattr(self.sections, name)
        return found
