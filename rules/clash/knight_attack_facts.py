"""The facts of a Knight's Attack around its steps (rules/clash/knight_attack.py, attack_sequence.py, power_roll.py,
attack_roll.py, falsity.py, weapon_keywords.py, knight_windows.py): the Blindspot, the Bonus Attack, the Heat
re-rolls, the Power Pool, the pool cleared, the ability windows, Commit and Cumbersome, the keywords used in a
window; their words are bot/narration/knight_attack.py's. An Encounter's Attack shares the pool's (``where``)."""

from typing import Literal

from rules.facts import Fact, Lines, fact


@fact
class AttackBlindspot(Fact):
    """``knight`` stands in a Blindspot of ``monster``: +``bonus`` Precision."""

    fact: Literal["attack_blindspot"] = "attack_blindspot"
    knight: str
    monster: str
    bonus: int


@fact
class AttackBonusUnexhausted(Fact):
    """``knight`` declares the exhausted ``weapon`` for the Bonus Attack and unexhausts it."""

    fact: Literal["attack_bonus_unexhausted"] = "attack_bonus_unexhausted"
    knight: str
    weapon: str


@fact
class AttackBonusOver(Fact):
    """The Bonus Attack is over: the Monster Round it interrupted goes on."""

    fact: Literal["attack_bonus_over"] = "attack_bonus_over"


@fact
class AttackEndsEarly(Fact):
    """``knight``'s Attack ends before the Power Roll (they died, or the Clash ended)."""

    fact: Literal["attack_ends_early"] = "attack_ends_early"
    knight: str


@fact
class AttackBPFailed(Fact):
    """A Fail: the BP card ``card`` goes to the BP discard pile (a Boss), or stays revealed on Mob track ``space``."""

    fact: Literal["attack_bp_failed"] = "attack_bp_failed"
    card: str
    space: int = 0


@fact
class AttackBPChosen(Fact):
    """Heartseeker, Soulseeker or Precise: ``knight`` attacks the BP card they chose (``discard``: the top card of the
    BP discard pile, Precise)."""

    fact: Literal["attack_bp_chosen"] = "attack_bp_chosen"
    knight: str
    discard: bool = False


@fact
class AttackResponsesIgnored(Fact):
    """The Attack Responses are ignored: ``knight`` died during the Attack (Mercy Rule), or it is a Bonus Attack."""

    fact: Literal["attack_responses_ignored"] = "attack_responses_ignored"
    why: Literal["died", "bonus"]
    knight: str = ""


@fact
class AttackKeptRoll(Fact):
    """``knight`` keeps the Attack Roll (no Heat re-roll)."""

    fact: Literal["attack_kept_roll"] = "attack_kept_roll"
    knight: str


@fact
class AttackRerolled(Fact):
    """Heat re-rolls of the Attack dice (``heat``: the Heat they cost, 0: free): the ``old`` naturals → the ``new``;
    the roll now (``naturals``, ``precision``, ``to_hit``) and its ``hits``."""

    fact: Literal["attack_rerolled"] = "attack_rerolled"
    heat: int
    old: list[int]
    new: list[int]
    naturals: list[int]
    precision: int
    hits: int


@fact
class AttackFalsity(Fact):
    """Falsity: ``knight`` re-rolls the Crit die without gaining Heat."""

    fact: Literal["attack_falsity"] = "attack_falsity"
    knight: str


@fact
class AttackCommitted(Fact):
    """Commit (``weapon``): +1 Heat to attack with it (``lines``: the Knight rules' lines)."""

    fact: Literal["attack_committed"] = "attack_committed"
    weapon: str
    lines: Lines


@fact
class AttackCumbersome(Fact):
    """Cumbersome: ``weapon`` is exhausted after wounding, or ``knight`` ignores it (``tireless``)."""

    fact: Literal["attack_cumbersome"] = "attack_cumbersome"
    weapon: str
    knight: str = ""
    tireless: bool = False


@fact
class AttackPowerPool(Fact):
    """6.1, the Power Pool: ``hits`` × the Weapon Power (``weapon_power``, dice by colour), the Bonus Power
    (``bonus_power``, ``bonus_raw``) when there is a hit, the Knight's ``knight_die`` Power die (``promotion``: Power
    Dice Promotion), the Heroic Arc's Additional Power Dice (``extra``: their colours); the ``dice`` the box allows
    (by colour) and the ``raw`` Power."""

    fact: Literal["attack_power_pool"] = "attack_power_pool"
    hits: int
    weapon_power: dict[str, int]
    knight_die: str
    bonus_power: dict[str, int] = {}
    bonus_raw: int = 0
    promotion: bool = False
    extra: list[str] = []
    dice: dict[str, int] = {}
    raw: int = 0


@fact
class AttackPotentialUnused(Fact):
    """``left`` Potential of the Power Roll unused: an effect that turns it into Power applies by hand."""

    fact: Literal["attack_potential_unused"] = "attack_potential_unused"
    left: int


PoolStep = Literal["passed", "cleared", "stayed", "empty"]


@fact
class AttackPoolCleared(Fact):
    """Step 9 on the pool ``where`` (the Knight Pool or an Encounter Pool): ``tokens`` Passed, cleared (``fire_left``
    unused Fire tokens stay), placed by the Monster's cards during the Attack and staying, or the pool was empty."""

    fact: Literal["attack_pool_cleared"] = "attack_pool_cleared"
    step: PoolStep
    where: str = "Knight Pool"
    tokens: dict[str, int] = {}
    fire_left: int = 0


@fact
class AttackTimedAbility(Fact):
    """A ``when`` (Full Hit, Full Miss) ability of ``weapon``: ``text``, applied by hand."""

    fact: Literal["attack_timed_ability"] = "attack_timed_ability"
    when: str
    weapon: str
    text: str


@fact
class AttackWindowTokens(Fact):
    """An ability window (``first``: the weapon's Auto-X; ``second``: the weapon and the Heroic Arc, for the next
    attacking Knight) places ``tokens`` in the pool ``where``; ``who``: the weapon (first) or the Knight (second)."""

    fact: Literal["attack_window_tokens"] = "attack_window_tokens"
    window: Literal["first", "second"]
    who: str
    tokens: dict[str, int]
    where: str = "Knight Pool"


@fact
class AttackWindowByHand(Fact):
    """What an ability window leaves to the players: the weapon's ability ``texts`` (``first``), the Heroic Arc's
    ``levels`` with more than one option (``arc``: each level's Passion and its options), or ``weapon``'s text that
    exhausts it (``exhausts``)."""

    fact: Literal["attack_window_by_hand"] = "attack_window_by_hand"
    what: Literal["first", "arc", "exhausts"]
    texts: list[str] = []
    levels: list[tuple[int, list[str]]] = []
    weapon: str = ""


@fact
class AttackKeywordUsed(Fact):
    """A keyword used in an ability window: Reinforce (``knight`` adds ``amount`` ``colour`` Armor dice to their next
    Armor Roll), Sacrifice (``knight`` loses 1 Vigor; ``sacrifice_break``: +1 Break token for their Attack,
    ``amount`` there now), Daze (the ``monster`` turns to face ``facing`` away from ``knight``; ``other``: a facing
    as far away), or one that does not apply now (``label``, ``why``: the refusal)."""

    fact: Literal["attack_keyword_used"] = "attack_keyword_used"
    keyword: Literal["reinforce", "sacrifice", "sacrifice_break", "daze", "refused"]
    label: str = ""
    knight: str = ""
    amount: int = 0
    colour: str = ""
    monster: str = ""
    facing: str = ""
    other: str = ""
    why: str = ""


@fact
class AttackAreaByHand(Fact):
    """An Area keyword whose spaces the bot does not measure (``spaces``: its text): the Power Roll is resolved
    against the Monsters on them by hand."""

    fact: Literal["attack_area_by_hand"] = "attack_area_by_hand"
    spaces: str = ""


@fact
class AttackMoved(Fact):
    """A keyword moved Knights: Hug ``x`` (``knight`` moves to ``space``), or Motivate ``x`` (``moves``: each Knight
    and the space they move to)."""

    fact: Literal["attack_moved"] = "attack_moved"
    keyword: Literal["Hug", "Motivate"]
    x: int
    knight: str = ""
    space: str = ""
    moves: list[tuple[str, str]] = []
