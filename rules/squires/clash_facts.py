"""The facts of a Squire in the Clash (rules/squires/clash.py, defence.py, pool.py): their turn, their Attack with
Mettle draws, the Monster's Attacks on them; their words: bot/narration/squire_clash.py."""

from typing import Literal

from rules.facts import Fact, fact

AttackOutcome = Literal["critical", "wound", "fail"]


@fact
class SquireStands(Fact):
    """``squire`` stands on the Clash Board on ``space``."""

    fact: Literal["squire_stands"] = "squire_stands"
    squire: str
    space: str


@fact
class SquireRefreshed(Fact):
    """The Squire's Refresh step lowers Heat ``before`` to ``after`` (``refresh``: its Heat Refresh)."""

    fact: Literal["squire_refreshed"] = "squire_refreshed"
    squire: str
    before: int
    after: int
    refresh: int


@fact
class SquireMoved(Fact):
    """``squire`` moves to ``to`` (``speed``: its Speed)."""

    fact: Literal["squire_moved"] = "squire_moved"
    squire: str
    to: str
    speed: int


@fact
class SquirePolicyTurn(Fact):
    """The bot plays ``squire``'s turn by the Squire policy."""

    fact: Literal["squire_policy_turn"] = "squire_policy_turn"
    squire: str


@fact
class SquireCannotReach(Fact):
    """``squire`` cannot reach a space adjacent to ``monster`` this turn."""

    fact: Literal["squire_cannot_reach"] = "squire_cannot_reach"
    squire: str
    monster: str


@fact
class SquireAttacks(Fact):
    """``squire`` attacks ``monster``."""

    fact: Literal["squire_attacks"] = "squire_attacks"
    squire: str
    monster: str


@fact
class SquirePassionRises(Fact):
    """``squire``'s Passion rises to ``passion`` (Raise Passion, step 2 of the Attack)."""

    fact: Literal["squire_passion_rises"] = "squire_passion_rises"
    squire: str
    passion: int


@fact
class SquirePoolTokens(Fact):
    """The Knight Pool's tokens for the Squire's Attack: +``precision``, +``power``, ``potentials`` tokens turning
    Potentials into Power."""

    fact: Literal["squire_pool_tokens"] = "squire_pool_tokens"
    precision: int
    power: int
    potentials: int


@fact
class SquirePoolPower(Fact):
    """The Knight Pool on the Power draw: ``tokens`` Power tokens and ``turned`` Potentials turned into Power."""

    fact: Literal["squire_pool_power"] = "squire_pool_power"
    tokens: int
    turned: int


@fact
class SquireInBlindspot(Fact):
    """``squire`` stands in a Blindspot of ``monster``: +1 Precision."""

    fact: Literal["squire_in_blindspot"] = "squire_in_blindspot"
    squire: str
    monster: str


@fact
class SquireAttackEnds(Fact):
    """``squire``'s Attack ends (a miss)."""

    fact: Literal["squire_attack_ends"] = "squire_attack_ends"
    squire: str


@fact
class SquireBoonPower(Fact):
    """A boon: +``boon`` Power on the Power draw (``power``: the draw's Power before it)."""

    fact: Literal["squire_boon_power"] = "squire_boon_power"
    boon: int
    power: int


@fact
class SquireBoonCritical(Fact):
    """A boon: ``squire`` has Critical Chance on this Attack Roll."""

    fact: Literal["squire_boon_critical"] = "squire_boon_critical"
    squire: str


@fact
class SquireBoonDraws(Fact):
    """A boon: ``count`` cards drawn for the Attack Roll, ``squire`` keeps ``card``."""

    fact: Literal["squire_boon_draws"] = "squire_boon_draws"
    squire: str
    count: int
    card: str


@fact
class SquirePowerResult(Fact):
    """The Power draw: ``power`` against AT ``at``, the ``outcome``."""

    fact: Literal["squire_power_result"] = "squire_power_result"
    power: int
    at: int
    outcome: AttackOutcome


@fact
class SquireBPCard(Fact):
    """The BP card ``bp`` (its ``level``; ``at``: its AT with the Clash's bonus) for the Squire's Attack."""

    fact: Literal["squire_bp_card"] = "squire_bp_card"
    bp: str
    level: int
    at: int


@fact
class SquireBPResponses(Fact):
    """The BP card ``bp``'s Responses to apply by hand (``triggers``)."""

    fact: Literal["squire_bp_responses"] = "squire_bp_responses"
    bp: str
    triggers: list[str]


@fact
class SquireBPFailed(Fact):
    """A Fail: the BP card ``bp`` goes to the BP discard pile (``space`` 0), or stays revealed on ``space`` of the
    Mob track."""

    fact: Literal["squire_bp_failed"] = "squire_bp_failed"
    bp: str
    space: int


@fact
class SquireOutOfReach(Fact):
    """``squire`` is out of reach of the Monster Attack: Out of Reach Evade."""

    fact: Literal["squire_out_of_reach"] = "squire_out_of_reach"
    squire: str


@fact
class SquireObeys(Fact):
    """The Monster Attack ``card`` commands ``squire``; by the policy the Squire obeys ``obey`` (applied by hand)."""

    fact: Literal["squire_obeys"] = "squire_obeys"
    card: str
    squire: str
    obey: str


@fact
class SquireLaterAttack(Fact):
    """The Monster's ``attack`` after this Attack is made by hand."""

    fact: Literal["squire_later_attack"] = "squire_later_attack"
    attack: str


@fact
class SquireFacesEvasion(Fact):
    """``squire`` faces ``dice`` Evasion dice at ``difficulty``+ and draws ``cards``."""

    fact: Literal["squire_faces_evasion"] = "squire_faces_evasion"
    squire: str
    dice: int
    difficulty: int
    cards: list[str]


@fact
class SquireDoomed(Fact):
    """Doomed: ``squire`` draws no second Mettle card for Heat."""

    fact: Literal["squire_doomed"] = "squire_doomed"
    squire: str


@fact
class SquireFullEvade(Fact):
    """``squire`` evades every hit: Full Evade."""

    fact: Literal["squire_full_evade"] = "squire_full_evade"
    squire: str


@fact
class SquireLosesVigor(Fact):
    """``source``: ``squire`` loses ``amount`` Vigor."""

    fact: Literal["squire_loses_vigor"] = "squire_loses_vigor"
    source: str
    squire: str
    amount: int


@fact
class SquireEffect(Fact):
    """``source``: an effect ``effect`` (gain_heat, lose_heat, gain_passion, gain_bane, gain_vigor) of ``amount`` on
    ``squire``."""

    fact: Literal["squire_effect"] = "squire_effect"
    source: str
    squire: str
    effect: str
    amount: int


@fact
class SquireNoPerilCheck(Fact):
    """``source``'s Peril Check: Squires draw no Mortis cards above 0 Vigor."""

    fact: Literal["squire_no_peril_check"] = "squire_no_peril_check"
    source: str
    squire: str


@fact
class SquireByHand(Fact):
    """``source``'s effect ``text`` on ``squire`` is applied by hand."""

    fact: Literal["squire_by_hand"] = "squire_by_hand"
    source: str
    text: str
    squire: str


@fact
class SquireSecondChance(Fact):
    """The policy gains +1 Heat for Second Chance on the Judicium draw."""

    fact: Literal["squire_second_chance"] = "squire_second_chance"


@fact
class SquireSurvives(Fact):
    """``squire`` survives the Judicium at ``vigor`` Vigor."""

    fact: Literal["squire_survives"] = "squire_survives"
    squire: str
    vigor: int
