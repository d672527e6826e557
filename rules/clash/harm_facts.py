"""The facts of harm to a Knight (rules/clash/harm.py): a Condition gained, a death, the Knights' Defeat; their words
are bot/narration/harm.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class ConditionGained(Fact):
    """``knight`` gains the Condition card ``card`` (``text``: its printed text)."""

    fact: Literal["condition_gained"] = "condition_gained"
    knight: str
    card: str
    text: str


@fact
class KnightDied(Fact):
    """``knight`` dies of ``cause``: Bane over the Bane Limit, Instant Death (``source``: the card or effect), a death
    card (``source``); or ``why``: the reason in words, where the family that tells it is not converted yet (a
    Clash Board sentence, a Squire's Judicium card) and in an entry logged before ``cause`` was typed."""

    fact: Literal["knight_died"] = "knight_died"
    knight: str
    why: str = ""
    cause: Literal["bane", "instant_death", "card"] | None = None
    source: str = ""


@fact
class ChasmUnderMonster(Fact):
    """A Chasm tile ``terrain`` is placed under the Monster ``monster`` (``mob``: a Mob Monster): nothing happens to
    it (rules/clash/chasm.py)."""

    fact: Literal["chasm_under_monster"] = "chasm_under_monster"
    monster: str
    terrain: str
    mob: bool


@fact
class KnightRemoved(Fact):
    """The dead ``knight``'s miniature is removed from the Clash Board."""

    fact: Literal["knight_removed"] = "knight_removed"
    knight: str


@fact
class KnightsDefeated(Fact):
    """Every Knight is dead: the Clash immediately ends with the Knights' Defeat."""

    fact: Literal["knights_defeated"] = "knights_defeated"


@fact
class HarmMercyRule(Fact):
    """``knight`` is dead: the rest of the effects on them are not resolved (Mercy Rule)."""

    fact: Literal["harm_mercy_rule"] = "harm_mercy_rule"
    knight: str


@fact
class HarmNoPerilCheck(Fact):
    """``knight``'s Vigor loss was reduced to 0: the card's Peril Check is not resolved."""

    fact: Literal["harm_no_peril_check"] = "harm_no_peril_check"
    knight: str


@fact
class HarmByHand(Fact):
    """A ``text`` effect (from ``source``) on ``knight`` (empty: none named), applied by hand with the commands
    shown."""

    fact: Literal["harm_by_hand"] = "harm_by_hand"
    text: str
    knight: str = ""
    source: str = ""


@fact
class HarmBonusAttackOwed(Fact):
    """``knight`` (``knight_id``) is owed a Bonus Attack by an effect (during a Monster Attack: a Chain Break)."""

    fact: Literal["harm_bonus_attack_owed"] = "harm_bonus_attack_owed"
    knight: str
    knight_id: str


@fact
class HarmPriorityTaken(Fact):
    """``knight`` (a Knight or a Squire; ``passion``: their Passion now) becomes the Priority Target."""

    fact: Literal["harm_priority_taken"] = "harm_priority_taken"
    knight: str
    passion: int


@fact
class HarmTokensPlaced(Fact):
    """``amount`` ``token`` tokens are placed in the Knight Pool (``now``: how many are there; None: no Clash is
    running, placed by hand)."""

    fact: Literal["harm_tokens_placed"] = "harm_tokens_placed"
    token: str
    amount: int
    now: int | None = None


@fact
class HarmConditionRefused(Fact):
    """``knight`` gains no Condition: the ``deck`` is empty (``why`` "empty"), or they already have ``card``."""

    fact: Literal["harm_condition_refused"] = "harm_condition_refused"
    knight: str
    why: Literal["empty", "already"]
    deck: str = ""
    card: str = ""


@fact
class HarmIncarnationOffered(Fact):
    """``knight`` is about to die and may make an Incarnation roll (``/saint incarnate``)."""

    fact: Literal["harm_incarnation_offered"] = "harm_incarnation_offered"
    knight: str


@fact
class HarmAttackResponse(Fact):
    """An Attack Response (from ``source``): the Monster performs ``attack`` (its AI, or an attack by name), or a
    Follow-up Knight Attack (``attack`` None), after this Attack ends."""

    fact: Literal["harm_attack_response"] = "harm_attack_response"
    attack: str | None = None
    source: str = ""


@fact
class HarmEscalated(Fact):
    """Escalate ``amount`` (``deck``: of that deck only, e.g. the AI deck); what it does follows."""

    fact: Literal["harm_escalated"] = "harm_escalated"
    amount: int
    deck: str = ""


@fact
class HarmSuppressed(Fact):
    """``deck`` Suppress: the deck's discard pile is shuffled into it."""

    fact: Literal["harm_suppressed"] = "harm_suppressed"
    deck: str


@fact
class HarmTrackGained(Fact):
    """The party gains ``amount`` ``which`` (Threat or Curse), ``value`` now, with no Delve under way (the track's
    maximum is not checked)."""

    fact: Literal["harm_track_gained"] = "harm_track_gained"
    which: Literal["threat", "curse"]
    amount: int
    value: int


@fact
class HarmMovementReduced(Fact):
    """``knight``'s involuntary ``kind`` (knockback, pushback, drag) is reduced by ``total`` (``sources``)."""

    fact: Literal["harm_movement_reduced"] = "harm_movement_reduced"
    knight: str
    kind: str
    total: int
    sources: list[str]


@fact
class HarmWays(Fact):
    """``what`` (a board operation) could be done ``ways`` ways; the bot took the first (``took``: its choices)."""

    fact: Literal["harm_ways"] = "harm_ways"
    what: str
    ways: int
    took: list[str] = []


@fact
class HarmKnockdownIgnorable(Fact):
    """``knight`` may use ``keyword`` to ignore the Knockdown, by hand."""

    fact: Literal["harm_knockdown_ignorable"] = "harm_knockdown_ignorable"
    knight: str
    keyword: str


@fact
class HarmForcedByHand(Fact):
    """``label`` (Knockback, Pushback, Drag, Knockdown...) on ``knight``, moved by hand: the bot's board has no
    ``missing`` (Knight or Monster) for it."""

    fact: Literal["harm_forced_by_hand"] = "harm_forced_by_hand"
    knight: str
    label: str
    missing: Literal["Knight", "Monster"]


@fact
class HarmTumble(Fact):
    """Tumble: ``knight`` rolls ``roll`` (6+: the Crash is ignored)."""

    fact: Literal["harm_tumble"] = "harm_tumble"
    knight: str
    roll: int


@fact
class HarmSurvives(Fact):
    """``knight`` survives: their Vigor stays at 0."""

    fact: Literal["harm_survives"] = "harm_survives"
    knight: str
