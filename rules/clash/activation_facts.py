"""The facts of a Monster Activation's steps (rules/clash/activation.py, monster_round.py): the AI card, Signature
or Routine, the Target, the movement by hand, the Attack Consequences by hand, a Chain Break, the AI 0 card; their
words are bot/narration/activation.py's."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class ActivationDrawn(Fact):
    """Step 1: ``monster`` draws the AI card ``card`` (``level``: its AI level), or performs its Signature or its
    Routine ``card`` (``source``)."""

    fact: Literal["activation_drawn"] = "activation_drawn"
    monster: str
    card: str
    source: Literal["ai", "signature", "routine"]
    level: int = 0


@fact
class ActivationTargeted(Fact):
    """Step 2: the Target, by ``how``: an Attack Response's own Target (``response``), the Targeting ``line``'s
    Knights (``line``), a Zone's spaces (``zone``: the ``knights`` in it; ``sheltered``: those behind an Obstacle from
    a Wave), no Knight (``none``: the line is the Target, e.g. a space), or those the players chose (``chosen``)."""

    fact: Literal["activation_targeted"] = "activation_targeted"
    how: Literal["response", "line", "zone", "none", "chosen"]
    knights: list[str] = []
    line: str = ""
    sheltered: list[str] = []


@fact
class ActivationNoTarget(Fact):
    """No Knight can be the Target of ``card``: nothing happens (``routine``: it was the Routine), or the AI card is
    discarded and the Monster performs its Routine."""

    fact: Literal["activation_no_target"] = "activation_no_target"
    card: str
    routine: bool


@fact
class ActivationByHand(Fact):
    """A step of ``card`` resolved by hand: its movement (``movement``: the movement type, ``text`` its printed
    words) or an Attack Consequence with no Target (``text``)."""

    fact: Literal["activation_by_hand"] = "activation_by_hand"
    card: str
    text: str
    movement: str = ""


@fact
class ActivationGateMet(Fact):
    """The gates of the Attack that are met (``gates``: their printed texts): their effects are resolved too."""

    fact: Literal["activation_gate_met"] = "activation_gate_met"
    gates: list[str]


@fact
class ActivationChainBreak(Fact):
    """Chain Break: ``card`` ends for ``knight`` without its After Attack; ``others``: the other Targets of a shared
    Attack go on, else the whole Attack ends and the new one follows."""

    fact: Literal["activation_chain_break"] = "activation_chain_break"
    card: str
    knight: str
    others: bool = False


@fact
class ActivationAIZero(Fact):
    """The AI 0 card ``card`` is resolved: ``then`` (its instruction's name)."""

    fact: Literal["activation_ai_zero"] = "activation_ai_zero"
    card: str
    then: str


ActivationNote = Literal["reacted", "bonus_passed", "monster_gone"]


@fact
class ActivationGoesOn(Fact):
    """The Activation goes on, or ends: the Knights are done reacting (``reacted``), the Bonus Attack was passed
    (``bonus_passed``), or the acting Monster is no longer on the Clash Board (``monster_gone``: it ends)."""

    fact: Literal["activation_goes_on"] = "activation_goes_on"
    why: ActivationNote


# --- 4. the Monster Attack (rules/clash/monster_attack.py) -------------------------------------------------------


@fact
class ActivationOutOfReach(Fact):
    """``knight`` is out of reach: Out of Reach Evade, the Monster goes straight to After Attack."""

    fact: Literal["activation_out_of_reach"] = "activation_out_of_reach"
    knight: str


@fact
class ActivationEvasionRolled(Fact):
    """``knight`` rolls ``count`` Evasion dice (``gates``: the gates met that add dice): the ``naturals`` (+``bonus``
    each) against ``difficulty``+, ``hits`` hits."""

    fact: Literal["activation_evasion_rolled"] = "activation_evasion_rolled"
    knight: str
    count: int
    naturals: list[int]
    bonus: int
    difficulty: int
    hits: int
    gates: list[str] = []


@fact
class ActivationCritEvade(Fact):
    """The Crit die of the Evasion Roll: a natural 1 (``fail``: Crit Evade Fail; ``again``: re-rolled into a 1
    again) or a natural 10 (Crit Evade)."""

    fact: Literal["activation_crit_evade"] = "activation_crit_evade"
    fail: bool
    again: bool = False


@fact
class ActivationEvaded(Fact):
    """``blocked`` hits treated as evaded (Block); or ``knight`` evades every die (Full Evade, ``blocked`` 0)."""

    fact: Literal["activation_evaded"] = "activation_evaded"
    knight: str = ""
    blocked: int = 0


@fact
class ActivationGuarded(Fact):
    """Guard ``guard``: the dice lifted so they evade (die, +n)."""

    fact: Literal["activation_guarded"] = "activation_guarded"
    guard: int
    lifted: list[tuple[int, int]]


@fact
class ActivationRerolled(Fact):
    """``knight`` re-rolls Evasion die ``die`` (None: a Judgement's test): ``old`` → ``new``."""

    fact: Literal["activation_rerolled"] = "activation_rerolled"
    knight: str
    old: int
    new: int
    die: int | None = None


@fact
class ActivationRerollHeat(Fact):
    """``knight`` gains ``heat`` Heat for their re-roll(s) (``one``: the one re-roll of a test made together)."""

    fact: Literal["activation_reroll_heat"] = "activation_reroll_heat"
    knight: str
    heat: int
    one: bool = False


@fact
class ActivationTested(Fact):
    """A Judgement: ``knight`` tests ``virtue`` at ``difficulty``+, rolling ``natural`` (+``bonus``)."""

    fact: Literal["activation_tested"] = "activation_tested"
    knight: str
    virtue: str
    difficulty: int
    natural: int
    bonus: int


@fact
class ActivationJudged(Fact):
    """The Judgement against ``knight``: it ``hit`` or has no effect; ``defied``: its hit is treated as evaded
    (Defy; told on its own, ``knight`` empty)."""

    fact: Literal["activation_judged"] = "activation_judged"
    knight: str = ""
    hit: bool = False
    defied: bool = False


@fact
class ActivationCommanded(Fact):
    """A Command: ``knight`` obeys (``obey``: what, by hand) or disobeys and suffers the penalty."""

    fact: Literal["activation_commanded"] = "activation_commanded"
    knight: str
    obeyed: bool
    obey: str = ""


@fact
class ActivationSwarmSplinter(Fact):
    """Swarm ``x`` (the attacked Knight loses X Vigor per other adjacent Monster: ``others``) or Splinter ``x`` (the
    Knights adjacent to the ``target`` lose X Vigor): ``knight`` loses ``loss`` Vigor, or no one is reached (``loss``
    0)."""

    fact: Literal["activation_swarm_splinter"] = "activation_swarm_splinter"
    keyword: Literal["Swarm", "Splinter"]
    x: int
    target: str
    others: int = 0
    knight: str = ""
    loss: int = 0


@fact
class ActivationTrait(Fact):
    """A Monster Trait ``trait`` (``text``) resolves, is shown by hand (``by_hand``: its timing is not typed; or
    ``tied``: the Knights who share the most Bane, ``bane``), or affects no Knight (``nobody``)."""

    fact: Literal["activation_trait"] = "activation_trait"
    trait: str
    text: str = ""
    by_hand: bool = False
    tied: list[str] = []
    bane: int = 0
    nobody: bool = False
