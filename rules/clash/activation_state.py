"""One Monster Activation being resolved (rulebook "Resolving Activations"): the step it has reached and what the
steps so far decided. A leaf model: rules/clash/activation.py resolves it step by step, and a decision waiting for
the players holds it in its ``data``."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.flat import flat

Step = Literal["draw", "targeting", "movement", "attack", "consequences", "after_attack", "final", "finish", "done"]
Source = Literal["ai", "signature", "routine"]


@flat
class Activation(BaseModel):
    """One Monster Activation (or Attack Response) being resolved."""

    model_config = ConfigDict(extra="forbid")
    source: Source
    monster: str = Field(description="the board Monster that acts")
    space: int = Field(0, description="Mob track space of the acting Mob; 0 for the Boss")
    token: int | None = Field(None, description="the Activation token being resolved (None: an Attack Response)")
    card: str | None = None
    step: Step = "draw"
    line: int = 0
    targets: list[str] = Field(default_factory=list)
    forced: str | None = Field(None, description="Specific Target: an Attack Response against the Attacker")
    index: int = 0
    hits: int = 0
    naturals: list[int] = Field(default_factory=list)
    rerolled: list[int] = Field(default_factory=list)
    reacted: list[str] = Field(default_factory=list)
    virtue: str | None = None
    obeyed: bool | None = None
    path: int | None = None
    discard_ai: bool = False
    evasion_bonus: int = Field(0, description="Dodge: added to each Evasion die of the coming roll")
    evaded: int = Field(0, description="Block, Defy: hits of the roll treated as evaded")
    guarded: dict[int, int] = Field(default_factory=dict, description="Guard X: +N on Evasion die (1-based); those "
                                    "dice cannot be re-rolled")
    # a Judgement the Targets test at the same time (rules/clash/monster_attack.py)
    group: list[str] = Field(default_factory=list, description="the Targets testing this Judgement together")
    group_virtues: dict[str, str] = Field(default_factory=dict, description="each group Target's Virtue")
    group_naturals: dict[str, int] = Field(default_factory=dict, description="each group Target's test die")
    group_declared: bool = Field(False, description="the group's re-rolls are declared (and rolled)")
    group_defied: dict[str, int] = Field(default_factory=dict, description="Defy used by a group Target: hits evaded")
