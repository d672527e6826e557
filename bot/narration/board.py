"""The words of the GM's changes to the Clash Board and of a miniature's board keywords (rules/board/board_facts.py),
and of what a board operation did (rules/board/move_facts.py: each event's sentence from its kind and fields).
Names are shown as typed: the application escapes a Knight's stored name in the whole reply (bot/app/names.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bot.narration.registry import renders
from rules.board.board_facts import (
    BoardKnightPlaced,
    BoardMonsterPlaced,
    BoardPieceKeywords,
    BoardRemoved,
    BoardTerrainPlaced,
)
from rules.board.move_facts import Against, BoardApplied, BoardCause, BoardDeathWhy, BoardEvent, BoardTold


@renders(BoardKnightPlaced)
def _knight(f: BoardKnightPlaced) -> str:
    where = f"on {f.monster}'s Vantage Point {f.vp}" if f.monster else f"on {f.space}"
    return f"📍 {f.knight} stands {where}{' (knocked down)' if f.knocked_down else ''}."


@renders(BoardMonsterPlaced)
def _monster(f: BoardMonsterPlaced) -> str:
    what = f"{'Mob' if f.mob else 'Monster'} {f.monster} ({f.size} space{'s' if f.size > 1 else ''})"
    return f"📍 {what} stands from {f.space}, facing {f.facing}."


@renders(BoardTerrainPlaced)
def _terrain(f: BoardTerrainPlaced) -> str:
    return f"📍 Terrain {f.terrain} covers {', '.join(f.spaces)} ({', '.join(f.keywords) or 'no keywords'})."


@renders(BoardRemoved)
def _removed(f: BoardRemoved) -> str:
    return f"🧹 {f.piece} is taken off the board."


@renders(BoardPieceKeywords)
def _keywords(f: BoardPieceKeywords) -> str:
    return f"🛡️ {f.knight}'s miniature: {', '.join(f.keywords) or 'none'} (from the Loadout)."


# -- a board operation's events (rules/board/move_facts.py) ------------------------------------------------------

def _at(e: BoardEvent) -> str:
    return e.at.label if e.at is not None else ""


def _dir(e: BoardEvent) -> str:
    return e.direction.value if e.direction is not None else ""


AIM = {"behind": " behind its Target", "onto": " onto its Target", "dwell": " (Dwell: onto a Swamp space)",
       "area": " toward the designated area"}
AGAINST = {"edge": "the Board Edge", "indestructible": "the Indestructible Obstacle"}


def _aim(e: BoardEvent) -> str:
    return AIM[e.aim] if e.aim is not None else ""


def _against(against: Against | None) -> str:
    return AGAINST[against] if against is not None else ""


CAUSE: dict[str, Callable[[BoardCause], str]] = {
    "no_displace_space": lambda c: "because there is no space to be Displaced to",
    "no_displace_space_vp": lambda c: "because there is no space to be Displaced to from the Vantage Point",
    "on_terrain": lambda c: f"on {c.name} ({c.space.label if c.space else ''})",
    "forced_onto": lambda c: f"forced onto {c.name} ({c.space.label if c.space else ''})",
    "moved_onto": lambda c: f"as {c.name} is moved onto it",
    "pushed_into": lambda c: f"as {c.name} is pushed into it",
    "dragged_into": lambda c: f"as {c.name} is dragged into it",
    "pulled_into": lambda c: f"as {c.name} is pulled into it",
    "forced_into": lambda c: f"as {c.name} is forced into it",
    "knocked_into": lambda c: f"as {c.name} is knocked into it",
    "vaulted_into": lambda c: f"as {c.name} is vaulted onto it",
    "room_for": lambda c: f"to make room for {c.name}",
    "placed_on": lambda c: f"as {c.name} is placed on them",
    "against": lambda c: f"against {c.name}",
    "vaulted_off_edge": lambda c: "vaulted beyond the Board Edge",
    "vaulted_onto": lambda c: f"vaulted onto {c.name}",
    "moves_onto": lambda c: f"as {c.name} moves onto {c.space.label if c.space else ''}",
    "by": lambda c: f"by {c.name}",
    "ends_on": lambda c: f"as {c.name} ends its movement on it",
    "lands_on": lambda c: f"as {c.name} lands on it",
    "falls_off_boundless": lambda c: "falling off the Boundless Board Edge",
    "pushed_off_boundless": lambda c: "pushed off the Boundless Board Edge",
    "pushed_against": lambda c: f"pushed against {_against(c.against)} with nowhere to be Displaced",
}


def _cause(e: BoardEvent) -> str:
    return CAUSE[e.cause.how](e.cause) if e.cause is not None else ""


SAY: dict[str, Callable[[BoardEvent], str]] = {
    "moves_to": lambda e: f"{e.name} moves to {_at(e)}.",
    "moves_spaces": lambda e: f"{e.name} moves {e.number} space(s) to {_at(e)}{_aim(e)}.",
    "moves_laterally": lambda e: f"{e.name} moves laterally to {_at(e)}.",
    "stays": lambda e: f"{e.name} stays on {_at(e)} (0 spaces).",
    "acrobatics": lambda e: f"{e.name} moves to {_at(e)} (Acrobatics: Vault instead of Knockdown).",
    "pushed_to": lambda e: f"{e.name} is pushed to {_at(e)}.",
    "dragged_to": lambda e: f"{e.name} is dragged to {_at(e)}.",
    "pulled_to": lambda e: f"{e.name} is pulled to {_at(e)}.",
    "vaulted_to": lambda e: f"{e.name} is vaulted to {_at(e)}.",
    "ends_movement": lambda e: f"{e.name} ends its movement on {_at(e)}.",
    "ends_pushback": lambda e: f"{e.name} ends the Pushback on {_at(e)}.",
    "ends_on": lambda e: f"{e.name} ends on {_at(e)}.",
    "appears": lambda e: f"{e.name} appears on {_at(e)}.",
    "suffers_knockback": lambda e: f"{e.name} suffers {e.ability} {e.number} ({_dir(e)}).",
    "climbs_vp": lambda e: f"{e.name} climbs onto a Vantage Point of {e.other_name}.",
    "displaced": lambda e: f"{e.name} is Displaced to {_at(e)}.",
    "displaced_off_vp": lambda e: f"{e.name} is Displaced off the Vantage Point to {_at(e)}.",
    "displaced_at_edge": lambda e: f"{e.name} is Displaced to {_at(e)} at the Board Edge.",
    "displaced_at": lambda e: f"{e.name} is Displaced to {_at(e)} at {_against(e.against)}.",
    "turns": lambda e: f"{e.name} turns to face {_dir(e)}.",
    "turns_most": lambda e: f"{e.name} turns to face {_dir(e)} ({e.number} Knight(s) in front).",
    "edge_continues": lambda e: f"{e.name} reaches the Board Edge and continues {_dir(e)} along it.",
    "edge_slides": lambda e: f"{e.name} hits the Board Edge and slides {_dir(e)} along it.",
    "jumps_over": lambda e: f"{e.name} jumps over {_at(e)}.",
    "enters": lambda e: f"{e.name} enters {e.other_name} at {_at(e)}.",
    "moved_through": lambda e: f"{e.name} is moved through {e.other_name} at {_at(e)}.",
    "pushed_against": lambda e: f"{e.name} is pushed against {e.other_name}.",
    "terrain_placed": lambda e: f"{e.name} is placed on {', '.join(sorted(s.label for s in e.spaces))}.",
    "destroyed": lambda e: f"{e.name} is destroyed {_cause(e)}.",
    "lands_on_knight": lambda e: f"{e.name} is destroyed as it lands on a Knight.",
    "indestructible_under": lambda e: f"{e.name} cannot be placed on Indestructible Terrain.",
    "destructible_on_monster": lambda e: f"{e.name} is Destructible and cannot be placed on {e.other_name}.",
    "crash": lambda e: f"{e.name} suffers Crash {_cause(e)} (-1 Vigor).",
    "knocked_down": lambda e: f"{e.name} is knocked down.",
    "dies": lambda e: f"{e.name} dies {_cause(e)}.",
    "braced_knockdown": lambda e: f"{e.name} is Braced and does not suffer Knockdown.",
    "braced_ignores": lambda e: f"{e.name} is Braced and ignores {e.ability}.",
    "stalwart": lambda e: f"{e.name} uses Stalwart and ignores {e.ability} {e.number}.",
    "lifeline_terrain": lambda e: f"{e.name} uses Lifeline instead of dying on {e.other_name}.",
    "lifeline_edge": lambda e: f"{e.name} uses Lifeline and stops at the Boundless Board Edge.",
    "rocksteady": lambda e: f"{e.name} uses Rocksteady and ignores the Knockdown.",
    "roll_out": lambda e: f"{e.name} uses Roll Out: Knockback 4 instead of Knockdown.",
    "inspire": lambda e: f"{e.name} stands up (Inspire).",
    "motivate": lambda e: f"Motivate {e.number}: {e.count} space(s) used.",
    "always_there": lambda e: f"{e.name} is Always There: it is already adjacent.",
    "lumbering_push": lambda e: f"{e.name} is Lumbering and cannot be pushed.",
    "lumbering_drag": lambda e: f"{e.name} is Lumbering and is not dragged.",
    "lumbering_pull": lambda e: f"{e.name} is Lumbering and cannot be pulled.",
    "lumbering_moved": lambda e: f"{e.name} is Lumbering and cannot be moved.",
    "not_adjacent": lambda e: f"{e.name} is not adjacent to {e.other_name}.",
    "not_adjacent_drag": lambda e: f"{e.name} is not adjacent to {e.other_name}: no Drag.",
    "not_adjacent_vault": lambda e: "The target is not adjacent: no Forced Vault.",
    "stopped_by": lambda e: f"{e.name} is stopped by what lies at {_at(e)}.",
    "stopped_at": lambda e: f"{e.name} is stopped at {_at(e)}.",
    "stops_before": lambda e: f"{e.name} stops before {e.other_name}.",
    "stops_before_mini": lambda e: f"{e.name} stops before another miniature.",
    "stops_at_chasm": lambda e: f"{e.name} stops at the Chasm.",
    "blocked_at": lambda e: f"{e.name} is blocked at {_at(e)}.",
    "no_edge_displace": lambda e: f"{e.name} cannot be Displaced at the Board Edge: the Pushback stops.",
    "cannot_push_toward": lambda e: f"{e.name} cannot be pushed toward {_at(e)}.",
    "already_adjacent_pull": lambda e: f"{e.name} is already adjacent: the Pull ends.",
    "cannot_pull": lambda e: f"{e.name} cannot be pulled closer.",
    "nothing_toward": lambda e: f"There is nothing for {e.name} to be moved toward.",
    "vault_displaced": lambda e: f"{e.name} cannot be vaulted there and is Displaced instead.",
    "can_attack_from": lambda e: f"{e.name} can already attack from {_at(e)}.",
    "no_line": lambda e: f"{e.name} has no straight line to a space it could attack from.",
    "dwell_stays": lambda e: f"Dwell: there is no unoccupied Swamp space; {e.name} stays.",
    "board_full": lambda e: f"{e.name} cannot be Displaced: the board is full.",
    "pushback_stops": lambda e: f"The Pushback stops at {_against(e.against)}.",
    "no_path_toward": lambda e: f"There is no path toward {_at(e)}.",
    "no_move": lambda e: f"{e.name} does not move{_aim(e)}.",
    "no_target": lambda e: f"{e.name} has no Target on the board and does not move.",
    "difficult": lambda e: f"{e.name} is on Difficult Terrain: -1 Speed.",
}


def sentence(e: BoardEvent) -> str:
    """One board event's sentence: from its kind and fields, or the sentence an older event was stored with."""
    if e.text or e.say is None:
        return e.text
    return SAY[e.say](e)


def paragraph(events: Iterable[BoardEvent]) -> str:
    """A board operation's events as one paragraph: their sentences joined by spaces."""
    return " ".join(sentence(e) for e in events)


def told(then: BoardTold | str) -> str:
    """What a move's line holds after the move: the board's events told, or a sentence logged before they were
    facts."""
    return then if isinstance(then, str) else paragraph(then.events)


@renders(BoardTold)
def _told(f: BoardTold) -> str:
    return paragraph(f.events)


@renders(BoardApplied)
def _applied(f: BoardApplied) -> str:
    return "🧭 " + paragraph(f.events)


@renders(BoardDeathWhy)
def _death_why(f: BoardDeathWhy) -> str:
    return sentence(f.event).rstrip(".")
