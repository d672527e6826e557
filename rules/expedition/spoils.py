"""The Spoils Phase (rulebook "Spoils Phase", "Loot Distribution", "Consumable Gear", Squires' "Gold and Loot"):
Consumables returned to the Merchant deck, the Common Goods, each Knight's chosen card(s) (two after a successful
Free Roam), a Squire's extra Gear exchange, majority votes with the Party Leader breaking ties, the Spare Scrap
taken in turn, exchanges for Gear of an allowed tier or for Gold, and the end of the Expedition. The Loot deck
itself is rules/expedition/spoils_loot.py; the Gambling Den is spoils_gamble.py. docs/spoils.md."""

from __future__ import annotations

from collections import Counter
from typing import Literal

from content.loader import Catalogue
from content.schema.loot import LOOT_TYPE_NAMES
from rules.coverage import implements
from rules.decision_ids import decision_id
from rules.engine import Decision, Engine
from rules.errors import RuleError
from rules.expedition import expedition_facts as xf
from rules.expedition.spoils_loot import allowed_tier, available, candidates, card_of, held_gear, spoils_of
from rules.expedition.spoils_state import Exchanged, LootItem, SpoilsState, Vote
from rules.expedition.state import ExpeditionState
from rules.facts import said
from rules.knights import loadout as lo
from rules.knights.state import ArmoryItem, KnightState
from rules.state import CampaignState

T = "tests/spoils/test_spoils.py::"
V = "tests/expedition/test_vices.py::"
VOTE_ANSWER = "spoils choose"


def in_spoils(state: CampaignState) -> tuple[ExpeditionState, SpoilsState]:
    exp = state.expedition
    if exp is None or exp.step != "spoils":
        where = "no Expedition is under way" if exp is None else f"the Expedition is in its {exp.phase} phase"
        raise RuleError(f"this is done in the Spoils Phase, and {where} (`/expedition status` says what comes next)")
    return exp, exp.spoils


def living(state: CampaignState) -> list[KnightState]:
    return [k for k in state.knights.values() if not k.dead]


def share_size(exp: ExpeditionState, kid: str) -> int:
    """Rulebook, "Loot Distribution": "each Knight gains 1 chosen Loot card (2 if they succeed in a Free Roam
    instead)"."""
    vision = exp.visions.get(kid)
    roamed = vision is not None and vision.choice == "free_roam" and vision.free_roam_success is True
    return 2 if roamed else 1


def loot_card(cat: Catalogue, item: LootItem) -> xf.LootCard:
    """A Loot card as a fact shows it (``loot_name``'s parts)."""
    card = cat.loot.get(item.card)
    return xf.LootCard(uid=item.uid, name=card.name if card else item.card, type=item.type,
                       source=item.monster or item.kingdom or "")


def loot_name(cat: Catalogue, item: LootItem) -> str:
    card = cat.loot.get(item.card)
    extra = f", {item.monster}" if item.monster else (f", {item.kingdom}" if item.kingdom else "")
    return f"{item.uid} {card.name if card else item.card} ({LOOT_TYPE_NAMES[item.type]}{extra})"


# --- the start of the Spoils Phase ------------------------------------------------------------------------------


@implements("Spoils Phase", tests=[T + "test_a_consumable_returns_to_the_merchant",
                                   T + "test_a_successful_free_roamer_gets_two_cards"])
def begin(cat: Catalogue, state: CampaignState) -> list[str]:
    """Runs once, when the Expedition enters the Spoils Phase (an engine observer). Rulebook, "Consumable Gear": "If
    you equipped a Consumable Gear card for an Expedition, at the start of the Spoils Phase you will return it to the
    Merchant deck, regardless of the number of Charges you used (or didn't use!) up." — and the Loot deck's cards
    become the Common Goods."""
    exp = state.expedition
    if exp is None or exp.step != "spoils" or exp.spoils.started:
        return []
    sp = exp.spoils
    sp.started = True
    out = [said(xf.SpoilsBegin())]
    for k in state.knights.values():
        k.locked = False
        if k.sheet.bane != k.stats.bane:  # "Bane": "note the amount of Bane you possess at the end of the Expedition"
            out.append(said(xf.BaneNoted(knight=k.name, bane=k.stats.bane, was=k.sheet.bane)))
            k.sheet.bane = k.stats.bane
        gone = [e.gear for e in k.loadout if (g := cat.gear.get(e.gear)) is not None and g.type == "consumable"]
        if not gone:
            continue
        k.loadout = [e for e in k.loadout if e.gear not in gone]
        k.sheet.armory = [a for a in k.sheet.armory if a.gear not in gone]
        for gid in gone:
            sp.returned.append(gid)
            if gid not in state.unlocked_consumables:
                state.unlocked_consumables.append(gid)
        out.append(said(xf.ConsumablesReturned(knight=k.name, gear=[cat.gear[g].name for g in gone])))
    out += duplicity(cat, state, sp)
    out.append(said(xf.CommonGoods(cards=[loot_card(cat, i) for i in sp.loot])))
    out.append(said(xf.LootDistributionBegins(shares=[(k.name, share_size(exp, k.id)) for k in living(state)],
                                              squires=len(state.squires))))
    return out + _marks_due(state, exp)


def _marks_due(state: CampaignState, exp: ExpeditionState) -> list[str]:
    """What the Knight Sheets record at the end of an Expedition: the Quest (the players' paragraph says how it
    ended) and the Investigations and Free Roams still to resolve."""
    out = []
    for kid, vision in exp.visions.items():
        k = state.knights.get(kid)
        if k is None:
            continue
        if vision.choice == "quest":
            out.append(said(xf.MarkDue(knight=k.name, choice="quest", chapter=vision.chapter)))
        elif vision.outcome is None and vision.free_roam_success is None:
            out.append(said(xf.MarkDue(knight=k.name, choice=vision.choice, chapter=vision.chapter)))
    return out


@implements("Vices", chapter="Other Rules", tests=[V + "test_duplicity_discards_one_loot_card_before_the_spoils"],
            note="Duplicity: a Knight with a Duplicity mark discards the top of the Loot deck (the last card gained)")
def duplicity(cat: Catalogue, state: CampaignState, sp: SpoilsState) -> list[str]:
    """Rulebook, "Vices": "Duplicity (Sagacity): When you are about to proceed to the Spoils Phase, discard 1 Loot
    card from the Loot deck." Ruling: the rule says neither "chosen" nor "random", so the card is the top of the Loot
    deck, the last card added to it; one card per Knight with a Duplicity tally mark."""
    out: list[str] = []
    for k in living(state):
        if k.sheet.vices.get("duplicity", 0) <= 0:
            continue
        if not sp.loot:
            out.append(said(xf.DuplicityDiscards(knight=k.name)))
            continue
        item = sp.loot.pop()
        sp.discarded.append(item)
        out.append(said(xf.DuplicityDiscards(knight=k.name, card=loot_card(cat, item))))
    return out


# --- Loot Distribution --------------------------------------------------------------------------------------------


def _distributing(sp: SpoilsState) -> None:
    if sp.scrap_started:
        raise RuleError("the Spare Scrap has started: the Common Goods are no longer distributed (take a Spare Scrap "
                        "card in turn with /spoils scrap)")


def _common(cat: Catalogue, sp: SpoilsState, uid: str) -> LootItem:
    item = sp.item(uid.upper())
    if item is None:
        raise RuleError(f"there is no Loot card {uid!r}; the Common Goods are: "
                        + (", ".join(loot_name(cat, i) for i in sp.common_goods()) or "none"))
    if item.uid in sp.taken():
        raise RuleError(f"{loot_name(cat, item)} is no longer in the Common Goods")
    return item


def _room(state: CampaignState, exp: ExpeditionState, k: KnightState, squire: bool) -> None:
    sp = exp.spoils
    if k.dead:
        raise RuleError(f"{k.name} is dead and gains no Loot")
    if squire:
        if len(sp.squire_shares) >= len(state.squires):
            raise RuleError(f"the party has {len(state.squires)} Squire(s) and has used "
                            f"{len(sp.squire_shares)} extra Gear exchange(s): none is left")
        return
    have = len([u for u in sp.shares.get(k.id, []) if u not in sp.squire_shares])
    if have >= share_size(exp, k.id):
        raise RuleError(f"{k.name} already has their {share_size(exp, k.id)} chosen card(s)"
                        + ("" if share_size(exp, k.id) == 2 else " (2 only after a successful Free Roam: "
                           "/spoils roam)"))


@implements("Loot Distribution", tests=[T + "test_a_successful_free_roamer_gets_two_cards",
                                        T + "test_the_party_leader_breaks_a_tie",
                                        T + "test_a_squire_gives_one_more_gear_exchange"])
def take(cat: Catalogue, state: CampaignState, k: KnightState, uid: str, squire: bool) -> list[str]:
    """Rulebook, "Loot Distribution": "distribute the Common Goods between yourselves in such a way that each Knight
    gains 1 chosen Loot card (2 if they succeed in a Free Roam instead)"; Squires: "each Squire allows the party to
    exchange one additional Loot card for an appropriate Gear"."""
    exp, sp = in_spoils(state)
    _distributing(sp)
    item = _common(cat, sp, uid)
    if sp.vote is not None and sp.vote.card == item.uid:
        raise RuleError(f"{item.uid} is being voted on ({sp.vote.id}): the vote decides who gets it")
    _room(state, exp, k, squire)
    sp.shares.setdefault(k.id, []).append(item.uid)
    if squire:
        sp.squire_shares.append(item.uid)
    return [said(xf.LootTaken(knight=k.name, card=loot_card(cat, item), squire=squire)),
            *_distribution_left(cat, state, exp)]


def _distribution_left(cat: Catalogue, state: CampaignState, exp: ExpeditionState) -> list[str]:
    sp = exp.spoils
    waiting = [k.name for k in living(state)
               if len([u for u in sp.shares.get(k.id, []) if u not in sp.squire_shares]) < share_size(exp, k.id)]
    if not sp.common_goods():
        return [said(xf.DistributionLeft(given_out=True))]
    return [said(xf.DistributionLeft(waiting=waiting))]


def open_vote(cat: Catalogue, state: CampaignState, uid: str) -> tuple[list[str], Decision]:
    """Rulebook, "Loot Distribution": "If players cannot agree who gets what, the majority wins, while ties are
    broken by the Party Leader." One vote per player (the owners of the living Knights)."""
    exp, sp = in_spoils(state)
    _distributing(sp)
    if sp.vote is not None:
        raise RuleError(f"vote {sp.vote.id} on {sp.vote.card} is still open; answer it with /spoils choose first")
    item = _common(cat, sp, uid)
    options = []
    for k in living(state):
        try:
            _room(state, exp, k, squire=False)
        except RuleError:
            continue
        options.append(k.id)
    if len(options) < 2:
        raise RuleError("a vote needs two Knights who can still choose a card; "
                        + (f"only {state.knights[options[0]].name} can: `/spoils take`" if options else "none can"))
    ident = decision_id(state, "vote", sp.votes_held)
    sp.votes_held += 1
    voters = list(dict.fromkeys(k.owner for k in living(state)))
    sp.vote = Vote(id=ident, card=item.uid, options=options, voters=voters)
    return [said(xf.VoteOpened(vote=sp.vote.id, card=loot_card(cat, item)))], vote_decision(cat, state, sp)


def vote_decision(cat: Catalogue, state: CampaignState, sp: SpoilsState) -> Decision:
    vote = sp.vote
    assert vote is not None
    item = sp.item(vote.card)
    assert item is not None
    options = vote.tie or vote.options
    who = [_leader_owner(state)] if vote.tie else [v for v in vote.voters if v not in vote.ballots]
    prompt = (f"Tie on {loot_name(cat, item)}: the Party Leader breaks it" if vote.tie
              else f"Who gets {loot_name(cat, item)}?")
    return Decision(id=vote.id, kind="spoils_vote", prompt=prompt, options=options,
                    labels=[state.knights[o].name for o in options], who=[w for w in who if w],
                    answer=VOTE_ANSWER)


def _leader_owner(state: CampaignState) -> str:
    exp = state.expedition
    lead = state.knights.get(exp.party_leader) if exp is not None and exp.party_leader else None
    return lead.owner if lead is not None else ""


def cast(cat: Catalogue, state: CampaignState, decision: str, voter: str, option: str,
         gm: bool) -> tuple[list[str], Decision | None]:
    """A ballot (or the Party Leader's tie-break). Returns the narration and the Decision still open, if any."""
    exp, sp = in_spoils(state)
    vote = sp.vote
    if vote is None or vote.id != decision:
        raise RuleError(f"decision {decision!r} is no longer waiting (closed, or never asked); nothing was changed")
    choices = vote.tie or vote.options
    wanted = next((o for o in choices if option in (o, state.knights[o].name.lower(), state.knights[o].name)), None)
    if wanted is None:
        names = ", ".join(f"{o} ({state.knights[o].name})" for o in choices)
        raise RuleError(f"option {option!r} is not one of this vote's answers: {names}")
    if vote.tie:
        if voter != _leader_owner(state) and not gm:
            raise RuleError("the tie is broken by the Party Leader (or the GM); nothing was changed")
        return _award(cat, state, exp, wanted, "leader"), None
    if voter not in vote.voters:
        raise RuleError("only the players of the living Knights vote; nothing was changed")
    if voter in vote.ballots:
        raise RuleError("you have voted already in this vote; nothing was changed")
    vote.ballots[voter] = wanted
    out = [said(xf.BallotCast(knight=state.knights[wanted].name, cast=len(vote.ballots), voters=len(vote.voters)))]
    if len(vote.ballots) < len(vote.voters):
        return out, vote_decision(cat, state, sp)
    tally = Counter(vote.ballots.values())
    top = max(tally.values())
    tied = [o for o in vote.options if tally.get(o) == top]
    if len(tied) == 1:
        return out + _award(cat, state, exp, tied[0], "majority", top), None
    lead_ballot = vote.ballots.get(_leader_owner(state))
    if lead_ballot in tied:
        return out + _award(cat, state, exp, lead_ballot, "leader_vote"), None
    vote.tie = tied
    out.append(said(xf.VoteTied(knights=[state.knights[o].name for o in tied])))
    return out, vote_decision(cat, state, sp)


def _award(cat: Catalogue, state: CampaignState, exp: ExpeditionState, kid: str,
           how: Literal["leader", "majority", "leader_vote"], votes: int = 0) -> list[str]:
    sp = exp.spoils
    assert sp.vote is not None
    item = sp.item(sp.vote.card)
    assert item is not None
    sp.vote = None
    sp.shares.setdefault(kid, []).append(item.uid)
    return [said(xf.LootAwarded(knight=state.knights[kid].name, card=loot_card(cat, item), how=how, votes=votes)),
            *_distribution_left(cat, state, exp)]


# --- the Spare Scrap ---------------------------------------------------------------------------------------------


def scrap_order(state: CampaignState, exp: ExpeditionState) -> list[str]:
    """Rulebook: "one by one, starting from the Party Leader, then going clockwise". The seating lists each Knight's
    right as the next; clockwise round a table passes to each one's left: the seating read backwards
    (docs/rulings.md, "The Spare Scrap goes clockwise")."""
    alive = [k.id for k in living(state)]
    seats = [s for s in exp.seating if s in alive] + [s for s in alive if s not in exp.seating]
    if not seats:
        return []
    start = seats.index(exp.party_leader) if exp.party_leader in seats else 0
    return [seats[(start - i) % len(seats)] for i in range(len(seats))]


def scrap_turn(state: CampaignState, exp: ExpeditionState) -> str | None:
    order = scrap_order(state, exp)
    if not order:
        return None
    taken = sum(len(v) for v in exp.spoils.spare.values())
    return order[taken % len(order)]


@implements("Spoils", tests=[T + "test_spare_scrap_in_turn_from_the_party_leader"])
def scrap(cat: Catalogue, state: CampaignState, k: KnightState, uid: str) -> list[str]:
    """Rulebook: "The remaining Common Goods become the Spare Scrap—one by one, starting from the Party Leader, then
    going clockwise, each Knight takes one card from the Spare Scrap until there are none left."."""
    exp, sp = in_spoils(state)
    if sp.vote is not None:
        raise RuleError(f"vote {sp.vote.id} is still open; the Spare Scrap comes after the distribution")
    if not sp.scrap_started:
        waiting = [x.name for x in living(state)
                   if len([u for u in sp.shares.get(x.id, []) if u not in sp.squire_shares]) < share_size(exp, x.id)]
        if waiting and sp.common_goods():
            raise RuleError(f"the distribution is not finished: {', '.join(waiting)} still choose(s) a card")
    turn = scrap_turn(state, exp)
    if turn != k.id:
        raise RuleError(f"it is {state.knights[turn].name}'s turn to take from the Spare Scrap" if turn
                        else "no Knight can take from the Spare Scrap")
    item = _common(cat, sp, uid)
    sp.scrap_started = True
    sp.spare.setdefault(k.id, []).append(item.uid)
    left = sp.common_goods()
    nxt = scrap_turn(state, exp)
    return [said(xf.ScrapTaken(knight=k.name, card=loot_card(cat, item),
                               next=state.knights[nxt].name if left and nxt else ""))]


# --- exchanges ----------------------------------------------------------------------------------------------------


def _own(sp: SpoilsState, k: KnightState, uid: str) -> tuple[str, bool]:
    """(uid, from the Spare Scrap) of a card the Knight holds and has not exchanged."""
    u = uid.upper()
    if u in sp.exchanged:
        raise RuleError(f"{u} was already exchanged")
    if u in sp.shares.get(k.id, []):
        return u, False
    if u in sp.spare.get(k.id, []):
        return u, True
    raise RuleError(f"{k.name} holds no Loot card {u} (their cards: "
                    + (", ".join(sp.shares.get(k.id, []) + sp.spare.get(k.id, [])) or "none") + ")")


def gold_value(cat: Catalogue, item: LootItem) -> int:
    card = cat.loot.get(item.card)
    return card.gold if card is not None else 0


@implements("Spoils Phase", tests=[T + "test_gear_above_the_allowed_tier_is_refused",
                                   T + "test_the_higher_tier_monster_exception",
                                   T + "test_spare_scrap_is_gold_only"])
def exchange(cat: Catalogue, state: CampaignState, k: KnightState, uid: str, for_gold: bool,
             gid: str | None, onto: str | None) -> list[str]:
    """Rulebook: "When exchanging Loot cards for Gear, you must always exchange it for a Gear card of your current or
    a lower tier. If, for any reason, you cannot choose any of the cards ..., you must exchange that Loot card for
    Gold instead."; Spare Scrap: "you may exchange all of those Loot cards for Gold now (they cannot be exchanged for
    Gear anymore!)"; "Consumables ... once picked up they are immediately unlocked in the Merchant Workshop"."""
    _, sp = in_spoils(state)
    u, spare = _own(sp, k, uid)
    item = sp.item(u)
    assert item is not None
    if for_gold:
        if gid is not None or onto is not None:
            raise RuleError("for:gold takes no gear: or onto:")
        gold = gold_value(cat, item)
        k.sheet.gold += gold
        sp.exchanged[u] = Exchanged(knight=k.id, how="gold", gold=gold)
        return [said(xf.LootForGold(knight=k.name, card=loot_card(cat, item), gold=gold, total=k.sheet.gold))]
    if spare:
        raise RuleError(f"{u} is Spare Scrap: it can be exchanged for Gold only (\"they cannot be exchanged for Gear "
                        "anymore!\"); use for:gold")
    can = available(cat, state, k.sheet.tier, item)
    if gid is None:
        raise RuleError(f"name the card with gear:<id>; {k.name} may take: " + (", ".join(can) or
                        "none — exchange it for Gold (for:gold)"))
    if gid not in candidates(cat, item):
        raise RuleError(f"{gid!r} is not what {loot_name(cat, item)} exchanges for; {k.name} may take: "
                        + (", ".join(can) or "none — exchange it for Gold (for:gold)"))
    card = card_of(cat, gid)
    assert card is not None
    if gid not in can:
        if gid in held_gear(state):
            why = f"{card.name} is already held by a Knight (each card is one card)"
        else:
            top = allowed_tier(cat, k.sheet.tier, item)
            why = (f"{card.name} is {card.tier.capitalize()} tier, above the {top.capitalize()} tier "
                   f"{k.name} may take (\"a Gear card of your current or a lower tier\")")
        raise RuleError(f"{why}; {k.name} may take: " + (", ".join(can) or "none — exchange it for Gold (for:gold)"))
    out: list[str]
    if item.type == "upgrade":
        if onto is None:
            raise RuleError(f"an Upgrade card attaches to a Gear card: add onto:<gear id> ({k.name}'s Armory: "
                            + (", ".join(a.gear for a in k.sheet.armory) or "empty") + ")")
        out = lo.attach_upgrade(cat, k, onto, gid)
        sp.exchanged[u] = Exchanged(knight=k.id, how="upgrade", gear=gid)
    else:
        if onto is not None:
            raise RuleError("onto: is for Upgrade Loot only")
        k.sheet.armory.append(ArmoryItem(gear=gid))
        out = [said(xf.JoinsArmory(knight=k.name, gear=card.name))]
        if item.type == "consumable":
            sp.exchanged[u] = Exchanged(knight=k.id, how="consumable", gear=gid)
            if gid not in state.unlocked_consumables:
                state.unlocked_consumables.append(gid)
                out.append(said(xf.ConsumableUnlocked(gear=card.name)))
        else:
            sp.exchanged[u] = Exchanged(knight=k.id, how="gear", gear=gid)
    return [said(xf.LootExchanged(knight=k.name, card=loot_card(cat, item))), *out]


# --- the end -----------------------------------------------------------------------------------------------------


def finish(engine: Engine, state: CampaignState) -> list[str]:
    """`/spoils done`: every card still held is cashed for Gold (the Spare Scrap "at the end of the Gambling step"),
    then the Expedition ends."""
    from rules.expedition import phases as ph

    exp, sp = in_spoils(state)
    cat = engine.catalogue
    if sp.vote is not None:
        raise RuleError(f"vote {sp.vote.id} is still open: answer it first (/spoils choose)")
    left = sp.common_goods()
    if left:
        raise RuleError("the Common Goods are not all taken: " + ", ".join(loot_name(cat, i) for i in left)
                        + " (`/spoils take` or `/spoils scrap`)")
    out = []
    for kid, uids in list(sp.shares.items()) + list(sp.spare.items()):
        k = state.knights.get(kid)
        for u in uids:
            if u in sp.exchanged or k is None:
                continue
            item = sp.item(u)
            assert item is not None
            gold = gold_value(cat, item)
            k.sheet.gold += gold
            sp.exchanged[u] = Exchanged(knight=kid, how="gold", gold=gold)
            out.append(said(xf.LootForGold(knight=k.name, card=loot_card(cat, item), gold=gold, total=k.sheet.gold,
                                           cashed=True)))
    sp.done = True
    return out + ph.advance(engine, state, exp)


def status(cat: Catalogue, state: CampaignState) -> dict[str, object]:
    sp = spoils_of(state)
    exp = state.expedition
    assert exp is not None
    turn = scrap_turn(state, exp) if exp.step == "spoils" else None
    return {
        "loot_deck": [i.model_dump() | {"name": cat.loot[i.card].name if i.card in cat.loot else i.card}
                      for i in sp.loot],
        "common_goods": [i.uid for i in sp.common_goods()],
        "shares": sp.shares, "share_sizes": {k.id: share_size(exp, k.id) for k in living(state)},
        "squire_shares": sp.squire_shares, "squires": len(state.squires),
        "spare_scrap": sp.spare, "scrap_turn": turn, "scrap_order": scrap_order(state, exp),
        "exchanged": {u: e.model_dump() for u, e in sp.exchanged.items()},
        "vote": sp.vote.model_dump() if sp.vote else None,
"returned": sp.returned, "started": sp.started, "done": sp.done,
        "gambles": sp.gambles,
    }
