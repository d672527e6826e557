"""The Deep Fog: the deck, the spread of cards on the table, Stay the Course and Course Correct geometry, Hazards,
the Half-cup, the final Deep Fog Value, and the effects printed on Kingdom cards.

Pure functions on ``DelveState``/``FogState`` (rules/delve/state.py). The order of a traversal and the decisions
it asks are in rules/delve/fog_handlers.py; the rulings are in docs/rulings.md, "The Deep Fog".

The table: the Starting Deep Fog card lies on cell (0, 0); a path runs in a straight line in its ``heading`` (the
first path leaves in the direction of the Deep Fog path of the party's tile); a Course Correct turns the new path
perpendicular to the previous one, from a card of the current path. A card "blocks your path" when the next cell
already holds a card, face up or face down.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from content.loader import Catalogue
from content.schema.delve_effects import KNIGHT_EFFECTS, DelveEffect, Printed
from content.schema.kingdom import STEP, DeepFogCard, Kingdom
from rules.delve import track as tr
from rules.delve.fog_facts import FogByHand, FogTopDiscarded, HalfCup, KnightEffectByHand
from rules.delve.state import DelveState, Direction, FogCardPlaced, FogState
from rules.facts import random_targets_said, said
from rules.knights import statistics as st
from rules.state import CampaignState

FLAWLESS = 4  # "If your Deep Fog Value is exactly 4, you achieve a Flawless Traversal"
PERPENDICULAR: dict[str, tuple[Direction, Direction]] = {
    "north": ("east", "west"), "south": ("east", "west"), "east": ("north", "south"), "west": ("north", "south"),
}
Outcome = Literal["flawless", "minor", "grave"]
Cell = tuple[int, int]


# -- the deck ------------------------------------------------------------------------------------------------


def form_deck(delve: DelveState, kingdom: Kingdom) -> DelveState:
    """The Deep Fog deck of this Delve: the Kingdom's Deep Fog cards, formed the first time the party enters."""
    if delve.fog_deck is not None:
        return delve
    return delve.model_copy(update={"fog_deck": [c.id for c in kingdom.deep_fog]})


def take_top(delve: DelveState) -> tuple[str | None, DelveState, str | None]:
    """Take the top card of the Deep Fog deck (None: the deck is empty). The GM's forced cards come first, in
    order, whatever the card is taken for (a draw or a discard), when they are still in the deck."""
    pile = list(delve.fog_deck or [])
    forced = list(delve.fog_forced)
    note = None
    while forced:
        wanted = forced.pop(0)
        if wanted in pile:
            pile.remove(wanted)
            return wanted, delve.model_copy(update={"fog_deck": pile, "fog_forced": forced}), note
        note = f"(the GM's card {wanted} is not in the Deep Fog deck; the top card is taken instead)"
    if not pile:
        return None, delve.model_copy(update={"fog_forced": forced}), note
    return pile[0], delve.model_copy(update={"fog_deck": pile[1:], "fog_forced": forced}), note


def discard_top(delve: DelveState, count: int = 1) -> tuple[DelveState, list[str]]:
    """"Discard the top Deep Fog card: If the game instructs you to discard the top Deep Fog card from the deck,
    do it without looking." Nothing happens when the deck is empty."""
    texts = []
    for _ in range(count):
        card, delve, note = take_top(delve)
        if card is None:
            texts.append(said(FogTopDiscarded(empty=True)))
            break
        delve = delve.model_copy(update={"fog_discard": [*delve.fog_discard, card]})
        texts.append(said(FogTopDiscarded(note=note or "")))
    return delve, texts


# -- the spread --------------------------------------------------------------------------------------------


def party(fog: FogState) -> FogCardPlaced:
    """The Deep Fog card with the Party marker: the last card of the current path."""
    return fog.spread[fog.path[-1]]


def occupied(fog: FogState) -> set[Cell]:
    return {(c.x, c.y) for c in fog.spread}


def step(cell: Cell, direction: str) -> Cell:
    dx, dy = STEP[direction]
    return cell[0] + dx, cell[1] + dy


def ahead(fog: FogState) -> Cell:
    here = party(fog)
    return step((here.x, here.y), fog.heading)


def can_stay(fog: FogState) -> bool:
    """"If you can't place a Deep Fog card because another Deep Fog card blocks your path, you must Course
    Correct or Withdraw"."""
    return ahead(fog) not in occupied(fog)


def corrections(fog: FogState) -> list[tuple[int, Direction]]:
    """Every Course Correct open to the party: a card of the current path and a direction perpendicular to the
    current path whose next cell is free."""
    taken = occupied(fog)
    out = []
    for index in fog.path:
        card = fog.spread[index]
        for direction in PERPENDICULAR[fog.heading]:
            if step((card.x, card.y), direction) not in taken:
                out.append((index, direction))
    return out


def place(fog: FogState, card: str, cell: Cell) -> FogState:
    """A drawn card placed on ``cell``, the Party marker moved onto it (the end of the current path)."""
    placed = FogCardPlaced(card=card, x=cell[0], y=cell[1], hazard_live=fog.corrections > 0)
    return fog.model_copy(update={"spread": [*fog.spread, placed], "path": [*fog.path, len(fog.spread)]})


def replace_party_card(fog: FogState, card: str) -> tuple[FogState, str]:
    """Wander: the card with the Party marker is swapped for ``card``; returns the old card."""
    index = fog.path[-1]
    old = fog.spread[index]
    spread = list(fog.spread)
    spread[index] = old.model_copy(update={"card": card})
    return fog.model_copy(update={"spread": spread}), old.card


def correct(fog: FogState, pivot: int, direction: Direction) -> FogState:
    """"choose one revealed Deep Fog card on your current path and place the Party marker on it. Flip all other
    revealed Deep Fog cards face down. You can build a new path perpendicular to the previous path"."""
    spread = [c.model_copy(update={"face_up": i == pivot}) if c.face_up else c for i, c in enumerate(fog.spread)]
    return fog.model_copy(update={
        "spread": spread, "path": [pivot], "heading": direction, "corrections": fog.corrections + 1,
    })


def half_cup(fog: FogState) -> tuple[FogState, str]:
    """"if you don't have any, gain one Half-cup token. If you do, flip the token so it becomes a Full Cup
    token. For every Full Cup token, add +1 to your Deep Fog Value"."""
    if fog.half_cups == 0:
        return fog.model_copy(update={"half_cups": 1}), said(HalfCup())
    fog = fog.model_copy(update={"half_cups": 0, "full_cups": fog.full_cups + 1})
    return fog, said(HalfCup(full_cups=fog.full_cups))


def path_cards(fog: FogState) -> list[str]:
    return [fog.spread[i].card for i in fog.path]


def face_up_cards(fog: FogState) -> list[str]:
    return [c.card for c in fog.spread if c.face_up]


def value(fog: FogState, kingdom: Kingdom) -> int:
    """"Add the Deep Fog Value of each card on your path. Add an additional +1 for every Full Cup token you
    have. That total is your final Deep Fog Value"."""
    return sum(kingdom.fog_card(c).value for c in path_cards(fog)) + fog.full_cups


def outcome(total: int) -> Outcome:
    if total == FLAWLESS:
        return "flawless"
    return "minor" if total < FLAWLESS else "grave"


def lowest(fog: FogState, kingdom: Kingdom, cards: Sequence[str]) -> list[str]:
    """The cards of ``cards`` with the lowest Deep Fog Value (several on a tie: the party chooses)."""
    low = min(kingdom.fog_card(c).value for c in cards)
    return [c for c in cards if kingdom.fog_card(c).value == low]


def label(card: DeepFogCard) -> str:
    hazard = f"; Hazard: {card.hazard.text}" if card.hazard else ""
    return f"{card.name} (value {card.value}{hazard})"


def spread_text(fog: FogState, kingdom: Kingdom) -> str:
    """The spread as a small grid: the value of each face-up card, ▒ face down, * the Party marker."""
    if not fog.spread:
        return "(no Deep Fog card on the table yet)"
    xs = [c.x for c in fog.spread]
    ys = [c.y for c in fog.spread]
    at = {(c.x, c.y): i for i, c in enumerate(fog.spread)}
    rows = []
    for y in range(min(ys), max(ys) + 1):
        row = ""
        for x in range(min(xs), max(xs) + 1):
            i = at.get((x, y))
            if i is None:
                row += "     "
            elif not fog.spread[i].face_up:
                row += "[▒▒] "
            else:
                mark = "*" if i == fog.path[-1] else " "
                row += f"[{kingdom.fog_card(fog.spread[i].card).value}{mark}] "
        rows.append(row.rstrip())
    return "\n".join(rows)


def view(delve: DelveState, kingdom: Kingdom) -> dict[str, Any] | None:
    """``data.fog``: the traversal as the table sees it (face-down cards are not named)."""
    fog = delve.fog
    if fog is None:
        return None
    spread = []
    for i, c in enumerate(fog.spread):
        row: dict[str, Any] = {"x": c.x, "y": c.y, "face_up": c.face_up, "on_path": i in fog.path}
        if c.face_up:
            card = kingdom.fog_card(c.card)
            row.update(card=c.card, name=card.name, value=card.value,
                       hazard=card.hazard.text if card.hazard else None, grave_penalty=card.grave_penalty.text)
        spread.append(row)
    return {
        "target": fog.target, "intensity": fog.intensity, "origin": fog.origin, "heading": fog.heading,
        "path": path_cards(fog), "party": party(fog).card if fog.path else None, "spread": spread,
        "path_length": len(fog.path), "value": value(fog, kingdom) if fog.path else 0,
        "corrections": fog.corrections, "half_cups": fog.half_cups, "full_cups": fog.full_cups,
        "wander": fog.wander, "leader": fog.leader, "outcome": fog.outcome,
        "deck_left": len(delve.fog_deck or []), "discarded": len(delve.fog_discard),
    }


# -- the effects printed on Kingdom cards ----------------------------------------------------------------------


def _knight_effect(cat: Catalogue, state: CampaignState, kid: str, effect: DelveEffect) -> list[str] | None:
    """Apply a Knight effect to one Knight; None when it has to be applied by hand."""
    k = state.knights.get(kid)
    amount = getattr(effect, "amount", 0)
    if k is None or k.dead:
        return None
    change = {
        "lose_vigor": lambda: st.change_vigor(cat, k, -amount),
        "gain_vigor": lambda: st.change_vigor(cat, k, amount),
        "gain_heat": lambda: st.change_heat(cat, k, amount),
        "lose_heat": lambda: st.change_heat(cat, k, -amount),
        "gain_passion": lambda: st.change_passion(cat, k, amount),
        "gain_bane": lambda: st.change_bane(cat, k, amount),
    }.get(effect.type)
    if change is None:
        return None
    return [f"{k.name}: " + " ".join(change())]


def _by_hand(effect: DelveEffect, who: str) -> str:
    return said(KnightEffectByHand(who=who, kind=effect.type, amount=getattr(effect, "amount", ""),
                                   condition=getattr(effect, "condition", None)))


def apply_printed(
    cat: Catalogue, kingdom: Kingdom, state: CampaignState, printed: Printed, *, knights: Sequence[str], who: str,
) -> tuple[list[str], list[int]]:
    """Resolve a printed effect: track effects through the rules (Hunt Spaces, maximums, losses), the Half-cup and
    discards in the Deep Fog, Knight effects on ``knights`` (``who`` names them when they are applied by hand).
    Returns the sentences and the Time spaces (8, 16) reached. Stops at an Expedition loss."""
    assert state.delve is not None
    texts: list[str] = []
    reached: list[int] = []
    if not printed.effects:
        return [said(FogByHand(why="untyped", text=printed.text)), *random_targets_said(printed.text)], reached
    for effect in printed.effects:
        if state.track.lost:
            break
        kind = effect.type
        amount = getattr(effect, "amount", 0)
        track_change = {
            "gain_threat": {"threat": amount}, "lose_threat": {"threat": -amount},
            "gain_curse": {"curse": amount}, "lose_curse": {"curse": -amount}, "advance_time": {"time": amount},
        }.get(kind)
        if track_change is not None:
            change = tr.apply_all(state.track, state.delve, kingdom.track, **track_change)
            state.track, state.delve = change.track, change.delve
            texts += change.texts
            reached += change.time_reached
        elif kind == "half_cup":
            if state.delve.fog is None:
                texts.append(said(FogByHand(why="half_cup", text=printed.text)))
                texts += random_targets_said(printed.text)
                continue
            fog, text = half_cup(state.delve.fog)
            state.delve = state.delve.model_copy(update={"fog": fog})
            texts.append(text)
        elif kind == "discard_top_fog":
            state.delve, more = discard_top(state.delve, amount or 1)
            texts += more
        elif kind == "text":
            printed_text = getattr(effect, "text", "")
            texts += [said(FogByHand(why="untyped", text=printed_text)), *random_targets_said(printed_text)]
        elif kind in KNIGHT_EFFECTS:
            done = [line for kid in knights for line in (_knight_effect(cat, state, kid, effect) or [])]
            texts += done or [_by_hand(effect, who)]
        else:  # never silently skipped (DESIGN.md): a kind this function does not resolve is shown
            texts += [said(FogByHand(why="kind", text=printed.text, kind=kind)), *random_targets_said(printed.text)]
    return texts, reached
