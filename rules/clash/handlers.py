"""Engine handlers that start, inspect, adjust and end a Clash (rulebook "Resolving Clashes" to "3. Performing
Setup"). The Monster side is rules/clash/ (setup, decks); the Clash Board is rules/board/; Knights' statistics
are rules/knights/statistics.py. ``CampaignState.clash`` holds the Clash under way; docs/clash.md.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from content.schema.monsters import Monster as MonsterContent
from rules.board.geometry import Coord, Direction
from rules.board.handlers import KNIGHT_COLOURS, board_summary
from rules.board.naming import slug
from rules.board.state import BoardState, BypassLevel, Knight, Monster, terrain_from_spec
from rules.clash import aftermath as after
from rules.clash import pieces
from rules.clash.gm_facts import GmDeckTop, GmKnightStat, GmMonsterNumber, GmWoundStack
from rules.clash.pieces import piece_keywords
from rules.clash.setup import setup_clash
from rules.clash.setup_facts import (
    BoardCleared,
    ClashEnded,
    ClashEndedUnfinished,
    MassivePerilLeft,
    SetupDeadKnights,
    SetupFlipTechniques,
    SetupInitiative,
    SetupKnights,
    SetupMonsterPlaced,
    SetupRule,
    SetupTerrain,
    SetupTraits,
)
from rules.clash.state import ClashState
from rules.clash.view import clash_data
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event, handles
from rules.errors import RuleError
from rules.facts import Fact, Line
from rules.knights import statistics as st
from rules.knights.find import find_knight
from rules.knights.state import KnightState
from rules.knights.view import summary as knight_summary
from rules.modes.clash_setup import at_setup
from rules.modes.five_player import extra_knight_spaces
from rules.state import CampaignState

Id = Annotated[str, Field(min_length=1, max_length=64)]
FACINGS = {"north": Direction.N, "east": Direction.E, "south": Direction.S, "west": Direction.W}
FACING_NAMES = {d: name for name, d in FACINGS.items()}
T = "tests/clash_commands/test_clash_commands.py::"
START_TESTS = [
    T + "test_start_every_starter_monster_at_its_lowest_and_highest_level",
    T + "test_start_places_terrain_monster_and_knights",
    T + "test_mob_start_places_each_mob_with_its_number",
]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ClashStart(_Action):
    type: Literal["clash_start"] = "clash_start"
    monster: Id
    level: int = Field(ge=1, le=9)
    clash_type: Literal["exhibition", "full"]
    knights: list[Id] | None = Field(None, max_length=8, description="the Knights taking part; None: every living one")
    providence: bool = Field(False, description="Wise Providence: the Clash begins with the Knight Round")


class ClashAdjustDeck(_Action):
    type: Literal["clash_adjust_deck"] = "clash_adjust_deck"
    while_waiting: ClassVar[bool] = True
    deck: Literal["ai", "bp"]
    top: Id


class ClashAdjustKnight(_Action):
    type: Literal["clash_adjust_knight"] = "clash_adjust_knight"
    while_waiting: ClassVar[bool] = True
    knight: Id
    stat: Literal["passion", "heat", "vigor", "bane"]
    value: int = Field(ge=-30, le=30)


class ClashAdjustMonster(_Action):
    type: Literal["clash_adjust_monster"] = "clash_adjust_monster"
    while_waiting: ClassVar[bool] = True
    what: Literal["wounds", "to_hit", "at_bonus", "evasion_dice_bonus", "vigor_loss_bonus"]
    value: int = Field(ge=0, le=40)


class ClashEnd(_Action):
    type: Literal["clash_end"] = "clash_end"
    while_waiting: ClassVar[bool] = True


def _running(state: CampaignState) -> ClashState:
    if state.clash is None:
        raise RuleError("no Clash is running: the GM starts one with /clash start monster:<id> level:N "
                        "type:exhibition|full")
    return state.clash


def _monster(engine: Engine, ident: str) -> MonsterContent:
    found = engine.catalogue.monsters.get(ident)
    if found is None:
        known = ", ".join(sorted(engine.catalogue.monsters)) or "none"
        raise RuleError(f"there is no Monster {ident!r} in the loaded packs; the Monsters are: {known}")
    return found


# --- starting -------------------------------------------------------------------------------------------


def _taking_part(state: CampaignState, names: list[str] | None, spaces: int) -> list[KnightState]:
    if names is None:
        chosen = [k for k in state.knights.values() if not k.dead]
    else:
        chosen = []
        for name in names:
            k = _find_knight(state, name)
            if k.dead:
                raise RuleError(f"{k.name} is dead and cannot take part in a Clash")
            if k in chosen:
                raise RuleError(f"{k.name} is named twice in knights:")
            chosen.append(k)
    if len(chosen) > spaces:
        shown = ", ".join(k.name for k in chosen)
        raise RuleError(f"this Clash Setup has {spaces} Knight starting spaces but {len(chosen)} Knights would take "
                        f"part ({shown}); name the Knights of this Clash with knights:\"A,B,...\"")
    return chosen


def _board(engine: Engine, monster: MonsterContent, level: int, knights: list[KnightState],
           keywords: bool = True) -> BoardState:
    """"Place the Terrain cards near the Clash Board and the Terrain tiles on the Clash Board, according to the
    Clash Diagram. Place Knights on Knight Starting Positions as indicated by the diagram. Then proceed to
    Monster positioning." Mobs are numbered 1, 2, ... like their spaces on the Mob track."""
    setup = monster.setup(level)
    terrain = []
    for tp in setup.terrain:
        spec = engine.catalogue.terrain.get(tp.tile)
        if spec is None:
            raise RuleError(f"the Clash Setup names the Terrain tile {tp.tile!r}, which no loaded pack defines")
        terrain.append(terrain_from_spec(spec, _coord(tp.at)))
    placed = [
        Knight(id=slug(k.name), name=k.name, space=_coord(space), colour=KNIGHT_COLOURS[i % len(KNIGHT_COLOURS)],
               keywords=piece_keywords(engine.catalogue, k) if keywords else frozenset())
        for i, (k, space) in enumerate(zip(knights, setup.knights, strict=False))
    ]
    mob = monster.type == "mob"
    minis = [
        Monster(
            id=slug(f"{monster.name} {i + 1}" if mob else monster.name),
            name=f"{monster.name} {i + 1}" if mob else monster.name,
            kind=monster.type, anchor=_coord(mp.at), facing=FACINGS[mp.facing], diagram=monster.diagram,
            mob_number=i + 1 if mob else None, unavoidable_knockback=monster.unavoidable_knockback or 0,
            lumbering=monster.lumbering, ignores_difficult_terrain=monster.ignore_difficult_terrain,
            bypass=BypassLevel.BYPASS if monster.bypass else None, always_there=monster.always_there,
        )
        for i, mp in enumerate(setup.monster)
    ]
    try:
        return BoardState(spec=setup.board, knights=tuple(placed), monsters=tuple(minis), terrain=tuple(terrain))
    except ValidationError as exc:
        message = exc.errors()[0]["msg"].removeprefix("Value error, ")
        raise RuleError(f"the Clash Setup does not fit on the board: {message}") from None


def _coord(label: str) -> Coord:
    return Coord(ord(label[0]) - ord("A"), int(label[1:]) - 1)


@implements("1. Establishing Type", tests=[T + "test_start_every_starter_monster_at_its_lowest_and_highest_level"],
            note="/clash start type:exhibition|full")
@implements("2. Locating Setups", tests=START_TESTS, note="the Clash Setup of the Monster's level, from its content")
@implements(
    "3. Performing Setup", status="assisted", tests=START_TESTS,
    note="/clash start: the Monster side (rules.clash.setup), Terrain tiles, Knights on their starting spaces and "
    "the Monster's placement and facing on the Clash Board; flipping Technique cards, Other Components and the "
    "setup's special rules are shown for the players to apply by hand",
)
@handles(ClashStart)
@implements("Wise Providence", tests=["tests/clash/test_clash_sequence.py::"
                                     "test_a_clash_begins_with_the_monster_round_unless_wise_providence"])
@implements("Resolving Clashes", tests=["tests/clash_commands/test_whole_clash.py::test_a_whole_clash_script"],
            note="Establishing Type, Locating Setups and Performing Setup, then the Rounds until the Clash ends")
def start(engine: Engine, state: CampaignState, act: ClashStart, dice: Dice) -> Result:
    """Rulebook, "Resolving Clashes": "Establish Type", "Locate Setup", "Perform Setup"; the Board is replaced."""
    if state.clash is not None:
        c = state.clash
        raise RuleError(f"a Clash is already running ({c.monster}, level {c.level}, {c.type}); the GM ends it "
                        "first with /clash end")
    monster = _monster(engine, act.monster)
    known = [lv.level for lv in monster.levels]
    if act.level not in known:
        raise RuleError(f"{monster.name} has no level {act.level}; its levels are {', '.join(map(str, known))}")
    setup = monster.setup(act.level)
    knights = _taking_part(state, act.knights, len(setup.knights) + extra_knight_spaces(state, len(setup.knights)))
    board = _board(engine, monster, act.level, knights, pieces.knows_pieces(state))
    clash, lines = setup_clash(monster, act.level, act.clash_type, dice)
    if act.providence:
        clash.flow.phase = "knight"
    lines.append(SetupInitiative(providence=act.providence))
    state.clash, state.board = clash, board
    lines += at_setup(engine, state, monster, knights, KNIGHT_COLOURS, dice)  # True Solo, Five-Player (docs/modes.md)
    lines.append(SetupTerrain(tiles=[(t.name, t.cells[0].label) for t in board.terrain]))
    lines.append(SetupKnights(knights=[(k.name, k.space.label if k.space else "?", sorted(x.value for x in k.keywords))
                                       for k in board.knights]))
    dead = [k.name for k in state.knights.values() if k.dead]
    if dead and act.knights is None:
        lines.append(SetupDeadKnights(knights=dead))
    lines += [SetupMonsterPlaced(monster=m.name, space=m.anchor.label, facing=FACING_NAMES[m.facing])
              for m in board.monsters]
    traits = [t.name for t in monster.traits_at(act.level)]
    if traits:
        lines.append(SetupTraits(traits=traits))
    lines += [SetupRule(rule=rule) for rule in setup.rules]
    lines.append(SetupFlipTechniques())
    from rules.clash import deploy  # Deploy X: a move offered at the start of the Monster Positioning step
    from rules.clash.flow import decision as flow_decision

    pending, more = deploy.offer(engine, state)
    lines += more + ([pending.prompt] if pending is not None else [])
    events = [event("clash", lines[0])] + [event("clash_setup", line) for line in lines[1:]]
    return Result(state=state, events=events,
                  data={"clash": clash_data(clash, gm=True), "board": board_summary(board), "rules": list(setup.rules)},
                  pending=flow_decision(state, pending) if pending is not None else None)


# --- adjusting --------------------------------------------------------------------------------------------


@handles(ClashAdjustDeck)
def adjust_deck(engine: Engine, state: CampaignState, act: ClashAdjustDeck, dice: Dice) -> Result:
    """GM: put a card of the AI or BP deck (or its discard pile) on top of the deck. An unresolved AI 0 stays on
    top ("It cannot be discarded or otherwise removed from the deck until it is resolved"): the card goes under
    it (docs/rulings.md)."""
    clash = _running(state)
    if act.deck == "bp" and clash.monster_type == "mob":
        raise RuleError("a Mob Clash has no BP deck: its BP cards are the Mobs on the Mob track")
    deck = clash.ai_deck if act.deck == "ai" else clash.bp_deck
    discard = clash.ai_discard if act.deck == "ai" else clash.bp_discard
    name = act.deck.upper()
    if act.top in deck:
        deck.remove(act.top)
        where: Literal["deck", "discard"] = "deck"
    elif act.top in discard:
        discard.remove(act.top)
        where = "discard"
    else:
        places = ", ".join(deck + discard) or "none"
        raise RuleError(f"{act.top!r} is not in the {name} deck or its discard pile; the cards there are: {places}")
    under_ai_zero = act.deck == "ai" and clash.ai_zero is not None and act.top != clash.ai_zero
    under_ai_zero = under_ai_zero and bool(deck) and deck[0] == clash.ai_zero
    deck.insert(1 if under_ai_zero else 0, act.top)
    told = GmDeckTop(deck=act.deck, card=act.top, level=clash.levels[act.top], source=where,
                     under_ai_zero=under_ai_zero)
    return Result(state=state, events=[Event(kind="gm_adjust", fact=told)], data={"clash": clash_data(clash, gm=True)})


def _find_knight(state: CampaignState, name: str) -> KnightState:
    return find_knight(state, name)


@handles(ClashAdjustKnight)
def adjust_knight(engine: Engine, state: CampaignState, act: ClashAdjustKnight, dice: Dice) -> Result:
    """GM: set a Knight's statistic to ``value`` as one change through rules/knights/statistics.py, so every limit
    applies (Hard Limits, the maximum Vigor, the Heat Limit, the Bane Limit)."""
    clash = _running(state)
    k, cat = _find_knight(state, act.knight), engine.catalogue
    current = {"passion": k.stats.passion, "heat": k.stats.heat, "vigor": k.stats.vigor, "bane": k.stats.bane}
    change = act.value - current[act.stat]
    if change == 0:
        raise RuleError(f"{k.name}'s {act.stat.capitalize()} is already {act.value}")
    apply = {"passion": st.change_passion, "heat": st.change_heat, "vigor": st.change_vigor, "bane": st.change_bane}
    lines = apply[act.stat](cat, k, change)
    told = GmKnightStat(knight=k.name, stat=act.stat, value=act.value, then=list(lines))
    return Result(state=state, events=[Event(kind="gm_adjust", fact=told)],
                  data={"knight": knight_summary(cat, k), "clash": clash_data(clash, gm=True)})


@handles(ClashAdjustMonster)
def adjust_monster(engine: Engine, state: CampaignState, act: ClashAdjustMonster, dice: Dice) -> Result:
    """GM: set the Wounds on the Wound Stack (Generic Single Wounds added without Escalation, like Exhibition
    Wounds; or the top cards taken off as by Heal) or one of the Monster's numbers, announced before -> after."""
    from rules.clash import wound_stack

    clash = _running(state)
    if act.what == "wounds":
        before = clash.wounds()
        if act.value >= before:
            clash = wound_stack.add_generic(clash, count=act.value - before)
        else:
            while clash.wounds() > act.value:
                clash, _ = wound_stack.heal(clash, 1)
            clash = wound_stack.add_generic(clash, count=act.value - clash.wounds())  # a Double taken off
        clash, lines = wound_stack.check_victory(clash)
        told: Fact = GmWoundStack(before=before, after=clash.wounds(), needed=clash.wounds_needed)
    else:
        before = getattr(clash, act.what)
        if act.what == "to_hit" and not 1 <= act.value <= 10:
            raise RuleError("a To Hit value is between 1 and 10")
        setattr(clash, act.what, act.value)
        lines = []
        told = GmMonsterNumber(what=act.what, before=before, after=act.value)
    state.clash = clash
    events = [Event(kind="gm_adjust", fact=told)] + [event("clash", line) for line in lines]
    return Result(state=state, events=events, data={"clash": clash_data(clash, gm=True)})


# --- ending ------------------------------------------------------------------------------------------------


@implements(
    "Massive Peril", status="assisted",
    tests=[T + "test_end_removes_massive_peril_and_clears_the_board"],
    note="/deck draw deck:judicium vigor:N adds them; /clash end takes them out of the Judicium deck",
)
@handles(ClashEnd)
def end(engine: Engine, state: CampaignState, act: ClashEnd, dice: Dice) -> Result:
    """"discard any additional cards from the Judicium deck after each Clash"; after a victory or a defeat the Clash
    Aftermath (rules/clash/aftermath.py); the Clash Board is cleared. A Clash whose Knights on the board are all
    dead is a defeat ("The Clash immediately ends with the Knights' Defeat as soon as all Knights die")."""
    clash = _running(state)
    monster = engine.catalogue.monsters.get(clash.monster)
    name = monster.name if monster else clash.monster
    removed = after.remove_massive_peril(engine, state)
    if clash.over is None and after.all_knights_dead(state):
        clash.over = "defeat"
    lines: list[Line] = [ClashEnded(monster=name, level=clash.level, clash_type=clash.type, outcome=clash.over,
                                    wounds=clash.wounds(), needed=clash.wounds_needed)]
    if removed:
        lines.append(MassivePerilLeft(cards=removed))
    knights = after.taking_part(state)
    steps = after.aftermath(engine, state, clash) if clash.over else []
    if not clash.over:
        lines.append(ClashEndedUnfinished())
    lines.append(BoardCleared())
    final = clash_data(clash, gm=True)
    state.clash, state.board = None, BoardState()
    events = [event("clash_end", line) for line in lines[:-1]]
    events += [event("aftermath", line) for line in steps] + [event("clash_end", lines[-1])]
    return Result(state=state, events=events,
                  data={"clash": final, "over": clash.over, "massive_peril_removed": removed, "aftermath": steps,
                        "knights": [knight_summary(engine.catalogue, k) for k in knights] if steps else []})
