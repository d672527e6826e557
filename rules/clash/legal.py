"""What a Knight may do now in the running Clash, as queries that change nothing (issue #20, "What now?"): the
weapons they may declare and the Monsters each reaches from where they stand, the odds of each such Attack, the
spaces a Movement Action reaches, the abilities and Techniques they may use. ``/now`` (bot/app/commands/now.py),
the completion sources (bot/app/complete.py, Discord's autocomplete) and the autoplay policy (bot/tools/autoplay.py)
ask these instead of working it out again; each answer comes from the function the command itself applies:

- a weapon is declarable as ``active_weapon.declare`` accepts it (a weapon Gear card, not discarded, not exhausted),
  and in range as the Knight Attack checks it (``weapon_range.effective_range``: the effective range, Unwieldy, LoS);
- the odds are ``/odds weapon``'s (``attack_odds.planned_attack`` and ``wound_odds``): the chance to wound the BP
  card the Attack would meet (the level on the BP deck's back, or the Mob's own card);
- the spaces are ``knight_reachable`` at the Knight's Speed (``statistics.speed``), as ``/knight move`` checks them;
- the abilities are ``abilities.usable`` (``/knight react``), the Technique cards ``hand`` (``techniques.clash_hand``
  with the turn's actions).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from content.loader import Catalogue
from rules.board.geometry import Coord
from rules.board.knight_movement import knight_reachable
from rules.clash import active_weapon as aw
from rules.clash.attack_odds import planned_attack, wound_odds
from rules.clash.lookups import knight_state
from rules.clash.weapon_range import effective_range
from rules.errors import RuleError
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights import techniques
from rules.knights.state import KnightState
from rules.knights.techniques import HandCard
from rules.state import CampaignState


@dataclass(frozen=True)
class Odds:
    """The odds of one planned Attack (``/odds weapon``): at least one hit, to wound, to wound critically."""

    hit: Fraction
    wound: Fraction
    critical: Fraction
    level: int | None  # the BP level shown on the deck's back (or the Mob card's)


@dataclass(frozen=True)
class Reach:
    """A weapon of the Loadout from where the Knight stands: the Monsters (board ids) in its effective range and LoS,
    the odds against each, and why the others are not."""

    gear: str
    name: str
    exhausted: bool
    discarded: bool
    targets: tuple[str, ...]
    odds: tuple[Odds | None, ...]  # one per target; None when the content has no dice or the odds cannot be planned
    why_not: tuple[str, ...]

    @property
    def declarable(self) -> bool:
        return not self.exhausted and not self.discarded


def weapons(cat: Catalogue, k: KnightState) -> list[str]:
    """The Knight's weapon Gear cards in the Loadout they may declare as active: not discarded, not exhausted
    (``active_weapon.declare``'s refusals)."""
    return [e.gear for e in k.loadout if e.gear in cat.gear and lo.gear(cat, e.gear).type == "weapon"
            and not e.discarded and not e.exhausted]


def attack_odds(cat: Catalogue, state: CampaignState, kid: str, gear: str, target: str) -> Odds | None:
    """``/odds weapon``'s odds of the Knight ``kid``'s Attack with ``gear`` on the Monster ``target`` (a board id);
    None when they cannot be planned (no dice in the content, no BP card to meet)."""
    if cat.dice is None:
        return None
    try:
        planned = planned_attack(cat, state, kid, gear, None, target)
    except RuleError:
        return None
    plain, wound, critical = wound_odds(planned, cat.dice)
    return Odds(hit=plain.hit, wound=wound, critical=critical, level=planned.level)


def reach(cat: Catalogue, state: CampaignState, kid: str, odds: bool = True) -> list[Reach]:
    """Every weapon of the Loadout of the Knight ``kid`` (a Clash Board id), with the Monsters it can attack from
    where the Knight stands and, when ``odds``, the odds of each Attack a declarable weapon could make."""
    if state.clash is None:
        return []
    try:
        k = knight_state(state, kid)
        mini = state.board.knight(kid)
    except (RuleError, KeyError):
        return []
    if k.dead or mini.dead:
        return []  # a dead Knight attacks nothing (and stands on no space to measure from)
    out: list[Reach] = []
    for e in k.loadout:
        if e.gear not in cat.gear or lo.gear(cat, e.gear).type != "weapon":
            continue
        face, keywords, _ = aw.weapon_face(cat, k, e.gear)
        targets: list[str] = []
        why: list[str] = []
        for m in state.board.monsters:
            problem = effective_range(state.board, mini, m, face, keywords)[1]
            if problem is None:
                targets.append(m.id)
            else:
                why.append(problem)
        found = Reach(gear=e.gear, name=face.name, exhausted=e.exhausted, discarded=e.discarded,
                      targets=tuple(targets), odds=(), why_not=tuple(why))
        if odds and found.declarable:
            found = replace(found, odds=tuple(attack_odds(cat, state, kid, e.gear, m) for m in targets))
        out.append(found)
    return out


def hand(cat: Catalogue, state: CampaignState, kid: str) -> list[HandCard]:
    """The Technique cards in the hand of the Knight ``kid`` (``techniques.clash_hand``); a cost that uses an action
    of the turn ("Using a Movement Action", a Combat Action, a Complicated Action: both) can be paid only on the
    Knight's own turn with that action unused."""
    try:
        k = knight_state(state, kid)
    except RuleError:
        return []
    turn = state.clash.flow.turn if state.clash is not None else None
    mine = turn if turn is not None and turn.knight == kid else None

    def free(action: str | None) -> bool:
        if action is None:
            return True
        if mine is None:
            return False
        return not ((action in ("movement", "complicated") and mine.moved)
                    or (action in ("combat", "complicated") and mine.attacked))

    return [c if free(c.action) else replace(c, payable=False) for c in techniques.clash_hand(cat, k)]


def reachable(cat: Catalogue, state: CampaignState, kid: str) -> dict[Coord, int]:
    """The spaces a Movement Action of the Knight ``kid`` may end on (not the one they stand on), nearest first,
    with the spaces moved: ``/knight move``'s own check at the Knight's Speed. None for a Knight lying down ("you
    cannot move voluntarily") or dead."""
    try:
        mini = state.board.knight(kid)
        k = knight_state(state, kid)
    except (RuleError, KeyError):
        return {}
    if state.clash is None or mini.dead or mini.knocked_down:
        return {}
    paths = knight_reachable(state.board, kid, st.speed(cat, k))
    ordered = sorted((s for s in paths if s != mini.space), key=lambda s: (len(paths[s]), s.row, s.col))
    return {s: len(paths[s]) - 1 for s in ordered}


__all__ = ["Odds", "Reach", "attack_odds", "hand", "reach", "reachable", "weapons"]
