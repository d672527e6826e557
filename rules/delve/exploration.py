"""The Exploration step (rulebook "3. Exploration Step", "Exploration Card Effect Types", "Special Exploration
Cards") and Exploration Ciphers ("Exploration Ciphers", "Kingdom Tile Anatomy").

Pure functions on the campaign state; the handlers are in rules/delve/handlers.py. Typed effects go through the
Kingdom track rules (rules/delve/track.py, via ``fog.apply_printed``) and the Knights' statistics
(rules/knights/statistics.py); Knight effects of an Exploration card go to the Party Leader (docs/rulings.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from content.loader import Catalogue
from content.schema.cards import LoseVigor
from content.schema.delve_effects import Printed, Scavenge, TrackSave
from content.schema.kingdom import EnterSave, ExplorationCard, Kingdom, KingdomTile
from rules import rolls
from rules.coverage import implements
from rules.delve import exploration_facts as xf
from rules.delve import fog as fr
from rules.delve import lingering
from rules.delve import peril as dp
from rules.delve import track as tr
from rules.delve.state import DelveState
from rules.dice import Dice
from rules.errors import RuleError
from rules.facts import random_targets_said, said
from rules.state import CampaignState

T = "tests/delve/test_exploration.py::"

# A Kingdom Adventure rolled by an effect (``type: adventure``): rules/delve/adventures.py registers its ``trigger``
# here with ``triggers_adventures``, since an Adventure's own effects go through ``apply_effects`` (no import cycle).
AdventureTrigger = Callable[[Catalogue, Kingdom, CampaignState, Dice, "str | None"],
                            tuple[list[str], list[int], dict[str, Any]]]
_ADVENTURE: list[AdventureTrigger] = []


def triggers_adventures(fn: AdventureTrigger) -> AdventureTrigger:
    _ADVENTURE[:] = [fn]
    return fn


def _leader(state: CampaignState) -> list[str]:
    assert state.delve is not None
    leader = state.delve.leader
    return [leader] if leader is not None and leader in state.knights else []


def _targets(state: CampaignState, card: ExplorationCard | None) -> tuple[list[str], str]:
    if card is not None and card.knights == "each":
        return [k.id for k in state.knights.values() if not k.dead], "each Knight"
    return _leader(state), "the Party Leader"


def _apply(cat: Catalogue, kingdom: Kingdom, state: CampaignState, printed: Printed,
           card: ExplorationCard | None = None, dice: Dice | None = None) -> tuple[list[str], list[int]]:
    """Typed effects through the rules; ``text`` effects (or no typed effect at all) shown to apply by hand."""
    knights, who = _targets(state, card)
    source = f"the Exploration card {card.name}" if card is not None else None
    return apply_effects(cat, kingdom, state, printed, knights=knights, who=who, dice=dice, source=source)


def apply_effects(cat: Catalogue, kingdom: Kingdom, state: CampaignState, printed: Printed, *, knights: list[str],
                  who: str, dice: Dice | None, source: str | None = None) -> tuple[list[str], list[int]]:
    """The Delve's printed effects: the track and Knight effects (``fog.apply_printed``), a Curse or Threat Save
    (rolled with ``dice``), "Resolve an Encounter" (due with the Monster of the party's district), a Kingdom
    Adventure (the d100 rolled); a Knight's Vigor loss lessened by a card in play that says so."""
    texts: list[str] = []
    reached: list[int] = []
    if not printed.effects:
        return [said(xf.DelveByHand(text=printed.text)), *random_targets_said(printed.text)], reached
    harmed = dp.DelveHarm(cat, state, dice) if dice is not None else None
    living = [kid for kid in knights if kid in state.knights and not state.knights[kid].dead]
    for effect in printed.effects:
        if state.track.lost:
            break
        if effect.type == "text":
            texts += [said(xf.DelveByHand(text=effect.text)), *random_targets_said(effect.text)]
        elif effect.type == "gain_condition" and harmed is not None and living:
            dp.gain_condition(harmed, living, effect.condition)
            texts += harmed.flush()
        elif effect.type == "peril_check" and harmed is not None and living:
            dp.owe_peril_check(harmed, living)
            texts += harmed.flush()
        elif effect.type == "save":
            more, hit = _save(cat, kingdom, state, effect, knights=knights, who=who, dice=dice, source=source)
            texts += more
            reached += hit
        elif effect.type == "encounter":
            texts += start_encounter(cat, kingdom, state, effect.ambush, source)
        elif effect.type == "scavenge":
            texts += _scavenge(cat, state, effect, source or printed.text)
        elif effect.type == "adventure":
            if dice is None:
                texts.append(said(xf.DelveAdventureByHand()))
                continue
            more, hit, _ = _ADVENTURE[0](cat, kingdom, state, dice, None)
            texts += more
            reached += hit
        elif effect.type == "lose_vigor" and knights and shield(kingdom, state.delve) is not None:
            first, *rest = knights
            more, _ = shielded_vigor(cat, kingdom, state, first, effect.amount, who)
            texts += more
            if rest:
                more, hit = fr.apply_printed(cat, kingdom, state, Printed(text=printed.text, effects=[effect]),
                                             knights=rest, who=who)
                texts += more
                reached += hit
        else:
            more, hit = fr.apply_printed(cat, kingdom, state, Printed(text=printed.text, effects=[effect]),
                                         knights=knights, who=who)
            texts += more
            reached += hit
    if harmed is not None:
        texts += dp.settle(harmed)  # "resolve only one Peril Check": at the end of the printed effect
    return texts, reached


def _scavenge(cat: Catalogue, state: CampaignState, effect: Scavenge, source: str) -> list[str]:
    """A Delve card's Scavenge X: a typed one adds its Loot cards (rules/expedition/spoils_loot.py); an untyped one is
    the players' choice of Kingdom Gear, Upgrade or Consumable, so the reply names the command."""
    if effect.kind == "choice" or state.expedition is None:
        return [said(xf.DelveScavengeByHand(amount=effect.amount))]
    from rules.expedition import spoils_loot  # the Expedition builds on the Delve

    return spoils_loot.scavenge(cat, state, effect.amount, effect.kind, source)


def _save(cat: Catalogue, kingdom: Kingdom, state: CampaignState, effect: TrackSave, *, knights: list[str],
          who: str, dice: Dice | None, source: str | None = None) -> tuple[list[str], list[int]]:
    """Rulebook (Curse & Threat Saves): "roll a d10: if the result is lower than the difficulty, you Fail and must
    resolve the negative effect. If it is equal to or higher, you Succeed and do not suffer the consequences"."""
    name = effect.track.capitalize()
    if dice is None:
        return [said(xf.DelveSaveByHand(track=effect.track, plus=effect.plus, fail=[e.type for e in effect.fail]))], []
    level = state.track.threat if effect.track == "threat" else state.track.curse
    roll = rolls.save(dice, effect.track, level, effect.plus)
    texts = [said(xf.DelveSaveRolled(track=effect.track, level=level, plus=effect.plus, difficulty=roll.difficulty,
                                     natural=roll.natural, success=roll.success))]
    if roll.success:
        return texts, []
    more, hit = apply_effects(cat, kingdom, state, Printed(text=f"{name} Save failed", effects=list(effect.fail)),
                              knights=knights, who=who, dice=dice, source=source)
    return texts + more, hit


def start_encounter(cat: Catalogue, kingdom: Kingdom, state: CampaignState, ambush: bool,
                    source: str | None = None) -> list[str]:
    """"If the Encounter trigger does not specify the Monster, you face the Monster in your current district, as
    indicated by the District Wheel": the Encounter is due (no map token: no Rotation after it); ``source`` (the
    card or table row that called for it) is kept for the Encounter's announcement."""
    from rules.delve import monsters as mon

    assert state.delve is not None
    delve = state.delve
    if delve.encounter_due is not None:
        return [said(xf.DelveEncounterByHand(why="already_due"))]
    tiles_district = _party_district(cat, kingdom, state)
    card = mon.district_monster(delve, kingdom, tiles_district) if tiles_district else None
    if card is None:
        return [said(xf.DelveEncounterByHand(why="no_monster"))]
    cause = (source or "a card's effect")[:200]
    state.delve = delve.model_copy(update={"encounter_due": card, "encounter_token": None, "encounter_cause": cause})
    return [said(xf.DelveEncounterDue(monster=mon.name_of(delve, kingdom, card), ambush=ambush))]


def _party_district(cat: Catalogue, kingdom: Kingdom, state: CampaignState) -> str | None:
    assert state.delve is not None
    tile = cat.kingdom_tiles.get(kingdom.id, {}).get(state.delve.tile)
    return tile.district if tile is not None else None


@implements(
    "Exploration Card Effect Types",
    status="assisted",
    tests=[T + "test_instant_card_applies_its_effects_and_is_discarded",
           T + "test_district_card_stays_in_play_one_per_district",
           T + "test_active_card_takes_the_one_active_space"],
    note="typed effects applied (Knight effects to the Party Leader), text effects shown by hand; District and "
    "Active cards kept in play: their typed lingering effects applied (tile costs, Saves, extra Threat or Clues, a "
    "lessened Vigor loss) and counted rounds ended; a card without typed lingering effects is shown to apply by hand "
    "(`/delve discard` when its condition is met)",
)
def resolve_card(cat: Catalogue, kingdom: Kingdom, state: CampaignState, card: ExplorationCard,
                 dice: Dice | None = None) -> tuple[list[str], list[int]]:
    """Resolve one drawn card (already taken off the deck): its place (discard, District space, Active space),
    its effect, then its Threat/Curse gated effects, read at the values the track had when the card was drawn."""
    assert state.delve is not None
    delve = state.delve
    texts = [said(xf.ExplorationDrawn(card=card.name, kind=card.effect_type, special=card.special, text=card.text))]
    placed = True
    if card.effect_type == "district":
        district = card.district
        if district is None:
            texts.append(said(xf.ExplorationNotPlaced(card=card.name, why="no_district")))
            placed = False
        elif district in delve.district_effects:
            other = kingdom.exploration_card(delve.district_effects[district])
            texts.append(said(xf.ExplorationNotPlaced(card=card.name, why="district_taken", other=other.name,
                                                      district=kingdom.district(district).name)))
            placed = False
        else:
            delve = _in_play(delve.model_copy(update={"district_effects": {**delve.district_effects,
                                                                           district: card.id}}), card)
            texts.append(said(_how_it_ends(card, kingdom.district(district).name)))
    elif card.effect_type == "active":
        if delve.active_effects:
            other = kingdom.exploration_card(delve.active_effects[0])
            texts.append(said(xf.ExplorationNotPlaced(card=card.name, why="active_taken", other=other.name)))
            placed = False
        else:
            delve = _in_play(delve.model_copy(update={"active_effects": [card.id]}), card)
            texts.append(said(_how_it_ends(card, "")))
    if card.effect_type == "instant" or not placed:
        delve = delve.model_copy(update={"exploration_discard": [*delve.exploration_discard, card.id]})
    state.delve = delve
    if not placed:
        return texts, []
    reached: list[int] = []
    drawn_at = {"threat": state.track.threat, "curse": state.track.curse}  # gated effects read the track as drawn
    if card.effects or (card.effect_type == "instant") or (not card.lingering and not card.gated):
        more, hit = _apply(cat, kingdom, state, Printed(text=card.text, effects=card.effects), card, dice)
        texts += more
        reached += hit
    for gated in card.gated:
        if state.track.lost:
            break
        value = drawn_at[gated.track]
        if value < gated.at_least:
            texts.append(said(xf.ExplorationGated(track=gated.track, value=value, at_least=gated.at_least,
                                                  triggers=False)))
            continue
        texts.append(said(xf.ExplorationGated(track=gated.track, value=value, at_least=gated.at_least, triggers=True,
                                              text=gated.text)))
        more, hit = _apply(cat, kingdom, state, gated, card, dice)
        texts += more
        reached += hit
    return texts, reached


@implements(
    "3. Exploration Step",
    tests=["tests/delve/test_commands.py::test_drawing_from_an_empty_exploration_deck_loses",
           T + "test_instant_card_applies_its_effects_and_is_discarded",
           T + "test_gated_effect_triggers_by_the_current_threat"],
    note="the top card drawn and resolved; an empty deck loses the Delve",
)
@implements(
    "Special Exploration Cards",
    tests=[T + "test_special_cards_on_top_are_resolved_in_a_chain", T + "test_start_shuffles_until_a_normal_card"],
    note="Special cards ending on top after the Exploration step are resolved in a chain; after Kingdom Setup's "
    "shuffle the deck is shuffled again until a normal card is on top",
)
def exploration_step(cat: Catalogue, kingdom: Kingdom, state: CampaignState, district: str | None,
                     dice: Dice | None = None) -> tuple[list[str], list[int]]:
    """"draw the top card from the Exploration deck and resolve its effect", then the Special cards that end up on
    top, one after the other. Returns the sentences and the Time spaces (8, 16) reached."""
    assert state.delve is not None
    texts = district_reminder(kingdom, state.delve, district)
    reached: list[int] = []
    first = True
    while not state.track.lost:
        delve = state.delve
        if not delve.exploration:
            if first:
                change = tr.TrackChange(track=state.track, delve=delve)
                tr.lose_expedition(change, "the party had to draw from an empty Exploration deck")
                state.track, state.delve = change.track, change.delve
                texts += change.texts
            break
        card = kingdom.exploration_card(delve.exploration[0])
        if not first and not card.special:
            break
        if not first:
            texts.append(said(xf.ExplorationSpecialOnTop(card=card.name)))
        state.delve = delve.model_copy(update={"exploration": delve.exploration[1:]})
        more, hit = resolve_card(cat, kingdom, state, card, dice)
        texts += more
        reached += hit
        first = False
    return texts, reached


def normal_on_top(kingdom: Kingdom, deck: list[str], dice: Dice) -> list[str]:
    """"If any effect, besides normal draw during the Exploration step, would result in a Special Exploration card
    being on top of the Exploration deck, shuffle the deck, until there is a normal Exploration card on top"."""
    if not any(not kingdom.exploration_card(c).special for c in deck):
        return deck
    while deck and kingdom.exploration_card(deck[0]).special:
        deck = dice.shuffle(deck)
    return deck


def _how_it_ends(card: ExplorationCard, district: str) -> xf.ExplorationInPlay:
    """The card in play in ``district`` (empty: the Active Effect space), and how it ends."""
    return xf.ExplorationInPlay(card=card.name, card_id=card.id, district=district, applied=bool(card.lingering),
                                until=card.until or "", rounds=card.rounds or 0)


def _in_play(delve: DelveState, card: ExplorationCard) -> DelveState:
    """What the track rules read of a card in play: its extra Threat per gain, its rounds (from the next round)."""
    update: dict[str, Any] = {}
    extra = lingering.tally(card).threat_extra
    if extra:
        update["threat_extra"] = {**delve.threat_extra, card.id: extra}
    if card.rounds:
        update["card_rounds"] = {**delve.card_rounds, card.id: [delve.round + 1, delve.round + card.rounds]}
    return delve.model_copy(update=update)


def in_play(kingdom: Kingdom, delve: DelveState) -> list[tuple[ExplorationCard, str | None]]:
    """The District and Active cards in play, with the district each District card covers (None: Active)."""
    out: list[tuple[ExplorationCard, str | None]] = [
        (kingdom.exploration_card(cid), district) for district, cid in delve.district_effects.items()]
    return out + [(kingdom.exploration_card(cid), None) for cid in delve.active_effects]


def _covers(card: ExplorationCard, district: str | None, tile: KingdomTile) -> bool:
    """A District card covers the tiles of its district; an Active card every tile."""
    return district is None or tile.district == district


@implements(
    "Exploration Card Effect Types",
    tests=[T + "test_salt_fog_makes_each_saltmere_tile_cost_one_more_threat",
           T + "test_ash_wind_costs_one_more_time_for_smelters_hollow_only",
           T + "test_bell_rope_curse_save_when_entering_a_bellwold_tile"],
    note="District effects apply to the tiles of their district (tile costs, Saves on entering)",
)
def entering(kingdom: Kingdom, delve: DelveState, tile: KingdomTile) -> tuple[int, int, list[tuple[ExplorationCard,
                                                                                                    EnterSave]]]:
    """The cards in play that change entering ``tile`` in the Kingdom Tile step: extra Time, extra Threat, and the
    Saves to perform."""
    time = threat = 0
    saves: list[tuple[ExplorationCard, EnterSave]] = []
    for card, district in in_play(kingdom, delve):
        if not _covers(card, district, tile) or not _live(delve, card):
            continue
        t = lingering.tally(card, tile)
        time += t.enter_time
        threat += t.enter_threat
        saves += [(card, save) for save in t.saves]
    return time, threat, saves


def _live(delve: DelveState, card: ExplorationCard) -> bool:
    window = delve.card_rounds.get(card.id)
    return window is None or window[0] <= delve.round <= window[1]


def enter_texts(kingdom: Kingdom, delve: DelveState, tile: KingdomTile) -> list[str]:
    time, threat, _ = entering(kingdom, delve, tile)
    if not time and not threat:
        return []
    names = list(c.name for c, d in in_play(kingdom, delve) if _covers(c, d, tile) and lingering.tally(
        c, tile).enter_costs)
    return [said(xf.ExplorationEnterCosts(cards=names, tile=tile.name, time=time, threat=threat))]


def enter_saves(cat: Catalogue, kingdom: Kingdom, state: CampaignState, tile: KingdomTile,
                dice: Dice | None) -> tuple[list[str], list[int]]:
    """"whenever the party enters a <district> tile, perform a Curse Save ...": resolved as the party enters it."""
    assert state.delve is not None
    texts: list[str] = []
    reached: list[int] = []
    for card, effect in entering(kingdom, state.delve, tile)[2]:
        if state.track.lost:
            break
        texts.append(said(xf.ExplorationEnterSave(card=card.name, tile=tile.name)))
        knights, who = _targets(state, card)
        more, hit = _save(cat, kingdom, state, effect.save, knights=knights, who=who, dice=dice)
        texts += more
        reached += hit
    return texts, reached


@implements(
    "1. Travel Step",
    tests=[T + "test_iron_hedge_adds_threat_per_thornkeep_tile_backtracked_through"],
    note="a District card in play can make each of its tiles moved through cost more Threat",
)
def backtrack_extra(kingdom: Kingdom, delve: DelveState, tiles: dict[str, KingdomTile],
                    through: tuple[str, ...]) -> int:
    """Extra Threat of a Backtrack from the cards in play: per tile moved through that the card covers."""
    extra = 0
    for card, district in in_play(kingdom, delve):
        if not _live(delve, card):
            continue
        extra += lingering.tally(card).backtrack_threat * sum(1 for t in through if _covers(card, district, tiles[t]))
    return extra


def extra_clues(kingdom: Kingdom, delve: DelveState) -> tuple[int, list[str]]:
    """"the next time you gain Clues, gain one more": the Clues added by the cards in play, and those cards (used)."""
    amount = 0
    used: list[str] = []
    for card, _ in in_play(kingdom, delve):
        more = lingering.tally(card).extra_clues
        if more and _live(delve, card):
            amount += more
            used.append(card.id)
    return amount, used


def shield(kingdom: Kingdom, delve: DelveState | None) -> ExplorationCard | None:
    if delve is None:
        return None
    return next((c for c, _ in in_play(kingdom, delve) if _live(delve, c)
                 and lingering.tally(c).vigor_shield), None)


def shielded_vigor(cat: Catalogue, kingdom: Kingdom, state: CampaignState, knight: str, amount: int,
                   who: str) -> tuple[list[str], list[int]]:
    """"the next time a Knight would lose Vigor during the Delve, they lose 1 less. Then discard this card"."""
    assert state.delve is not None
    card = shield(kingdom, state.delve)
    assert card is not None
    less = lingering.tally(card).vigor_shield
    left = max(0, amount - less)
    texts = [said(xf.ExplorationVigorShield(card=card.name, less=less, amount=amount, left=left))]
    if left:
        more, hit = fr.apply_printed(cat, kingdom, state, Printed(text=f"Lose {left} Vigor", effects=[
            LoseVigor(type="lose_vigor", amount=left)]), knights=[knight], who=who)
        texts += more
    else:
        hit = []
    state.delve, text = discard(kingdom, state.delve, card.id)
    return [*texts, text], hit


@implements(
    "Exploration Card Effect Types",
    tests=[T + "test_hound_spoor_adds_threat_for_three_rounds_then_leaves",
           T + "test_a_district_card_until_leave_district_leaves_with_the_party"],
    note="Active cards counted in rounds leave after them; a card that says so leaves with the party's district",
)
def expire(kingdom: Kingdom, delve: DelveState, district: str | None) -> tuple[DelveState, list[str]]:
    """At the Travel step of a new round: the cards whose rounds are over leave play; and, once the party stands in
    another district, the District cards that last "until the party leaves the district"."""
    texts: list[str] = []
    for card, covered in in_play(kingdom, delve):
        window = delve.card_rounds.get(card.id)
        over = window is not None and delve.round > window[1]
        left = card.until == "leave_district" and covered is not None and district is not None and (
            district != covered)
        if over or left:
            delve, gone = discarded(kingdom, delve, card.id)
            texts.append(said(gone.model_copy(update={"why": "rounds_over" if over else "left_district"})))
    return delve, texts


def district_reminder(kingdom: Kingdom, delve: DelveState, district: str | None) -> list[str]:
    """The District effect in play where the party is: "Their effects linger in a particular area of the Kingdom
    map" (shown each Exploration step spent in that district; a card the bot cannot apply is applied by hand)."""
    if district is None or district not in delve.district_effects:
        return []
    card = kingdom.exploration_card(delve.district_effects[district])
    return [said(xf.ExplorationReminder(district=kingdom.district(district).name, card=card.name, text=card.text,
                                        applied=bool(card.lingering)))]


def discard(kingdom: Kingdom, delve: DelveState, card_id: str) -> tuple[DelveState, str]:
    """A District or Active card leaves play ("until the players fulfill a condition ... or until a specific number
    of turns passes"): discarded (its line of the report)."""
    delve, gone = discarded(kingdom, delve, card_id)
    return delve, said(gone)


def discarded(kingdom: Kingdom, delve: DelveState, card_id: str) -> tuple[DelveState, xf.ExplorationDiscarded]:
    """``discard``, with the fact of it."""
    delve = _out_of_play(delve, card_id)
    for district, cid in delve.district_effects.items():
        if card_id in (cid, district):
            delve = _out_of_play(delve, cid)
            rest = {d: c for d, c in delve.district_effects.items() if d != district}
            delve = delve.model_copy(update={"district_effects": rest,
                                             "exploration_discard": [*delve.exploration_discard, cid]})
            return delve, xf.ExplorationDiscarded(card=kingdom.exploration_card(cid).name,
                                                  district=kingdom.district(district).name)
    if card_id in delve.active_effects:
        delve = delve.model_copy(update={"active_effects": [c for c in delve.active_effects if c != card_id],
                                         "exploration_discard": [*delve.exploration_discard, card_id]})
        return delve, xf.ExplorationDiscarded(card=kingdom.exploration_card(card_id).name)
    shown = ", ".join([*delve.district_effects.values(), *delve.active_effects]) or "none"
    raise RuleError(f"{card_id!r} is not a District or Active Exploration card in play; in play: {shown}")


def _out_of_play(delve: DelveState, card_id: str) -> DelveState:
    return delve.model_copy(update={
        "threat_extra": {k: v for k, v in delve.threat_extra.items() if k != card_id},
        "card_rounds": {k: v for k, v in delve.card_rounds.items() if k != card_id},
    })


def view(kingdom: Kingdom, delve: DelveState) -> dict[str, Any]:
    def card(cid: str) -> dict[str, Any]:
        c = kingdom.exploration_card(cid)
        window = delve.card_rounds.get(cid)
        return {"card": c.id, "name": c.name, "text": c.text, "applied": bool(c.lingering),
                "rounds": window, "until": c.until}

    return {
        "district_effects": {d: card(c) for d, c in delve.district_effects.items()},
        "active_effects": [card(c) for c in delve.active_effects],
        "ciphers_read": list(delve.ciphers_read),
        "hindering": [h.model_dump() for h in delve.hindering],
    }


@implements(
    "Exploration Ciphers",
    status="assisted",
    tests=[T + "test_cipher_right_code_reads_the_paragraph_once", T + "test_cipher_wrong_code_gains_one_threat"],
    note="the code joins the tile's half and the Knight's half (either order); the Codex's paragraph is shown and "
    "its typed effects applied, once per Expedition; a wrong code gains +1 Threat. Knightbook halves are not "
    "in the content: the party types the full code",
)
def cipher(cat: Catalogue, kingdom: Kingdom, tile: KingdomTile, state: CampaignState, code: str,
           knight: str | None) -> tuple[list[str], list[int], bool]:
    """"With both halves, the player can create a full four-digit code that leads to a relevant paragraph in the
    current Kingdom Codex. If you input a wrong Cipher, immediately gain +1 Threat." Returns the sentences, the
    Time spaces reached, and whether the code was right."""
    assert state.delve is not None
    half = tile.cipher
    if half is None:
        raise RuleError(f"{tile.name} ({tile.id}) has no Exploration Cipher half; a Cipher is read on a tile that "
                        "shows one")
    if half not in (code[:2], code[2:]):
        raise RuleError(f"the code joins {tile.name}'s half **{half}** with your Knight's half: {half}xx or xx{half}")
    if code in state.delve.ciphers_read:
        raise RuleError(f"paragraph {code} was already read this Expedition (\"You may read those paragraphs only "
                        "once per Expedition\")")
    paragraph = next((p for p in kingdom.ciphers if p.code == code), None)
    if paragraph is None:
        change = tr.apply_all(state.track, state.delve, kingdom.track, threat=1)
        state.track, state.delve = change.track, change.delve
        return ([said(xf.CipherRead(code=code, right=False, kingdom=kingdom.name)), *change.texts],
                change.time_reached, False)
    state.delve = state.delve.model_copy(update={"ciphers_read": [*state.delve.ciphers_read, code]})
    texts = [said(xf.CipherRead(code=code, right=True, tile=tile.name, text=paragraph.text)),
             *random_targets_said(paragraph.text)]
    if paragraph.effects:
        who = [knight] if knight is not None else _leader(state)
        more, hit = fr.apply_printed(cat, kingdom, state, Printed(text=paragraph.text, effects=paragraph.effects),
                                     knights=who, who="the Knight")
        return texts + more, hit, True
    return [*texts, said(xf.DelveByHand(text="resolve the paragraph"))], [], True
