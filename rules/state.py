"""The campaign state: one pydantic model that serialises to JSON.

The dice seed and position are part of it, so that replaying the log is exact.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field, JsonValue

from rules.board.state import BoardState
from rules.campaign.state import Progress
from rules.clash.state import ClashState
from rules.decision_ids import UNIQUE_IDS_VERSION as UNIQUE_IDS_VERSION
from rules.delve.state import DelveState
from rules.expedition.outpost_state import OutpostUnlocks
from rules.expedition.state import ExpeditionState
from rules.knights.state import KnightState
from rules.postgame.state import PostgameState
from rules.rogue.state import RogueState
from rules.squires.state import MettleProgress, SquireState

# The rules a campaign's dice follow, kept in its state from its creation so an old log replays exactly:
# 2 — the Squires' Clue cards and True Solo Mode's random Knights roll on the campaign's dice port
# (rules/squires/investigation.py, rules/modes/true_solo.py); a campaign created at 1 keeps the older dice.
# 3 — this release's rules, each gated on it so an older campaign's log rolls the same dice:
#   * one Knight Attack (rules/clash/attack_roll.py): an Encounter's Attack Action counts the Knight's Precision
#     tokens and Conditions and discards them after it, and its weapon's Falsity acts, as in a Clash; Splinter X
#     and Swarm X reach around a Squire Target (rules/clash/attack_keywords.py);
#   * the Clash Board knows the pieces: a Knight's miniature carries its Loadout's board keywords (Tumble rolled
#     before each Crash, Braced...) and /clash place keeps what a Monster is (rules/clash/pieces.py,
#     rules/board/handlers.py); Wave Attacks leave out the Knights an Obstacle shelters (rules/clash/targeting.py);
#     a Monster turns toward its Target before an Attack (rules/clash/facing.py);
#   * the Refresh step lowers Heat by the Heat Refresh with the Conditions held (Ashen Lungs: 1 lower), as the
#     Knight Sheet shows it (rules/knights/techniques.py);
#   * the state names the edition of the starter pack it plays (content/editions.py); a state of version 1 or 2
#     that names none plays edition 1, the starter pack as it was before editions existed.
#   * the Targets of a Judgement that test at the same time declare their Heat re-rolls together, in one
#     decision, before any is rolled (rules/clash/monster_attack.py);
#   * a Quest paces the Expedition: with a Knight on a Quest, the Story step's Time 8 and 16 call no Clash by
#     themselves; the GM moves on when the Quest's paragraph says (rules/expedition/phases.py, ``quest_paces``);
# 4 — one waiting state (rules/waiting.py): while a question waits, the engine refuses every action not declared
#   ``while_waiting`` (an older campaign's handlers decide, as when its log was written).
# 5 — decision ids unique within the campaign for its whole life: every question asked takes its number from one
#   campaign-wide counter (``CampaignState.decisions``, rules/decision_ids.py); an older campaign numbers each asker's
#   questions from 1 again (every Clash ``d1``, every traversal ``fog1``...), as its logged answers name them;
#   the weapon's Power Re-roll X re-rolls Power dice in an Encounter's Attack Action too, as in the Clash
#   (rules/delve/encounter_attack.py; an older campaign's Encounter rolled none).
# 6 — `/clash place` of a Chasm tile under a Knight in a Clash kills them ("If a Chasm tile is placed under a Knight,
#   they die"; rules/clash/chasm.py); an older campaign's tile was only put on the board;
#   a Clash Technique whose cost is an action of the Knight's turn (``/knight technique action:clash``, the Movement
#   Action of Smokescreen...) is refused once that action is spent, and spends it (rules/knights/handlers.py
#   ``technique_action``); an older campaign's Technique paid only its Heat and Vigor.
STATE_VERSION = 6
DICE_PORT_VERSION = 2
ONE_ATTACK_VERSION = 3
BOARD_PIECES_VERSION = 3
EDITION_VERSION = 3
REFRESH_CONDITIONS_VERSION = 3
QUEST_PACE_VERSION = 3
JUDGEMENT_REROLLS_VERSION = 3
WAITING_VERSION = 4
ENCOUNTER_POWER_REROLL_VERSION = 5
CHASM_PLACED_VERSION = 6
TECHNIQUE_ACTION_VERSION = 6


def one_attack(state: CampaignState) -> bool:
    """The Attack is the same in the Clash, the Encounter and around a Squire (campaigns created at version 3+)."""
    return state.version >= ONE_ATTACK_VERSION


class DeckState(BaseModel):
    """A deck on the table: ``draw`` lists cards from top to bottom."""

    draw: list[str]
    discard: list[str] = Field(default_factory=list)
    held: list[str] = Field(default_factory=list)
    removed: list[str] = Field(default_factory=list)


class KingdomTrack(BaseModel):
    threat: int = 0
    curse: int = 0
    time: int = 0
    lost: bool = False


RollKind = Literal["test", "dice", "d100", "power", "armor", "save", "random", "attack", "evasion"]


class LastRoll(BaseModel):
    """The most recent roll, kept so that it can be re-rolled."""

    kind: RollKind
    purpose: str
    naturals: list[int]
    bonus: int = 0
    difficulty: int | None = None
    rerolled: list[int] = Field(default_factory=list, description="1-based positions already re-rolled")
    roller: str = Field("", description="who rolled (user id); only they, or a GM, may spend Heat on it")
    crit_fails: int = Field(
        0, description="Attack/Evasion Rolls: natural 1s the Crit die showed, re-rolls included (Crit Miss effects)"
    )


class AskedDie(BaseModel):
    """One die the players are asked to roll (table dice): ``reroll`` a die of the roll rolled again (``of_die``:
    which one)."""

    kind: Literal["d10", "d6"]
    colour: Literal["white", "black", "red"] | None = None
    crit: bool = False
    purpose: str
    reroll: bool = False
    of_die: int | None = None



class PendingDice(BaseModel):
    """A roll waiting for the players' physical dice (table dice, docs/table-dice.md).

    ``action`` stays the action's JSON, typed as JSON: the union of actions is the engine's registry
    (rules/engine.py ``HANDLERS``, filled by every feature package), which this bottom-layer state cannot import
    without an import cycle. It is the very JSON the log holds (``AskDice.action``), checked by the action parser
    before it is stored and parsed again on every read (rules/table_dice.py ``_inner``)."""

    action: dict[str, JsonValue] = Field(description="the action waiting for its dice, in its logged JSON form: "
                                         "rules/table_dice.py parses it with the engine's action parser on read")
    command: str = Field(description="the command as typed")
    roller: str = Field(description="the user who must enter the dice (a GM may always answer)")
    roller_name: str
    entered: list[int] = Field(default_factory=list, description="values of earlier throws of this roll")
    asked: list[AskedDie] = Field(description="the dice of the throw asked for now, in rolling order")
    prompt: str


class CampaignState(BaseModel):
    version: int = STATE_VERSION
    content_edition: int | None = Field(
        None, description="the edition of the starter pack this campaign plays (content/editions.py); "
        "none: edition 1 for a state saved before editions (version < 3), the current one otherwise")
    name: str
    seed: int
    dice_position: int = 0
    forced_dice: list[int] = Field(default_factory=list)
    decks: dict[str, DeckState] = Field(default_factory=dict)
    track: KingdomTrack = Field(default_factory=KingdomTrack)
    last_roll: LastRoll | None = None
    board: BoardState = Field(default_factory=BoardState)
    knights: dict[str, KnightState] = Field(default_factory=dict)  # by slug id (rules/knights/, docs/knights.md)
    dice_mode: Literal["bot", "table"] = "bot"  # table: the players roll and type (docs/table-dice.md)
    pings: bool = True  # in Discord, a question that waits on named players mentions them (/campaign pings)
    pending_dice: PendingDice | None = None
    delve: DelveState | None = None  # the Delve under way (rules/delve/, docs/delve.md)
    clash: ClashState | None = None  # the Clash under way (rules/clash/handlers.py, docs/clash.md)
    squires: dict[str, SquireState] = Field(default_factory=dict)  # by slug id (rules/squires/handlers.py)
    mettle: MettleProgress = Field(default_factory=MettleProgress)  # Mettle unlocks (rules/squires/unlock.py)
    expedition: ExpeditionState | None = None  # the Expedition under way (rules/expedition/, docs/expedition.md)
    adventure_boxes: list[str] = Field(default_factory=list)  # Unique Adventure ids marked (rules/delve/adventures.py)
    # Consumable Gear ids unlocked in the Merchant Workshop (Rulebook: "once picked up they are immediately
    # unlocked in the Merchant Workshop"); written by the Spoils Phase, read by the Outpost.
    unlocked_consumables: list[str] = Field(default_factory=list)
    # Mercenaries unlocked and non-repeatable Contracts marked, kept between Expeditions (docs/outpost.md)
    outpost_unlocks: OutpostUnlocks = Field(default_factory=OutpostUnlocks)
    # Saints and Devotion, Presence loans, the Princess, Knights set aside (rules/campaign/, docs/campaign.md)
    progress: Progress = Field(default_factory=Progress)
    rogue: RogueState | None = None  # a Rogue's Path campaign (rules/rogue/, docs/rogue.md)
    postgame: PostgameState | None = None  # the Postgame (rules/postgame/, docs/postgame.md)
    # the optional rules "True Solo Mode" / "Five-Player Mode" the group plays by (rules/modes/, docs/modes.md)
    mode: Literal["standard", "true_solo", "five_player"] = "standard"
    solo_gear: list[str] = Field(default_factory=list)  # True Solo: Gear equipped at this Clash Setup (rules/modes)
    decisions: int = Field(0, ge=0, description="decisions asked in this campaign so far, of every kind (a campaign "
                           "created at UNIQUE_IDS_VERSION or later): the next one's number is decisions + 1")
