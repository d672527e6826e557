"""Wave Attacks (rulebook "Attack Types", Wave Attack).

"A Wave Attack is blocked by Obstacles, like Columns. To check if your Knight occupies a space
blocked from a Wave Attack, draw an imaginary line from the closest corner of the closest space
occupied by the source to the furthest corner of the space occupied by the Knight. If the line
passes through an Obstacle the Knight is adjacent to, the space is excluded from the Wave Attack.
For the purpose of this rule, treat adjacent Obstacles as one Terrain tile."
"""

from __future__ import annotations

from collections.abc import Collection

from rules.board.geometry import CARDINALS, Coord, manhattan
from rules.board.los import Point, crosses_interior
from rules.board.state import BoardState


def _obstacle_groups(state: BoardState) -> list[frozenset[Coord]]:
    """Obstacle spaces joined into groups of edge-adjacent spaces ("treat adjacent Obstacles as one
    Terrain tile")."""
    cells = {c for t in state.terrain if t.is_obstacle for c in t.cells}
    groups: list[frozenset[Coord]] = []
    seen: set[Coord] = set()
    for start in sorted(cells):
        if start in seen:
            continue
        group = {start}
        stack = [start]
        seen.add(start)
        while stack:
            c = stack.pop()
            for d in CARDINALS:
                n = c.step(d)
                if n in cells and n not in seen:
                    seen.add(n)
                    group.add(n)
                    stack.append(n)
        groups.append(frozenset(group))
    return groups


def _sq(a: Point, b: tuple[float, float]) -> float:
    return (a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2


def wave_lines(source: Collection[Coord], knight: Coord) -> list[tuple[Point, Point]]:
    """Every line the rule can mean (ties for "closest" and "furthest" give several)."""
    d = manhattan(source, [knight])
    closest_cells = [c for c in source if manhattan([c], [knight]) == d]
    kc = (knight.col + 0.5, knight.row + 0.5)
    lines: list[tuple[Point, Point]] = []
    for cell in closest_cells:
        corners = [(cell.col + dx, cell.row + dy) for dx in (0, 1) for dy in (0, 1)]
        best = min(_sq(p, kc) for p in corners)
        for p in corners:
            if _sq(p, kc) != best:
                continue
            kcorners = [(knight.col + dx, knight.row + dy) for dx in (0, 1) for dy in (0, 1)]
            far = max(_sq(q, (p[0], p[1])) for q in kcorners)
            lines.extend((p, q) for q in kcorners if _sq(q, (p[0], p[1])) == far)
    return lines


def wave_blocked(state: BoardState, source: Collection[Coord], knight: Coord) -> bool:
    """Whether the Knight's space is excluded from a Wave Attack from ``source``.

    When "closest" or "furthest" is a tie, the space is excluded only if every such line is
    blocked, and a line only "passes through" an Obstacle when it crosses the inside of one of its
    spaces (Will of the Graal: the readings worst for the Knight)."""
    adjacent_groups = [g for g in _obstacle_groups(state) if any(knight.step(d) in g for d in CARDINALS)]
    if not adjacent_groups:
        return False
    cells = [c for g in adjacent_groups for c in g]
    return all(any(_through(p, q, c) for c in cells) for p, q in wave_lines(source, knight))


def _through(p: Point, q: Point, cell: Coord) -> bool:
    return crosses_interior(p, q, cell)


def wave_targets(state: BoardState, source: Collection[Coord], zone: Collection[Coord]) -> list[str]:
    """Knights in the Wave's ``zone`` (spaces given by the card) not sheltered by an Obstacle."""
    out = []
    for k in state.living_knights():
        if k.vp is None and k.space is not None and k.space in zone and not wave_blocked(state, source, k.space):
            out.append(k.id)
    return out
