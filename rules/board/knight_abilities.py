"""Knight abilities that move or stand up Knights (Keyword List): Reposition X, Motivate X,
Inspire X, and Knockdown with what may replace it (Rocksteady, Roll Out, Acrobatics, Braced, and a
Knight on a Vantage Point)."""

from __future__ import annotations

from collections.abc import Sequence

from rules.board.geometry import Coord
from rules.board.knight_movement import IllegalMove, knight_move, knight_reachable, place_knight, vault_spaces
from rules.board.knockback import knockback as _knockback
from rules.board.measures import is_adjacent
from rules.board.state import BoardState, KnightKeyword, Outcome
from rules.board.work import Work, dedupe, knockdown_works


def reposition_spaces(state: BoardState, knight_id: str, x: int) -> dict[Coord, tuple[Coord, ...]]:
    """Reposition X: "During the second ability window, you may move up to X spaces."  A move-like
    ability: "Move-like abilities are resolved in the same way as movement actions" (Obstacles,
    Chasms, miniatures, Difficult Terrain, Knockdown, VPs, Bypass and Jump all apply)."""
    return knight_reachable(state, knight_id, x)


def reposition(state: BoardState, knight_id: str, x: int, destination: Coord) -> Outcome:
    """Move with Reposition X to ``destination`` (raises IllegalMove)."""
    return knight_move(state, knight_id, destination, x)


def motivate_cost(state: BoardState, knight_id: str, destination: Coord, budget: int) -> int | None:
    """The smallest share of Motivate X that lets the Knight reach ``destination`` (None: not within
    ``budget``).  Difficult Terrain costs one space, as for a Movement Action."""
    for spend in range(1, budget + 1):
        if destination in knight_reachable(state, knight_id, spend):
            return spend
    return None


def motivate_options(state: BoardState, source_id: str, x: int) -> dict[str, dict[Coord, int]]:
    """Every other Knight's reachable spaces with Motivate X, and the share of X each one costs."""
    out: dict[str, dict[Coord, int]] = {}
    for k in state.living_knights():
        if k.id == source_id:
            continue
        reach = knight_reachable(state, k.id, x)
        costs = {sp: c for sp in reach if (c := motivate_cost(state, k.id, sp, x)) is not None}
        if costs:
            out[k.id] = costs
    return out


def motivate(state: BoardState, source_id: str, x: int, moves: Sequence[tuple[str, Coord]]) -> Outcome:
    """Motivate X: "During the second ability window, other Knights may move up to X spaces among
    them. Example: Motivate 3 allows one Knight to move 3 spaces, two Knights to move 2 and 1 spaces
    respectively or three Knights to move 1 space each."

    ``moves`` are (Knight id, destination) in the order the players move them; each Knight moves
    once and the shares add up to at most X (raises IllegalMove otherwise)."""
    left = x
    seen: set[str] = set()
    w = Work(state)
    cur = state
    for kid, dest in moves:
        if kid == source_id:
            raise IllegalMove("Motivate moves other Knights, not the Knight who uses it")
        if kid in seen:
            raise IllegalMove(f"{cur.knight(kid).name} already moved with this Motivate")
        seen.add(kid)
        cost = motivate_cost(cur, kid, dest, left)
        if cost is None:
            raise IllegalMove(f"{cur.knight(kid).name} cannot reach {dest.label} with the {left} space(s) left")
        o = knight_move(cur, kid, dest, cost)
        left -= cost
        w.events.extend(o.events)
        cur = o.state
    w2 = Work(cur)
    w2.events = w.events
    w2.emit("stopped", "motivate", miniature=source_id, number=x, count=x - left)
    return w2.outcome()


def inspire(state: BoardState, x: int, knight_ids: Sequence[str]) -> Outcome:
    """Inspire X: "During the first ability window, choose X knocked down Knights. They may
    immediately stand up." (raises IllegalMove for more than X or a Knight not knocked down)."""
    if len(set(knight_ids)) > x:
        raise IllegalMove(f"Inspire {x} stands up at most {x} Knight(s)")
    w = Work(state)
    for kid in dict.fromkeys(knight_ids):
        k = w.knights[kid]
        if not k.knocked_down or k.dead:
            raise IllegalMove(f"{k.name} is not knocked down")
        w.knights[kid] = k.model_copy(update={"knocked_down": False})
        w.emit("ignored", "inspire", miniature=kid, name=k.name)
    return w.outcome()


def knockdown(state: BoardState, knight_id: str) -> list[Outcome]:
    """A Knight is about to suffer Knockdown.  One Outcome per legal choice:

    - Braced: "You cannot be involuntarily moved or suffer Knockdown".
    - Rocksteady: "When you are about to suffer Knockdown, you may use this ability to ignore it."
    - Acrobatics: "If you would suffer Knockdown while adjacent to a Monster, you may Vault instead."
    - Roll Out: "When you are about to suffer Knockdown while adjacent to a Monster, suffer
      Knockback 4 instead." (from the adjacent Monster; several: the players choose.)
    - On a VP: "If a Knight suffers Knockdown ... while on a VP space, they must first be Displaced
      to a space adjacent to the Monster."
    """
    k = state.knight(knight_id)
    w = Work(state)
    if k.dead:
        return [w.outcome()]
    if KnightKeyword.BRACED in k.keywords:
        w.emit("ignored", "braced_knockdown", miniature=k.id, name=k.name)
        return [w.outcome()]
    out: list[Work] = []
    if KnightKeyword.ROCKSTEADY in k.keywords:
        c = w.copy()
        c.choose(f"{k.name} uses Rocksteady")
        c.emit("ignored", "rocksteady", miniature=k.id, name=k.name)
        out.append(c)
    adjacent = [m for m in state.monsters if is_adjacent(state, m, k, for_monster=False)]
    if KnightKeyword.ACROBATICS in k.keywords and adjacent:
        for sp in vault_spaces(state, knight_id):
            o = place_knight(state, knight_id, sp, acrobatics=True)
            c = Work(o.state)
            c.events = list(o.events)
            c.path = list(o.path)
            c.choose(f"{k.name} Vaults to {sp.label} (Acrobatics)")
            out.append(c)
    if KnightKeyword.ROLL_OUT in k.keywords and adjacent:
        for m in adjacent:
            c = w.copy()
            if len(adjacent) > 1:
                c.choose(f"{k.name} rolls out away from {m.name}")
            c.emit("ignored", "roll_out", miniature=k.id, name=k.name)
            out.extend(_knockback(c, knight_id, m.cells, 4, source_name=m.name))
    else:
        c = w.copy()
        if out:
            c.choose(f"{k.name} is knocked down")
        out.extend(knockdown_works(c, knight_id))
    return [x.outcome() for x in dedupe(out)]
