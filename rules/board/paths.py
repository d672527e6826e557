"""Breadth-first shortest paths over orthogonally adjacent spaces.

Rulebook, "2. Targeting": "Distance in Kingdoms Forlorn is always measured along the shortest path
from source to target through orthogonally adjacent spaces (in cardinal directions), never
diagonally. If there is no viable path to the Target, it is not a viable Target."
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Collection, Iterable

from content.schema.board import BoardSpec
from rules.board.geometry import CARDINALS, Coord, fits, footprint, neighbours


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
) -> dict[Coord, int]:
    """Steps for a square footprint (top-left ``anchor``) from ``starts`` to every reachable anchor.

    ``passable(anchor)`` says whether the footprint may stand there (default: it fits the board).
    """
    ok = passable or (lambda a: fits(spec, a, side))
    dist: dict[Coord, int] = {}
    q: deque[Coord] = deque()
    for s in starts:
        if s not in dist:
            dist[s] = 0
            q.append(s)
    while q:
        a = q.popleft()
        for d in CARDINALS:
            n = a.step(d)
            if n not in dist and fits(spec, n, side) and ok(n):
                dist[n] = dist[a] + 1
                q.append(n)
    return dist


def footprint_passable(spec: BoardSpec, side: int, blocked: Collection[Coord]) -> Callable[[Coord], bool]:
    bl = frozenset(blocked)

    def ok(anchor: Coord) -> bool:
        return fits(spec, anchor, side) and not (footprint(anchor, side) & bl)

    return ok
