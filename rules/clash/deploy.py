"""Deploy X (rulebook Keyword List): a move offered to a Knight at Clash Setup.

"Deploy X: During Clash Setup, at the start of the Monster Positioning step, you may move X spaces." ``/clash start``
places the Knights on their starting spaces, then asks each Knight whose Loadout has Deploy X (in the order the
Knights were placed) where to move: the decision ``deploy`` lists the spaces the Knight can reach with a voluntary
movement of X spaces, and "stay". The bot places the Monster with the rest of the setup, so the move is measured on
the board without the Monster (it is not there yet at that step) and may not end on a space the Monster was placed
on (docs/rulings.md).
"""

from __future__ import annotations

from content.loader import Catalogue
from rules.board.geometry import Coord
from rules.board.knight_movement import IllegalMove, knight_move, knight_reachable
from rules.board.naming import slug
from rules.board.state import BoardState
from rules.clash.flow import Option, Pending, ask, decision, resumes
from rules.clash.setup_facts import Deployed
from rules.decision_records import DeployThen
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import loadout as lo
from rules.knights.state import KnightState
from rules.state import CampaignState

MOST = 24  # a decision shows at most 25 options: the nearest spaces, then "stay"


def deploy_x(cat: Catalogue, k: KnightState) -> int:
    """Deploy X of the Knight's Loadout (Gear not discarded, with their Upgrades); 0 without it."""
    total = 0
    for e in k.loadout:
        if e.discarded or e.gear not in cat.gear:
            continue
        item = lo.armory_item(k, e.gear)
        up = cat.upgrades.get(item.upgrade) if item and item.upgrade else None
        keywords = list(lo.face(cat, k, e.gear).keywords) + (list(up.keywords) if up else [])
        total += sum(kw.value or 0 for kw in keywords if kw.name == "Deploy")
    return total


def _empty(board: BoardState) -> BoardState:
    return board.model_copy(update={"monsters": ()})


def _spaces(board: BoardState, kid: str, x: int) -> list[Coord]:
    monster_cells = {c for m in board.monsters for c in m.cells}
    mini = board.knight(kid)
    reach = knight_reachable(_empty(board), kid, x)
    spaces = [sp for sp in reach if sp != mini.space and sp not in monster_cells]
    return sorted(spaces, key=lambda sp: (len(reach[sp]), sp.row, sp.col))[:MOST]


def _knight_of(state: CampaignState, kid: str) -> KnightState | None:
    return next((k for k in state.knights.values() if kid in (k.id, slug(k.name))), None)


def _next(engine: Engine, state: CampaignState, left: list[str]) -> tuple[Pending | None, list[Line]]:
    """Ask the first Knight of ``left`` (board ids) who has Deploy X and somewhere to go."""
    clash = state.clash
    assert clash is not None
    cat = engine.catalogue
    lines: list[Line] = []
    while left:
        kid, left = left[0], left[1:]
        k = _knight_of(state, kid)
        if k is None:
            continue
        x = deploy_x(cat, k)
        if not x:
            continue
        spaces = _spaces(state.board, kid, x)
        if not spaces:
            lines.append(Deployed(x=x, knight=k.name, outcome="none"))
            continue
        options = [Option(key=sp.label, label=f"move to {sp.label}", help=f"Deploy {x}: move to {sp.label}")
                   for sp in spaces]
        options.append(Option(key="stay", label="stay", help="do not move"))
        pending = ask(state, "deploy", f"🚩 Deploy {x}: {k.name} may move {x} space{'s' if x != 1 else ''} "
                      "before the Monster is positioned — where to?", options, knights=[kid],
                      then=DeployThen(knight=kid, x=x, left=left))
        return pending, lines
    return None, lines


def offer(engine: Engine, state: CampaignState) -> tuple[Pending | None, list[Line]]:
    """At Clash Setup: the first Deploy decision (None when no Knight of the Clash has Deploy X)."""
    return _next(engine, state, [m.id for m in state.board.knights if not m.dead])


@resumes("deploy")
def _resume(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    assert isinstance(pending.then, DeployThen), f"{pending.kind} is no Deploy"
    kid, x, left = pending.then.knight, pending.then.x, list(pending.then.left)
    k = _knight_of(state, kid)
    name = k.name if k is not None else kid
    lines: list[Line] = []
    if chosen[0] == "stay":
        lines.append(Deployed(x=x, knight=name, outcome="stays"))
    else:
        dest = next(sp for sp in _spaces(state.board, kid, x) if sp.label == chosen[0])
        board = state.board
        try:
            moved = knight_move(_empty(board), kid, dest, x)
        except IllegalMove as exc:  # pragma: no cover - the options are legal moves
            raise RuleError(f"{name} cannot deploy to {dest.label}: {exc}") from None
        state.board = moved.state.model_copy(update={"monsters": board.monsters})
        lines.append(Deployed(x=x, knight=name, outcome="moves", space=dest.label, then=moved.told))
    nxt, more = _next(engine, state, left)
    lines += more
    events = [event("clash_setup", x_) for x_ in lines]
    if nxt is not None:
        events.append(Event(kind="decision", text=nxt.prompt))
    return Result(state=state, events=events, data={"pending": nxt.model_dump(exclude={"data"}) if nxt else None},
                  pending=decision(state, nxt) if nxt is not None else None)
