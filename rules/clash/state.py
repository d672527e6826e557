"""The state of a Clash: the Monster's decks, Escalation decks, Wound Stack, Activation tokens, Mob track.

Every AI and BP card of the Monster is in exactly one place at any time: ``ai_deck``, ``ai_discard``,
``ai_revealed``, ``ai_escalation``, ``bp_deck``, ``bp_discard``, ``bp_revealed``, ``bp_escalation``,
``mob_track``, ``wound_stack``, ``set_aside`` or ``removed`` (out of the game). ``held()`` lists them all.
Decks are listed top to bottom; the discard piles and the Wound Stack bottom to top (the last is on top).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.clash.flow_state import Flow
from rules.flat import flat, flat_copy

ActivationKind = Literal["ai", "signature"]
ClashType = Literal["exhibition", "full"]
MOB_TRACK_SPACES = 10
# Escalation Chart: "the Monster gains 1 bonus per Escalation, in the following order: +1 Vigor loss bonus
# per hit, +1 Evasion die, +1 AT, +1 To Hit."
BONUS_ORDER: tuple[str, ...] = ("vigor_loss_per_hit", "evasion_dice", "at", "to_hit")


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


@flat
class ActivationToken(_Model):
    kind: ActivationKind
    ready: bool = True


@flat
class WoundCard(_Model):
    """A card of the Wound Stack: a wounded BP card (``card``) or a Generic Wound card (``card`` None)."""

    card: str | None = None
    wounds: Literal[1, 2] = 1

    @property
    def generic(self) -> bool:
        return self.card is None


MonsterModifier = Literal["precision", "at", "to_hit", "speed"]


class MobSlot(_Model):
    """A space of the Mob track holding one Mob's BP card, face down until revealed."""

    card: str
    revealed: bool = False
    tokens: list[ActivationToken] = Field(default_factory=list)
    modifiers: dict[MonsterModifier, int] = Field(default_factory=dict, description="Modifier tokens on this Mob's BP "
                                                  "card (that Mob only, until it dies)")
    armor_tokens: int = Field(0, ge=0, description="Armor tokens on this Mob (a Kingdom's; Armor-piercing X discards "
                              "them, rules/clash/armor_piercing.py)")


@flat
class PermanentBonuses(_Model):
    """Bonuses gained when the AI Escalation deck has no card left ("No Cards to Escalate")."""

    vigor_loss_per_hit: int = 0
    evasion_dice: int = 0
    at: int = 0
    to_hit: int = 0
    gained: int = 0


def _empty_track() -> list[MobSlot | None]:
    return [None] * MOB_TRACK_SPACES


class ClashState(_Model):
    monster: str
    monster_type: Literal["boss", "mob"]
    level: int
    type: ClashType
    levels: dict[str, int] = Field(description="card id -> the level on its back (AI 0-3, BP 1-3)")
    # Main Attributes and Bonuses of the Monster's level (the sheet's numbers)
    to_hit: int
    wounds_needed: int
    at_bonus: int = 0
    vigor_loss_bonus: int = 0
    evasion_dice_bonus: int = 0
    modifiers: dict[MonsterModifier, int] = Field(default_factory=dict, description="Modifier tokens on the Monster "
                                                  "Sheet (rules/clash/modifiers.py)")
    bonuses: PermanentBonuses = PermanentBonuses()
    # the AI deck and its friends
    ai_deck: list[str] = Field(default_factory=list)
    ai_discard: list[str] = Field(default_factory=list)
    ai_revealed: str | None = None
    ai_zero: str | None = Field(None, description="the AI 0 card while it is unresolved (on top of the deck)")
    ai_escalation: dict[int, list[str]] = Field(default_factory=dict)
    # the BP deck (Boss) or the Mob track (Mob)
    bp_deck: list[str] = Field(default_factory=list)
    bp_discard: list[str] = Field(default_factory=list)
    bp_revealed: str | None = None
    bp_escalation: dict[int, list[str]] = Field(default_factory=dict)
    mob_track: list[MobSlot | None] = Field(default_factory=_empty_track)
    loose_tokens: list[ActivationToken] = Field(
        default_factory=list, description="Mob Activation tokens waiting for a BP card on an empty track"
    )
    boss_activations: list[ActivationToken] = Field(default_factory=list)
    # Wounds
    wound_stack: list[WoundCard] = Field(default_factory=list)
    set_aside: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)
    spawn_progress: int = Field(0, description="Interval Spawn: Wounds dealt since the last spawn")
    armor_tokens: int = Field(0, ge=0, description="Armor tokens on the Boss (a Kingdom's; Armor-piercing X discards "
                              "them, rules/clash/armor_piercing.py)")
    over: Literal["victory", "defeat"] | None = None
    flow: Flow = Field(default_factory=Flow, description="rounds, turns, the Knight Pool, the pending decision")

    def copy_cards(self) -> ClashState:
        """A deep copy for the card functions (decks, Escalation, Wound Stack, Mob track), which return a new state
        and never change their input. The flow is shared, not copied: none of them changes it, and it holds the
        largest data (the pending decision's), so a Clash step stays cheap; ``levels`` never changes either.
        Every other field that holds cards is copied (tests/clash/test_properties.py checks the input is kept)."""
        return self.model_copy(update={
            "ai_deck": list(self.ai_deck), "ai_discard": list(self.ai_discard), "bp_deck": list(self.bp_deck),
            "bp_discard": list(self.bp_discard), "set_aside": list(self.set_aside), "removed": list(self.removed),
            "ai_escalation": {k: list(v) for k, v in self.ai_escalation.items()},
            "bp_escalation": {k: list(v) for k, v in self.bp_escalation.items()},
            "mob_track": [None if slot is None else slot.model_copy(deep=True) for slot in self.mob_track],
            "loose_tokens": [flat_copy(t) for t in self.loose_tokens],
            "boss_activations": [flat_copy(t) for t in self.boss_activations],
            "wound_stack": [flat_copy(w) for w in self.wound_stack],
            "bonuses": flat_copy(self.bonuses), "modifiers": dict(self.modifiers),
        })

    def held(self) -> list[str]:
        """Every card of the Monster wherever it is (each exactly once while the rules are kept)."""
        cards = self.ai_deck + self.ai_discard + self.bp_deck + self.bp_discard + self.set_aside + self.removed
        cards += [c for c in (self.ai_revealed, self.bp_revealed) if c is not None]
        for pile in (*self.ai_escalation.values(), *self.bp_escalation.values()):
            cards += pile
        cards += [slot.card for slot in self.mob_track if slot is not None]
        cards += [w.card for w in self.wound_stack if w.card is not None]
        return cards

    def wounds(self) -> int:
        """The Wounds on the Wound Stack: a Double Wound counts two."""
        return sum(w.wounds for w in self.wound_stack)

    def level_of(self, card: str) -> int:
        return self.levels[card]

    def modifier(self, attribute: MonsterModifier, space: int = 0) -> int:
        """Monster Modifier tokens: those on the Monster Sheet (every Mob) and, for the Mob on Mob track ``space``,
        those on its BP card (rulebook "Modifier Tokens on Mob Monsters")."""
        slot = self.mob_track[space - 1] if 0 < space <= len(self.mob_track) else None
        return self.modifiers.get(attribute, 0) + (slot.modifiers.get(attribute, 0) if slot is not None else 0)

    def effective_to_hit(self, space: int = 0) -> int:
        return self.to_hit + self.bonuses.to_hit + self.modifier("to_hit", space)

    def effective_at_bonus(self, space: int = 0) -> int:
        return self.at_bonus + self.bonuses.at + self.modifier("at", space)

    def effective_evasion_dice_bonus(self) -> int:
        return self.evasion_dice_bonus + self.bonuses.evasion_dice

    def summary(self, gm: bool) -> dict[str, object]:
        """The shape of ``data.clash`` (DESIGN.md): decks top to bottom as ``{id, level}`` for the GM only."""
        def listed(cards: list[str]) -> list[dict[str, object]]:
            return [{"id": c, "level": self.levels[c]} for c in cards]

        out: dict[str, object] = {
            "monster": self.monster, "level": self.level, "type": self.type, "wounds": self.wounds(),
            "wounds_needed": self.wounds_needed, "ai_discard": listed(self.ai_discard),
            "bp_discard": listed(self.bp_discard),
            "wound_stack": [{"id": w.card, "wounds": w.wounds, "generic": w.generic} for w in self.wound_stack],
            "ai_deck_backs": [self.levels[c] for c in self.ai_deck[:1]],
            "bp_deck_backs": [self.levels[c] for c in self.bp_deck[:1]],
            "over": self.over,
        }
        if gm:
            out["ai_deck"] = listed(self.ai_deck)
            out["bp_deck"] = listed(self.bp_deck)
        return out
