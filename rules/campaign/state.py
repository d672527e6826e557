"""What the campaign keeps about Saints, the Presence Game Director's loans, the Princess and the Knights set aside.

Rulebook, "Saints": "Saint cards are kept by Knights even between Expeditions. They are only discarded during
Incarnation and when you die."
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Saint(_Model):
    """An unlocked Saint card: its name, its Incarnation Value (printed on the card) and who holds it."""

    name: str = Field(min_length=1, max_length=60)
    incarnation: int = Field(ge=1, le=10, description="the Incarnation Value at the bottom of the card")
    holder: str | None = Field(None, description="the Knight id holding the card; None: in the deck of Saints")


class Devotee(_Model):
    """One Knight's Devotion: tokens, the Saint miniature on the card (the Holy Commandment kept), an Incarnation."""

    devotion: int = Field(0, ge=0, le=99)
    miniature: bool = Field(False, description="the Saint miniature is on the Saint card (the Commandment is kept)")
    incarnated: str | None = Field(None, description="Incarnated into this Saint id ('unknown': the Unknown Saint)")
    rolled: str = Field("", max_length=200, description="the Clash in which the Incarnation roll was made")


class Loan(_Model):
    """Rulebook, "Lending Gear": a Gear card lent to a Knight with the "Presence Smiles at You" card."""

    gear: str = Field(max_length=64)
    lender: str = Field(max_length=64)
    borrower: str = Field(max_length=64)


class Progress(_Model):
    saints: dict[str, Saint] = Field(default_factory=dict, description="unlocked Saints by slug id")
    devotees: dict[str, Devotee] = Field(default_factory=dict, description="by Knight id")
    unknown_saint: bool = Field(False, description="the Unknown Saint is unlocked")
    loans: list[Loan] = Field(default_factory=list, max_length=200)
    princess: str | None = Field(None, max_length=60, description="the Princess accompanying the party")
    set_aside: list[str] = Field(default_factory=list, description="Knight ids set aside (Changing Knights)")
    commandment_placed: int = Field(0, ge=0, description="the last Expedition whose start placed the Saint miniatures")
    commandment_settled: int = Field(0, ge=0, description="the last Expedition whose end settled the Commandments")
