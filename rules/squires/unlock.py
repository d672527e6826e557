"""Unlocking Mettle cards (rulebook "Unlocking Mettle Cards", docs/squires.md): after a Quest Expedition in which a
Squire completed their Investigation, with 5 saved Leads between Expeditions, or two cards of a tier the party
survived for the first time. The new card takes the place of one lowest tier card with its Clue (the starting
cards are the lowest), in the same pile and position of the campaign's Mettle deck.

The bot tracks what earns a card (an engine observer, ``follow``): while an Expedition is under way it notes a
defeat (the Expedition lost, ``state.track.lost``, or a Clash ending in the Knights' defeat); when the Expedition
reaches its end (step ``over``) it records a Quest Expedition that a Squire's Investigation completed (one card of
the Party Leader's tier or below) and the first Expedition of a tier survived without defeat (two cards of that
tier). What is earned waits in ``state.mettle.earned`` and is offered as the engine Decision ``mettle<n>``
(``mettle_decision``), answered by ``/squire unlock decision: option:``. The Squires' Leads are saved by the Squire
Investigation observer (rules/squires/investigation.py), once per Quest Expedition."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.gear import TIERS, Tier
from content.schema.squires import MettleCard, MettleDeck
from rules.clash.aftermath import all_knights_dead
from rules.coverage import implements
from rules.decision_ids import next_number
from rules.dice import Dice
from rules.engine import Decision, Engine, Event, Result, event, handles, observes, offers
from rules.errors import RuleError
from rules.expedition.state import ExpeditionState
from rules.facts import Fact, joined
from rules.squires import investigation as _investigation  # noqa: F401  (its observer runs before ``follow``)
from rules.squires import unlock_facts as uf
from rules.squires.handlers import mettle_pile
from rules.squires.state import MettleEarned, MettleProgress, MettleWatch
from rules.state import CampaignState, DeckState

T = "tests/squires/test_squire_unlock.py::"
TM = "tests/squires/test_mettle_tracking.py::"
LEADS_PER_CARD = 5
TIER_CARDS = 2
Reason = Literal["quest", "leads", "tier"]
Id = Annotated[str, Field(min_length=1, max_length=64)]


class MettleUnlock(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["mettle_unlock"] = "mettle_unlock"
    card: Id
    reason: Reason
    replace: Id | None = Field(None, description="the card it replaces (default: a lowest tier card with its Clue)")
    override: bool | None = Field(None, description=(
        "quest|tier: True, the GM's word for a card earned before the bot tracked it; False, only a card the bot saw "
        "earned; None, an action logged before the tracking (the GM's word, as it was then)"))


class MettleLeads(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["mettle_leads"] = "mettle_leads"
    change: int = Field(ge=-50, le=50)


class MettleChoose(BaseModel):
    """The answer to the decision ``mettle<n>``: the cards chosen among those it offers."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["mettle_choose"] = "mettle_choose"
    while_waiting: ClassVar[bool] = True
    decision: Annotated[str, Field(min_length=1, max_length=20)]
    cards: list[Id] = Field(min_length=1, max_length=TIER_CARDS)
    replace: Id | None = Field(None, description="with one card: the card it replaces")


class MettleSurvived(BaseModel):
    """The GM records a tier whose first Expedition the party survived before the bot tracked it (retroactive)."""

    model_config = ConfigDict(extra="forbid")
    type: Literal["mettle_survived"] = "mettle_survived"
    tier: Tier


def _rank(card: MettleCard) -> int:
    return -1 if card.start else TIERS.index(card.tier)


def party_tier(state: CampaignState) -> str:
    """The Party Leader's tier during an Expedition, else the highest tier among the living Knights."""
    exp = state.expedition
    if exp is not None and exp.party_leader in state.knights:
        return state.knights[exp.party_leader].sheet.tier
    tiers = [k.sheet.tier for k in state.knights.values() if not k.dead] or ["mob"]
    return max(tiers, key=TIERS.index)


def composition(pile: DeckState) -> list[str]:
    return [*pile.draw, *pile.discard, *pile.held]


def _replaced(deck: MettleDeck, pile: DeckState, new: MettleCard, wanted: str | None) -> MettleCard:
    held = set(composition(pile))
    inside = [c for c in deck.cards if c.id in held]  # in the content's order: the choice does not hang on shuffles
    same = [c for c in inside if c.critical is None and c.clue == new.clue]
    if wanted is not None:
        found = next((c for c in same if c.id == wanted), None)
        if found is None:
            raise RuleError(f"replace: must be a card of the Mettle deck with the {new.clue} Clue; those are: "
                            + ", ".join(c.id for c in same))
        if _rank(found) > min(_rank(c) for c in same):
            raise RuleError("replace one lowest tier card that has the corresponding Clue: "
                            + ", ".join(c.id for c in same if _rank(c) == min(_rank(x) for x in same)))
        return found
    if not same:
        raise RuleError(f"the Mettle deck has no {new.clue} card to replace")
    low = min(_rank(c) for c in same)
    return next(c for c in same if _rank(c) == low)


def _swap(pile: DeckState, old: str, new: str) -> DeckState:
    def sub(cards: list[str]) -> list[str]:
        return [new if c == old else c for c in cards]

    return pile.model_copy(update={"draw": sub(pile.draw), "discard": sub(pile.discard), "held": sub(pile.held)})


def _card(deck: MettleDeck, card_id: str) -> MettleCard:
    try:
        new = deck.card(card_id)
    except KeyError:
        raise RuleError(f"there is no Mettle card {card_id!r} in {deck.name}") from None
    if new.start or new.critical is not None:
        raise RuleError(f"{new.name} is a starting card: only the other Mettle cards are unlocked")
    return new


def _put(state: CampaignState, deck: MettleDeck, pile: DeckState, new: MettleCard,
         replace: str | None) -> uf.MettleCardReplaced:
    """Put ``new`` into the Mettle deck in place of a lowest tier card of its Clue; the narration."""
    if new.id in composition(pile):
        raise RuleError(f"{new.name} is already in the Mettle deck")
    old = _replaced(deck, pile, new, replace)
    state.decks[deck.id] = _swap(pile, old.id, new.id)
    state.mettle.unlocked.append(new.id)
    state.mettle.replaced.append(old.id)
    return uf.MettleCardReplaced(card=new.name, tier=new.tier, clue=str(new.clue), old=old.name)


# -- what is earned ------------------------------------------------------------------------------------------------


def _deck_or_none(engine: Engine) -> MettleDeck | None:
    return next(iter(engine.catalogue.mettle.values()), None)


def _held(deck: MettleDeck, state: CampaignState) -> DeckState:
    """The Mettle deck's composition (its starting cards until it is first drawn or changed)."""
    pile = state.decks.get(deck.id)
    return pile if pile is not None else DeckState(draw=deck.start_cards())


def _fits(card: MettleCard, reason: str, tier: str) -> bool:
    if card.start or card.critical is not None or card.tier not in TIERS or tier not in TIERS:
        return False
    return card.tier == tier if reason == "tier" else TIERS.index(card.tier) <= TIERS.index(tier)


def eligible(engine: Engine, state: CampaignState, reason: str, tier: str) -> list[tuple[MettleCard, MettleCard]]:
    """The cards an entitlement may unlock now, each with the card it would replace: "one chosen Mettle card from the
    Party Leader's tier or below" (a Quest), "two chosen Mettle cards of that tier" (a tier survived)."""
    deck = _deck_or_none(engine)
    if deck is None:
        return []
    pile = _held(deck, state)
    inside = set(composition(pile))
    out: list[tuple[MettleCard, MettleCard]] = []
    for card in deck.cards:
        if card.id in inside or not _fits(card, reason, tier):
            continue
        try:
            out.append((card, _replaced(deck, pile, card, None)))
        except RuleError:  # no card of its Clue left to replace
            continue
    return out


def decision_id(e: MettleEarned) -> str:
    return f"mettle{e.id}"


def _why(e: MettleEarned) -> str:
    if e.reason == "quest":
        return (f"a Squire completed their Investigation by the end of Quest Expedition {e.expedition}"
                if e.expedition is not None else "a Quest Expedition a Squire's Investigation completed")
    return (f"the party survived its first {e.tier.capitalize()} Tier Expedition without defeat"
            + (f" (Expedition {e.expedition})" if e.expedition is not None else ""))


def _scope(e: MettleEarned) -> str:
    return f"the {e.tier.capitalize()} Tier" + (" or below" if e.reason == "quest" else "")


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _what(e: MettleEarned) -> str:
    n = "one Mettle card" if e.cards == 1 else f"{e.cards} Mettle cards"
    return f"{_why(e)}: unlock {n} of {_scope(e)}"


def mettle_decision(engine: Engine, state: CampaignState) -> Decision | None:
    """The first earned entitlement that has a card to choose, as the engine Decision ``mettle<id>``."""
    for e in state.mettle.earned:
        cards = eligible(engine, state, e.reason, e.tier)
        if not cards:
            continue
        return Decision(
            id=decision_id(e), kind="mettle_unlock", answer="squire unlock",
            prompt=f"🃏 {_cap(_what(e))} (each replaces a lowest tier card of its Clue).",
            options=[c.id for c, _ in cards],
            labels=[f"{c.name} ({c.tier.capitalize()}, {str(c.clue).capitalize()})" for c, _ in cards],
            helps=[f"replaces {old.name}" for _, old in cards],
            pick=min(e.cards, len(cards)), min_pick=1)
    return None


def _earn(engine: Engine, state: CampaignState, reason: Literal["quest", "tier"], tier: str, cards: int,
          expedition: int | None) -> list[Fact]:
    m = state.mettle
    e = MettleEarned(id=m.asked + 1, reason=reason, tier=tier, cards=cards, expedition=expedition)
    found = eligible(engine, state, reason, tier)
    if not found:
        return [uf.MettleCardsEarned(reason=reason, tier=tier, cards=cards, expedition=expedition)]
    e.cards = min(cards, len(found))
    e.id = next_number(state, m.asked)
    m.asked = e.id
    m.earned.append(e)
    m.offer = True
    return [uf.MettleCardsEarned(reason=reason, tier=tier, cards=e.cards, expedition=expedition,
                                 decision=decision_id(e))]


def _grant(engine: Engine, state: CampaignState, expedition: int | None) -> list[Fact]:
    """The two cards of each survived tier, once, when the party has a Squire ("This rule applies retroactively":
    a Squire who joins later catches up)."""
    m = state.mettle
    out: list[Fact] = []
    for tier in list(m.survived):
        if tier in m.granted:
            continue
        m.granted.append(tier)
        left = TIER_CARDS - m.tier_unlocks.get(tier, 0)
        if left > 0:
            out += _earn(engine, state, "tier", tier, left, expedition)
    return out


def _defeat(state: CampaignState) -> str | None:
    """Rulebook, "Expedition Loss Conditions": a lost Expedition (the Delve's track), or every Knight of a Clash dead
    ("note that this includes Clashes")."""
    if state.track.lost:
        reason = state.delve.lost_reason if state.delve is not None else None
        return f"the Expedition was lost ({reason})" if reason else "the Expedition was lost"
    clash = state.clash
    if clash is not None and (clash.over == "defeat" or (clash.over is None and all_knights_dead(state))):
        return "the Knights' defeat in a Clash"
    return None


def _quest(engine: Engine, state: CampaignState, exp: ExpeditionState) -> list[Fact]:
    """Once the Squire Investigations are resolved (the Spoils Phase, rules/squires/investigation.py): a Quest
    Expedition a Squire's Investigation completed earns one card of the Party Leader's tier or below."""
    quest = any(v.choice == "quest" for v in exp.visions.values())
    done = [s.name for s in state.squires.values() if s.investigation is not None
            and s.investigation.expedition == exp.number and s.investigation.outcome == "success"]
    return _earn(engine, state, "quest", party_tier(state), 1, exp.number) if quest and done else []


def _ended(engine: Engine, state: CampaignState, exp: ExpeditionState, w: MettleWatch) -> list[Fact]:
    m = state.mettle
    out: list[Fact] = []
    tier = party_tier(state)
    if w.defeat is not None:
        if state.squires and tier not in m.survived:
            out.append(uf.MettleDefeatEarnsNone(expedition=exp.number, defeat=w.defeat, tier=tier))
    elif tier not in m.survived:
        m.survived.append(tier)
    return out


@observes
def follow(engine: Engine, state: CampaignState) -> list[Event]:
    """Rulebook, "Unlocking Mettle Cards": "If any Squire has successfully completed their Investigation by the end of
    a Quest Expedition, you may unlock one chosen Mettle card from the Party Leader's tier or below." "When the party
    survives the first Expedition of a given tier without suffering defeat, you unlock two chosen Mettle cards of that
    tier." Runs after every action; an Expedition's end is recorded once, and only for an Expedition seen under way
    (one that ended before the bot tracked it is the GM's word)."""
    m: MettleProgress = state.mettle
    exp = state.expedition
    out: list[Fact] = []
    ended: int | None = None
    if exp is not None:
        w = m.watch
        if exp.step != "over" and (w is None or w.expedition != exp.number):
            m.watch = w = MettleWatch(expedition=exp.number)
        if w is not None and w.expedition == exp.number and not w.ended:
            w.defeat = w.defeat or _defeat(state)
            if exp.step in ("spoils", "over") and not w.quest:
                w.quest = True
                out += _quest(engine, state, exp)
            if exp.step == "over":
                w.ended, ended = True, exp.number
                out += _ended(engine, state, exp, w)
    if state.squires:
        out += _grant(engine, state, ended)
    return [Event(kind="mettle", fact=t) for t in out]


@offers
def offer(engine: Engine, state: CampaignState) -> Decision | None:
    """The reply of the action that earned Mettle cards offers the choice."""
    if not state.mettle.offer:
        return None
    state.mettle.offer = False
    return mettle_decision(engine, state)


# -- the actions ---------------------------------------------------------------------------------------------------


def nothing_earned(reason: str) -> str:
    if reason == "quest":
        return ("no Mettle card is earned for a Quest: one is earned when a Squire has completed their Investigation "
                "by the end of a Quest Expedition (the bot sees it when the Expedition ends). For a Quest Expedition "
                "from before the bot tracked this, the GM adds `override:true`")
    return ("no Mettle cards are earned for a tier: two cards of a tier are earned when the party survives the first "
            "Expedition of that tier without suffering defeat (the bot sees it when the Expedition ends). For "
            "Expeditions survived before the bot tracked this, the GM records the tier with `/squire survived "
            "tier:<tier>`")


def _check(e: MettleEarned, new: MettleCard) -> None:
    if not _fits(new, e.reason, e.tier):
        raise RuleError(f"{new.name} is a {new.tier.capitalize()} Tier card; {_why(e)} earned a card of {_scope(e)}")


def _use(state: CampaignState, e: MettleEarned, new: MettleCard) -> uf.MettleUnlockedFor:
    _check(e, new)
    e.cards -= 1
    if e.cards == 0:
        state.mettle.earned.remove(e)
    if e.reason == "tier":
        done = state.mettle.tier_unlocks.get(new.tier, 0)
        state.mettle.tier_unlocks[new.tier] = done + 1
        return uf.MettleUnlockedFor(reason="tier", tier=new.tier, number=done + 1, of=TIER_CARDS)
    return uf.MettleUnlockedFor(reason="quest")


@implements("Unlocking Mettle Cards", tests=[T + "test_unlock_replaces_the_lowest_card_with_its_clue",
                                            T + "test_five_leads_unlock_one_card_between_expeditions",
                                            T + "test_two_cards_per_tier_survived",
                                            TM + "test_a_quest_with_a_completed_investigation_earns_one_card",
                                            TM + "test_the_first_survived_expedition_of_a_tier_earns_two_cards",
                                            TM + "test_a_lost_expedition_earns_no_tier_cards",
                                            TM + "test_squire_leads_are_saved_once",
                                            TM + "test_the_gm_records_a_tier_survived_before_the_tracking",
                                            TM + "test_a_clash_lost_is_a_defeat",
                                            TM + "test_the_earned_cards_are_a_select_menu_in_discord"],
            note="the bot sees a Quest Expedition a Squire's Investigation completed and the first Expedition of a "
                 "tier survived without defeat, offers the earned cards as a decision, checks tiers, Leads and "
                 "\"between Expeditions\", and replaces the card; the GM records Expeditions from before the tracking")
@handles(MettleUnlock)
def unlock(engine: Engine, state: CampaignState, act: MettleUnlock, dice: Dice) -> Result:
    deck, pile = mettle_pile(engine, state, dice)
    new = _card(deck, act.card)
    if act.card in composition(pile):
        raise RuleError(f"{new.name} is already in the Mettle deck")
    tier = party_tier(state)
    progress = state.mettle
    lines: list[Fact] = []
    earned = [e for e in progress.earned if e.reason == act.reason] if act.reason != "leads" else []
    fit = next((e for e in earned if _fits(new, e.reason, e.tier)), None)
    if fit is not None:
        lines.append(_use(state, fit, new))
    elif earned and not act.override:
        _check(earned[0], new)  # refused: says what was earned
    elif act.reason != "leads" and act.override is False:
        raise RuleError(nothing_earned(act.reason))
    elif act.reason == "tier":
        done = progress.tier_unlocks.get(new.tier, 0)
        if done >= TIER_CARDS:
            raise RuleError(f"the two {new.tier.capitalize()} Tier Mettle cards for surviving the first Expedition of "
                            "that tier are already unlocked")
        if TIERS.index(new.tier) > TIERS.index(tier):
            raise RuleError(f"{new.name} is a {new.tier.capitalize()} Tier card; the party is at {tier.capitalize()}")
        progress.tier_unlocks[new.tier] = done + 1
        lines.append(uf.MettleUnlockedFor(reason="tier", tier=new.tier, number=done + 1, of=2, gm=True))
    else:
        if TIERS.index(new.tier) > TIERS.index(tier):
            raise RuleError(f"{new.name} is a {new.tier.capitalize()} Tier card: unlock one from the "
                            f"{tier.capitalize()} Tier or below")
        if act.reason == "leads":
            exp = state.expedition
            if exp is not None and exp.step != "over":
                raise RuleError("Leads unlock Mettle cards between Expeditions only")
            if progress.leads < LEADS_PER_CARD:
                raise RuleError(f"unlocking with Leads costs {LEADS_PER_CARD} saved Leads; the party has "
                                f"{progress.leads}")
            progress.leads -= LEADS_PER_CARD
            lines.append(uf.MettleLeadsSpent(spent=LEADS_PER_CARD, left=progress.leads))
        else:
            lines.append(uf.MettleUnlockedFor(reason="quest", gm=True))
    old_id = _replaced(deck, pile, new, act.replace).id
    lines.append(_put(state, deck, pile, new, act.replace))
    return Result(state=state, events=[event("mettle", joined(lines))],
                  data={"mettle": progress.model_dump(), "unlocked": new.id, "replaced": old_id,
                        "deck": composition(state.decks[deck.id])},
                  pending=mettle_decision(engine, state) if progress.earned else None)


@handles(MettleChoose)
def choose(engine: Engine, state: CampaignState, act: MettleChoose, dice: Dice) -> Result:
    """The answer to ``mettle<n>``: the chosen cards go into the Mettle deck one after the other."""
    m = state.mettle
    e = next((x for x in m.earned if decision_id(x) == act.decision), None)
    if e is None:
        raise RuleError(f"decision {act.decision} is no longer waiting (answered, or never asked); `/squire unlock` "
                        "shows the Mettle cards waiting to be chosen")
    if len(set(act.cards)) != len(act.cards):
        raise RuleError("name each card once")
    if len(act.cards) > e.cards:
        raise RuleError(f"{decision_id(e)} unlocks {e.cards} card{'s' if e.cards > 1 else ''}; you named "
                        f"{len(act.cards)}")
    if act.replace is not None and len(act.cards) > 1:
        raise RuleError("replace: goes with one card at a time")
    offered = {c.id for c, _ in eligible(engine, state, e.reason, e.tier)}
    wrong = [c for c in act.cards if c not in offered]
    if wrong:
        raise RuleError(f"{', '.join(wrong)}: not among the cards {decision_id(e)} offers ("
                        + (", ".join(sorted(offered)) or "none") + ")")
    deck, pile = mettle_pile(engine, state, dice)
    lines: list[Fact] = []
    replaced: list[str] = []
    for cid in act.cards:
        new = _card(deck, cid)
        pile = state.decks.get(deck.id, pile)
        replaced.append(_replaced(deck, pile, new, act.replace).id)
        lines += [_use(state, e, new), _put(state, deck, pile, new, act.replace)]
    if e in m.earned:
        lines.append(uf.MettleMoreToChoose(cards=e.cards))
    return Result(state=state, events=[Event(kind="mettle", fact=t) for t in lines],
                  data={"mettle": m.model_dump(), "unlocked": list(act.cards), "replaced": replaced,
                        "deck": composition(state.decks[deck.id])},
                  pending=mettle_decision(engine, state))


@handles(MettleSurvived)
def survived(engine: Engine, state: CampaignState, act: MettleSurvived, dice: Dice) -> Result:
    """Rulebook: "This rule applies retroactively and may be used to make your Squires catch up when you begin using
    them at higher tiers." The GM's record of a tier survived before the bot tracked it."""
    m = state.mettle
    if act.tier in m.survived:
        raise RuleError(f"the {act.tier.capitalize()} Tier is already recorded as survived"
                        + (" and its two Mettle cards earned" if act.tier in m.granted else ""))
    m.survived.append(act.tier)
    lines: list[Fact] = [uf.MettleTierRecorded(tier=act.tier)]
    if state.squires:
        lines += _grant(engine, state, None)
    else:
        lines.append(uf.MettleTierRecorded(tier=act.tier, waiting=True))
    return Result(state=state, events=[Event(kind="mettle", fact=t) for t in lines],
                  data={"mettle": m.model_dump()})


@handles(MettleLeads)
def leads(engine: Engine, state: CampaignState, act: MettleLeads, dice: Dice) -> Result:
    """"note down the highest number of Leads (see Leads, p. 26) among Squires and add it to the current number of
    saved Leads" — done by itself after a Quest Expedition (rules/squires/investigation.py); this corrects by hand."""
    if act.change == 0:
        raise RuleError("change: must not be 0")
    if state.mettle.leads + act.change < 0:
        raise RuleError(f"the party has {state.mettle.leads} saved Leads")
    state.mettle.leads += act.change
    return Result(state=state, events=[Event(kind="mettle", fact=uf.MettleLeads(leads=state.mettle.leads))],
                  data={"mettle": state.mettle.model_dump()})
