"""A playable Knight: Portrait cards, Heroic Arcs, Peril Arcs, Technique cards, Talents, Resource tokens
and what the Knight starts with (rulebook "Knight Board" to "Resource Tokens", "Knight Loadouts").

One ``kind: knight`` document holds everything of one Knight (like a Knight Box); every part has its
own id, unique across packs.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from content.schema.cards import Id
from content.schema.dice import PowerColour, Strict
from content.schema.gear import Ability, Keyword

Peril = Literal["uninjured", "minor", "major", "grave", "judicium"]
PERILS: tuple[Peril, ...] = ("uninjured", "minor", "major", "grave", "judicium")
Depletion = Literal["cooldown", "delay", "discard", "instant"]
Virtue = Literal["bravery", "tenacity", "sagacity", "fortitude", "might", "insight"]
VIRTUES: tuple[Virtue, ...] = ("bravery", "tenacity", "sagacity", "fortitude", "might", "insight")


class Portrait(Strict):
    """Rulebook, "Portrait Cards": Name, Class, Knight Power Die, Card Refresh, Heat Refresh, Hand Limit,
    Speed, Bane Limit."""

    id: Id
    name: str = Field(min_length=1, max_length=60)
    knight_class: str = Field(min_length=1, max_length=60)
    power_die: PowerColour
    card_refresh: int = Field(ge=0, le=10)
    heat_refresh: int = Field(ge=0, le=9)
    hand_limit: int = Field(ge=1, le=12)
    speed: int = Field(ge=0, le=10)
    bane_limit: int = Field(ge=0, le=20)
    flavour: str = Field("", max_length=300)


class HeroicOption(Strict):
    """One option of a Heroic Arc level: its keyword icons (linked by "+") and/or a short effect."""

    keywords: list[Keyword] = Field(default_factory=list)
    text: str = Field("", max_length=200)

    @model_validator(mode="after")
    def _something(self) -> HeroicOption:
        if not self.keywords and not self.text:
            raise ValueError("an option needs keywords or text")
        return self

    def label(self) -> str:
        parts = [k.label() for k in self.keywords] + ([self.text] if self.text else [])
        return " + ".join(parts)


class HeroicLevel(Strict):
    passion: int = Field(ge=1, le=9)
    options: list[HeroicOption] = Field(min_length=1, max_length=2)


class HeroicArc(Strict):
    """Rulebook, "Heroic Arcs": Passion levels with abilities; "Most Heroic Arc levels give you a choice of
    two options. These are always exclusive"."""

    id: Id
    name: str = Field(min_length=1, max_length=60)
    effect: str = Field("", max_length=300, description="the small additional effect at the top")
    levels: list[HeroicLevel] = Field(min_length=9, max_length=9)

    @model_validator(mode="after")
    def _levels_in_order(self) -> HeroicArc:
        if [lv.passion for lv in self.levels] != list(range(1, 10)):
            raise ValueError("levels must be Passion 1 to 9, in order, once each")
        return self


class Threshold(Strict):
    peril: Peril
    min_vigor: int = Field(ge=0, le=15, description="the lowest Vigor still on this threshold")
    heat_limit: int = Field(ge=0, le=9)


class PerilArc(Strict):
    """Rulebook, "Peril Arcs": "various Peril thresholds (Uninjured, Minor, Major, Grave, and Judicium)
    that correspond to your current Vigor. Reaching a new threshold will usually increase your Heat Limit
    value", and the maximum Vigor ("You will find your current maximum Vigor on your Peril Arc!")."""

    id: Id
    name: str = Field(min_length=1, max_length=60)
    effect: str = Field("", max_length=300)
    max_vigor: int = Field(ge=1, le=15)
    thresholds: list[Threshold] = Field(min_length=5, max_length=5)

    @model_validator(mode="after")
    def _ordered(self) -> PerilArc:
        if tuple(t.peril for t in self.thresholds) != PERILS:
            raise ValueError("thresholds must be uninjured, minor, major, grave, judicium in that order")
        mins = [t.min_vigor for t in self.thresholds]
        if mins[-1] != 0 or any(a <= b for a, b in zip(mins, mins[1:], strict=False)):
            raise ValueError("min_vigor must fall strictly from uninjured down to judicium, which is 0")
        if self.thresholds[0].min_vigor > self.max_vigor:
            raise ValueError("the uninjured threshold must start at or below max_vigor")
        limits = [t.heat_limit for t in self.thresholds]
        if any(a > b for a, b in zip(limits, limits[1:], strict=False)):
            raise ValueError("heat_limit must not fall as the Peril deepens")
        return self

    def threshold(self, vigor: int) -> Threshold:
        for t in self.thresholds:
            if vigor >= t.min_vigor:
                return t
        return self.thresholds[-1]


class Cost(Strict):
    heat: int = Field(0, ge=0, le=9)
    vigor: int = Field(0, ge=0, le=15)
    action: Literal["combat", "movement", "complicated"] | None = None
    resource: str | None = Field(None, max_length=40, description="e.g. '1 Ember token'")

    def label(self) -> str:
        parts = ([f"+{self.heat} Heat"] if self.heat else []) + ([f"-{self.vigor} Vigor"] if self.vigor else [])
        parts += [f"{self.action.capitalize()} Action"] if self.action else []
        parts += [self.resource] if self.resource else []
        return ", ".join(parts) or "free"


class TechniqueSide(Strict):
    name: str = Field(min_length=1, max_length=60)
    cost: Cost = Field(default_factory=Cost)
    text: str = Field(min_length=1, max_length=500)
    keywords: list[Keyword] = Field(default_factory=list)
    depletion: Depletion
    extra: str = Field(min_length=1, max_length=200, description="the Warm-up (Delve) or Exert (Clash) effect")
    extra_keywords: list[Keyword] = Field(default_factory=list)
    extra_depletion: Depletion | None = Field(
        None, description="Clash side: the symbol right below the Exert effect (default: the card's)"
    )


class Technique(Strict):
    """Rulebook, "Technique Cards": a Delve side with a Warm-up and a Clash side with an Exert."""

    id: Id
    delve: TechniqueSide
    clash: TechniqueSide

    @property
    def name(self) -> str:
        return self.clash.name


class NamedEffect(Strict):
    name: str = Field(min_length=1, max_length=60)
    text: str = Field(min_length=1, max_length=400)
    cost: str | None = Field(None, max_length=80)


class Talent(Strict):
    """Rulebook: "Usually, a Talent card provides two named effects"."""

    id: Id
    name: str = Field(min_length=1, max_length=60)
    effects: list[NamedEffect] = Field(min_length=1, max_length=2)


class ResourceToken(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=40)
    text: str = Field(min_length=1, max_length=400)


class Start(Strict):
    """The Knight Setup Instructions: what is unlocked and chosen for the first Expedition."""

    portraits: list[Id] = Field(min_length=1)
    heroic_arcs: list[Id] = Field(min_length=1)
    peril_arcs: list[Id] = Field(min_length=1)
    talents: list[Id] = Field(min_length=1)
    techniques: list[Id] = Field(min_length=1)
    gear: list[Id] = Field(default_factory=list, description="Gear ids added to the Armory and equipped")
    knighves: Id | None = None
    gold: int = Field(0, ge=0, le=9999)


class Knight(Strict):
    kind: Literal["knight"] = "knight"
    id: Id
    name: str = Field(min_length=1, max_length=60)
    prologue: str = Field("", max_length=800)
    portraits: list[Portrait] = Field(min_length=1)
    heroic_arcs: list[HeroicArc] = Field(min_length=1)
    peril_arcs: list[PerilArc] = Field(min_length=1)
    techniques: list[Technique] = Field(min_length=1)
    talents: list[Talent] = Field(min_length=1)
    resources: list[ResourceToken] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list, description="unique Knight mechanics")
    start: Start

    @model_validator(mode="after")
    def _start_refers_to_own_parts(self) -> Knight:
        own = {
            "portraits": {p.id for p in self.portraits},
            "heroic_arcs": {a.id for a in self.heroic_arcs},
            "peril_arcs": {a.id for a in self.peril_arcs},
            "talents": {t.id for t in self.talents},
            "techniques": {t.id for t in self.techniques},
        }
        for field, ids in own.items():
            for ref in getattr(self.start, field):
                if ref not in ids:
                    raise ValueError(f"start.{field}: {ref!r} is not one of this Knight's {field}")
        return self

    def part_ids(self) -> list[tuple[str, int, str]]:
        """(list field, index, id) of every part, for the catalogue's id namespace."""
        out: list[tuple[str, int, str]] = []
        for field in ("portraits", "heroic_arcs", "peril_arcs", "techniques", "talents", "resources"):
            for i, part in enumerate(getattr(self, field)):
                out.append((field, i, part.id))
        return out
