"""The facts of the Outpost Phase's activities (rules/expedition/outpost.py); their words:
bot/narration/outpost.py."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class EarlyBird(Fact):
    """The party's first stop, ``section`` (``label``: its place on the Outpost board), gives its Early Bird
    effect (``text``)."""

    fact: Literal["early_bird"] = "early_bird"
    section: str
    label: str
    text: str


@fact
class InnRolled(Fact):
    """The Inn's d10 (``natural``) meets ``entry`` (its ``text``)."""

    fact: Literal["inn_rolled"] = "inn_rolled"
    natural: int
    entry: str
    text: str


@fact
class ContractSigned(Fact):
    fact: Literal["contract_signed"] = "contract_signed"
    contract: str
    tier: str
    objective: str
    rewards: str


@fact
class ContractFulfilled(Fact):
    fact: Literal["contract_fulfilled"] = "contract_fulfilled"
    contract: str
    rewards: str


@fact
class ScoutEmployed(Fact):
    """A Scout (``scout``, of ``category``, its ``text``) hired at the Scouts Guild."""

    fact: Literal["scout_employed"] = "scout_employed"
    scout: str
    category: str
    text: str


@fact
class ScoutApplied(Fact):
    """How a hired Scout's effect reaches the Delve: by the bot at Kingdom Setup, by the bot now (the Delve is set
    up), or by hand with ``command``."""

    fact: Literal["scout_applied"] = "scout_applied"
    when: Literal["setup", "now", "by_hand"]
    command: str = ""


@fact
class PatrolLooked(Fact):
    """A Patrol Scout (``scout``) looks at the top Exploration cards (``cards``: name and id, top first)."""

    fact: Literal["patrol_looked"] = "patrol_looked"
    scout: str
    cards: list[tuple[str, str]]


@fact
class PatrolMayBottom(Fact):
    """The Patrol Scout ``scout_id`` may put up to ``to_bottom`` of the cards it looked at at the bottom."""

    fact: Literal["patrol_may_bottom"] = "patrol_may_bottom"
    scout_id: str
    to_bottom: int


@fact
class MercenaryJoins(Fact):
    """``mercenary`` joins the party (``hired`` of ``most``); its first side's Delve and Clash abilities."""

    fact: Literal["mercenary_joins"] = "mercenary_joins"
    mercenary: str
    hired: int
    most: int
    delve: tuple[str, str]
    clash: tuple[str, str]


@fact
class MercenaryUsed(Fact):
    """A Mercenary's ``ability`` (its ``text``) used; ``uses_left`` after it."""

    fact: Literal["mercenary_used"] = "mercenary_used"
    mercenary: str
    ability: str
    text: str
    uses_left: int


@fact
class GearBought(Fact):
    fact: Literal["gear_bought"] = "gear_bought"
    knight: str
    gear: str
    tier: str
    type: str


@fact
class SaintGained(Fact):
    """``knight`` spends a Devotion token (``devotion`` left) for the patron Saint ``saint``."""

    fact: Literal["saint_gained"] = "saint_gained"
    knight: str
    devotion: int
    saint: str


@fact
class SectionVisited(Fact):
    """The party visits ``section`` (``label``) after the first: its Early Bird went to the first section."""

    fact: Literal["outpost_section_visited"] = "outpost_section_visited"
    section: str
    label: str


@fact
class PartyGold(Fact):
    """Each Knight's Gold moves by ``amount`` (``why``: the Early Bird, the Inn's row, a fulfilled Contract)."""

    fact: Literal["outpost_party_gold"] = "outpost_party_gold"
    amount: int
    why: Literal["early_bird", "inn", "contract"]


@fact
class SectionDiscount(Fact):
    """The Early Bird: purchases in ``section`` cost ``discount`` Gold less this Outpost Phase."""

    fact: Literal["outpost_section_discount"] = "outpost_section_discount"
    section: str
    discount: int


@fact
class OutpostPaid(Fact):
    """``knight`` pays ``cost`` Gold (``left`` after it)."""

    fact: Literal["outpost_paid"] = "outpost_paid"
    knight: str
    cost: int
    left: int


@fact
class ContractMarked(Fact):
    """The fulfilled ``contract``'s checkbox is marked: it cannot be signed again."""

    fact: Literal["outpost_contract_marked"] = "outpost_contract_marked"
    contract: str


@fact
class ScoutSetUp(Fact):
    """A Scout's effect at Kingdom Setup: ``scout`` (``kind``: recon, survey) ``cards`` placed or added (under
    ``depth`` cards), or by hand with the Scout's ``text`` (``by_hand``: the Survey's refusal, or the Kingdom id not
    loaded, ``kind`` unloaded)."""

    fact: Literal["outpost_scout_set_up"] = "outpost_scout_set_up"
    scout: str
    kind: Literal["recon", "survey", "unloaded"]
    cards: list[str] = []
    depth: int = 0
    by_hand: str = ""
    text: str = ""


@fact
class ScoutByHand(Fact):
    """A Scout without a typed effect: ``text``, the ``command`` to apply it (may be empty); marked done."""

    fact: Literal["outpost_scout_by_hand"] = "outpost_scout_by_hand"
    scout: str
    text: str
    command: str = ""
    part: Literal["text", "apply", "done"]


@fact
class PatrolBottomed(Fact):
    """A Patrol Scout puts ``cards`` at the bottom of the Exploration deck (none: its order is kept)."""

    fact: Literal["outpost_patrol_bottomed"] = "outpost_patrol_bottomed"
    scout: str
    cards: list[str]


@fact
class MercenaryUnlocked(Fact):
    """``mercenary`` is unlocked for ``knight`` only (empty: for everyone)."""

    fact: Literal["outpost_mercenary_unlocked"] = "outpost_mercenary_unlocked"
    mercenary: str
    knight: str = ""


@fact
class MercenaryNoted(Fact):
    """The unlocked Mercenary is noted on ``knight``'s Knight Sheet."""

    fact: Literal["outpost_mercenary_noted"] = "outpost_mercenary_noted"
    knight: str


@fact
class TreacheryCost(Fact):
    """Treachery: using ``mercenary`` costs +``gold`` Gold."""

    fact: Literal["outpost_treachery_cost"] = "outpost_treachery_cost"
    mercenary: str
    gold: int


@fact
class ReforgeDiscount(Fact):
    """The Early Bird: ``off`` Gold off a reforge."""

    fact: Literal["outpost_reforge_discount"] = "outpost_reforge_discount"
    off: int


@fact
class BackAtSection(Fact):
    """The party is back at ``section`` (visited already)."""

    fact: Literal["outpost_back_at"] = "outpost_back_at"
    section: str
