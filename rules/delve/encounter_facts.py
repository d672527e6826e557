"""The facts of an Encounter's steps (rules/delve/encounter_flow.py); their words: bot/narration/encounter.py."""

from typing import Literal

from rules.facts import Fact, fact

Outcome = Literal["success", "partial", "failure"]


@fact
class EncounterAsks(Fact):
    """The Encounter stops for the party's answer to ``prompt``: its ``options`` (key, label)."""

    fact: Literal["encounter_asks"] = "encounter_asks"
    prompt: str
    options: list[tuple[str, str]]


@fact
class KnightRoundWaits(Fact):
    """The Knight Round waits for ``knights`` (their names) to act; ``scrapes`` dealt so far, the Encounter Pool's
    tokens (``pool``: token type, count; those left)."""

    fact: Literal["knight_round_waits"] = "knight_round_waits"
    knights: list[str]
    scrapes: int
    pool: list[tuple[str, int]]


@fact
class DragonsRoar(Fact):
    """Dragon's Roar: Knight Positioning and the Monster Round again, once."""

    fact: Literal["dragons_roar"] = "dragons_roar"


@fact
class EncounterResolved(Fact):
    """The Resolution Step: ``scrapes`` Scrapes give ``outcome`` (Success at ``success_at``+, Partial Success at
    ``partial_at``+ when the card has one, fewer: Failure)."""

    fact: Literal["encounter_resolved"] = "encounter_resolved"
    scrapes: int
    outcome: Outcome
    success_at: int
    partial_at: int | None = None


@fact
class PartialCountsAsSuccess(Fact):
    """For a Quest paragraph's Success/Fail effects, a Partial Success counts as a Success."""

    fact: Literal["partial_counts_as_success"] = "partial_counts_as_success"


@fact
class QuestEncounterEffects(Fact):
    """A Quest Encounter: the paragraph's Success (``success``) or Fail effects apply."""

    fact: Literal["quest_encounter_effects"] = "quest_encounter_effects"
    success: bool


@fact
class BackToTheDelveRound(Fact):
    """The Encounter over, back to the Delve round it interrupted (its remaining steps: ``/delve continue``)."""

    fact: Literal["back_to_the_delve_round"] = "back_to_the_delve_round"


@fact
class EncounterBegins(Fact):
    """An Encounter (``ambush``) with ``monster`` at ``level``, ``tier``, on the Encounter Board ``board``: To Hit
    ``to_hit``, AT ``at``, ``count`` miniature(s), Success at ``success`` Scrapes (Partial at ``partial``). ``why``:
    its token met the party, ``cause`` called for it, it was due, as called for, or the district's Monster."""

    fact: Literal["encounter_begins"] = "encounter_begins"
    monster: str
    level: int
    tier: str
    why: Literal["token", "cause", "due", "named", "district"]
    cause: str = ""
    board: str
    to_hit: int
    at: int
    count: int
    success: int
    partial: int | None = None
    ambush: bool = False


@fact
class EncounterByHand(Fact):
    """The card's other effect ``text``, applied by hand."""

    fact: Literal["encounter_by_hand"] = "encounter_by_hand"
    text: str


@fact
class AmbushPositioning(Fact):
    """Ambush: Knight Positioning first, then the Monster placed to target the most Knights."""

    fact: Literal["encounter_ambush_positioning"] = "encounter_ambush_positioning"


@fact
class GmKnightMoved(Fact):
    """The GM moves ``knight`` to ``space`` on the Encounter Board."""

    fact: Literal["encounter_gm_knight_moved"] = "encounter_gm_knight_moved"
    knight: str
    space: str


@fact
class GmMonsterPlaced(Fact):
    """The GM places ``monster`` ``number`` on ``cells`` facing ``facing``, targeting ``targets``."""

    fact: Literal["encounter_gm_monster_placed"] = "encounter_gm_monster_placed"
    monster: str
    number: int
    cells: list[str]
    facing: str
    targets: list[str]


@fact
class EncounterStopped(Fact):
    """The GM stops the Encounter with ``monster`` without its Resolution (``still_due``: something else made it
    due)."""

    fact: Literal["encounter_stopped"] = "encounter_stopped"
    monster: str
    still_due: bool


@fact
class EncounterEndsLost(Fact):
    """The Expedition is lost: the Encounter ends with it."""

    fact: Literal["encounter_ends_lost"] = "encounter_ends_lost"


@fact
class MonsterPositioning(Fact):
    """Monster Positioning: ``placing`` (one d6 per miniature, ``count`` of them; two d6; one for a Dragon), the
    symbols rolled (``marks``; None: a Hope face)."""

    fact: Literal["encounter_monster_positioning"] = "encounter_monster_positioning"
    placing: Literal["mob", "two_dice", "dragon"]
    count: int
    marks: list[str | None]


@fact
class MonsterPlaced(Fact):
    """``monster`` (its miniature ``number`` when there are several) stands on ``cells`` facing ``facing``, targeting
    ``targets``; ``why``: the placement rule that chose it, as rules/delve/encounter.py names it."""

    fact: Literal["encounter_monster_placed"] = "encounter_monster_placed"
    monster: str
    number: int | None = None
    cells: list[str]
    facing: str
    why: str
    targets: list[str]


@fact
class KnightInTheWay(Fact):
    """Ambush: ``knight`` is in the Monster's way: removed, suffers the Attack effect, does not fight."""

    fact: Literal["encounter_knight_in_the_way"] = "encounter_knight_in_the_way"
    knight: str


@fact
class KnightPositioningRolled(Fact):
    """Knight Positioning: each Knight's d6 symbol (``rolls``: Knight, symbol; None: a Hope face)."""

    fact: Literal["encounter_knight_positioning"] = "encounter_knight_positioning"
    rolls: list[tuple[str, str | None]]


@fact
class KnightPlaced(Fact):
    """``knight`` stands on ``space``: the only free ``symbol`` space (``only``), or as chosen."""

    fact: Literal["encounter_knight_placed"] = "encounter_knight_placed"
    knight: str
    space: str
    only: bool = False
    symbol: str | None = None


@fact
class KnightSitsOut(Fact):
    """``knight`` is removed from the Encounter: no free ``symbol`` space (None: a Hope face) in an ``ambush`` or no
    targeted space free either (``chosen``: the Knight's own choice)."""

    fact: Literal["encounter_knight_sits_out"] = "encounter_knight_sits_out"
    knight: str
    symbol: str | None = None
    ambush: bool = False
    chosen: bool = False


@fact
class RoarAnswered(Fact):
    """Dragon's Roar: ``moving`` roll again, ``staying`` stay."""

    fact: Literal["encounter_roar_answered"] = "encounter_roar_answered"
    moving: list[str]
    staying: list[str]


@fact
class MonsterRoundBegins(Fact):
    """The Monster Round (``again``: after Dragon's Roar), the Attack's ``text``."""

    fact: Literal["encounter_monster_round"] = "encounter_monster_round"
    again: bool
    text: str


@fact
class MonsterTargets(Fact):
    """``monster`` (miniature ``number`` among several) targets ``targets``: it attacks ``hit`` (none: no Knight)."""

    fact: Literal["encounter_monster_targets"] = "encounter_monster_targets"
    monster: str
    number: int | None = None
    targets: list[str]
    hit: list[str]


@fact
class EncounterCleared(Fact):
    """The Encounter components are cleared (``back``: and the party goes back to the Phase it interrupted)."""

    fact: Literal["encounter_cleared"] = "encounter_cleared"
    back: bool = False


@fact
class HelpGiven(Fact):
    """``knight`` Helps on ``space`` (its ``mark``): ``opening`` Opening and ``breaks`` Break tokens into the
    Encounter Pool, ``pool`` after it (token, count)."""

    fact: Literal["encounter_help_given"] = "encounter_help_given"
    knight: str
    space: str
    mark: str
    opening: int
    breaks: int
    pool: list[tuple[str, int]]


@fact
class EncounterAttackDeclared(Fact):
    """``knight`` declares an Attack on ``monster`` (miniature ``number`` among several) with the ``weapon`` face
    (``reach``: its effective range)."""

    fact: Literal["encounter_attack_declared"] = "encounter_attack_declared"
    knight: str
    monster: str
    number: int | None = None
    weapon: str
    reach: str


@fact
class FalsityByHand(Fact):
    """A campaign before version 3: the ``weapon``'s Falsity is applied by hand."""

    fact: Literal["encounter_falsity_by_hand"] = "encounter_falsity_by_hand"
    weapon: str


@fact
class EncounterPowerPool(Fact):
    """The Power Pool: its ``parts`` (as rules/clash/power.py lists them), the dice ``red``, ``black``, ``white``,
    ``raw`` Power."""

    fact: Literal["encounter_power_pool"] = "encounter_power_pool"
    parts: list[str]
    red: int
    black: int
    white: int
    raw: int


@fact
class ScrapeDealt(Fact):
    """A Scrape token on the Encounter Monster card (``scrapes`` now), or a Crit Chance without one (``scrapes`` 0:
    no Critical), or a Critical already resolved this Encounter (``critical_used``)."""

    fact: Literal["encounter_scrape"] = "encounter_scrape"
    scrapes: int = 0
    critical_used: bool = False


@fact
class EncounterPrintedEffect(Fact):
    """The printed effect ``text`` of ``source`` (``by_hand``: it has no typed effect)."""

    fact: Literal["encounter_printed_effect"] = "encounter_printed_effect"
    source: str
    text: str
    by_hand: bool = False


@fact
class EncounterPoolTokens(Fact):
    """+``amount`` ``token`` token(s) into the Encounter Pool."""

    fact: Literal["encounter_pool_tokens"] = "encounter_pool_tokens"
    token: str
    amount: int


@fact
class EncounterPerilCheck(Fact):
    """A Peril Check in an Encounter: no Mortis card is drawn (only a Judicium at 0 Vigor)."""

    fact: Literal["encounter_peril_check"] = "encounter_peril_check"


@fact
class EncounterMoveByHand(Fact):
    """``what`` (Knockdown, Knockback X, Pushback X) on ``knights``: moved by hand on the Encounter Board."""

    fact: Literal["encounter_move_by_hand"] = "encounter_move_by_hand"
    what: str
    knights: list[str]


@fact
class EncounterTextByHand(Fact):
    """A text effect ``text`` to apply by hand."""

    fact: Literal["encounter_text_by_hand"] = "encounter_text_by_hand"
    text: str
