"""Squires and the Mettle deck (rulebook "Squires" to "Performing Tests", optional rules).

``kind: squire``: one Squire card — "their tier, statistics, and Abilities, as well as their own Heroic
Arc" (Tier, Vigor, Speed, Heat Limit, Heat Refresh, Bane Limit, Abilities).

``kind: mettle``: a Mettle deck — every card shows a Clue, a Roll, a Power, a Potential, a Hits Evaded
value and an optional ability box; the deck also holds one "Critical Chance" and one "Critical Miss" card.
``start: true`` marks the cards of the starting deck; the others are unlocked later ("Unlocking Mettle
Cards"). See docs/squires.md.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from content.schema.cards import (
    GainBane,
    GainCondition,
    GainHeat,
    GainPassion,
    GainVigor,
    Id,
    LoseHeat,
    LoseVigor,
    PlaceKnightTokens,
    TextEffect,
)
from content.schema.dice import Strict
from content.schema.gear import Tier
from content.schema.kingdom import ClueType

Critical = Literal["chance", "miss"]


# --- what Abilities and Heroic Arc levels do (rules/squires/abilities.py) ---------------------------------------
# The card effect vocabulary of content/schema/cards.py where it fits, plus what only a Squire card says.


class LoseBane(Strict):
    """Remove Bane tokens ("Remove 1 Bane token from a Knight")."""

    type: Literal["lose_bane"]
    amount: int = Field(ge=1, le=20)


class GainModifier(Strict):
    """A temporary Modifier token on a Knight: "+1 Evasion for the next Evasion Roll" (discarded after the next
    Evasion Roll; Precision after the next Attack, Speed after the next movement: rules/knights/statistics.py)."""

    type: Literal["gain_modifier"]
    modifier: Literal["evasion", "precision", "speed"]
    amount: int = Field(ge=1, le=5)


class MoveToward(Strict):
    """This Squire moves up to ``amount`` spaces toward the target of its group (a move-like ability: resolved as a
    Movement Action, so Difficult Terrain and miniatures count)."""

    type: Literal["move_toward"]
    amount: int = Field(ge=1, le=10)


class PullMonster(Strict):
    """Pull X on a Monster miniature, toward this Squire (Keyword List, "Pull X")."""

    type: Literal["pull_monster"]
    amount: int = Field(ge=1, le=10)


class SquireBoon(Strict):
    """This Squire's next Attack: ``attack_draws`` (draw N Mettle cards for the next Attack Roll, keep the best),
    ``power`` (+N Power on the next Power Roll), ``critical_chance`` (Critical Chance on the next Attack Roll)."""

    type: Literal["squire_boon"]
    boon: Literal["attack_draws", "power", "critical_chance"]
    amount: int = Field(1, ge=1, le=9)


SquireEffect = Annotated[
    LoseVigor | GainVigor | GainHeat | LoseHeat | GainPassion | GainBane | GainCondition | PlaceKnightTokens
    | TextEffect | LoseBane | GainModifier | MoveToward | PullMonster | SquireBoon,
    Field(discriminator="type"),
]

# Who a group of effects is for:
# self — this Squire; nearest_knight — the nearest other Knight (or Squire) on the Clash Board; chosen_knight —
# another Knight the players choose (within ``within`` spaces when given); knights_within — every other Knight within
# ``within`` spaces; all_knights — every living Knight and Squire on the board, this Squire included; knight_in_space —
# another Knight in this Squire's space or next to it (docs/rulings.md); monster — a Monster miniature (chosen when
# there are several).
Who = Literal["self", "nearest_knight", "chosen_knight", "knights_within", "all_knights", "knight_in_space",
              "monster"]


class EffectGroup(Strict):
    """Effects resolved, in order, for each target of ``who``. ``only_if``: ``monster_adjacent_to_a_knight`` — only
    when the Monster an earlier group moved ends adjacent to a Knight other than this Squire."""

    who: Who = "self"
    within: int | None = Field(None, ge=0, le=20, description="spaces (orthogonal count, never blocked)")
    only_if: Literal["monster_adjacent_to_a_knight"] | None = None
    effects: list[SquireEffect] = Field(min_length=1, max_length=6)

    @model_validator(mode="after")
    def _fits(self) -> EffectGroup:
        if self.who == "knights_within" and self.within is None:
            raise ValueError("who: knights_within needs within: N")
        moves = [e for e in self.effects if e.type in ("move_toward", "pull_monster")]
        if any(e.type == "move_toward" for e in moves) and self.who not in ("nearest_knight", "chosen_knight",
                                                                            "monster"):
            raise ValueError("move_toward moves this Squire toward the group's target: who must name one Knight "
                             "or a Monster")
        if any(e.type == "pull_monster" for e in moves) and self.who != "monster":
            raise ValueError("pull_monster needs who: monster")
        return self


Passive = Literal["ignore_first_knockback", "ignore_difficult_terrain"]


class SquireAbility(Strict):
    """Rulebook: "Abilities: Each active Squire Ability may only be used once per Round."."""

    name: str = Field(min_length=1, max_length=60)
    active: bool = Field(True, description="an active Ability (once per Round); false: always on")
    text: str = Field(min_length=1, max_length=300)
    effects: list[EffectGroup] = Field(default_factory=list, description="what the bot applies (empty: by hand)")
    passive: Passive | None = Field(None, description="an always-on Ability the Clash code applies")

    @model_validator(mode="after")
    def _kind(self) -> SquireAbility:
        if self.passive is not None and self.active:
            raise ValueError("passive: is for an Ability that is always on (active: false)")
        if self.effects and not self.active:
            raise ValueError("effects: are for an active Ability; an always-on one uses passive:")
        return self


class SquireArcLevel(Strict):
    passion: int = Field(ge=1, le=9)
    text: str = Field(min_length=1, max_length=200)
    effects: list[EffectGroup] = Field(default_factory=list, description="what the bot applies (empty: by hand)")


class Squire(Strict):
    kind: Literal["squire"]
    id: Id
    name: str = Field(min_length=1, max_length=60)
    tier: Tier = Field(description="the tier at which the Squire card becomes available")
    vigor: int = Field(ge=1, le=15, description="the maximum Vigor")
    speed: int = Field(ge=0, le=10)
    heat_limit: int = Field(ge=0, le=9, description="the maximum Heat the Squire can reach")
    heat_refresh: int = Field(ge=0, le=9, description="the Heat subtracted during their Refresh step")
    bane_limit: int = Field(ge=0, le=20, description="the maximum Bane tokens")
    abilities: list[SquireAbility] = Field(min_length=1, max_length=4)
    heroic_arc: list[SquireArcLevel] = Field(min_length=1, max_length=9)
    flavour: str = Field("", max_length=300)

    @model_validator(mode="after")
    def _arc_in_order(self) -> Squire:
        levels = [lv.passion for lv in self.heroic_arc]
        if levels != sorted(set(levels)):
            raise ValueError("heroic_arc levels must rise in Passion, once each")
        return self


class AbilityBox(Strict):
    """Rulebook: "Ability box: An optional way to Power up a Squire's Attack at the cost of Clue tokens."
    One Clue token of the card's Clue gains the Precision bonus (Attack Roll) or the Power bonus (Power Roll)."""

    precision: int = Field(0, ge=0, le=5)
    power: int = Field(0, ge=0, le=9)
    text: str = Field("", max_length=200)


class MettleCard(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=60)
    tier: Tier = "mob"
    start: bool = Field(False, description="part of the starting Mettle deck")
    critical: Critical | None = Field(None, description='the "Critical Chance" or "Critical Miss" card')
    clue: ClueType | None = Field(None, description="the Clue symbol (none on the Critical cards)")
    roll: int = Field(ge=0, le=12, description="Attack Rolls (the Precision) and tests")
    power: int = Field(ge=0, le=12)
    potential: int = Field(ge=0, le=6)
    hits_evaded: int = Field(ge=0, le=6)
    box: AbilityBox | None = None

    @model_validator(mode="after")
    def _critical_has_no_clue(self) -> MettleCard:
        if self.critical is None and self.clue is None:
            raise ValueError("a Mettle card other than the Critical cards shows a Clue")
        if self.critical is not None and self.box is not None:
            raise ValueError("the Critical cards have no ability box")
        return self


class SquireGearStats(Strict):
    """The Squire stats box of a Merchant weapon (rulebook "Other Squire Rules"): its Clue symbol and the Power and
    Potential bonuses a Squire adds to a Power draw whose Mettle card shows that Clue."""

    gear: Id = Field(description="a Merchant weapon's Gear id")
    clue: ClueType
    power: int = Field(0, ge=0, le=6)
    potential: int = Field(0, ge=0, le=4)


class MettleDeck(Strict):
    kind: Literal["mettle"]
    id: Id
    name: str = Field(min_length=1, max_length=60)
    cards: list[MettleCard] = Field(min_length=3, max_length=80)
    gear_stats: list[SquireGearStats] = Field(
        default_factory=list, description="the Squire stats boxes of Merchant weapons (Gear cards carry none here)")

    def stats_of(self, gear: str) -> SquireGearStats | None:
        return next((g for g in self.gear_stats if g.gear == gear), None)

    @model_validator(mode="after")
    def _criticals(self) -> MettleDeck:
        ids = [c.id for c in self.cards]
        if len(ids) != len(set(ids)):
            raise ValueError("Mettle card ids must be unique")
        for kind in ("chance", "miss"):
            found = [c for c in self.cards if c.critical == kind and c.start]
            if len(found) != 1:
                raise ValueError(f'the starting deck needs exactly one "Critical {kind.capitalize()}" card')
        return self

    def start_cards(self) -> list[str]:
        return [c.id for c in self.cards if c.start]

    def card(self, card_id: str) -> MettleCard:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)
