"""The Clash's flow as data: rounds, Knight turns, the Knight Pool, the tiebreak tokens and the decision waiting
(rulebook "Clash Sequence", "Knight Turns", "Knight Pool and Knight Tokens"). A leaf under the Clash's state: it
imports only the decision records (rules/decision_records.py) and the Activation record; the rules that drive it are
rules/clash/flow.py and the modules that ask."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from rules.clash.activation_state import Activation
from rules.decision_records import Pending

Phase = Literal["monster", "knight"]
# Rulebook, "Knight Tokens. The types of Knight tokens include: Break, Opening, Fire, Black, Closing, Hope, Sunder,
# Rouse, Diversion, Improved Diversion, Power, Cantrip, Spell".
KNIGHT_TOKENS: tuple[str, ...] = (
    "break", "opening", "fire", "black", "closing", "hope", "sunder", "rouse", "diversion",
    "improved_diversion", "power", "cantrip", "spell",
)


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class KnightTurn(_Model):
    """The Knight whose turn it is: "a Knight gets one Combat Action, one Movement Action, and an unlimited number
    of free actions"."""

    knight: str
    moved: bool = False
    attacked: bool = False
    hide: bool = Field(False, description="Hide was used this turn: the Knight becomes Hidden when the turn ends")


class Flow(_Model):
    round: int = 1
    phase: Phase = "monster"
    started: bool = Field(False, description="the Monster Round is under way")
    turn: KnightTurn | None = None
    acted: list[str] = Field(default_factory=list, description="Knights who took their turn this Knight Round")
    pool: dict[str, int] = Field(default_factory=dict, description="the Knight Pool: token -> count")
    priority_target: str | None = None
    divine_target: str | None = None
    last_to_wound: str | None = None
    pending: Pending | None = None
    down_turn: list[str] = Field(default_factory=list, description="knocked down Knights whose next turn is on")
    standing: list[str] = Field(default_factory=list, description="Knockdown cards on the standing up side")
    used: list[str] = Field(default_factory=list, description="active abilities used this Round: knight:source:name")
    named: dict[str, list[str]] = Field(default_factory=dict, description="named abilities used per free-action "
                                        "window this Round")
    queue: list[Activation] = Field(default_factory=list, description="Monster Attacks waiting their turn")
    bonus_attacks: list[str] = Field(default_factory=list, description="campaign Knight ids owed a Bonus Attack "
                                     "(a Follow-up or a card's), spent with /knight attack bonus:true")
    hidden: dict[str, int] = Field(default_factory=dict, description="Hidden Knights (board id) -> the Round they "
                                   "became Hidden in (rules/clash/attention.py)")
    asked: int = Field(0, description="decisions this Clash asked so far (a campaign before rules.decision_ids "
                       "UNIQUE_IDS_VERSION: the next decision id is d<asked+1>)")
    log: list[str] = Field(default_factory=list, description="unused; kept so that saved Clashes still load")
