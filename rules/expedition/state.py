"""The Expedition under way: the step of the Expedition Sequence, what the Vision Phase decided, and what the
players reported. Story paragraphs stay in the players' books: only their references and reports are kept."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.kingdom import ClueType
from rules.expedition.outpost_state import OutpostState
from rules.expedition.spoils_state import SpoilsState

Phase = Literal["vision", "outpost", "delve", "clash", "rest", "spoils", "over"]
Step = Literal["vision", "outpost", "delve1", "clash_exhibition", "rest", "delve2", "clash_full", "spoils", "over"]
# Rulebook, "Expedition Sequence": the steps "resolved in this exact order".
STEPS: tuple[Step, ...] = (
    "vision", "outpost", "delve1", "clash_exhibition", "rest", "delve2", "clash_full", "spoils", "over",
)
PHASE_OF: dict[Step, Phase] = {
    "vision": "vision", "outpost": "outpost", "delve1": "delve", "clash_exhibition": "clash", "rest": "rest",
    "delve2": "delve", "clash_full": "clash", "spoils": "spoils", "over": "over",
}
Done = Literal["exhibition", "full", "rest"]
Choice = Literal["quest", "investigation", "free_roam"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClueObjective(_Model):
    """Rulebook, "Clue Cards": the Primary Clue and its number from the card; the Secondary Clue from the Knight to
    the right, marked with a Clue token that "already counts as a gained Clue token"."""

    card: str = Field(description="the Clue card id")
    primary: ClueType
    needed: int = Field(ge=0, description="the Primary Clues to collect")
    secondary: ClueType | None = Field(None, description="the Secondary Clue type (None until it is known)")
    secondary_needed: int = Field(0, ge=0)
    secondary_from: str | None = Field(None, description="the Knight id it was read from, or 'random'")
    collected: dict[ClueType, int] = Field(default_factory=dict, description="the Clues on the card, by type")


class KnightVision(_Model):
    """One Knight's calling for this Expedition."""

    choice: Choice
    chapter: int = Field(ge=1, le=5, description="the Chapter of the Knight's Tale it belongs to")
    investigation: int | None = Field(None, ge=1, le=5, description="the Investigation's number in its Chapter")
    # Clue cards, Leads and the end of the Investigation or Free Roam (rules/expedition/clue_cards.py and
    # investigation.py). The Spoils Phase reads ``free_roam_success`` (two Loot cards after a successful Free Roam).
    clue: ClueObjective | None = Field(None, description="the Clue card drawn and the Clues collected on it")
    cold_lead: int | None = Field(
        None, ge=1, le=5, description="a Free Roam's additional Investigation (a cold lead), its number in the Chapter")
    outcome: Literal["success", "failure"] | None = Field(
        None, description="the Investigation's (or cold lead's) end, once resolved")
    leads_gained: int = Field(0, ge=0, description="the Leads noted at the end of the Investigation")
    free_roam_success: bool | None = Field(
        None, description="a Free Roam's end: True succeeded, False failed, None not a Free Roam or not resolved")


class Note(_Model):
    step: Step
    knight: str | None = None
    text: str = Field(min_length=1, max_length=500)
    by: str = Field("", max_length=100)


class ExpeditionState(_Model):
    number: int = Field(1, ge=1, description="the campaign's Expedition count")
    step: Step = "vision"
    done: list[Done] = Field(default_factory=list, description="the Clashes and the Rest resolved this Expedition")
    clash_running: Literal["exhibition", "full"] | None = Field(
        None, description="the Clash seen under way (it is done when the Clash ends)")
    return_to: Step | None = Field(None, description="a Quest moved a Clash or Rest here: go back to this step after")
    quest_paced: list[int] = Field(default_factory=list, description="the Story step's Times (8, 16) reached while a "
                                   "Knight was on a Quest: no Clash called; the Quest's paragraphs say when")
    visions: dict[str, KnightVision] = Field(default_factory=dict, description="by Knight id")
    party_leader: str | None = Field(None, description="a Knight id")
    sigh_granted: str | None = Field(None, description="the Knight who gained a Sigh of the Graal this Vision Phase")
    seating: list[str] = Field(
        default_factory=list, description="Knight ids round the table to the right: each one's right is the next")
    clue_deck: list[str] | None = Field(None, description="this Expedition's Clue deck, top first (None: not formed)")
    clues_seen: int = Field(0, ge=0, description="the Delve's Clues already given to the Knights collecting them")
    dishonored: list[str] = Field(default_factory=list, description="Knights whose Dishonor Vice ignored their first "
                                  "positive Mortis card this Expedition (rules/clash/peril.py)")
    disregarded: list[str] = Field(
        default_factory=list, description="Knights whose first Clue gain this Expedition Disregard ignored (Vices)")
    destination: str | None = Field(None, description="the Destination Kingdom (a kingdom id)")
    solo_successes: list[int] = Field(
        default_factory=list, description="True Solo Mode: the Investigations succeeded this Expedition (rules/modes)")
    notes: list[Note] = Field(default_factory=list, max_length=500)
    moves: list[str] = Field(default_factory=list, description="the GM's moves to a named phase, with the reason")
    outpost: OutpostState | None = Field(None, description="the Outpost Phase (rules/expedition/outpost.py)")
    spoils: SpoilsState = Field(default_factory=SpoilsState, description="the Loot deck and the Spoils Phase "
                                "(rules/expedition/spoils.py)")

    @property
    def phase(self) -> Phase:
        return PHASE_OF[self.step]
