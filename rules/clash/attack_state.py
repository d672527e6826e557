"""An Attack Roll in progress and an Attack between its steps, as plain data (rulebook "3. Attack Roll"): the
records a decision waiting on an Attack keeps (rules/decision_records.py). A leaf: pydantic and the dice only, so
the campaign state can hold them; the steps that use them are rules/clash/attack_roll.py,
rules/clash/knight_attack.py and rules/delve/encounter_attack.py."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.dice import Dice, d10_success
from rules.flat import flat


class AttackRoll(BaseModel):
    """An Attack Roll in progress (rulebook "3. Attack Roll"): the Clash's Knight attack and the Encounter's Attack
    Action share it, with their Heat re-rolls."""

    model_config = ConfigDict(extra="forbid")
    precision: int
    to_hit: int
    naturals: list[int]
    rerolled: list[int] = Field(default_factory=list)
    crit_misses: int = 0
    free_rerolls: int = 0
    deadly: bool = False

    def hits(self) -> list[bool]:
        return [d10_success(n, self.precision, self.to_hit) for n in self.naturals]

    def missed(self) -> list[int]:
        """1-based positions of the dice that missed."""
        return [i + 1 for i, ok in enumerate(self.hits()) if not ok]

    def reroll(self, dice: Dice, positions: list[int]) -> list[int]:
        """Re-roll these dice (a natural 1 again on the Crit die counts another Crit Miss); returns the old values."""
        old = [self.naturals[i - 1] for i in positions]
        for i in positions:
            self.naturals[i - 1] = dice.d10(f"Attack Roll (re-roll of die {i})", crit=i == 1, of_die=i)
            if i == 1 and self.naturals[0] == 1:
                self.crit_misses += 1
        self.rerolled = positions
        return old


class KnightRoll(AttackRoll):
    """A Knight's Attack Roll: with Falsity (the active weapon's) the Crit die is re-rolled without Heat."""

    falsity: bool = Field(False, description="the active weapon has Falsity: a free re-roll of the Crit die")

    def crit_free(self) -> bool:
        return self.falsity and 1 not in self.rerolled


@flat
class ClashAttack(KnightRoll):
    """A Knight's Attack in a Clash between its Attack Roll and the rest (rules/clash/knight_attack.py)."""

    knight: str
    mini: str
    weapon: str
    monster: str
    cantrip: Literal["opening", "break"] | None = None
    bonus: bool = False
    spawned: list[str] = Field(default_factory=list, description="board ids of the Mobs this Attack spawned")
    passion: int | None = Field(None, description="the Passion this Attack counts (Rouse included), from step 4 on")
    bp_chosen: str | None = Field(None, description="Heartseeker, Soulseeker, Precise: the BP card chosen")
    bp_shuffle: bool = Field(False, description="the BP deck is shuffled when the chosen card is drawn")
    keep: dict[str, int] = Field(default_factory=dict, description="Pass X: the tokens left in the Knight Pool")


class EncounterAttack(KnightRoll):
    """An Encounter's Attack Action between its Attack Roll and the rest (rules/delve/encounter_attack.py)."""

    knight: str
    weapon: str
    target: int
    cantrip: Literal["opening", "break"] | None = None
