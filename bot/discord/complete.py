"""Autocomplete from the channel's campaign state: a Knight's Armory and Loadout, a Monster's levels, the board
spaces a Knight may move or rush to, the free spaces of the Clash Board, the miniatures on it, and the Delve's
legal destinations.

Each source reads the channel's campaign (one row, parsed) and asks the pure rules what is legal *now*, so the
list a player sees is the list the command would accept; typing anything else is still checked by the command
itself. Sources never change anything and never raise: whatever goes wrong gives an empty list (the tree logs it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from rules.state import CampaignState

if TYPE_CHECKING:
    from bot.discord.tree import Choices, GameTree

LIMIT = 25
NAME_LIMIT = 100


def _trim(text: str) -> str:
    text = " ".join(text.split()) or "…"
    return text if len(text) <= NAME_LIMIT else text[: NAME_LIMIT - 1].rstrip() + "…"


def _matches(current: str, *texts: str) -> bool:
    needle = current.strip().lower()
    return not needle or any(needle in t.lower() for t in texts)


def _choice(name: str, value: Any) -> app_commands.Choice[Any]:
    return app_commands.Choice(name=_trim(name), value=value)


async def campaign_state(tree: GameTree, interaction: discord.Interaction) -> CampaignState | None:
    """The state of the channel's active campaign, or None (no campaign, no app yet, not in a guild)."""
    if tree.app is None or interaction.guild_id is None or interaction.channel_id is None:
        return None
    row = await tree.app.db.active_campaign(str(interaction.guild_id), str(interaction.channel_id))
    return CampaignState.model_validate_json(row.state_json) if row is not None else None


async def _content(tree: GameTree, interaction: discord.Interaction) -> Any:
    """The guild's content (catalogue and engine), uploads included."""
    assert tree.app is not None and interaction.guild_id is not None
    return await tree.app.content_for(str(interaction.guild_id))


def _named(interaction: discord.Interaction) -> str | None:
    """The Knight the command names so far (``name:`` or ``knight:``), if any."""
    for option in ("name", "knight"):
        value = getattr(interaction.namespace, option, None)
        if isinstance(value, str) and value.strip():
            return value
    return None


def knights_meant(state: CampaignState, interaction: discord.Interaction) -> list[Any]:
    """The Knights a completion is for: the one named in the command, else the presser's own (as the commands'
    "default: yours")."""
    from rules.errors import RuleError
    from rules.knights.find import find_knight

    named = _named(interaction)
    if named is not None:
        try:
            return [find_knight(state, named)]
        except RuleError:
            return []
    return [k for k in state.knights.values() if k.owner == str(interaction.user.id)]


def _gear_name(catalogue: Any, gid: str) -> str:
    gear = catalogue.gear.get(gid)
    return f"{gear.name} ({gid})" if gear is not None else gid


async def armory_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The Gear in the Armory of the Knight meant (``/knight armory remove|reforge|upgrade gear:``)."""
    state = await campaign_state(tree, interaction)
    if state is None:
        return []
    catalogue = (await _content(tree, interaction)).catalogue
    out: Choices = []
    for k in knights_meant(state, interaction):
        for item in k.sheet.armory:
            name = _gear_name(catalogue, item.gear)
            if _matches(current, item.gear, name) and all(c.value != item.gear for c in out):
                out.append(_choice(name, item.gear))
    return out[:LIMIT]


async def armory_list_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """A Loadout as a comma-separated list of the Armory's Gear (``/knight loadout gear:a,b``): what is typed before
    the last comma stays, the last item is completed from the Armory, without the Gear already listed."""
    state = await campaign_state(tree, interaction)
    if state is None:
        return []
    catalogue = (await _content(tree, interaction)).catalogue
    head, _, last = current.rpartition(",")
    chosen = [g.strip() for g in head.split(",") if g.strip()]
    prefix = ",".join(chosen) + ("," if chosen else "")
    out: Choices = []
    for k in knights_meant(state, interaction)[:1]:
        for item in k.sheet.armory:
            name = _gear_name(catalogue, item.gear)
            value = prefix + item.gear
            if item.gear not in chosen and _matches(last, item.gear, name) and len(value) <= NAME_LIMIT:
                shown = ", ".join([*(_gear_name(catalogue, g).split(" (")[0] for g in chosen), name])
                out.append(_choice(shown, value))
    return out[:LIMIT]


async def loadout_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The Gear of the Loadout of the Knight meant (``/knight attack weapon:``, ``/knight gear gear:``...); with no
    Knight of theirs (a GM typing for the table), every Gear of the content."""
    state = await campaign_state(tree, interaction)
    catalogue = (await _content(tree, interaction)).catalogue if tree.app and interaction.guild_id else None
    if catalogue is None:
        return []
    knights = knights_meant(state, interaction) if state is not None else []
    if not knights:
        return [_choice(_gear_name(catalogue, g.id), g.id) for g in catalogue.gear.values()
                if _matches(current, g.id, g.name)][:LIMIT]
    out: Choices = []
    for k in knights:
        for item in k.loadout:
            name = _gear_name(catalogue, item.gear)
            if _matches(current, item.gear, name) and all(c.value != item.gear for c in out):
                out.append(_choice(name, item.gear))
    return out[:LIMIT]


async def level_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The levels of the Monster chosen in the same command (``/clash start monster:... level:``)."""
    if tree.app is None or interaction.guild_id is None:
        return []
    catalogue = (await _content(tree, interaction)).catalogue
    wanted = getattr(interaction.namespace, "monster", None)
    monster = catalogue.monsters.get(wanted) if isinstance(wanted, str) else None
    if monster is None:
        return []
    out: Choices = []
    for lv in monster.levels:
        name = (f"Level {lv.level} — To-Hit {lv.to_hit}+, {lv.wounds} Wounds "
                f"({lv.exhibition_wounds} in an Exhibition)")
        if _matches(current, str(lv.level)):
            out.append(_choice(name, lv.level))
    return out[:LIMIT]


def _mover(state: CampaignState, interaction: discord.Interaction) -> tuple[Any, str] | None:
    """The campaign Knight who moves and their Clash Board id: the one named, else the presser's only Knight on
    the board."""
    from rules.errors import RuleError
    from rules.knights.find import board_id

    for k in knights_meant(state, interaction):
        try:
            return k, board_id(state, k.id)
        except RuleError:
            continue
    return None


def _steps(path: tuple[Any, ...]) -> str:
    n = len(path) - 1
    return f"{n} space{'s' if n != 1 else ''}"


async def move_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The spaces the Knight may end their Movement Action on (``/knight move to:``), nearest first."""
    from rules.board.knight_movement import knight_reachable
    from rules.knights import statistics as st

    state = await campaign_state(tree, interaction)
    if state is None or state.clash is None:
        return []
    found = _mover(state, interaction)
    if found is None:
        return []
    k, kid = found
    speed = st.speed((await _content(tree, interaction)).catalogue, k)
    reach = knight_reachable(state.board, kid, speed)
    start = state.board.knight(kid).space
    spaces = sorted((s for s in reach if s != start), key=lambda s: (len(reach[s]), s.row, s.col))
    return [_choice(f"{s.label} ({_steps(reach[s])}, Speed {speed})", s.label) for s in spaces
            if _matches(current, s.label)][:LIMIT]


async def rush_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The spaces a Rush may end on (``/knight attack weapon:... rush:``): the nearest spaces with the Target in the
    weapon's effective range, at least 3 spaces away, at Speed +1 (Improved Rush +2) — as rules/clash/rush.py
    checks them. Nothing when the weapon has no Rush."""
    from rules.clash import active_weapon as aw
    from rules.clash import knight_attack as ka
    from rules.clash import rush
    from rules.errors import RuleError
    from rules.knights import statistics as st

    state = await campaign_state(tree, interaction)
    weapon = getattr(interaction.namespace, "weapon", None)
    if state is None or state.clash is None or not isinstance(weapon, str) or not weapon:
        return []
    found = _mover(state, interaction)
    if found is None:
        return []
    k, kid = found
    catalogue = (await _content(tree, interaction)).catalogue
    try:
        mini = state.board.knight(kid)
        target = getattr(interaction.namespace, "target", None)
        monster = ka.attack_target(state, mini, target if isinstance(target, str) and target else None)
        face, keywords, _ = aw.weapon_face(catalogue, k, aw.declare(catalogue, k, weapon))
    except (RuleError, KeyError):
        return []
    kind = rush.rush_kind(keywords)
    if kind is None or face.ranged is not None:
        return []
    speed = st.speed(catalogue, k) + rush.SPEED[kind]
    endings = rush.rush_endings(state, kid, monster, face, speed)
    if not endings or min(endings.values()) < rush.MINIMUM:
        return []
    nearest = min(endings.values())
    spaces = sorted((s for s, n in endings.items() if n == nearest), key=lambda s: (s.row, s.col))
    return [_choice(f"{s.label} ({kind}: {nearest} spaces, then attack {monster.name})", s.label) for s in spaces
            if _matches(current, s.label)][:LIMIT]


async def free_space_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The empty spaces of the Clash Board (``/clash place space:``), those starting with what is typed first."""
    from rules.board.geometry import all_spaces

    state = await campaign_state(tree, interaction)
    if state is None:
        return []
    board = state.board
    taken = {c for m in board.monsters for c in m.cells}
    taken |= {k.space for k in board.knights if k.space is not None and not k.dead}
    needle = current.strip().upper()
    free = [s for s in all_spaces(board.spec) if s not in taken]
    first = [s for s in free if s.label.startswith(needle)]
    rest = [s for s in free if needle and needle in s.label and s not in first]
    return [_choice(s.label, s.label) for s in first + rest][:LIMIT]


async def piece_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The miniatures and Terrain on the Clash Board (``/clash remove name:``)."""
    state = await campaign_state(tree, interaction)
    if state is None:
        return []
    board = state.board
    pieces = [(k.name, f"Knight on {k.space.label if k.space else 'a Vantage Point'}") for k in board.knights]
    pieces += [(m.name, f"Monster on {m.anchor.label}") for m in board.monsters]
    pieces += [(t.name, "Terrain") for t in board.terrain]
    return [_choice(f"{name} ({where})", name) for name, where in pieces if _matches(current, name)][:LIMIT]


async def target_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The Monsters on the Clash Board (``/knight attack target:``)."""
    state = await campaign_state(tree, interaction)
    if state is None:
        return []
    return [_choice(f"{m.name} (on {m.anchor.label})", m.id) for m in state.board.monsters
            if _matches(current, m.id, m.name)][:LIMIT]


async def _destinations(tree: GameTree, interaction: discord.Interaction) -> list[tuple[str, str]]:
    """The Travel step's legal destinations as (key, label): the tile id, or ``fog:<tile>`` for the Deep Fog."""
    from rules.delve.results import travel_decision

    state = await campaign_state(tree, interaction)
    if state is None or state.delve is None:
        return []
    decision = travel_decision((await _content(tree, interaction)).engine, state)
    if decision is None:
        return []
    return list(zip(decision.options, decision.labels or decision.options, strict=False))


async def destination_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The legal paths of the Travel step (``/delve travel to:``): explore, Shortcut or Backtrack."""
    return [_choice(f"{label} ({key})", key) for key, label in await _destinations(tree, interaction)
            if not key.startswith("fog:") and _matches(current, key, label)][:LIMIT]


async def fog_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The tiles the party may enter the Deep Fog toward (``/delve travel fog:``)."""
    out: Choices = []
    for key, label in await _destinations(tree, interaction):
        tile = key.removeprefix("fog:")
        if key.startswith("fog:") and _matches(current, tile, label):
            out.append(_choice(f"{label} ({tile})", tile))
    return out[:LIMIT]


async def _clash_pending(tree: GameTree, interaction: discord.Interaction) -> Any:
    state = await campaign_state(tree, interaction)
    return state.clash.flow.pending if state is not None and state.clash is not None else None


async def decision_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The decision the Clash waits for (``/choose decision:``), with its question."""
    pending = await _clash_pending(tree, interaction)
    if pending is None or not _matches(current, pending.id, pending.prompt):
        return []
    return [_choice(f"{pending.id}: {pending.prompt}", pending.id)]


async def option_choices(tree: GameTree, interaction: discord.Interaction, current: str) -> Choices:
    """The answers to the Clash's decision (``/choose option:``); several picks as ``a,b`` item after item."""
    pending = await _clash_pending(tree, interaction)
    if pending is None:
        return []
    head, _, last = current.rpartition(",")
    chosen = [x.strip() for x in head.split(",") if x.strip()]
    if len(chosen) >= pending.pick:
        return []
    prefix = ",".join(chosen) + ("," if chosen else "")
    return [_choice(f"{o.label} — {o.help}" if o.help else o.label, prefix + o.key) for o in pending.options
            if o.key not in chosen and _matches(last, o.key, o.label)][:LIMIT]


SOURCES = {
    "armory": armory_choices, "armory_list": armory_list_choices, "loadout": loadout_choices,
    "level": level_choices, "move": move_choices, "rush": rush_choices, "free_space": free_space_choices,
    "piece": piece_choices, "target": target_choices, "destination": destination_choices,
    "fog_destination": fog_choices, "decision": decision_choices, "option": option_choices,
}

# Options whose registry entry names no source (or a looser one): (command path, option) -> source. The registry
# stays transport-free; these completions are Discord's only. tests/discord/test_state_autocomplete.py checks
# that each entry names a real option of a real command.
OPTION_SOURCES: dict[tuple[tuple[str, ...], str], str] = {
    (("knight", "move"), "to"): "move",
    (("knight", "attack"), "rush"): "rush",
    (("knight", "attack"), "target"): "target",
    (("knight", "attack"), "weapon"): "loadout",
    (("encounter", "attack"), "weapon"): "loadout",
    (("odds", "weapon"), "weapon"): "loadout",
    (("knight", "gear"), "gear"): "loadout",
    (("knight", "armory", "remove"), "gear"): "armory",
    (("knight", "armory", "reforge"), "gear"): "armory",
    (("knight", "armory", "upgrade"), "gear"): "armory",
    (("knight", "loadout"), "gear"): "armory_list",
    (("outpost", "reforge"), "gear"): "armory",
    (("presence", "lend"), "gear"): "armory",
    (("clash", "start"), "level"): "level",
    (("clash", "place"), "space"): "free_space",
    (("clash", "remove"), "name"): "piece",
    (("choose",), "decision"): "decision",
    (("choose",), "option"): "option",
    (("delve", "travel"), "to"): "destination",
    (("delve", "travel"), "fog"): "fog_destination",
}
