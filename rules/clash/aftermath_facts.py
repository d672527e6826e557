"""The facts of the Clash Aftermath (rules/clash/aftermath.py): one per step, in the rulebook's order; their words
(the rulebook's bullets quoted where a step is by hand) are bot/narration/aftermath.py's. They are also `/clash end`'s
``data["aftermath"]``, told there as their words at the edge (bot/narration/next_step.py ``told_data``)."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class AftermathBegun(Fact):
    """The Clash Aftermath begins (``outcome``: the Clash's; None: no outcome) for ``knights`` (none: no Knight)."""

    fact: Literal["clash_aftermath_begun"] = "clash_aftermath_begun"
    outcome: Literal["victory", "defeat"] | None
    knights: list[str]


@fact
class AftermathNoDeaths(Fact):
    """Deaths: no Knight of the Clash died."""

    fact: Literal["clash_aftermath_no_deaths"] = "clash_aftermath_no_deaths"


@fact
class AftermathResurrected(Fact):
    """Deaths: the dead Knights are resurrected with maximum Vigor: ``(name, Vigor)`` each."""

    fact: Literal["clash_aftermath_resurrected"] = "clash_aftermath_resurrected"
    knights: list[tuple[str, int]]


@fact
class AftermathCluesByHand(Fact):
    """By hand: the resurrected ``knights`` on an Investigation or Free Roaming lose half of their Clues (the bot
    does not track Clues)."""

    fact: Literal["clash_aftermath_clues_by_hand"] = "clash_aftermath_clues_by_hand"
    knights: list[str]


@fact
class AftermathFirstDeath(Fact):
    """``knight`` died: their First Death box is already ``marked`` (the Event is not read again), or it is their
    first death (by hand: the Event in their Knightbook, then the box marked)."""

    fact: Literal["clash_aftermath_first_death"] = "clash_aftermath_first_death"
    knight: str
    marked: bool


@fact
class AftermathUnknownSaint(Fact):
    """A first death while the Unknown Saint is not unlocked: read 9999 instead (once in the whole game)."""

    fact: Literal["clash_aftermath_unknown_saint"] = "clash_aftermath_unknown_saint"


@fact
class AftermathStatReset(Fact):
    """Stat Reset: ``(name, Vigor, Heat Limit)`` of each Knight after it."""

    fact: Literal["clash_aftermath_stat_reset"] = "clash_aftermath_stat_reset"
    knights: list[tuple[str, int, int]]


@fact
class AftermathTechniques(Fact):
    """Techniques: every Technique card returns to the hand; ``(name, cards back)`` of each Knight who had some
    elsewhere (none: all were there)."""

    fact: Literal["clash_aftermath_techniques"] = "clash_aftermath_techniques"
    knights: list[tuple[str, list[str]]]


@fact
class AftermathConditions(Fact):
    """Conditions: the Condition cards and their tokens discarded, ``(name, cards)`` of each Knight who held some."""

    fact: Literal["clash_aftermath_conditions"] = "clash_aftermath_conditions"
    knights: list[tuple[str, list[str]]]


@fact
class AftermathBane(Fact):
    """Bane: each Knight discards ``discarded`` Bane tokens, ``(name, before, after)`` each."""

    fact: Literal["clash_aftermath_bane"] = "clash_aftermath_bane"
    discarded: int
    knights: list[tuple[str, int, int]]


@fact
class AftermathOtherTokens(Fact):
    """Other tokens: the Modifier tokens discarded (``modifiers``: ``(name, [(attribute, count)])`` of each Knight
    who held some), the Knight tokens in the Knight Pool discarded (``pool``: ``(token, count)``, sorted); Resource
    tokens stay."""

    fact: Literal["clash_aftermath_other_tokens"] = "clash_aftermath_other_tokens"
    modifiers: list[tuple[str, list[tuple[str, int]]]]
    pool: list[tuple[str, int]]


@fact
class AftermathGenericByHand(Fact):
    """By hand: the Generic tokens are cleared from the table (the bot does not track them)."""

    fact: Literal["clash_aftermath_generic_by_hand"] = "clash_aftermath_generic_by_hand"


@fact
class AftermathGear(Fact):
    """Gear: the cards ``unexhausted``, ``regained``, ``charged`` back to full (``(card, Charges)``) and the
    discarded Consumables ``kept`` discarded until the end of the Expedition (card names)."""

    fact: Literal["clash_aftermath_gear"] = "clash_aftermath_gear"
    unexhausted: list[str]
    regained: list[str]
    charged: list[tuple[str, int]]
    kept: list[str]


@fact
class AftermathSearch(Fact):
    """By hand: the Victorious (``won``) or Forlorn Search of a ``clash_type`` Clash; the Loot cards come from the
    deck ``loot_deck`` (none: the loaded packs have none, they come from the table)."""

    fact: Literal["clash_aftermath_search"] = "clash_aftermath_search"
    won: bool
    clash_type: str
    loot_deck: str | None


@fact
class AftermathAfterward(Fact):
    """Afterward: a Knight on a Quest proceeds to the paragraph; else a ``clash_type`` Clash leads to the Rest Phase
    (exhibition) or the Spoils Phase."""

    fact: Literal["clash_aftermath_afterward"] = "clash_aftermath_afterward"
    clash_type: str


@fact
class AftermathSighMay(Fact):
    """Before the story resolution, a Sigh of the Graal of one of ``knights`` may replay this Clash."""

    fact: Literal["clash_aftermath_sigh_may"] = "clash_aftermath_sigh_may"
    knights: list[str]
