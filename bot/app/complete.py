"""What an option may take, from the campaign as it is: transport-free completion sources (issue #20, "The console
plays like Discord"). The console's line editor (bot/console/editor.py) and Discord's autocomplete
(bot/discord/complete.py) both complete from these, so a player sees the same list in both; each source reads the
state and content it is given and asks the pure rules what is legal now (rules/clash/legal.py, rules/clash/rush.py,
the Travel step's decision, the questions waiting), and never raises: whatever goes wrong gives an empty list.

A source is ``(state, engine, typed) -> [Choice]``: ``typed`` is who types, the command, the options the line names
so far and what is typed of the value. A ``Choice`` is the ``value`` the console types (the name on the card or
sheet), its ``label`` and the ``key`` Discord sends (the id, exact and short; the value when there is none)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from content.loader import Catalogue
from rules.engine import Engine
from rules.state import CampaignState


class Choice(NamedTuple):
    value: str
    label: str
    key: str = ""

    @property
    def sent(self) -> str:
        """What Discord sends for this choice."""
        return self.key or self.value


@dataclass(frozen=True)
class Typed:
    """What the line says so far."""

    user: str
    path: tuple[str, ...] = ()
    given: dict[str, str] = field(default_factory=dict)  # the other options' values
    current: str = ""

    @property
    def named(self) -> str | None:
        """The Knight the line names (``knight:`` or ``name:``), if any."""
        return next((v for o in ("knight", "name") if (v := self.given.get(o, "").strip())), None)


Values = list[Choice]
Source = Callable[[CampaignState | None, Engine, Typed], Values]

# the options whose registry entry names no source (or a looser one): (command path, option) -> source
OPTION_SOURCES: dict[tuple[tuple[str, ...], str], str] = {
    (("knight", "move"), "to"): "move",
    (("knight", "attack"), "rush"): "rush",
    (("knight", "attack"), "target"): "target",
    (("knight", "attack"), "weapon"): "weapon",
    (("encounter", "attack"), "weapon"): "weapon",
    (("odds", "weapon"), "weapon"): "loadout",
    (("odds", "weapon"), "target"): "target",
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
    **{(path, name): name for path in (("choose",), ("fog", "choose"), ("encounter", "choose"), ("spoils", "choose"),
                                       ("squire", "unlock")) for name in ("decision", "option")},
    (("delve", "travel"), "decision"): "decision",
    (("delve", "travel"), "to"): "destination",
    (("delve", "travel"), "fog"): "fog_destination",
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


def _on_board(state: CampaignState, typed: Typed) -> tuple[Any, str] | None:
    """The Knight meant and their Clash Board id: the one named, else the user's first Knight on the board."""
    from rules.errors import RuleError
    from rules.knights.find import board_id

    for k in knights_meant(state, typed.user, typed.named):
        try:
            return k, board_id(state, k.id)
        except RuleError:
            continue
    return None


def _gear_label(cat: Catalogue, gid: str) -> str:
    gear = cat.gear.get(gid)
    return f"{gear.name} ({gid})" if gear is not None else gid


def _gear_name(cat: Catalogue, gid: str) -> str:
    gear = cat.gear.get(gid)
    return gear.name if gear is not None else gid


def knights(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    if state is None:
        return []
    return [Choice(k.name, f"{k.name} ({k.owner})", k.id) for k in state.knights.values()
            if matches(typed.current, k.name, k.id)]


def loadout(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The Gear of the Loadout of the Knight meant, by its name on the card; with no Knight of theirs (a GM typing
    for the table), every Gear of the content."""
    cat = engine.catalogue
    meant = knights_meant(state, typed.user, typed.named) if state is not None else []
    if not meant:
        return gear(state, engine, typed)
    out: Values = []
    for k in meant:
        for item in k.loadout:
            name = _gear_name(cat, item.gear)
            if matches(typed.current, name, item.gear) and all(c.key != item.gear for c in out):
                out.append(Choice(name, _gear_label(cat, item.gear), item.gear))
    return out


def weapon(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The weapons the Knight meant may declare as active (rules/clash/legal.py ``weapons``: not exhausted, not
    discarded); with no Knight of theirs, every weapon of the content."""
    from rules.clash.legal import weapons

    cat = engine.catalogue
    meant = knights_meant(state, typed.user, typed.named) if state is not None else []
    if not meant:
        return [c for c in gear(state, engine, typed) if cat.gear[c.key].type == "weapon"]
    out: Values = []
    for k in meant:
        for gid in weapons(cat, k):
            name = _gear_name(cat, gid)
            if matches(typed.current, name, gid) and all(c.key != gid for c in out):
                out.append(Choice(name, _gear_label(cat, gid), gid))
    return out


def armory(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The Gear in the Armory of the Knight meant (``/knight armory remove|reforge|upgrade gear:``)."""
    if state is None:
        return []
    cat, out = engine.catalogue, []
    for k in knights_meant(state, typed.user, typed.named):
        for item in k.sheet.armory:
            if matches(typed.current, item.gear, _gear_name(cat, item.gear)) and all(c.key != item.gear for c in out):
                out.append(Choice(_gear_name(cat, item.gear), _gear_label(cat, item.gear), item.gear))
    return out


def armory_list(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """A Loadout as a comma-separated list of the Armory's Gear (``/knight loadout gear:a,b``): what is typed before
    the last comma stays, the last item is completed from the Armory, without the Gear already listed."""
    if state is None:
        return []
    cat = engine.catalogue
    head, _, last = typed.current.rpartition(",")
    chosen = [g.strip() for g in head.split(",") if g.strip()]
    prefix = ",".join(chosen) + ("," if chosen else "")
    out: Values = []
    for k in knights_meant(state, typed.user, typed.named)[:1]:
        for item in k.sheet.armory:
            if item.gear not in chosen and matches(last, item.gear, _gear_name(cat, item.gear)):
                shown = ", ".join([*(_gear_name(cat, g) for g in chosen), _gear_label(cat, item.gear)])
                out.append(Choice(prefix + item.gear, shown))
    return out


def level(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The levels of the Monster chosen in the same command (``/clash start monster:... level:``)."""
    monster = engine.catalogue.monsters.get(typed.given.get("monster", ""))
    if monster is None:
        return []
    return [Choice(str(lv.level), f"Level {lv.level} — To-Hit {lv.to_hit}+, {lv.wounds} Wounds "
                                  f"({lv.exhibition_wounds} in an Exhibition)")
            for lv in monster.levels if matches(typed.current, str(lv.level))]


def move(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The spaces the Knight may end a Movement Action on, nearest first (rules/clash/legal.py ``reachable``)."""
    from rules.clash.legal import reachable
    from rules.knights import statistics as st

    found = _on_board(state, typed) if state is not None and state.clash is not None else None
    if state is None or found is None:
        return []
    k, kid = found
    speed = st.speed(engine.catalogue, k)
    return [Choice(s.label, f"{n} space{'s' if n != 1 else ''}, Speed {speed}")
            for s, n in reachable(engine.catalogue, state, kid).items() if matches(typed.current, s.label)]


def rush(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The spaces a Rush may end on (``/knight attack weapon:... rush:``), as rules/clash/rush.py checks them;
    nothing when the weapon has no Rush or no ending is far enough."""
    from rules.clash import active_weapon as aw
    from rules.clash import knight_attack as ka
    from rules.clash import rush as rh
    from rules.errors import RuleError

    weapon = typed.given.get("weapon", "")
    found = _on_board(state, typed) if state is not None and state.clash is not None and weapon else None
    if state is None or found is None:
        return []
    k, kid = found
    cat = engine.catalogue
    try:
        mini = state.board.knight(kid)
        monster = ka.attack_target(state, mini, typed.given.get("target") or None)
        face, keywords, _ = aw.weapon_face(cat, k, aw.declare(cat, k, weapon))
    except (RuleError, KeyError):
        return []
    kind = rh.rush_kind(keywords)
    if kind is None or face.ranged is not None:
        return []
    nearest, spaces = rh.allowed_endings(state, kid, monster, face, rh.rush_speed(cat, k, kind))
    if nearest < rh.MINIMUM:
        return []
    return [Choice(s.label, f"{kind}: {nearest} spaces, then attack {monster.name}") for s in spaces
            if matches(typed.current, s.label)]


def target(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The Monsters on the Clash Board (``/knight attack target:``)."""
    if state is None:
        return []
    return [Choice(m.name, f"{m.name} (on {m.anchor.label})", m.id) for m in state.board.monsters
            if matches(typed.current, m.id, m.name)]


def free_space(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The empty spaces of the Clash Board (``/clash place space:``), those starting with what is typed first."""
    from rules.board.geometry import all_spaces

    if state is None:
        return []
    board = state.board
    taken = {c for m in board.monsters for c in m.cells}
    taken |= {k.space for k in board.knights if k.space is not None and not k.dead}
    needle = typed.current.strip().strip('"').upper()
    free = [s for s in all_spaces(board.spec) if s not in taken]
    first = [s for s in free if s.label.startswith(needle)]
    rest = [s for s in free if needle and needle in s.label and s not in first]
    return [Choice(s.label, s.label) for s in first + rest]


def piece(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The miniatures and Terrain on the Clash Board (``/clash remove name:``)."""
    if state is None:
        return []
    board = state.board
    pieces = [(k.name, f"Knight on {k.space.label if k.space else 'a Vantage Point'}") for k in board.knights]
    pieces += [(m.name, f"Monster on {m.anchor.label}") for m in board.monsters]
    pieces += [(t.name, "Terrain") for t in board.terrain]
    return [Choice(name, f"{name} ({where})") for name, where in pieces if matches(typed.current, name)]


def _destinations(state: CampaignState | None, engine: Engine) -> list[tuple[str, str]]:
    """The Travel step's legal destinations as (key, label): the tile id, or ``fog:<tile>`` for the Deep Fog."""
    from rules.delve.results import travel_decision

    decision = travel_decision(engine, state) if state is not None and state.delve is not None else None
    if decision is None:
        return []
    return list(zip(decision.options, decision.labels or decision.options, strict=False))


def destination(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The legal paths of the Travel step (``/delve travel to:``): explore, Shortcut or Backtrack."""
    return [Choice(key, label) for key, label in _destinations(state, engine)
            if not key.startswith("fog:") and matches(typed.current, key, label)]


def fog_destination(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The tiles the party may enter the Deep Fog toward (``/delve travel fog:``)."""
    return [Choice(key.removeprefix("fog:"), label) for key, label in _destinations(state, engine)
            if key.startswith("fog:") and matches(typed.current, key.removeprefix("fog:"), label)]


def _questions(state: CampaignState | None, engine: Engine, typed: Typed) -> list[Any]:
    """The questions waiting that the command being typed answers (bot/app/asked.py)."""
    from bot.app.asked import waiting

    if state is None:
        return []
    answer = " ".join(typed.path) or "choose"
    return [d for d in waiting(engine, state) if d.answer == answer]


def decision(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The decision ids waiting for this command (``/choose decision:``), with their questions."""
    return [Choice(d.id, d.prompt) for d in _questions(state, engine, typed) if matches(typed.current, d.id, d.prompt)]


def option(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    """The answers to the decision named (else the first waiting); several picks as ``a,b``, item after item."""
    asked = _questions(state, engine, typed)
    d = next((q for q in asked if q.id == typed.given.get("decision")), asked[0] if asked else None)
    if d is None:
        return []
    head, _, last = typed.current.rpartition(",")
    chosen = [x.strip() for x in head.split(",") if x.strip()]
    if len(chosen) >= d.pick:
        return []
    prefix = ",".join(chosen) + ("," if chosen else "")
    out: Values = []
    for i, key in enumerate(d.options):
        label = d.labels[i] if i < len(d.labels) and d.labels[i] else key
        what = d.helps[i] if i < len(d.helps) else ""
        if key not in chosen and matches(last, key, label):
            out.append(Choice(prefix + key, f"{label} — {what}" if what and what != label else label))
    return out


def monsters(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    return [Choice(m.id, m.name) for m in engine.catalogue.monsters.values() if matches(typed.current, m.id, m.name)]


def gear(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    return [Choice(g.name, f"{g.name} ({g.id})", g.id) for g in engine.catalogue.gear.values()
            if matches(typed.current, g.id, g.name)]


def decks(state: CampaignState | None, engine: Engine, typed: Typed) -> Values:
    return [Choice(d.id, d.name) for d in engine.catalogue.decks.values() if matches(typed.current, d.id, d.name)]


SOURCES: dict[str, Source] = {
    "knight": knights, "loadout": loadout, "weapon": weapon, "armory": armory, "armory_list": armory_list,
    "level": level, "move": move, "rush": rush, "target": target, "free_space": free_space, "piece": piece,
    "destination": destination, "fog_destination": fog_destination, "decision": decision, "option": option,
    "monster": monsters, "gear": gear, "deck": decks,
}


def source_name(path: tuple[str, ...], option_name: str, autocomplete: str | None) -> str | None:
    """The name of an option's source: the table above first, then the registry's own ``autocomplete`` name."""
    return OPTION_SOURCES.get((path, option_name)) or autocomplete


def source_of(path: tuple[str, ...], option_name: str, autocomplete: str | None) -> Source | None:
    """The source for an option (``source_name``), None when it has none here."""
    name = source_name(path, option_name, autocomplete)
    return SOURCES.get(name) if name else None
