"""The facts of a Squire's statistics, Mettle draws and Gear (rules/squires/handlers.py, mettle.py, gear.py); their
words: bot/narration/squires.py."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.facts import Fact, fact

Redraw = Literal["free", "heat", "policy_attack", "policy_power", "policy_evasion"]


class MettleShown(BaseModel):
    """One Mettle card as drawn: its name and its Clue (None: no Clue symbol)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    name: str
    clue: str | None = None


@fact
class SquireJoined(Fact):
    """``squire`` joins the party as the Squire card ``card`` (``owner``: the user who added it), with its
    statistics."""

    fact: Literal["squire_joined"] = "squire_joined"
    squire: str
    card: str
    owner: str
    vigor: int
    speed: int
    heat_limit: int
    bane_limit: int


@fact
class SquireStat(Fact):
    """A Squire's statistic ``stat`` is now ``value`` (``limit``: the Heat Limit of a gain of Heat, the card's Vigor,
    the Bane Limit; None where none is told). A Clue type is a stat too."""

    fact: Literal["squire_stat"] = "squire_stat"
    stat: str
    value: int
    limit: int | None = None


@fact
class SquireHeatOverLimit(Fact):
    """Heat gained exceeded the Heat Limit by ``excess``: the Squire loses as much Vigor."""

    fact: Literal["squire_heat_over_limit"] = "squire_heat_over_limit"
    excess: int


@fact
class SquireJudiciumByHand(Fact):
    """A Squire outside a Clash dropped to 0 Vigor or below: the Judicium is drawn by hand."""

    fact: Literal["squire_judicium_by_hand"] = "squire_judicium_by_hand"


@fact
class SquireBaneKills(Fact):
    """``squire``'s Bane ``bane`` + ``gained`` would exceed the Bane Limit ``limit``: they die."""

    fact: Literal["squire_bane_kills"] = "squire_bane_kills"
    squire: str
    bane: int
    gained: int
    limit: int


@fact
class SquireMettleDrawn(Fact):
    """Mettle cards drawn (``from_deck``: told as drawn from the Mettle deck)."""

    fact: Literal["squire_mettle_drawn"] = "squire_mettle_drawn"
    cards: list[MettleShown]
    from_deck: bool = True


@fact
class SquireMettleShuffled(Fact):
    """The Mettle discard pile is shuffled into a new deck: the deck ran out, or a Critical card was in the discard
    pile after the last Action."""

    fact: Literal["squire_mettle_shuffled"] = "squire_mettle_shuffled"
    why: Literal["ran_out", "critical"]


@fact
class SquireRedraw(Fact):
    """A Mettle result discarded and drawn again: with a re-roll effect (``free``), for +1 Heat (``heat``), or by the
    policy for +1 Heat (an Attack draw, a Power draw, an Evasion draw)."""

    fact: Literal["squire_redraw"] = "squire_redraw"
    how: Redraw


@fact
class SquireClueReturned(Fact):
    """The ``clue`` Clue spent on a discarded result is returned."""

    fact: Literal["squire_clue_returned"] = "squire_clue_returned"
    clue: str


@fact
class SquirePrecision(Fact):
    """An Attack draw's Precision: the card's ``roll`` plus ``bonus``."""

    fact: Literal["squire_precision"] = "squire_precision"
    roll: int
    bonus: int


@fact
class SquireClueSpent(Fact):
    """One ``clue`` Clue spent for the card's ability box: +``bonus`` to ``stat``, now ``total``."""

    fact: Literal["squire_clue_spent"] = "squire_clue_spent"
    clue: str
    bonus: int
    stat: Literal["precision", "power"]
    total: int


@fact
class SquirePower(Fact):
    """A Power draw's card: ``power`` and ``potential``."""

    fact: Literal["squire_power"] = "squire_power"
    power: int
    potential: int


@fact
class SquireGearPower(Fact):
    """The lent weapon's Squire stats of ``clue``: +``power`` Power, +``potential`` Potential (now ``total_power``,
    ``total_potential``)."""

    fact: Literal["squire_gear_power"] = "squire_gear_power"
    clue: str
    power: int
    potential: int
    total_power: int
    total_potential: int


@fact
class SquireNoRerolls(Fact):
    """Squires are considered to have used all available Power Re-rolls."""

    fact: Literal["squire_no_rerolls"] = "squire_no_rerolls"


@fact
class SquireNotEvaded(Fact):
    """Of ``hits``, ``not_evaded`` were not evaded."""

    fact: Literal["squire_not_evaded"] = "squire_not_evaded"
    hits: int
    not_evaded: int


@fact
class SquireLent(Fact):
    """``knight`` lends the Merchant weapon ``gear`` to ``squire`` for this Expedition."""

    fact: Literal["squire_lent"] = "squire_lent"
    knight: str
    gear: str
    squire: str


@fact
class SquireGaveBack(Fact):
    """``squire`` returns ``gear`` to ``knight``; None: gives it up, its lender being no longer in the campaign."""

    fact: Literal["squire_gave_back"] = "squire_gave_back"
    squire: str
    gear: str
    knight: str | None


@fact
class SquireLeft(Fact):
    """``squire`` leaves the party."""

    fact: Literal["squire_left"] = "squire_left"
    squire: str


@fact
class SquirePolicySet(Fact):
    """``squire``'s policy re-draws with Heat only up to Heat ``up_to`` (Heat Limit ``limit``, ``reserve`` kept
    spare)."""

    fact: Literal["squire_policy_set"] = "squire_policy_set"
    squire: str
    up_to: int
    limit: int
    reserve: int


@fact
class SquireGold(Fact):
    """``squire`` would gain ``amount`` Gold; the Party Leader ``knight`` gains it (now ``gold``)."""

    fact: Literal["squire_gold"] = "squire_gold"
    squire: str
    amount: int
    knight: str
    gold: int


# -- Squire Investigations (rules/squires/investigation.py) --------------------------------------------------------

class InvestigationProgress(BaseModel):
    """A Squire Investigation's Clues: ``primary`` ``has_primary``/``needed``, ``secondary``
    ``has_secondary``/``secondary_needed``."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    primary: str
    has_primary: int
    needed: int
    secondary: str
    has_secondary: int
    secondary_needed: int


@fact
class SquireClueCard(Fact):
    """``squire`` draws the Clue card ``card`` for their Investigation: ``drawn`` by a ``die`` counting ``depth``
    cards from the top of the Clue deck, as its last card, or from the top (a campaign before state version 2); the
    Secondary Clue is the Primary of ``knight`` (None: a random Clue token)."""

    fact: Literal["squire_clue_card"] = "squire_clue_card"
    squire: str
    card: str
    drawn: Literal["d10", "last", "top"]
    die: int = 0
    depth: int = 0
    primary: str
    needed: int
    secondary: str
    secondary_needed: int
    knight: str | None


@fact
class SquireCollects(Fact):
    """``squire`` collects the Clues ``clues`` for their Investigation (now ``progress``)."""

    fact: Literal["squire_collects"] = "squire_collects"
    squire: str
    clues: list[str]
    progress: InvestigationProgress


@fact
class SquireInvestigationEnded(Fact):
    """``squire``'s Squire Investigation succeeds or fails (``progress``), with ``leads`` Leads."""

    fact: Literal["squire_investigation_ended"] = "squire_investigation_ended"
    squire: str
    success: bool
    progress: InvestigationProgress
    leads: int


@fact
class SquireQuestUnlock(Fact):
    """A Squire completed their Investigation by the end of a Quest Expedition: one Mettle card may be unlocked."""

    fact: Literal["squire_quest_unlock"] = "squire_quest_unlock"


@fact
class SquireLeadsSaved(Fact):
    """The highest Leads among the Squires (``best``) are added to the saved Leads, now ``leads``; ``quest`` False:
    not a Quest Expedition, nothing is saved."""

    fact: Literal["squire_leads_saved"] = "squire_leads_saved"
    quest: bool
    best: int = 0
    leads: int = 0
