"""Breadth-first shortest paths over orthogonally adjacent spaces.

Rulebook, "2. Targeting": "Distance in Kingdoms Forlorn is always measured along the shortest path
from source to target through orthogonally adjacent spaces (in cardinal directions), never
diagonally. If there is no viable path to the Target, it is not a viable Target."
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable
from functools import lru_cache

from content.schema.board import BoardSpec
from rules.board.geometry import CARDINALS, Coord, fits, neighbours


def distance_field(spec: BoardSpec, starts: Iterable[Coord], blocked: Collection[Coord] = ()) -> dict[Coord, int]:
    """Steps from the nearest start to every reachable space; blocked spaces are never entered."""
    dist: dict[Coord, int] = {}
    q: deque[Coord] = deque()
    for s in starts:
        if s not in dist:
            dist[s] = 0
            q.append(s)
    while q:
        c = q.popleft()
        for n in neighbours(spec, c):
            if n not in dist and n not in blocked:
                dist[n] = dist[c] + 1
                q.append(n)
    return dist


def path_distance(
    spec: BoardSpec, source: Iterable[Coord], target: Iterable[Coord], blocked: Collection[Coord] = ()
) -> int | None:
    """Spaces from ``source`` to ``target`` along the shortest orthogonal path.

    Intermediate spaces may not be ``blocked``; the target's own spaces may always be entered.
    Returns 0 when the two overlap and None when there is no viable path.
    """
    src = set(source)
    tgt = set(target)
    if src & tgt:
        return 0
    dist = {s: 0 for s in src}
    q = deque(src)
    while q:
        c = q.popleft()
        for n in neighbours(spec, c):
            if n in dist:
                continue
            if n in tgt:
                return dist[c] + 1
            if n in blocked:
                continue
            dist[n] = dist[c] + 1
            q.append(n)
    return None


def anchor_field(
    spec: BoardSpec,
    side: int,
    starts: Iterable[Coord],
    passable: Callable[[Coord], bool] | None = None,
    avoid: Collection[Coord] = (),
) -> dict[Coord, int]:
    """Steps for a square footprint (top-left ``anchor``) from ``starts`` to every reachable anchor.

    ``passable(anchor)`` says whether the footprint may stand there (default: it fits the board); ``avoid``: anchors
    it may not stand on, told as a set (``covering``) so the search asks no function for each anchor.
    """
    table = anchor_steps(spec.rows, spec.columns, side)  # the footprint fitting the board is this table's business
    dist: dict[Coord, int] = {}
    seen = set(avoid)  # the anchors reached, and those it may not stand on
    q: deque[Coord] = deque()
    for s in starts:
        if s not in dist:
            dist[s] = 0
            seen.add(s)
            q.append(s)
    while q:
        a = q.popleft()
        further = dist[a] + 1
        steps = table.get(a)
        if steps is None:  # a start where the footprint does not fit (partly off the board)
            steps = tuple(n for n in (a.step(d) for d in CARDINALS) if fits(spec, n, side))
        for n in steps:
            if n not in seen and (passable is None or passable(n)):
                seen.add(n)
                dist[n] = further
                q.append(n)
    return dist


@lru_cache(maxsize=64)
def anchor_steps(rows: int, columns: int, side: int) -> dict[Coord, tuple[Coord, ...]]:
    """For each anchor where a ``side``-square footprint fits a ``rows`` x ``columns`` board, the anchors one
    orthogonal step away where it fits too, in the order of CARDINALS (cached: every Monster path search walks
    this table instead of building and bounds-checking each neighbour)."""
    spec = BoardSpec.model_construct(rows=rows, columns=columns)
    anchors = [Coord(r, c) for r in range(rows) for c in range(columns) if fits(spec, Coord(r, c), side)]
    return {a: tuple(n for n in (a.step(d) for d in CARDINALS) if fits(spec, n, side)) for a in anchors}


def covering(side: int, blocked: Collection[Coord]) -> frozenset[Coord]:
    """The anchors where a ``side``-square footprint covers a blocked space."""
    # the footprint at ``anchor`` covers a blocked space b exactly when anchor = b - (r, c) for r, c < side
    return frozenset(Coord(b.row - r, b.col - c) for b in blocked for r in range(side) for c in range(side))


def footprint_passable(spec: BoardSpec, side: int, blocked: Collection[Coord]) -> Callable[[Coord], bool]:
    covered = covering(side, blocked)
    fitting = anchor_steps(spec.rows, spec.columns, side)  # its keys: the anchors where the footprint fits

    def ok(anchor: Coord) -> bool:
        return anchor in fitting and anchor not in covered

    return ok
