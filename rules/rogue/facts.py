"""The facts of the Rogue's Path (rules/rogue/handlers.py, campaign.py, tables.py); their words:
bot/narration/rogue.py. A node's ``level`` is its tier number (1 Mob ... 5 Dragon)."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class RogueStarted(Fact):
    """The Rogue's Path begins on the Rosegraal ``rosegraal``: ``knights`` gain ``gold`` Gold each and the group
    ``resurrections`` resurrections; the S node is crossed out."""

    fact: Literal["rogue_started"] = "rogue_started"
    rosegraal: str
    knights: list[str]
    gold: int
    resurrections: int


@fact
class RogueOwnedAll(Fact):
    """At the start, every Monster of the loaded packs is owned."""

    fact: Literal["rogue_owned_all"] = "rogue_owned_all"


@fact
class RogueNextRound(Fact):
    """The (``first``, else next) Rosegraal Round: the ``nodes`` that may be tackled."""

    fact: Literal["rogue_next_round"] = "rogue_next_round"
    nodes: list[str]
    first: bool = False


@fact
class RogueSquiresStay(Fact):
    """The rulebook plays the Rogue's Path without Squires; this campaign's Squires stay, as a house rule."""

    fact: Literal["rogue_squires_stay"] = "rogue_squires_stay"


@fact
class RogueRoundStarted(Fact):
    """Rosegraal Round ``round``: the node ``node`` (its ``level``) of the section whose tables are ``tables``."""

    fact: Literal["rogue_round_started"] = "rogue_round_started"
    round: int
    node: str
    level: int
    tables: str


@fact
class RogueReroll(Fact):
    """The Monster table's ``roll`` gave ``monster`` (``asterisk``: marked), not owned: re-rolled."""

    fact: Literal["rogue_reroll"] = "rogue_reroll"
    roll: int
    monster: str
    asterisk: bool


@fact
class RogueMonsterRolled(Fact):
    """The Monster table's ``roll``: ``monster`` at ``monster_level``; gated effects read the node's tier ``level``."""

    fact: Literal["rogue_monster_rolled"] = "rogue_monster_rolled"
    roll: int
    monster: str
    monster_level: int
    level: int


@fact
class RogueOwned(Fact):
    """The owned Monsters are now ``owned``."""

    fact: Literal["rogue_owned"] = "rogue_owned"
    owned: list[str]


@fact
class RogueOwnedUnknown(Fact):
    """``name`` is owned, but no loaded pack defines it (it counts as not owned until one does)."""

    fact: Literal["rogue_owned_unknown"] = "rogue_owned_unknown"
    name: str


@fact
class RogueClaimed(Fact):
    """``knight`` claims the reward ``reward`` (its ``kind`` and ``level``); ``text``: what it does, by hand."""

    fact: Literal["rogue_claimed"] = "rogue_claimed"
    knight: str
    reward: str
    kind: str
    level: int


@fact
class RogueRewardByHand(Fact):
    """A reward's ``text``, applied by hand."""

    fact: Literal["rogue_reward_by_hand"] = "rogue_reward_by_hand"
    text: str


@fact
class RogueOutpost(Fact):
    """An Outpost Phase visited in Rosegraal Round ``round``."""

    fact: Literal["rogue_outpost"] = "rogue_outpost"
    round: int


@fact
class RogueRoundResolved(Fact):
    """Rosegraal Round ``round``: the node ``node`` (``level``) against ``monster`` (``monster_level``), ``result``:
    won, lost, or ended without a victory. Also the record ``RogueState.history`` keeps of it."""

    fact: Literal["rogue_round_resolved"] = "rogue_round_resolved"
    round: int
    node: str
    level: int
    monster: str
    monster_level: int
    result: Literal["won", "lost", "not_won"]


@fact
class RogueKnightsDied(Fact):
    """``knights`` died in the node's Clash."""

    fact: Literal["rogue_knights_died"] = "rogue_knights_died"
    knights: list[str]


@fact
class RogueResurrected(Fact):
    """Resurrections spent on ``knights`` (back at full Vigor), ``left`` left."""

    fact: Literal["rogue_resurrected"] = "rogue_resurrected"
    knights: list[str]
    left: int


@fact
class RogueStayDead(Fact):
    """No resurrection left for ``knights``: they stay dead."""

    fact: Literal["rogue_stay_dead"] = "rogue_stay_dead"
    knights: list[str]


@fact
class RogueNodeLost(Fact):
    """A node not won: no Rosegraal Rewards, not crossed out."""

    fact: Literal["rogue_node_lost"] = "rogue_node_lost"


@fact
class RoguePartyRefilled(Fact):
    """No resurrections left and the party short of ``short``: the Rosegraal brings it back to full strength."""

    fact: Literal["rogue_party_refilled"] = "rogue_party_refilled"
    short: int


@fact
class RogueResurrectionsGained(Fact):
    """Rosegraal Reward: +``gain`` resurrections (``now``)."""

    fact: Literal["rogue_resurrections_gained"] = "rogue_resurrections_gained"
    gain: int
    now: int


@fact
class RogueRewardsOwed(Fact):
    """Each participating Knight gains one reward of the ``kinds`` of ``level`` or lower."""

    fact: Literal["rogue_rewards_owed"] = "rogue_rewards_owed"
    kinds: list[str]
    level: int


@fact
class RogueSigh(Fact):
    """Sigh of the Graal: ``knight`` marks one (None: every participating Knight already holds one)."""

    fact: Literal["rogue_sigh"] = "rogue_sigh"
    knight: str | None


@fact
class RogueNodeCrossed(Fact):
    """The node ``node`` is crossed out."""

    fact: Literal["rogue_node_crossed"] = "rogue_node_crossed"
    node: str


@fact
class RogueOver(Fact):
    """The Rogue's Path is ``outcome``: the last node crossed out (won), or every Knight dead and no resurrection
    left (lost)."""

    fact: Literal["rogue_over"] = "rogue_over"
    outcome: Literal["won", "lost"]
