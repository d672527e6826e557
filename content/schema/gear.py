"""Gear cards, Upgrade cards and the typed keywords they (and Heroic Arcs) carry.

Rulebook, "Gear": Weapons, Armors and Supports (Consumables are Supports with Charges); offensive stats
on the left (Attack dice, Precision bonus, Weapon Power by colour, Bonus Power), defensive stats on the
right (Evasion bonus, Evasion Re-roll, Armor dice); an ability box; Gear Traits; a tier; Charges. Gear
bought from a Merchant is double-sided: the other side is gained by Reforging. Upgrade cards attach to
one Weapon or Armor.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator

from content.schema.cards import Effect, Id
from content.schema.dice import Strict

Tier = Literal["mob", "vassal", "king", "devil", "dragon", "legendary"]
# Rulebook, "Tiers": "the Mob Tier, Vassal Tier, King Tier, Devil Tier and Dragon Tier. A sixth tier,
# the Legendary Tier, becomes available after you finish your Knight's Tale".
TIERS: tuple[Tier, ...] = ("mob", "vassal", "king", "devil", "dragon", "legendary")

GearType = Literal["weapon", "armor", "support", "consumable"]
Slot = Literal["hand", "armor", "support"]

# Names from the rulebook's Keyword List (subtypes included). "Auto-X Y" is written "Auto-break",
# "Auto-opening"... A Kingdom pack may add its own keywords with ``custom: true``.
KEYWORD_NAMES: frozenset[str] = frozenset(
    """Acrobatics|Ammo Reserves|Area|Armor-piercing|Armor Re-roll|Attack Re-roll|Bane|Bane Limit|Black|Block|
    Advanced Block|Superior Block|Braced|Break|Bypass|Advanced Bypass|Superior Bypass|Cantrip|Closing|Commit|
    Cooldown|Cumbersome|Daze|Deadly|Defy|Advanced Defy|Superior Defy|Delay|Deploy|Devote|Discard|Diversion|
    Improved Diversion|Dodge|Lesser Dodge|Advanced Dodge|Superior Dodge|Drag|Envenomed|Falsity|Fire|Fleisch|
    Fortify|Greater Pass|Guard|Heal|Heartseeker|Soulseeker|Hide|Hope|Hug|Immune to Bane|
    Immune to Body Condition cards|Immune to Mind Condition cards|Immune to Fear|Inspire|Jump|Advanced Jump|
    Knockback|Lifeline|Lumbering|Magic|Motivate|Opening|Overbreak|Overcome|Overpower|Pass|Poison Resilience|
    Power|Power Re-roll|Precise|Provoke|Pull|Pushback|Ranged|Reach|Reflex|Advanced Reflex|Superior Reflex|
    Refresh|Reinforce|Advanced Reinforce|Superior Reinforce|Reposition|Restrain|Rocksteady|Roll Out|Rouse|
    Rush|Improved Rush|Sacrifice|Scavenge|Second Chance|Superior Chance|Soak|Spell|Splinter|Spotlight|
    Stalwart|Sunder|Tireless|Trailmake|Tumble|Unwieldy|Vault|Wander|Zeal|Additional Power Die""".replace(
        "\n", ""
    ).replace("    ", "").split("|")
)
# Area: "Each Area keyword is followed by a description of spaces it targets." The shapes the bot measures; any other
# description is written in ``text`` and applied by hand.
AreaSpaces = Literal["adjacent_to_target", "adjacent_to_you"]
AUTO_TOKENS = ("break", "opening", "fire", "black", "closing", "hope", "sunder", "rouse", "power", "cantrip", "spell")


class Keyword(Strict):
    """A keyword ability: ``{name: Opening, value: 2}`` is "Opening 2"; ``Ranged`` has ``value`` and
    ``up_to`` (Ranged 2–4). Rulebook, "Stackable Keywords": "every keyword followed by a number is a
    stackable keyword"."""

    name: str = Field(min_length=1, max_length=60)
    value: int | None = Field(None, ge=0, le=20)
    up_to: int | None = Field(None, ge=1, le=20, description="Ranged X–Y: the Y")
    custom: bool = Field(False, description="a keyword defined by a Kingdom Codex, not the rulebook's list")
    spaces: AreaSpaces | None = Field(None, description="Area: the spaces it targets (adjacent_to_target: every space "
                                      "sharing an edge with the Target; adjacent_to_you: with the attacking Knight)")
    text: str = Field("", max_length=200, description="Area: the description of its spaces, as printed")

    @model_validator(mode="after")
    def _known(self) -> Keyword:
        auto = self.name.startswith("Auto-") and self.name[5:] in AUTO_TOKENS
        if not (self.custom or auto or self.name in KEYWORD_NAMES):
            raise ValueError(
                f"unknown keyword {self.name!r}: write it as in the rulebook's Keyword List (e.g. 'Opening', "
                "'Advanced Dodge', 'Auto-break'), or add custom: true for a Kingdom keyword"
            )
        if (self.spaces is not None or self.text) and self.name != "Area":
            raise ValueError("spaces and text describe the spaces of an Area keyword only")
        if self.up_to is not None and (self.value is None or self.up_to < self.value):
            raise ValueError("up_to needs a value not larger than it (Ranged 2–4 is value: 2, up_to: 4)")
        return self

    @property
    def stackable(self) -> bool:
        return self.value is not None

    def label(self) -> str:
        if self.up_to is not None:
            return f"{self.name} {self.value}–{self.up_to}"
        return self.name if self.value is None else f"{self.name} {self.value}"


class PowerDice(Strict):
    """Dice by colour (Weapon Power, Bonus Power dice, Armor dice)."""

    white: int = Field(0, ge=0, le=10)
    black: int = Field(0, ge=0, le=10)
    red: int = Field(0, ge=0, le=10)

    @property
    def total(self) -> int:
        return self.white + self.black + self.red

    def label(self) -> str:
        parts = [f"{n} {c}" for c, n in (("red", self.red), ("black", self.black), ("white", self.white)) if n]
        return ", ".join(parts) or "—"


class Gate(Strict):
    """A gated ability: unlocked at a Peril threshold (rulebook "Gated Abilities and Effects") or a tier
    ("Tier-Gated Abilities and Effects")."""

    peril: Literal["minor", "major", "grave", "judicium"] | None = None
    tier: Tier | None = None

    @model_validator(mode="after")
    def _one(self) -> Gate:
        if (self.peril is None) == (self.tier is None):
            raise ValueError("a gate has exactly one of peril or tier")
        return self


class Ability(Strict):
    """One ability of an ability box: an optional name (Dodge, Reflex...), an optional cost (an active
    ability), a timing, the text, and the keywords it grants."""

    name: str | None = Field(None, max_length=60)
    cost: str | None = Field(None, max_length=120, description="e.g. '+1 Heat', 'Exhaust', 'Discard a Charge'")
    timing: str | None = Field(None, max_length=120)
    text: str = Field("", max_length=600)
    keywords: list[Keyword] = Field(default_factory=list)
    gate: Gate | None = None
    trigger: Literal["draw_mortis"] | None = Field(
        None, description="draw_mortis: \"When you draw a Mortis card\" — after the draw, before the card resolves")
    effects: list[Effect] = Field(default_factory=list, description="with a trigger and no cost: resolved by the bot")

    @model_validator(mode="after")
    def _effects_need_a_trigger(self) -> Ability:
        if self.effects and self.trigger is None:
            raise ValueError("effects are resolved at the ability's trigger: give trigger (draw_mortis)")
        return self


MovementKind = Literal["knockback", "pushback", "drag", "involuntary"]


class MovementReduction(Strict):
    """"Knight abilities, Traits and other effects may reduce involuntary movement. Multiple effects reducing
    involuntary movement may be applied at the same time" (rulebook "Involuntary Movement Reduction"):
    ``{movement: pushback, amount: 1}`` reduces every Pushback the Knight suffers by 1; ``involuntary`` reduces
    Knockback, Pushback and Drag alike. The reductions of every equipped card add up."""

    movement: MovementKind
    amount: int = Field(ge=1, le=10)
    text: str = Field("", max_length=200, description="the ability as printed")


class GearFace(Strict):
    """One side of a Gear card."""

    name: str = Field(min_length=1, max_length=80)
    attack_dice: int | None = Field(None, ge=0, le=10)
    precision: int = Field(0, ge=-5, le=10)
    weapon_power: PowerDice = Field(default_factory=PowerDice)
    bonus_power: PowerDice = Field(default_factory=PowerDice)
    bonus_raw_power: int = Field(0, ge=0, le=10)
    evasion: int = Field(0, ge=-5, le=10)
    evasion_rerolls: int = Field(0, ge=0, le=10)
    armor_dice: PowerDice = Field(default_factory=PowerDice)
    reach: int | None = Field(None, ge=1, le=10)
    ranged: tuple[int, int] | None = Field(None, description="Ranged X–Y as [X, Y]")
    keywords: list[Keyword] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    reduces: list[MovementReduction] = Field(default_factory=list, max_length=4,
                                             description="reductions of the involuntary movement the Knight suffers")
    traits: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(default_factory=list)
    flavour: str = Field("", max_length=300)

    @field_validator("ranged")
    @classmethod
    def _range(cls, v: tuple[int, int] | None) -> tuple[int, int] | None:
        if v is not None and not (1 <= v[0] <= v[1] <= 20):
            raise ValueError("ranged is [X, Y] with 1 <= X <= Y <= 20")
        return v


class Reforged(GearFace):
    reforge_cost: int = Field(ge=0, le=999, description="gold, paid at the Merchant Workshop")


class SlotUse(Strict):
    hand: int = Field(0, ge=0, le=2)
    armor: int = Field(0, ge=0, le=1)
    support: int = Field(0, ge=0, le=2)


class Gear(GearFace):
    kind: Literal["gear"] = "gear"
    id: Id
    type: GearType
    tier: Tier
    hands: int | None = Field(None, ge=1, le=2, description="Weapons: one- or two-handed")
    slots: SlotUse | None = Field(None, description="only for Gear that uses several slots")
    charges: int | None = Field(None, ge=1, le=20)
    cost: int | None = Field(None, ge=0, le=999, description="gold at the Merchant Workshop")
    merchant: bool = False
    knighves: bool = False
    reforged: Reforged | None = None

    @model_validator(mode="after")
    def _shape(self) -> Gear:
        if self.type == "weapon" and self.hands is None:
            raise ValueError("a weapon needs hands: 1 or 2")
        if self.type != "weapon" and self.hands is not None:
            raise ValueError("only weapons have hands (use slots for other Gear that uses several slots)")
        if self.type == "weapon" and self.attack_dice is None:
            raise ValueError("a weapon needs attack_dice (rulebook: 'All Weapons have offensive capabilities')")
        if self.reforged is not None and not self.merchant:
            raise ValueError("only Merchant Gear has a reforged side (rulebook: 'only Gear cards purchased from "
                             "a Merchant can be reforged')")
        if self.type == "consumable" and self.charges is None:
            raise ValueError("a Consumable has Charges (rulebook: 'a limited number of uses (see Charges')")
        if self.knighves and self.type != "weapon":
            raise ValueError("Knighves are a weapon")
        return self

    def slot_use(self) -> SlotUse:
        """The slots this card occupies. Rulebook, "Gear Slots": "two hand slots for Weapons, one Armor
        slot, and two Support slots. Some Gear may occupy more than one Gear slot."""
        if self.slots is not None:
            return self.slots
        if self.type == "weapon":
            return SlotUse(hand=self.hands or 1)
        if self.type == "armor":
            return SlotUse(armor=1)
        return SlotUse(support=1)

    def face(self, reforged: bool) -> GearFace:
        return self.reforged if (reforged and self.reforged is not None) else self


class Upgrade(Strict):
    """Rulebook: "They must be attached to a Gear card of a specific type, Weapon or Armor"."""

    kind: Literal["upgrade"] = "upgrade"
    id: Id
    name: str = Field(min_length=1, max_length=80)
    attaches_to: Literal["weapon", "armor"]
    tier: Tier
    precision: int = Field(0, ge=-5, le=5)
    evasion: int = Field(0, ge=-5, le=5)
    keywords: list[Keyword] = Field(default_factory=list)
    abilities: list[Ability] = Field(default_factory=list)
    text: str = Field("", max_length=600)
