"""Property tests (hypothesis) for the board geometry and movement."""

from __future__ import annotations

from collections import deque

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from content.schema.board import BoardSpec
from rules.board import (
    BoardState,
    Coord,
    Outcome,
    displace,
    drag,
    forced_vault,
    gangup,
    herd,
    knight_reachable,
    knockback,
    knockback_to_the_side,
    knockdown,
    line_of_sight,
    monster_move,
    path_distance,
    pull,
    pushback,
)
from rules.board.geometry import fits, neighbours
from rules.board.work import Work
from tests.board.helpers import BOULDER, CHASM, COLUMN, HEDGE, board, boss, knight, mob

SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.generate],
)
ROWS, COLS = 6, 8
cells = st.tuples(st.integers(0, ROWS - 1), st.integers(0, COLS - 1)).map(lambda t: Coord(*t))


def naive_bfs(spec: BoardSpec, a: Coord, b: Coord, blocked: set[Coord]) -> int | None:
    seen = {a: 0}
    q = deque([a])
    while q:
        c = q.popleft()
        if c == b:
            return seen[c]
        for n in neighbours(spec, c):
            if n not in seen and (n == b or n not in blocked):
                seen[n] = seen[c] + 1
                q.append(n)
    return None


@SETTINGS
@given(a=cells, b=cells, blocked=st.sets(cells, max_size=20))
def test_path_distance_equals_breadth_first_search(a: Coord, b: Coord, blocked: set[Coord]) -> None:
    """ "Distance ... is always measured along the shortest path from source to target through
    orthogonally adjacent spaces" and "If there is no viable path to the Target, it is not a
    viable Target" (None)."""
    spec = BoardSpec(rows=ROWS, columns=COLS)
    blocked = blocked - {a}
    assert path_distance(spec, {a}, {b}, blocked) == naive_bfs(spec, a, b, blocked)


def _scene(draw: st.DrawFn, n_knights: int = 3) -> BoardState:
    used: set[Coord] = set()

    def free() -> Coord:
        c = draw(cells.filter(lambda x: x not in used))
        used.add(c)
        return c

    minis = []
    size = draw(st.sampled_from([1, 2]))
    anchor = draw(cells.filter(lambda c: fits(BoardSpec(rows=ROWS, columns=COLS), c, size)))
    for r in range(size):
        for c in range(size):
            used.add(Coord(anchor.row + r, anchor.col + c))
    minis.append(boss("boss", anchor.label, size=size, unavoidable_knockback=draw(st.integers(0, 3))))
    for i in range(n_knights):
        minis.append(knight(f"k{i}", free().label))
    if draw(st.booleans()):
        minis.append(mob("mob", free().label))
    terrain = []
    for spec_ in draw(st.lists(st.sampled_from([COLUMN, BOULDER, CHASM, HEDGE]), max_size=4)):
        terrain.append((spec_, free().label))
    return board(*minis, terrain=tuple(terrain), rows=ROWS, columns=COLS)


scenes = st.composite(_scene)


def _legal(state: BoardState) -> None:
    """Living Knights are on the board and not under a Monster or on an Obstacle; Monsters fit."""
    spec = state.spec
    w = Work(state)
    for m in state.monsters:
        assert fits(spec, m.anchor, m.side)
    taken: set[Coord] = set()
    for k in state.living_knights():
        if k.space is None:
            assert k.vp is not None
            continue
        assert 0 <= k.space.row < spec.rows and 0 <= k.space.col < spec.columns
        assert w.monster_at(k.space) is None, f"{k.name} under a Monster"
        assert w.obstacle_at(k.space) is None, f"{k.name} on an Obstacle"
        assert k.space not in taken
        taken.add(k.space)


@SETTINGS
@given(scene=scenes(), speed=st.integers(0, 6))
def test_knight_moves_end_on_legal_spaces(scene: BoardState, speed: int) -> None:
    """ "You cannot move through Obstacle or Chasm Terrain tiles. You cannot move through other Knights
    or Monsters."  Every reachable space is empty and within Speed."""
    w = Work(scene)
    occ = w.occupied(exclude=["k0"])
    for sp, path in knight_reachable(scene, "k0", speed).items():
        assert sp not in occ and not w.lethal(sp)
        assert len(path) - 1 <= speed
        assert len(set(path)) == len(path)
        assert all(p not in occ for p in path)


@SETTINGS
@given(scene=scenes(), speed=st.one_of(st.none(), st.integers(1, 5)))
def test_monster_moves_end_on_legal_spaces(scene: BoardState, speed: int | None) -> None:
    """Whatever the Monster crosses, the board stays legal (Knights under it were knocked away)."""
    for o in monster_move(scene, "boss", "k0", speed=speed):
        _legal(o.state)
    if any(m.id == "mob" for m in scene.monsters):
        for o in monster_move(scene, "mob", "k0", speed=speed):
            _legal(o.state)


@SETTINGS
@given(scene=scenes(), x=st.integers(1, 5), which=st.sampled_from(["knockback", "pushback", "pull"]))
def test_forced_movement_never_leaves_the_board(scene: BoardState, x: int, which: str) -> None:
    """Forced movement never leaves the board except by the rules that kill ("Falling off/beyond the
    Board Edge or into a Chasm space" - then the Knight is dead and off the board)."""
    fn = {
        "knockback": lambda: knockback(scene, "k0", "boss", x),
        "pushback": lambda: pushback(scene, "boss", "k0", x),
        "pull": lambda: pull(scene, "boss", "k0", x),
    }[which]
    outs = fn()
    assert outs
    for o in outs:
        _legal(o.state)
        for e in o.events:
            if e.kind == "death":
                assert o.state.knight(e.miniature or "").dead


@SETTINGS
@given(scene=scenes())
def test_los_between_one_space_minis_is_symmetric(scene: BoardState) -> None:
    """ "A miniature never blocks LoS to itself or other miniatures" and the corner-to-corner rule is
    the same both ways, so Knight-to-Knight LoS is symmetric."""
    ids = [k.id for k in scene.knights]
    for a in ids:
        for b in ids:
            assert line_of_sight(scene, a, b) == line_of_sight(scene, b, a)


OPERATIONS = [
    "knockback",
    "knockback_side",
    "pushback",
    "pushback_toward",
    "pull",
    "drag",
    "drag_toward",
    "knight_drags",
    "knight_pushes",
    "knight_pushes_toward",
    "herd",
    "gangup",
    "displace",
    "forced_vault",
    "knockdown",
]


def _one_per_space(state: BoardState) -> None:
    """No two miniatures share a space (a Boss's footprint counts as all its spaces)."""
    seen: dict[Coord, str] = {}
    for m in state.monsters:
        for c in m.cells:
            assert c not in seen, f"{m.id} and {seen[c]} on {c.label}"
            seen[c] = m.id
    for k in state.living_knights():
        if k.space is not None:
            assert k.space not in seen, f"{k.id} and {seen[k.space]} on {k.space.label}"
            seen[k.space] = k.id


def _apply(state: BoardState, op: str, kid: str, mid: str, x: int, dest: Coord) -> list[Outcome]:
    calls = {
        "knockback": lambda: knockback(state, kid, mid, x),
        "knockback_side": lambda: knockback_to_the_side(state, kid, mid, x),
        "pushback": lambda: pushback(state, mid, kid, x),
        "pushback_toward": lambda: pushback(state, mid, kid, x, toward=dest),
        "pull": lambda: pull(state, mid, kid, x),
        "drag": lambda: drag(state, mid, kid, x),
        "drag_toward": lambda: drag(state, mid, kid, x, toward=dest),
        "knight_drags": lambda: drag(state, kid, mid, x),
        "knight_pushes": lambda: pushback(state, kid, mid, x),
        "knight_pushes_toward": lambda: pushback(state, kid, mid, x, toward=dest),
        "herd": lambda: herd(state, mid, kid, x),
        "gangup": lambda: gangup(state, mid, kid, x),
        "displace": lambda: displace(state, kid),
        "forced_vault": lambda: forced_vault(state, mid, kid),
        "knockdown": lambda: knockdown(state, kid),
    }
    return calls[op]()


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.explicit, Phase.generate],
)
@given(scene=scenes(), data=st.data())
def test_random_forced_movements_never_stack_miniatures(scene: BoardState, data: st.DataObject) -> None:
    """Random sequences of forced movements on random boards never put two miniatures on one space
    ("If a Knight ends their involuntary movement on a space occupied by another Knight, the other
    Knight is Displaced") and never leave a living Knight off the board or on an Obstacle."""
    state = scene
    for _ in range(data.draw(st.integers(1, 4), label="steps")):
        alive = [k.id for k in state.living_knights()]
        if not alive:
            break
        kid = data.draw(st.sampled_from(alive), label="knight")
        mons = [m.id for m in state.monsters]
        mid = data.draw(st.sampled_from(mons), label="monster")
        x = data.draw(st.integers(1, 4), label="x")
        op = data.draw(st.sampled_from(OPERATIONS), label="op")
        dest = data.draw(cells, label="space")
        outs = _apply(state, op, kid, mid, x, dest)
        assert outs, op
        for o in outs:
            _one_per_space(o.state)
            _legal(o.state)
        state = outs[data.draw(st.integers(0, len(outs) - 1), label="choice")].state
