"""The Outpost Phase (rulebook "Outpost Phase" to "Knight Loadouts"): the Early Bird of the first section visited,
the Inn, the Notice Board's Contracts, the Scouts Guild, the Mercenary Guild, the Merchant Workshop with Reforging,
the Shrine of the Saints, then the Loadouts locked and on to the Delve. Content: content/schema/outpost.py; the
state: rules/expedition/outpost_state.py; docs/outpost.md."""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.gear import TIERS, Gear
from content.schema.outpost import AddExploration, Contract, LookExploration, Mercenary, Outpost, PlaceTiles, Scout
from rules.coverage import implements
from rules.delve import scouting
from rules.dice import Dice
from rules.engine import Engine, Event, observes
from rules.errors import RuleError
from rules.expedition import outpost_facts as of
from rules.expedition import phases as ph
from rules.expedition.outpost_facts import (
    ContractFulfilled,
    ContractSigned,
    EarlyBird,
    GearBought,
    InnRolled,
    MercenaryJoins,
    MercenaryUsed,
    PatrolLooked,
    PatrolMayBottom,
    SaintGained,
    ScoutApplied,
    ScoutEmployed,
)
from rules.expedition.outpost_state import HiredMercenary, InnVisit, OutpostState, ScoutHired, Section
from rules.expedition.state import ExpeditionState
from rules.facts import random_targets_said, said
from rules.knights import expedition as kx
from rules.knights import loadout as lo
from rules.knights.state import ArmoryItem, KnightState
from rules.state import CampaignState

T = "tests/outpost/test_outpost.py::"
M = "tests/outpost/test_mercenaries.py::"
W = "tests/outpost/test_merchant.py::"
MAX_MERCENARIES = 4
V = "tests/expedition/test_vices.py::"
TREACHERY_GOLD = 2  # "Mercenary cards you have cost +2 Gold to use."
SECTION_LABEL: dict[Section, str] = {
    "inn": "the Inn", "notice_board": "the Notice Board", "scouts": "the Scouts Guild",
    "mercenaries": "the Mercenary Guild", "merchant": "the Merchant Workshop", "shrine": "the Shrine of the Saints",
}


# -- finding things --------------------------------------------------------------------------------------------


def outpost_content(cat: Catalogue, ost: OutpostState) -> Outpost:
    found = cat.outposts.get(ost.outpost)
    if found is None:
        raise RuleError(f"the Outpost {ost.outpost!r} is not in the loaded packs any more")
    return found


def party(state: CampaignState) -> list[KnightState]:
    """The Knights on this Expedition: every living Knight of the campaign not set aside."""
    aside = set(state.progress.set_aside)
    return [k for k in state.knights.values() if not k.dead and k.id not in aside]


def knight(state: CampaignState, kid: str) -> KnightState:
    k = state.knights.get(kid)
    if k is None:
        raise RuleError(f"there is no Knight {kid!r} in this campaign")
    return k


@implements("Outpost Setup", tests=[T + "test_outpost_needs_the_outpost_phase_and_a_kingdom_with_an_outpost"])
def open_outpost(engine: Engine, state: CampaignState) -> tuple[ExpeditionState, OutpostState, Outpost]:
    """Rulebook, "Outpost Setup": "Find the Outpost in the Codex of the Kingdom you are venturing into." The
    Outpost's activities are only open during the Outpost Phase, and until the party moves on."""
    exp = ph.expedition(state)
    if exp.step != "outpost":
        raise RuleError(f"the Outpost is open during the Outpost Phase only; the party is in {ph.LABEL[exp.step]}")
    if exp.outpost is None:
        kingdom = exp.destination
        found = next((o for o in engine.catalogue.outposts.values() if o.kingdom == kingdom), None)
        if found is None:
            raise RuleError(f"no loaded pack has an Outpost for the Kingdom {kingdom!r}; play its Codex by hand and "
                            "move on with /expedition next")
        exp.outpost = OutpostState(outpost=found.id)
    if exp.outpost.done:
        raise RuleError("the party has left the Outpost: the Loadouts are locked")
    return exp, exp.outpost, outpost_content(engine.catalogue, exp.outpost)


@implements("Outpost Activities", tests=[T + "test_early_bird_only_for_the_first_section"])
def visit(state: CampaignState, ost: OutpostState, o: Outpost, section: Section) -> list[str]:
    """Rulebook, "Outpost Activities": "The place you visit first will have a special bonus that is represented by
    the Early Bird effect visible at the top of every section. Your party may use any number of sections in the
    Outpost, but only the first one will grant you the Early Bird effect." Any activity in a section visits it."""
    if section in ost.visited:
        return []
    ost.visited.append(section)
    sec = o.section(section)
    if len(ost.visited) > 1:
        return [said(of.SectionVisited(section=sec.name, label=SECTION_LABEL[section]))]
    bird = sec.early_bird
    out = [said(EarlyBird(section=sec.name, label=SECTION_LABEL[section], text=bird.text)),
           *random_targets_said(bird.text)]
    if bird.gold:
        for k in party(state):
            k.sheet.gold += bird.gold
        out.append(said(of.PartyGold(amount=bird.gold, why="early_bird")))
    if bird.discount:
        out.append(said(of.SectionDiscount(section=sec.name, discount=bird.discount)))
    return out


def discount(ost: OutpostState, o: Outpost, section: Section) -> int:
    return o.section(section).early_bird.discount if ost.early_bird == section else 0


@implements("Gold", tests=[T + "test_gold_never_negative_and_nothing_changes_on_refusal"])
def pay(k: KnightState, cost: int, what: str) -> list[str]:
    """Rulebook, "Gold": "If something has a cost, and the type or nature of that cost is uncertain, it is gold."
    A Knight pays from their own Gold and never goes below 0."""
    if cost <= 0:
        return []
    if k.sheet.gold < cost:
        raise RuleError(f"{what} costs {cost} Gold; {k.name} has {k.sheet.gold}")
    k.sheet.gold -= cost
    return [said(of.OutpostPaid(knight=k.name, cost=cost, left=k.sheet.gold))]


# -- the Inn -----------------------------------------------------------------------------------------------------


@implements("The Inn", tests=[T + "test_inn_roll_once_per_outpost"])
def inn(state: CampaignState, ost: OutpostState, o: Outpost, dice: Dice) -> list[str]:
    """Rulebook, "The Inn": "Just roll the dice and check who you meet." One roll per Outpost Phase (ruling)."""
    if ost.inn is not None:
        raise RuleError(f"the party has already been to the Inn this Outpost Phase (rolled {ost.inn.natural}: "
                        f"{ost.inn.entry})")
    out = visit(state, ost, o, "inn")
    natural = dice.d10("the Inn")
    row = next(e for e in o.sections.inn.table if e.low <= natural <= e.high)
    ost.inn = InnVisit(natural=natural, entry=row.name)
    out += [said(InnRolled(natural=natural, entry=row.name, text=row.text)), *random_targets_said(row.text)]
    if row.gold:
        for k in party(state):
            k.sheet.gold = max(0, k.sheet.gold + row.gold)
        out.append(said(of.PartyGold(amount=row.gold, why="inn")))
    return out


# -- the Notice Board --------------------------------------------------------------------------------------------


def contract_of(o: Outpost, cid: str) -> Contract:
    found = next((c for c in o.sections.notice_board.contracts if c.id == cid or c.name.lower() == cid.lower()), None)
    if found is None:
        names = "; ".join(f"{c.name} (`{c.id}`, {c.tier})" for c in o.sections.notice_board.contracts)
        raise RuleError(f"the Notice Board has no Contract {cid!r}; its Contracts: {names}")
    return found


@implements("The Notice Board", tests=[T + "test_contract_above_the_party_leaders_tier_is_refused",
                                       T + "test_one_contract_per_expedition_and_checkboxes"])
def sign(state: CampaignState, exp: ExpeditionState, ost: OutpostState, o: Outpost, cid: str) -> list[str]:
    """Rulebook, "The Notice Board": "you may only sign Contracts up to your Party Leader's tier!"; "you cannot sign
    Contracts that have this checkbox marked"; "Your party, as a group, can only have one signed Contract per
    Expedition." There is no cost for signing."""
    c = contract_of(o, cid)
    if ost.contract is not None:
        raise RuleError(f"the party has signed {contract_of(o, ost.contract).name} already: one signed Contract per "
                        "Expedition")
    if exp.party_leader is None or exp.party_leader not in state.knights:
        raise RuleError("the Party Leader's tier decides which Contracts may be signed: name the Party Leader first")
    leader = state.knights[exp.party_leader]
    if TIERS.index(c.tier) > TIERS.index(leader.sheet.tier):
        raise RuleError(f"{c.name} is a {c.tier.capitalize()} Tier Contract; the Party Leader {leader.name} is "
                        f"{leader.sheet.tier.capitalize()} Tier: you may only sign Contracts up to your Party "
                        "Leader's tier")
    if c.checkbox and c.id in state.outpost_unlocks.contracts_marked:
        raise RuleError(f"{c.name}'s checkbox is marked: it has been fulfilled and is not repeatable")
    out = visit(state, ost, o, "notice_board")
    ost.contract = c.id
    return out + [said(ContractSigned(contract=c.name, tier=c.tier, objective=c.objective, rewards=c.rewards))]


def fulfil(state: CampaignState, exp: ExpeditionState, cat: Catalogue) -> list[str]:
    """Rulebook, "The Notice Board": "every participating Knight will partake in the rewards of a fulfilled
    Contract"; "When you fulfill one of those Contracts, you will be instructed to mark that Contract's
    checkbox"."""
    ost = exp.outpost
    if ost is None or ost.contract is None:
        raise RuleError("the party has signed no Contract this Expedition")
    if ost.contract_fulfilled:
        raise RuleError("the signed Contract is fulfilled already")
    c = contract_of(outpost_content(cat, ost), ost.contract)
    ost.contract_fulfilled = True
    out = [said(ContractFulfilled(contract=c.name, rewards=c.rewards))]
    if c.gold:
        for k in party(state):
            k.sheet.gold += c.gold
        out.append(said(of.PartyGold(amount=c.gold, why="contract")))
    if c.checkbox and c.id not in state.outpost_unlocks.contracts_marked:
        state.outpost_unlocks.contracts_marked.append(c.id)
        out.append(said(of.ContractMarked(contract=c.name)))
    return out


# -- the Scouts Guild --------------------------------------------------------------------------------------------


S = "tests/outpost/test_scouts.py::"


def hire_scout(state: CampaignState, ost: OutpostState, o: Outpost, sid: str, payer: KnightState) -> list[str]:
    """Rulebook, "Scouts Guild": "At the Scouts Guild you can employ Scouts to complete various tasks for your
    party". Each Scout is hired once per Expedition (ruling). Its effect reaches the Delve through the observer
    ``scouts_in_the_delve`` (at Kingdom Setup, or at once when the Delve is set up already)."""
    sc = next((s for s in o.sections.scouts.scouts if s.id == sid or s.name.lower() == sid.lower()), None)
    if sc is None:
        names = "; ".join(f"{s.name} (`{s.id}`, {s.category})" for s in o.sections.scouts.scouts)
        raise RuleError(f"the Scouts Guild has no Scout {sid!r}; its Scouts: {names}")
    if any(h.id == sc.id for h in ost.scouts):
        raise RuleError(f"{sc.name} is already hired for this Expedition")
    out = visit(state, ost, o, "scouts")
    cost = max(0, sc.cost - discount(ost, o, "scouts"))
    out += pay(payer, cost, sc.name)
    ost.scouts.append(ScoutHired(id=sc.id, name=sc.name, category=sc.category, paid_by=payer.id))
    out.append(said(ScoutEmployed(scout=sc.name, category=sc.category, text=sc.text)))
    if sc.effect is not None:
        out.append(said(ScoutApplied(when="setup" if state.delve is None else "now")))
    elif sc.command:
        out.append(said(ScoutApplied(when="by_hand", command=sc.command)))
    return out


@implements("Scouts Guild", tests=[S + "test_recon_scout_places_additional_kingdom_tiles",
                                   S + "test_patrol_scout_looks_at_the_top_exploration_cards_at_setup",
                                   S + "test_survey_scout_adds_a_card_to_the_exploration_deck",
                                   S + "test_a_scout_hired_when_the_delve_is_set_up_acts_at_once"],
            note="Recon places tiles face down, Patrol looks at (and may bottom) Exploration cards, Survey adds "
            "Exploration cards, at Kingdom Setup; a Scout without a typed effect is shown to be applied by hand")
def scout_setup(engine: Engine, state: CampaignState, h: ScoutHired, sc: Scout) -> list[str]:
    """Apply a hired Scout's effect to the Delve just set up (rulebook, "Scouts Guild": Scouts "give you an upper
    hand during a Delve"): Recon places tiles, Patrol looks at the top Exploration cards, Survey adds cards."""
    delve = state.delve
    assert delve is not None and sc.effect is not None
    h.set_up = True
    kingdom = engine.catalogue.kingdoms.get(delve.kingdom)
    tiles = engine.catalogue.kingdom_tiles.get(delve.kingdom, {})
    if kingdom is None:
        return [said(of.ScoutSetUp(scout=sc.name, kind="unloaded", by_hand=delve.kingdom, text=sc.text))]
    eff = sc.effect
    if isinstance(eff, PlaceTiles):
        state.delve, placed = scouting.place_rings(delve, tiles, eff.rings)
        h.applied = True
        return [said(of.ScoutSetUp(scout=sc.name, kind="recon", cards=list(placed)))]
    if isinstance(eff, LookExploration):
        h.looked = True
        h.seen = scouting.look(delve, eff.look)
        out = [said(PatrolLooked(scout=sc.name, cards=[(kingdom.exploration_card(c).name, c) for c in h.seen]))]
        if eff.to_bottom and h.seen:
            out.append(said(PatrolMayBottom(scout_id=sc.id, to_bottom=eff.to_bottom)))
        else:
            h.applied = True
        return out
    assert isinstance(eff, AddExploration)
    try:
        state.delve = scouting.add_cards(delve, kingdom, eff.cards, eff.depth)
    except RuleError as e:
        return [said(of.ScoutSetUp(scout=sc.name, kind="survey", by_hand=str(e), text=sc.text))]
    h.applied = True
    added = [kingdom.exploration_card(c).name for c in eff.cards]
    return [said(of.ScoutSetUp(scout=sc.name, kind="survey", cards=added, depth=eff.depth))]


@observes
def scouts_in_the_delve(engine: Engine, state: CampaignState) -> list[Event]:
    """After every action: a Scout hired this Expedition whose effect has not reached the Delve yet acts as soon as
    the Delve is set up (``/delve start`` is Kingdom Setup; a Scout hired later acts at once)."""
    exp = state.expedition
    if state.delve is None or exp is None or exp.outpost is None:
        return []
    # Recon and Survey first, so that a Patrol Scout looks at the Exploration deck as it will be drawn (ruling)
    todo = sorted((h for h in exp.outpost.scouts if not h.set_up), key=lambda h: h.category == "patrol")
    if not todo:
        return []
    o = engine.catalogue.outposts.get(exp.outpost.outpost)
    texts: list[str] = []
    for h in todo:
        sc = next((s for s in o.sections.scouts.scouts if s.id == h.id), None) if o is not None else None
        if sc is None or sc.effect is None:
            h.set_up = True
            continue
        texts += scout_setup(engine, state, h, sc)
    return [Event(kind="scouts", text=t) for t in texts]


@implements("Scouts Guild", tests=[S + "test_patrol_scout_looks_at_the_top_exploration_cards_at_setup",
                                   T + "test_patrol_scout_looks_and_puts_a_card_at_the_bottom"],
            note="`/scout use`: a Patrol Scout puts cards it looked at at the bottom; a Scout without a typed effect "
            "is marked done after the players apply it by hand")
def use_scout(engine: Engine, state: CampaignState, sid: str, cards: list[str]) -> list[str]:
    """Rulebook, "Scouts Guild": "Patrol Scouts allow you to look up cards from the Exploration deck." A Patrol Scout
    looked at the top cards at Kingdom Setup; ``cards:`` (up to its ``to_bottom``, from those) go to the bottom, in
    that order. A Scout without a typed effect is shown to be applied by hand and marked."""
    exp = ph.expedition(state)
    if exp.phase != "delve":
        raise RuleError(f"Scouts help during the Delve; the party is in {ph.LABEL[exp.step]}")
    hired = exp.outpost.scouts if exp.outpost is not None else []
    h = next((x for x in hired if sid.lower() in (x.id, x.name.lower())), None)
    if h is None:
        shown = ", ".join(f"{x.name} (`{x.id}`)" for x in hired) or "none"
        raise RuleError(f"no Scout {sid!r} was hired for this Expedition; hired: {shown}")
    if h.applied:
        raise RuleError(f"{h.name} has already done their task this Expedition")
    assert exp.outpost is not None
    sc = next(s for s in outpost_content(engine.catalogue, exp.outpost).sections.scouts.scouts if s.id == h.id)
    if sc.effect is None:
        if cards:
            raise RuleError(f"{sc.name} does not move Exploration cards; apply their task by hand")
        h.applied = True
        return [said(of.ScoutByHand(scout=sc.name, text=sc.text, command=sc.command or "", part=part))
                for part in ("text", "apply", "done")]
    delve = state.delve
    if delve is None or not h.looked or not isinstance(sc.effect, LookExploration):
        raise RuleError(f"{sc.name} acts by themselves at Kingdom Setup (`/delve start`); nothing to choose now")
    state.delve = scouting.to_bottom(delve, h.seen, cards, sc.effect.to_bottom)
    h.applied = True
    kingdom = engine.catalogue.kingdoms[delve.kingdom]
    return [said(of.PatrolBottomed(scout=sc.name, cards=[kingdom.exploration_card(c).name for c in cards]))]


# -- the Mercenary Guild -----------------------------------------------------------------------------------------


def all_mercenaries(cat: Catalogue) -> dict[str, Mercenary]:
    return {m.id: m for o in cat.outposts.values() for m in o.sections.mercenaries.mercenaries}


def mercenary_of(cat: Catalogue, mid: str) -> Mercenary:
    found = all_mercenaries(cat)
    m = found.get(mid) or next((x for x in found.values() if x.name.lower() == mid.lower()), None)
    if m is None:
        raise RuleError(f"there is no Mercenary {mid!r} in the loaded packs")
    return m


def available(state: CampaignState, o: Outpost, cat: Catalogue) -> dict[str, str | None]:
    """Mercenary id -> the Knight it is reserved to (None: anyone). Rulebook, "Mercenary Guild": "Initially, the
    Mercenary deck consists of only level 1 Mercenary cards"; "Unlocking Mercenaries": "Add all unlocked Mercenary
    cards to the Available Mercenary Deck."."""
    out: dict[str, str | None] = {m.id: None for m in o.sections.mercenaries.mercenaries if m.level == 1}
    in_party = {k.id for k in party(state)}
    for mid, kid in state.outpost_unlocks.mercenaries.items():
        if mid in all_mercenaries(cat) and (kid is None or kid in in_party) and out.get(mid, "x") is not None:
            out[mid] = kid
    return out


@implements("Mercenary Guild", tests=[M + "test_a_fifth_mercenary_is_refused", M + "test_mercenary_names_are_unique"])
def hire(state: CampaignState, ost: OutpostState, o: Outpost, cat: Catalogue, mid: str,
         payer: KnightState) -> list[str]:
    """Rulebook, "Mercenary Guild": "For the duration of an Expedition, the party can be accompanied by up to four
    Mercenaries."; "To recruit a Mercenary, you must pay the cost denoted on that Mercenary's card. You may recruit
    a Mercenary only if they do not share a name with another currently recruited Mercenary."."""
    m = mercenary_of(cat, mid)
    recruited = [h for h in ost.mercenaries if h.uses_left > 0]
    if len(recruited) >= MAX_MERCENARIES:
        raise RuleError(f"the party is accompanied by {MAX_MERCENARIES} Mercenaries already "
                        f"({', '.join(h.name for h in recruited)}): up to four per Expedition")
    if any(h.name.lower() == m.name.lower() for h in recruited):
        raise RuleError(f"{m.name} is recruited already: no two recruited Mercenaries may share a name")
    avail = available(state, o, cat)
    if m.id not in avail:
        raise RuleError(f"{m.name} is not in the Available Mercenary deck (level {m.level}): only level 1 "
                        "Mercenaries and unlocked ones (`/mercenary unlock`) can be hired")
    reserved = avail[m.id]
    if reserved is not None and reserved != payer.id:
        raise RuleError(f"{m.name} is unlocked only for {knight(state, reserved).name} (gained through their Knight "
                        "Campaign): only that Knight may hire them")
    out = visit(state, ost, o, "mercenaries")
    out += pay(payer, max(0, m.cost - discount(ost, o, "mercenaries")), m.name)
    ost.mercenaries = [h for h in ost.mercenaries if h.uses_left > 0]
    ost.mercenaries.append(HiredMercenary(id=m.id, name=m.name, paid_by=payer.id))
    side = m.sides[0]
    return out + [said(MercenaryJoins(mercenary=m.name, hired=len(ost.mercenaries), most=MAX_MERCENARIES,
                                      delve=(side.delve.name, side.delve.text),
                                      clash=(side.clash.name, side.clash.text)))]


@implements("Unlocking Mercenaries", tests=[M + "test_mercenary_unlocked_for_one_knight"])
def unlock(state: CampaignState, cat: Catalogue, mid: str, for_knight: KnightState | None) -> list[str]:
    """Rulebook, "Unlocking Mercenaries": "All Mercenaries that were gained via Knight Campaign are unlocked only
    for that Knight. Mercenaries gained from any other source (e.g. an Adventure or a Contract) are unlocked for
    everyone."."""
    m = mercenary_of(cat, mid)
    unl = state.outpost_unlocks.mercenaries
    if m.id in unl and (unl[m.id] is None or for_knight is not None and unl[m.id] == for_knight.id):
        raise RuleError(f"{m.name} is unlocked already")
    unl[m.id] = None if for_knight is None else for_knight.id
    out = [said(of.MercenaryUnlocked(mercenary=m.name, knight=for_knight.name if for_knight else ""))]
    if for_knight is not None and m.name not in for_knight.sheet.mercenaries:
        for_knight.sheet.mercenaries.append(m.name)
        out.append(said(of.MercenaryNoted(knight=for_knight.name)))
    return out


@implements("Vices", chapter="Other Rules", tests=[V + "test_treachery_mercenary_use_costs_two_gold"],
            note="Treachery: the Knight who recruited a Mercenary pays 2 Gold for each use")
def treachery(state: CampaignState, h: HiredMercenary, name: str) -> list[str]:
    """Rulebook, "Vices": "Treachery (Insight): Mercenary cards you have cost +2 Gold to use." Ruling: the
    Mercenary card is the recruiting Knight's (``paid_by``); with a Treachery mark, that Knight pays 2 Gold for
    each use (refused when they cannot pay: nothing is used)."""
    k = state.knights.get(h.paid_by)
    if k is None or k.sheet.vices.get("treachery", 0) <= 0:
        return []
    return [said(of.TreacheryCost(mercenary=name, gold=TREACHERY_GOLD))] + pay(k, TREACHERY_GOLD, f"Using {name}")


@implements("Mercenary Abilities", tests=[M + "test_mercenary_use_spends_a_use_and_flips_then_discards"])
def use(state: CampaignState, cat: Catalogue, name: str) -> tuple[list[str], dict[str, str | int]]:
    """Rulebook, "Mercenary Abilities": "When you use a Mercenary's ability for the first time, flip the Mercenary
    card to its used side. After you use the same Mercenary's ability for the second time, discard the Mercenary
    card. Uses do not refresh during a Clash Aftermath or Rest"."""
    exp = ph.expedition(state)
    if exp.phase not in ("delve", "clash"):
        raise RuleError(f"Mercenary abilities are used during the Delve or the Clash; the party is in "
                        f"{ph.LABEL[exp.step]}")
    hired = [h for h in (exp.outpost.mercenaries if exp.outpost else []) if h.uses_left > 0]
    h = next((x for x in hired if name.lower() in (x.name.lower(), x.id)), None)
    if h is None:
        shown = ", ".join(x.name for x in hired) or "none"
        raise RuleError(f"no recruited Mercenary is called {name!r}; with uses left: {shown}")
    m = mercenary_of(cat, h.id)
    side = m.sides[0] if h.uses_left == 2 else m.sides[1]
    ability = side.delve if exp.phase == "delve" else side.clash
    paid = treachery(state, h, m.name)
    h.uses_left -= 1
    h.log.append(f"{exp.step}: {ability.name}")
    text = said(MercenaryUsed(mercenary=m.name, ability=ability.name, text=ability.text, uses_left=h.uses_left))
    return paid + [text, "Apply it by hand with the usual commands."], {
        "mercenary": m.name, "ability": ability.name, "text": ability.text, "uses_left": h.uses_left,
        "phase": exp.phase}


# -- the Merchant Workshop ---------------------------------------------------------------------------------------


def stock(state: CampaignState, cat: Catalogue) -> list[Gear]:
    """Rulebook, "Outpost Setup": "the Merchant deck (including unlocked Consumable cards)"."""
    return [g for g in cat.gear.values() if (g.merchant or g.id in state.unlocked_consumables) and g.cost is not None]


@implements("The Merchant Workshop", tests=[W + "test_gear_above_a_knights_own_tier_is_not_sold"])
def buy(state: CampaignState, ost: OutpostState, o: Outpost, cat: Catalogue, k: KnightState, gid: str) -> list[str]:
    """Rulebook, "The Merchant Workshop": "when buying equipment from the Merchant Workshop, you check the tier of
    your own campaign, not that of the Party Leader's. ... To buy a Gear card, pay the cost denoted on the card and
    add that card to your Knight Armory"."""
    g = lo.gear(cat, gid)
    if g not in stock(state, cat):
        raise RuleError(f"{g.name} is not in the Merchant deck: the Merchant sells Merchant Gear and the Consumables "
                        "the campaign unlocked")
    if TIERS.index(g.tier) > TIERS.index(k.sheet.tier):
        raise RuleError(f"{g.name} is {g.tier.capitalize()} Tier; {k.name} is {k.sheet.tier.capitalize()} Tier: the "
                        "Merchant sells Gear up to the buyer's own tier (not the Party Leader's)")
    if lo.armory_item(k, g.id) is not None:
        raise RuleError(f"{g.name} is already in {k.name}'s Armory")
    out = visit(state, ost, o, "merchant")
    out += pay(k, max(0, (g.cost or 0) - discount(ost, o, "merchant")), g.name)
    k.sheet.armory.append(ArmoryItem(gear=g.id, just_bought=True))
    ost.bought.setdefault(k.id, []).append(g.id)
    return out + [said(GearBought(knight=k.name, gear=g.name, tier=g.tier, type=g.type))]


@implements("Reforging Gear", tests=[W + "test_reforging_gear_bought_this_outpost_is_refused"])
def reforge(state: CampaignState, ost: OutpostState, o: Outpost, cat: Catalogue, k: KnightState,
            gid: str) -> list[str]:
    """Rulebook, "Reforging Gear": "You may reforge any Merchant Gear you own. However, you cannot reforge a Gear
    card you just bought during that same Outpost Phase. To reforge Gear, pay the cost denoted on the reforged side
    of its card."."""
    g = lo.gear(cat, gid)
    if g.id in ost.bought.get(k.id, []):
        raise RuleError(f"{k.name} bought {g.name} during this Outpost Phase: you cannot reforge a Gear card you just "
                        "bought during that same Outpost Phase")
    if lo.armory_item(k, g.id) is None:
        raise RuleError(f"{g.name} is not in {k.name}'s Armory")
    out = visit(state, ost, o, "merchant")
    off = discount(ost, o, "merchant")
    if off and g.reforged is not None:
        off = min(off, g.reforged.reforge_cost)
        k.sheet.gold += off  # the Early Bird's discount; lo.reforge pays the printed cost
        out.append(said(of.ReforgeDiscount(off=off)))
    out += lo.reforge(cat, k, g.id)
    ost.reforged.setdefault(k.id, []).append(g.id)
    return out


# -- the Shrine of the Saints ------------------------------------------------------------------------------------


@implements("Shrine of the Saints", tests=[T + "test_shrine_spends_devotion_for_a_free_saint"])
def shrine(state: CampaignState, ost: OutpostState, o: Outpost, k: KnightState, saint: str) -> list[str]:
    """Rulebook, "Shrine of the Saints": "each Knight can spend a Devotion token to gain a patron Saint from among
    the unlocked Saints. A given Saint can be patron to only one Knight at a time."."""
    saints = state.progress.saints
    sid = saint if saint in saints else next((i for i, s in saints.items() if s.name.lower() == saint.lower()), None)
    if sid is None:
        shown = ", ".join(s.name for s in saints.values()) or "none yet"
        raise RuleError(f"{saint!r} is not an unlocked Saint; unlocked Saints: {shown}")
    s = saints[sid]
    if s.holder is not None:
        holder = state.knights[s.holder].name if s.holder in state.knights else s.holder
        raise RuleError(f"{s.name} is patron to {holder} already: a Saint is patron to only one Knight at a time")
    if any(x.holder == k.id for x in saints.values()):
        raise RuleError(f"{k.name} has a patron Saint already")
    dev = state.progress.devotees.get(k.id)
    if dev is None or dev.devotion < 1:
        raise RuleError(f"{k.name} has no Devotion token to spend at the Shrine")
    out = visit(state, ost, o, "shrine")
    dev.devotion -= 1
    s.holder = k.id
    ost.shrine[k.id] = sid
    return out + [said(SaintGained(knight=k.name, devotion=dev.devotion, saint=s.name))]


# -- Onward ------------------------------------------------------------------------------------------------------


@implements("Outpost Phase", tests=[T + "test_outpost_done_locks_loadouts_and_enters_the_delve"])
def done(engine: Engine, state: CampaignState, exp: ExpeditionState, ost: OutpostState) -> list[str]:
    """Rulebook, "Outpost Phase": "Outpost Activities", "Preparing Loadouts: Each player prepares their Knight's
    Loadout.", "Onward: You are ready to proceed to the Delve Phase."; "Knight Loadouts": "once you begin the Delve
    Phase, you won't be able to change your Loadout until the Spoils Phase"."""
    out: list[str] = []
    for k in party(state):
        if not k.locked:
            out += kx.start(engine.catalogue, k)
    ost.done = True
    return out + ph.advance(engine, state, exp)
