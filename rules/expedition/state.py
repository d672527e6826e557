"""The Expedition under way: the step of the Expedition Sequence, what the Vision Phase decided, and what the
players reported. Story paragraphs stay in the players' books: only their references and reports are kept."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

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


class KnightVision(_Model):
    """One Knight's calling for this Expedition."""

    choice: Choice
    chapter: int = Field(ge=1, le=5, description="the Chapter of the Knight's Tale it belongs to")
    investigation: int | None = Field(None, ge=1, le=5, description="the Investigation's number in its Chapter")


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
    visions: dict[str, KnightVision] = Field(default_factory=dict, description="by Knight id")
    party_leader: str | None = Field(None, description="a Knight id")
    sigh_granted: str | None = Field(None, description="the Knight who gained a Sigh of the Graal this Vision Phase")
    destination: str | None = Field(None, description="the Destination Kingdom (a kingdom id)")
    notes: list[Note] = Field(default_factory=list, max_length=500)
    moves: list[str] = Field(default_factory=list, description="the GM's moves to a named phase, with the reason")

    @property
    def phase(self) -> Phase:
        return PHASE_OF[self.step]
