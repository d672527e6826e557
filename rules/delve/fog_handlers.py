"""Engine handlers of the Deep Fog traversal and the Rest Phase (docs/delve.md).

A traversal starts in the Travel step (``/delve travel fog:<tile>``, ``enter_fog``) and goes on by itself until
the rules need the party: each decision is a ``Pending`` (the contract of rules/clash/flow.py) kept in
``DelveState.fog.pending``, and answered by ``FogAnswer`` (``/fog stay|withdraw|correct|choose``; a button runs
``/fog choose decision:<id> option:<key>``, the decision's ``answer``). The function
that goes on after an answer is registered with ``@resumes(kind)``:

- ``fog_round``: Stay the Course, Withdraw, or Course Correct (a card of the path and a perpendicular direction);
- ``fog_trailmake``: Trailmake X, the card put at the bottom of the deck;
- ``fog_wander``: Wander, keep the card just drawn or draw another in its place;
- ``fog_penalty``: a Minor Penalty, the card whose Grave Penalty is resolved;
- ``fog_lowest``: the card discarded among revealed cards of equal lowest value;
- ``fog_clue``: Emergence, the Clue of the party's choice.

The Rest Phase (``RestPhase``, ``/rest``) is here too: it is the Delve's pause between its two phases.
"""

from __future__ import annotations

from collections.abc import Callable

from content.schema.kingdom import Kingdom, KingdomTile
from rules.clash.flow import RESUME, Option, Pending, decision, resumes
from rules.coverage import declare, implements
from rules.decision_ids import decision_id
from rules.decision_records import FogCardsThen
from rules.delve import exploration as ex
from rules.delve import fog as fr
from rules.delve import fog_facts as ff
from rules.delve import kingdom_map as kmap
from rules.delve import track as tr
from rules.delve.actions import (
    DelveTravel,
    FogAnswer,
    FogForce,
)
from rules.delve.fog_facts import FogCard, FogCourseCorrected, FogEmerged, FogEntered
from rules.delve.results import (
    apply_track,
    current,
    delve_result,
)
from rules.delve.state import FogState
from rules.delve.tile_step import after_tile, kingdom_tile_step
from rules.dice import Dice
from rules.engine import Decision, Engine, Event, Result, handles
from rules.errors import RuleError
from rules.facts import said
from rules.knights.find import find_knight
from rules.state import CampaignState

CLUES = ("martial", "errant", "historic", "mystic")
KEY_LIMIT = 40  # rules/clash/flow.py: an option key is at most 40 characters
ANSWER = "fog choose"  # the command a Deep Fog decision's buttons run (bot/discord/decisions.py)
T = "tests/delve/test_fog.py::"


# -- small helpers -------------------------------------------------------------------------------------------


def _fog(state: CampaignState) -> FogState:
    assert state.delve is not None and state.delve.fog is not None
    return state.delve.fog


def _set_fog(state: CampaignState, fog: FogState | None) -> None:
    assert state.delve is not None
    state.delve = state.delve.model_copy(update={"fog": fog})


def _ask(engine: Engine, state: CampaignState, texts: list[str], kind: str, prompt: str, options: list[Option],
         then: FogCardsThen | None = None) -> Result:
    """Stop for the party: the decision is kept in the traversal (``fog.pending``) and shown in the reply."""
    fog = _fog(state)
    ident = decision_id(state, "fog", fog.asked)
    pending = Pending(id=ident, kind=kind, prompt=prompt, options=options, then=then)
    _set_fog(state, fog.model_copy(update={"pending": pending, "asked": fog.asked + 1}))
    texts.append(f"❓ {prompt} " + "; ".join(f"`{o.key}` {o.label}" for o in options))
    result = delve_result(engine, state, texts)
    return result.model_copy(update={"pending": fog_decision(state, pending)})


def fog_decision(state: CampaignState, pending: Pending) -> Decision:
    """The engine's Decision for a Deep Fog decision: any player of the party answers (the rulebook leaves the
    traversal's choices to "you", the party), with ``/fog choose decision:<id> option:<key>``."""
    return decision(state, pending).model_copy(update={"answer": ANSWER})


def _name(kingdom: Kingdom, card: str) -> str:
    return kingdom.fog_card(card).name


def _card_options(kingdom: Kingdom, cards: list[str],
                  label: Callable[[Kingdom, str], str] | None = None, help_: str = "") -> list[Option]:
    """One option per card, keyed by its id (a position ``card<n>`` for an id longer than an option key)."""
    return [Option(key=c if len(c) <= KEY_LIMIT else f"card{n}", label=(label or _label)(kingdom, c)[:80],
                   help=help_[:200])
            for n, c in enumerate(cards, 1)]


def _label(kingdom: Kingdom, card: str) -> str:
    return fr.label(kingdom.fog_card(card))


def _card_of(pending: Pending, key: str) -> str:
    """The card an option key names (the cards of a decision are kept in ``pending.then.cards``)."""
    assert isinstance(pending.then, FogCardsThen), f"{pending.kind} names no Deep Fog cards"
    cards = pending.then.cards
    keys = [o.key for o in pending.options]
    return cards[keys.index(key)]


def _leader(state: CampaignState, name: str | None) -> str | None:
    if name is None:
        return None
    return find_knight(state, name, "to lead the party").id


def _leader_targets(state: CampaignState) -> tuple[list[str], str]:
    fog = _fog(state)
    if fog.leader and fog.leader in state.knights:
        return [fog.leader], f"the Party Leader ({state.knights[fog.leader].name})"
    return [], "the Party Leader"


def _end(state: CampaignState) -> None:
    """The party is out of the Deep Fog: the traversal and its tokens are gone."""
    _set_fog(state, None)


def _lost(engine: Engine, state: CampaignState, texts: list[str]) -> Result:
    texts.append(said(ff.FogTraversalNote(what="ends_lost")))
    _end(state)
    return delve_result(engine, state, texts)


# -- entering -----------------------------------------------------------------------------------------------


@implements(
    "Entering the Deep Fog",
    tests=[T + "test_entering_gains_threat_and_any_unexplored_tile_bordering_the_map_is_a_destination",
           "tests/delve/test_map.py::test_deep_fog_only_from_a_tile_with_a_fog_path"],
)
def enter_fog(engine: Engine, state: CampaignState, kingdom: Kingdom, tiles: dict[str, KingdomTile],
              dest: kmap.Destination, act: DelveTravel, dice: Dice) -> Result:
    """The Travel step into the Deep Fog: +1 Threat, the destination's Intensity, the deck shuffled, the reminder
    token, Trailmake, and the Starting Deep Fog card."""
    assert state.delve is not None
    if not kingdom.deep_fog:
        raise RuleError(f"{kingdom.name} has no Deep Fog cards in its content pack; travel another way")
    origin = tiles[state.delve.tile]
    leader = _leader(state, act.leader)
    if leader is None and state.delve.leader in state.knights and not state.knights[state.delve.leader].dead:
        leader = state.delve.leader  # the Delve's Party Leader (Monster Setup) unless the party names another
    intensity = tiles[dest.tile].back.fog_intensity
    texts = [said(FogEntered(round=state.delve.round, origin=origin.name, tile=dest.tile, intensity=intensity))]
    change = tr.apply_all(state.track, state.delve, kingdom.track, threat=1)
    apply_track(state, change)
    texts += change.texts
    if state.track.lost:
        return delve_result(engine, state, texts)
    delve = fr.form_deck(state.delve, kingdom)
    deck = dice.shuffle(list(delve.fog_deck or []))
    fog = FogState(target=dest.tile, intensity=intensity, origin=origin.id, heading=origin.fog_paths[0],
                   wander=act.wander, leader=leader, time_reached=list(change.time_reached))
    state.delve = delve.model_copy(update={"fog_deck": deck, "fog": fog})
    texts.append(said(ff.FogDeckShuffled(cards=len(deck), origin=origin.id, intensity=intensity)))
    if act.trailmake and deck:
        return _ask_trailmake(engine, state, kingdom, texts, min(act.trailmake, len(deck)), dice)
    return _draw_start(engine, state, kingdom, texts, dice)


def _ask_trailmake(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], count: int,
                   dice: Dice) -> Result:
    """"At the start of Deep Fog traversal, you may look at the top X cards of the Deep Fog deck, select one card
    and put it aside. Shuffle the rest of the cards into the Deep Fog deck, and put the selected card at the
    bottom of the deck"."""
    assert state.delve is not None
    top = list(state.delve.fog_deck or [])[:count]
    if len(top) == 1:  # nothing to choose: the top card goes to the bottom
        deck = list(state.delve.fog_deck or [])
        state.delve = state.delve.model_copy(update={"fog_deck": [*deck[1:], deck[0]]})
        texts.append(said(FogCard(step="trailmake_one", card=_name(kingdom, top[0]))))
        return _draw_start(engine, state, kingdom, texts, dice)
    return _ask(engine, state, texts, "fog_trailmake",
                f"Trailmake {count}: which of the top {count} Deep Fog cards goes to the bottom of the deck?",
                _card_options(kingdom, top, help_="put this card at the bottom of the deck; the rest are shuffled"),
                then=FogCardsThen(cards=top))


@resumes("fog_trailmake")
def _trailmake(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    delve, kingdom, _ = current(engine, state)
    card = _card_of(pending, keys[0])
    rest = [c for c in delve.fog_deck or [] if c != card]
    state.delve = delve.model_copy(update={"fog_deck": [*dice.shuffle(rest), card]})
    texts = [said(FogCard(step="trailmake", card=_name(kingdom, card)))]
    return _draw_start(engine, state, kingdom, texts, dice)


@implements(
    "Traversing the Fog",
    tests=[T + "test_stay_the_course_builds_a_straight_path_and_a_blocked_path_must_turn",
           T + "test_course_correct_turns_perpendicular_and_flips_the_other_cards_face_down",
           T + "test_a_path_as_long_as_the_intensity_leaves_the_fog"],
)
def _draw_start(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], dice: Dice) -> Result:
    """"draw the top card—this card becomes your Starting Deep Fog card. Place a Generic token on your current
    Kingdom tile as a reminder, and move the Party marker to the Starting Deep Fog card"."""
    assert state.delve is not None
    card, state.delve, note = fr.take_top(state.delve)
    if card is None:
        return _run_out(engine, state, texts)
    _set_fog(state, fr.place(_fog(state), card, (0, 0)))
    texts.append(said(FogCard(step="start", card=fr.label(kingdom.fog_card(card)), note=note or "")))
    return _after_draw(engine, state, kingdom, texts, dice)


def _after_draw(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], dice: Dice) -> Result:
    fog = _fog(state)
    if fog.wander > 0:
        card = fr.party(fog).card
        options = [Option(key="keep", label=f"keep {_name(kingdom, card)}"[:80], help="the card stays on the path"),
                   Option(key="wander", label="Wander: discard it and draw another",
                          help="discard the card just drawn and draw another in its place (uses one Wander)")]
        return _ask(engine, state, texts, "fog_wander",
                    f"Wander ({fog.wander} use(s) left): keep {_name(kingdom, card)} or draw another?", options)
    return _settle(engine, state, kingdom, texts, dice)


@resumes("fog_wander")
def _wander(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    """"After you draw a Deep Fog card, discard it and draw another in its place"."""
    delve, kingdom, _ = current(engine, state)
    fog = _fog(state)
    if keys[0] == "keep":
        return _settle(engine, state, kingdom, [said(FogCard(step="keep", card=_name(kingdom, fr.party(fog).card)))],
                       dice)
    card, delve, note = fr.take_top(delve)
    state.delve = delve
    old = fr.party(fog).card
    texts = [said(FogCard(step="wander", card=_name(kingdom, old)))]
    if card is None:
        state.delve = delve.model_copy(update={"fog_discard": [*delve.fog_discard, old]})
        return _run_out(engine, state, texts)
    fog, old = fr.replace_party_card(fog.model_copy(update={"wander": fog.wander - 1}), card)
    state.delve = delve.model_copy(update={"fog_discard": [*delve.fog_discard, old], "fog": fog})
    texts.append(said(FogCard(step="in_place", card=fr.label(kingdom.fog_card(card)), note=note or "")))
    return _after_draw(engine, state, kingdom, texts, dice)


@implements(
    "Hazard Effects",
    tests=[T + "test_hazards_are_ignored_before_the_first_course_correct_and_resolved_after",
           T + "test_two_half_cups_make_a_full_cup_that_adds_one_to_the_value"],
)
def _settle(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], dice: Dice) -> Result:
    """The card stays: its Hazard if it was drawn after the first Course Correct ("Resolve them only after you
    Course Correct"), then the path is counted."""
    fog = _fog(state)
    placed = fr.party(fog)
    card = kingdom.fog_card(placed.card)
    if card.hazard is not None:
        if placed.hazard_live:
            who, name = _leader_targets(state)
            texts.append(said(ff.FogCardEffect(card=card.name, part="hazard", text=card.hazard.text)))
            more, reached = ex.apply_effects(engine.catalogue, kingdom, state, card.hazard, knights=who, who=name,
                                             dice=dice, source=f"the Hazard of the Deep Fog card {card.name}")
            texts += more
            fog = _fog(state)
            _set_fog(state, fog.model_copy(update={"time_reached": [*fog.time_reached, *reached]}))
            if state.track.lost:
                return _lost(engine, state, texts)
        else:
            texts.append(said(ff.FogCardEffect(card=card.name, part="hazard", ignored=True)))
    fog = _fog(state)
    if len(fog.path) >= fog.intensity:
        return _leave(engine, state, kingdom, texts, dice)
    return _ask_round(engine, state, kingdom, texts)


def _ask_round(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str]) -> Result:
    fog = _fog(state)
    options = []
    if fr.can_stay(fog):
        options.append(Option(key="stay", label="Stay the Course", help=f"draw a card {fog.heading}"))
    else:
        texts.append(said(ff.FogTraversalNote(what="blocked", heading=fog.heading)))
    options.append(Option(key="withdraw", label="Withdraw",
                          help="back to the reminder tile: discard the lowest revealed card, +1 Threat"))
    for index, direction in fr.corrections(fog):
        card = fog.spread[index].card
        position = fog.path.index(index) + 1
        options.append(Option(key=f"correct:{position}:{direction}",
                              label=f"Course Correct from card {position} ({_name(kingdom, card)}) {direction}"[:80],
                              help=f"back to card {position}, the other revealed cards face down; draw a card "
                                   f"{direction}"))
    prompt = (f"In the Deep Fog toward {fog.target}: the path has {len(fog.path)} of {fog.intensity} card(s), "
              f"Deep Fog Value {fr.value(fog, kingdom)} so far. Stay the Course, Withdraw or Course Correct?")
    texts.append("```\n" + fr.spread_text(fog, kingdom) + "\n```")
    return _ask(engine, state, texts, "fog_round", prompt, options)


@resumes("fog_round")
def _round(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    delve, kingdom, _ = current(engine, state)
    key = keys[0]
    fog = _fog(state)
    if key == "withdraw":
        return _withdraw(engine, state, kingdom, dice)
    if key == "stay":
        card, state.delve, note = fr.take_top(delve)
        texts = [said(ff.FogTraversalNote(what="stay"))]
        if card is None:
            return _run_out(engine, state, texts)
        _set_fog(state, fr.place(fog, card, fr.ahead(fog)))
        texts[0] += " " + said(FogCard(step="moves_on", card=fr.label(kingdom.fog_card(card)), note=note or "",
                                       direction=fog.heading))
        return _after_draw(engine, state, kingdom, texts, dice)
    _, position, direction = key.split(":")
    pivot = fog.path[int(position) - 1]
    card_id = fog.spread[pivot].card
    fog = fr.correct(fog, pivot, direction)  # type: ignore[arg-type]  # a key of our own options
    _set_fog(state, fog)
    texts = [said(FogCourseCorrected(card=_name(kingdom, card_id), direction=direction))]
    if fog.corrections == 1:
        texts.append(said(ff.FogTraversalNote(what="hazards_from_now")))
    card, state.delve, note = fr.take_top(state.delve)  # type: ignore[arg-type]
    if card is None:
        return _run_out(engine, state, texts)
    here = fr.party(fog)
    _set_fog(state, fr.place(fog, card, fr.step((here.x, here.y), direction)))
    texts.append(said(FogCard(step="moves", card=fr.label(kingdom.fog_card(card)), note=note or "",
                              direction=direction)))
    return _after_draw(engine, state, kingdom, texts, dice)


# -- Withdraw ------------------------------------------------------------------------------------------------


def _withdraw(engine: Engine, state: CampaignState, kingdom: Kingdom, dice: Dice) -> Result:
    fog = _fog(state)
    texts = [said(ff.FogTraversalNote(what="withdraw", origin=fog.origin))]
    candidates = fr.lowest(fog, kingdom, fr.face_up_cards(fog))
    if len(candidates) > 1:
        return _ask_lowest(engine, state, kingdom, texts, candidates, "withdraw")
    return _finish_withdraw(engine, state, kingdom, texts, candidates[0], dice)


@implements(
    "Traversing the Fog",
    tests=[T + "test_withdraw_discards_the_lowest_card_gains_threat_and_goes_to_the_exploration_step"],
)
def _finish_withdraw(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], card: str,
                     dice: Dice) -> Result:
    """"Place the Party marker on the Kingdom tile with the reminder token, and discard that token. ... choose a
    revealed Deep Fog card with the lowest value and discard it, then gain +1 Threat and return to the Delve
    Phase. (Go straight to the Exploration step.)" The other cards go back into the Deep Fog deck."""
    assert state.delve is not None
    fog = _fog(state)
    back = [c.card for c in fog.spread if c.card != card]
    state.delve = state.delve.model_copy(update={
        "fog_deck": [*(state.delve.fog_deck or []), *back], "fog_discard": [*state.delve.fog_discard, card],
        "tile": fog.origin, "last_direction": None,
    })
    texts.append(said(FogCard(step="lowest_revealed", card=_name(kingdom, card))))
    _end(state)
    change = tr.apply_all(state.track, state.delve, kingdom.track, threat=1)
    apply_track(state, change)
    texts += change.texts
    if state.track.lost:
        return delve_result(engine, state, texts)
    return after_tile(engine, state, kingdom, texts, list(fog.time_reached), dice=dice)


def _ask_lowest(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], candidates: list[str],
                purpose: str) -> Result:
    value = kingdom.fog_card(candidates[0]).value
    return _ask(engine, state, texts, "fog_lowest",
                f"Several revealed cards share the lowest value ({value}): which one is discarded?",
                _card_options(kingdom, candidates, help_="this card is discarded"),
                then=FogCardsThen(cards=candidates, purpose=purpose))


@resumes("fog_lowest")
def _lowest(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    _, kingdom, _ = current(engine, state)
    card = _card_of(pending, keys[0])
    if isinstance(pending.then, FogCardsThen) and pending.then.purpose == "withdraw":
        return _finish_withdraw(engine, state, kingdom, [], card, dice)
    return _shuffle_back(engine, state, kingdom, [], card, dice)


# -- leaving ------------------------------------------------------------------------------------------------


@implements(
    "Leaving the Deep Fog",
    tests=[T + "test_a_forced_order_totalling_exactly_4_is_flawless",
           T + "test_below_4_resolves_one_chosen_grave_penalty",
           T + "test_above_4_resolves_every_grave_penalty"],
)
def _leave(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], dice: Dice) -> Result:
    """"When your path consists of as many Deep Fog cards as is the value of the destination tile's Deep Fog
    Intensity, you begin to emerge": exactly 4 is a Flawless Traversal, less a Minor Penalty (one chosen Grave
    Penalty), more a Grave Penalty (every revealed card's)."""
    fog = _fog(state)
    total = fr.value(fog, kingdom)
    outcome = fr.outcome(total)
    _set_fog(state, fog.model_copy(update={"value": total, "outcome": outcome}))
    values = [kingdom.fog_card(c).value for c in fr.path_cards(fog)]
    texts.append(said(FogEmerged(length=len(fog.path), values=values, full_cups=fog.full_cups, total=total,
                                 outcome=outcome)))
    if outcome == "minor":
        choices = list(dict.fromkeys(fr.path_cards(fog)))
        if len(choices) > 1:
            options = _card_options(kingdom, choices,
                                    lambda k, c: f"{_name(k, c)}: {k.fog_card(c).grave_penalty.text}",
                                    help_="the party resolves this card's Grave Penalty (Party Leader as Target)")
            return _ask(engine, state, texts, "fog_penalty",
                        "Minor Penalty: which revealed card's Grave Penalty does the party resolve?", options,
                        then=FogCardsThen(cards=choices))
        return _penalties(engine, state, kingdom, texts, choices, dice)
    if outcome == "grave":  # the revealed cards are the path's: a Course Correct flips the others face down
        return _penalties(engine, state, kingdom, texts, fr.path_cards(fog), dice)
    return _discard_lowest(engine, state, kingdom, texts, dice)


@resumes("fog_penalty")
def _penalty(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    _, kingdom, _ = current(engine, state)
    return _penalties(engine, state, kingdom, [], [_card_of(pending, keys[0])], dice)


def _penalties(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], cards: list[str],
               dice: Dice) -> Result:
    """"Note: All effects are considered to be resolved with the Party Leader as the Target"."""
    who, name = _leader_targets(state)
    for card_id in cards:
        card = kingdom.fog_card(card_id)
        texts.append(said(ff.FogCardEffect(card=card.name, part="grave_penalty", text=card.grave_penalty.text)))
        more, reached = ex.apply_effects(engine.catalogue, kingdom, state, card.grave_penalty, knights=who,
                                         who=name, dice=dice, source=f"the Grave Penalty of {card.name}")
        texts += more
        fog = _fog(state)
        _set_fog(state, fog.model_copy(update={"time_reached": [*fog.time_reached, *reached]}))
        if state.track.lost:
            return _lost(engine, state, texts)
    return _discard_lowest(engine, state, kingdom, texts, dice)


def _discard_lowest(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], dice: Dice) -> Result:
    fog = _fog(state)
    candidates = fr.lowest(fog, kingdom, fr.path_cards(fog))
    if len(set(candidates)) > 1:
        return _ask_lowest(engine, state, kingdom, texts, candidates, "leave")
    return _shuffle_back(engine, state, kingdom, texts, candidates[0], dice)


@implements(
    "Running Out of Deep Fog Cards",
    tests=[T + "test_running_out_of_deep_fog_cards_loses_the_expedition"],
)
def _run_out(engine: Engine, state: CampaignState, texts: list[str]) -> Result:
    """"if you run out of cards before you reach the required path length. If that happens... you're out of
    luck. Your Expedition ends in failure"."""
    change = tr.TrackChange(track=state.track, delve=state.delve)  # type: ignore[arg-type]
    tr.lose_expedition(change, "the party ran out of Deep Fog cards while in the Deep Fog")
    apply_track(state, change)
    texts.append(said(ff.FogTraversalNote(what="run_out")))
    texts += change.texts
    _end(state)
    return delve_result(engine, state, texts)


def _shuffle_back(engine: Engine, state: CampaignState, kingdom: Kingdom, texts: list[str], card: str,
                  dice: Dice) -> Result:
    """Discard the lowest card, shuffle the deck with the cards used, and (after a penalty) discard the top card
    unseen; then Emergence."""
    assert state.delve is not None
    fog = _fog(state)
    used = [c.card for c in fog.spread if c.card != card]
    deck = dice.shuffle([*(state.delve.fog_deck or []), *used])
    state.delve = state.delve.model_copy(update={"fog_deck": deck, "fog_discard": [*state.delve.fog_discard, card]})
    texts.append(said(FogCard(step="lowest_of_path", card=_name(kingdom, card), count=len(deck))))
    if fog.outcome != "flawless":
        state.delve, more = fr.discard_top(state.delve)
        texts += more
    options = [Option(key=c, label=f"{c.capitalize()} Clue", help=f"gain a {c.capitalize()} Clue, then the Kingdom "
                      f"Tile step of {fog.target}") for c in CLUES]
    return _ask(engine, state, texts, "fog_clue",
                f"Emergence onto {fog.target}: which Clue does the party gain (a Clue of your choice)?", options)


@implements(
    "Emergence",
    tests=[T + "test_emergence_gives_a_clue_of_choice_then_the_kingdom_tile_step"],
)
@resumes("fog_clue")
def _emerge(engine: Engine, state: CampaignState, pending: Pending, keys: list[str], dice: Dice) -> Result:
    """"place the Party marker on the Target Kingdom tile and remove the reminder token. Discard all Half-cup and
    Full Cup tokens, and return to the Kingdom Tile step" with a Clue of the party's choice first."""
    delve, kingdom, tiles = current(engine, state)
    fog = _fog(state)
    texts = [said(ff.FogTraversalNote(what="emergence", origin=fog.origin))]
    _end(state)
    tile = tiles[fog.target]
    back = tile.back
    dest = kmap.Destination(tile=tile.id, kind="fog", time=back.time, threat=back.threat, clues=back.clues,
                            fog_intensity=back.fog_intensity, size=tile.size)
    result = kingdom_tile_step(engine, state, kingdom, tiles, dest, chosen_clue=keys[0],  # type: ignore[arg-type]
                                earlier=tuple(fog.time_reached), dice=dice)
    return result.model_copy(update={"events": [*(Event(kind="delve", text=t) for t in texts), *result.events]})


# A Deep Fog card: name, Deep Fog Value, Grave Penalty, Hazard (content/schema/kingdom.py ``DeepFogCard``).
declare("Deep Fog Card Anatomy", module=__name__,
        tests=["tests/delve/test_starter_kingdom_counts.py::test_the_starter_kingdom_has_its_cards"])
declare("The Deep Fog", module=__name__, tests=[T + "test_a_forced_order_totalling_exactly_4_is_flawless"],
        note="the whole traversal as decisions: /delve travel fog:<tile>, then /fog stay|withdraw|correct|choose")


# -- the answer ---------------------------------------------------------------------------------------------


def _key(act: FogAnswer, pending: Pending, fog: FogState) -> str:
    keys = [o.key for o in pending.options]
    if act.choice == "choose":
        if act.option is None:
            raise RuleError(f"give option: one of {', '.join(keys)}")
        return act.option
    if pending.kind != "fog_round":
        raise RuleError(f"the Deep Fog waits for another decision: {pending.prompt} Answer with "
                        f"`/fog choose option:<{'|'.join(keys)}>`.")
    if act.choice in ("stay", "withdraw"):
        return act.choice
    return correct_key(fog, pending, act.card, act.direction)


def correct_key(fog: FogState, pending: Pending, card: str | None, direction: str | None) -> str:
    """The option key of a Course Correct from ``card`` (its id or 1-based position on the path) toward
    ``direction``: ``correct:<position>:<direction>`` (whether it is open is the answer's check)."""
    if card is None or direction is None:
        raise RuleError("Course Correct needs `card:` (a card of the path: its id or its position, 1 first) and "
                        "`direction:`; the open corrections are: "
                        + ", ".join(o.key.removeprefix("correct:") for o in pending.options
                                    if o.key.startswith("correct:")))
    path = [fog.spread[i].card for i in fog.path]
    if card.isdigit():
        position = int(card)
        if not 1 <= position <= len(path):
            raise RuleError(f"the path has {len(path)} card(s): give a position from 1 to {len(path)}")
    elif card in path:
        position = path.index(card) + 1
    else:
        raise RuleError(f"{card!r} is not a card of the current path; the path is: "
                        + ", ".join(f"{i} {c}" for i, c in enumerate(path, 1)))
    return f"correct:{position}:{direction}"


@handles(FogAnswer)
def fog_answer(engine: Engine, state: CampaignState, act: FogAnswer, dice: Dice) -> Result:
    delve, _, _ = current(engine, state)
    fog = delve.fog
    if act.decision is not None and (fog is None or fog.pending is None or fog.pending.id != act.decision):
        now = f" (the Deep Fog waits for {fog.pending.id} now)" if fog is not None and fog.pending is not None else ""
        raise RuleError(f"decision {act.decision} is no longer waiting{now}: it was answered, or the traversal is "
                        "over; nothing was changed")
    if fog is None or fog.pending is None:
        raise RuleError("the party is not in the Deep Fog; enter it with `/delve travel fog:<tile>` from a tile with "
                        "a Deep Fog path")
    pending = fog.pending
    key = _key(act, pending, fog)
    if key not in [o.key for o in pending.options]:
        if key == "stay":
            raise RuleError(f"another Deep Fog card blocks the path {fog.heading}: Course Correct or Withdraw")
        raise RuleError(f"{key!r} is not an answer to: {pending.prompt} The answers are: "
                        + ", ".join(o.key for o in pending.options))
    _set_fog(state, fog.model_copy(update={"pending": None}))
    return RESUME[pending.kind](engine, state, pending, [key], dice)


@handles(FogForce)
def fog_force(engine: Engine, state: CampaignState, act: FogForce, dice: Dice) -> Result:
    delve, kingdom, _ = current(engine, state)
    known = {c.id for c in kingdom.deep_fog}
    wrong = [c for c in act.cards if c not in known]
    if wrong:
        raise RuleError(f"{', '.join(wrong)}: not Deep Fog cards of {kingdom.name}; "
                        f"they are: {', '.join(sorted(known))}")
    state.delve = delve.model_copy(update={"fog_forced": list(act.cards)})
    return delve_result(engine, state, [said(ff.FogGmForced(count=len(act.cards)))])
