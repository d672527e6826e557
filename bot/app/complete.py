"""What an option may take, from the campaign as it is: transport-free completion sources (issue #20, "The console
plays like Discord"). The console's line editor (bot/console/editor.py) completes from these; each source reads the
state and content it is given and asks the pure rules what is legal now, as Discord's autocomplete does
(bot/discord/complete.py), and never raises: whatever goes wrong gives an empty list.

A source is ``(state, catalogue, user, named, current) -> [(value, label)]``: ``user`` is who types, ``named`` the
Knight the line names so far (``knight:`` or ``name:``), ``current`` what is typed of the value."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from content.loader import Catalogue
from rules.state import CampaignState

Values = list[tuple[str, str]]
Source = Callable[[CampaignState | None, Catalogue, str, str | None, str], Values]

# the options whose registry entry names no source: (command path, option) -> source (as Discord's OPTION_SOURCES)
OPTION_SOURCES: dict[tuple[tuple[str, ...], str], str] = {
    (("knight", "move"), "to"): "move",
    (("knight", "attack"), "weapon"): "loadout",
    (("encounter", "attack"), "weapon"): "loadout",
    (("odds", "weapon"), "weapon"): "loadout",
    (("knight", "gear"), "gear"): "loadout",
    (("choose",), "decision"): "decision",
    (("choose",), "option"): "option",
}


def matches(current: str, *texts: str) -> bool:
    needle = current.strip().strip('"').lower()
    return not needle or any(t.lower().startswith(needle) or needle in t.lower() for t in texts)


def knights_meant(state: CampaignState, user: str, named: str | None) -> list[Any]:
    """The Knight named in the line, else the user's own Knights (the commands' "default: yours")."""
    from rules.errors import RuleError
    from rules.knights.find import find_knight

    if named:
        try:
            return [find_knight(state, named)]
        except RuleError:
            return []
    return [k for k in state.knights.values() if k.owner == user]


def knights(state: CampaignState | None, cat: Catalogue, user: str, named: str | None, current: str) -> Values:
    if state is None:
        return []
    return [(k.name, f"{k.name} ({k.owner})") for k in state.knights.values() if matches(current, k.name, k.id)]


def loadout(state: CampaignState | None, cat: Catalogue, user: str, named: str | None, current: str) -> Values:
    """The Gear of the Loadout of the Knight meant, by its name on the card."""
    if state is None:
        return []
    out: Values = []
    for k in knights_meant(state, user, named):
        for item in k.loadout:
            gear = cat.gear.get(item.gear)
            name = gear.name if gear is not None else item.gear
            if matches(current, name, item.gear) and all(v != name for v, _ in out):
                out.append((name, item.gear))
    return out


def move(state: CampaignState | None, cat: Catalogue, user: str, named: str | None, current: str) -> Values:
    """The spaces the Knight may end a Movement Action on, nearest first."""
    from rules.board.knight_movement import knight_reachable
    from rules.clash.round_handlers import board_id
    from rules.errors import RuleError
    from rules.knights import statistics as st

    if state is None or state.clash is None:
        return []
    for k in knights_meant(state, user, named):
        try:
            kid = board_id(state, k.id)
        except RuleError:
            continue
        speed = st.speed(cat, k)
        reach = knight_reachable(state.board, kid, speed)
        spaces = sorted(reach, key=lambda s: (len(reach[s]), s.row, s.col))
        return [(s.label, f"{len(reach[s]) - 1} step(s)") for s in spaces if matches(current, s.label)]
    return []


def decision(state: CampaignState | None, cat: Catalogue, user: str, named: str | None, current: str) -> Values:
    pending = state.clash.flow.pending if state is not None and state.clash is not None else None
    return [(pending.id, pending.prompt)] if pending is not None and matches(current, pending.id) else []


def option(state: CampaignState | None, cat: Catalogue, user: str, named: str | None, current: str) -> Values:
    """The answers to the Clash's decision; several picks as ``a,b``."""
    pending = state.clash.flow.pending if state is not None and state.clash is not None else None
    if pending is None:
        return []
    head, _, last = current.rpartition(",")
    chosen = [x.strip() for x in head.split(",") if x.strip()]
    prefix = ",".join(chosen) + ("," if chosen else "")
    return [(prefix + o.key, f"{o.label} — {o.help}" if o.help else o.label) for o in pending.options
            if o.key not in chosen and matches(last, o.key, o.label)]


def monsters(state: CampaignState | None, cat: Catalogue, user: str, named: str | None, current: str) -> Values:
    return [(m.id, m.name) for m in cat.monsters.values() if matches(current, m.id, m.name)]


def gear(state: CampaignState | None, cat: Catalogue, user: str, named: str | None, current: str) -> Values:
    return [(g.id, g.name) for g in cat.gear.values() if matches(current, g.id, g.name)]


def decks(state: CampaignState | None, cat: Catalogue, user: str, named: str | None, current: str) -> Values:
    return [(d.id, d.name) for d in cat.decks.values() if matches(current, d.id, d.name)]


SOURCES: dict[str, Source] = {
    "knight": knights, "loadout": loadout, "move": move, "decision": decision, "option": option,
    "monster": monsters, "gear": gear, "deck": decks,
}


def source_of(path: tuple[str, ...], option_name: str, autocomplete: str | None) -> Source | None:
    """The source for an option: the table above first, then the registry's own ``autocomplete`` name."""
    name = OPTION_SOURCES.get((path, option_name)) or autocomplete
    return SOURCES.get(name) if name else None
