"""Keyword abilities a Knight uses with ``/knight react`` that the bot applies itself (rulebook Keyword List:
Reinforce X and its subtypes, Sacrifice, Daze; Hug X and Motivate X in rules/clash/ability_moves.py);
rules/clash/abilities.py finds the ability, checks its window and
pays its cost, then calls ``use``.

- Reinforce X (red dice; Advanced: black; Superior: white): "When you are about to resolve an Armor Roll, add X ...
  dice to your Armor dice Pool". Used in a Window of Opportunity of a Monster Attack (a REACT! or the Evasion Roll
  waiting), the dice are kept in ``flow.named["reinforce:<knight>"]`` and added to that Knight's next Armor Roll of
  the Round (rules/clash/peril.py ``armor_roll``); unused, they lapse when the Round ends. A Reinforce keyword that
  costs nothing (printed on an equipped Gear card) is not declared: it adds its dice to every Armor Roll by itself.
- Sacrifice: "During the first ability window, you may lose -1 Vigor to immediately place 1 Break token in the
  Knight Pool." The bot resolves an Attack's steps in one go, so the Knight uses it during their own turn before
  ``/knight attack``: the Break token is in the Knight Pool at the first ability window of that Attack.
- Daze: "During either the first or second ability window, if adjacent, you may turn the Monster (without moving
  it) in a way that would make it face directly away from you." Used during the Knight's own turn (before the
  Attack, or right after it: nothing happens between its second ability window and the command).
"""

from __future__ import annotations

from content.schema.gear import Keyword
from rules.board.geometry import parse_space
from rules.board.measures import is_adjacent
from rules.board.monster_movement import facing_toward, turn_to
from rules.clash.flow import Pending
from rules.clash.knight_attack_facts import AttackKeywordUsed
from rules.clash.lookups import knight_state
from rules.clash.peril import REINFORCE, REINFORCE_KEY
from rules.clash.rounds import running
from rules.engine import Engine
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import statistics as st
from rules.state import CampaignState

KEYWORDS = ("reinforce", "sacrifice", "daze", "hug", "motivate")


SUBTYPES = {"": 1, "lesser": 1, "advanced": 2, "superior": 3}


def base_name(name: str) -> tuple[str, int]:
    """"Advanced Reflex" -> ("reflex", 2): the name without its subtype (nor a keyword's number: "Reinforce 2" is
    named Reinforce), and the subtype's strength."""
    words = name.strip().lower().split()
    if len(words) > 1 and words[-1].isdigit():
        words = words[:-1]
    if len(words) > 1 and words[0] in SUBTYPES:
        return " ".join(words[1:]), SUBTYPES[words[0]]
    return " ".join(words), 1


def special(base: str, keywords: list[Keyword], moves: bool = True) -> Keyword | None:
    """The keyword the bot applies for an ability named ``base`` (without subtype): the ability's own keyword, or the
    first of its keywords the bot applies (an ability box that grants Reinforce 1). ``moves`` False (a campaign
    created before rules.state.BOARD_PIECES_VERSION): Hug and Motivate stay by hand, as they were."""
    known = KEYWORDS if moves else tuple(k for k in KEYWORDS if k not in ("hug", "motivate"))
    ours = [kw for kw in keywords if base_name(kw.name)[0] in known]
    return next((kw for kw in ours if base_name(kw.name)[0] == base), ours[0] if ours else None)


def use(engine: Engine, state: CampaignState, pending: Pending | None, kid: str, kw: Keyword, *, passive: bool,
        to: str | None, strict: bool = True, moves: str | None = None) -> list[Line]:
    """Apply ``kw``. ``strict`` False: the keyword is one part of a larger ability (a Technique's "Daze. Place 1
    Opening token."): when it cannot apply now it is skipped with a note instead of refusing the whole ability."""
    base = base_name(kw.name)[0]
    try:
        if base == "reinforce":
            return reinforce(state, pending, kid, kw, passive)
        if base == "sacrifice":
            return sacrifice(engine, state, pending, kid)
        if base in ("hug", "motivate"):  # rules/clash/ability_moves.py
            from rules.clash import ability_moves

            if base == "hug":
                return ability_moves.hug(state, pending, kid, kw, to)
            return ability_moves.motivate(state, pending, kid, kw, moves)
        return daze(state, pending, kid, to)
    except RuleError as exc:
        if strict:
            raise
        return [AttackKeywordUsed(keyword="refused", label=kw.label(), why=str(exc))]


def _own_turn(state: CampaignState, pending: Pending | None, kid: str, what: str) -> None:
    flow = running(state).flow
    if pending is not None or flow.turn is None or flow.turn.knight != kid:
        raise RuleError(f"{what} is used in an ability window of your own Attack: use it during your turn")


def reinforce(state: CampaignState, pending: Pending | None, kid: str, kw: Keyword, passive: bool) -> list[Line]:
    """Declared before the Armor Roll: X dice of the subtype's colour for the Knight's next Armor Roll."""
    k = knight_state(state, kid)
    if passive:
        raise RuleError(f"{kw.label()} costs nothing: it adds its dice to each of {k.name}'s Armor Rolls by itself")
    if pending is None or pending.activation is None:
        raise RuleError(f"{kw.name} is used when you are about to resolve an Armor Roll: in a Window of Opportunity "
                        "of a Monster Attack (a REACT! or the Evasion Roll waiting)")
    colour = REINFORCE.get(kw.name, "red")
    x = kw.value or 1
    flow = running(state).flow
    flow.named.setdefault(REINFORCE_KEY + k.id, []).extend([colour] * x)
    return [AttackKeywordUsed(keyword="reinforce", label=kw.name, knight=k.name, amount=x, colour=colour)]


def sacrifice(engine: Engine, state: CampaignState, pending: Pending | None, kid: str) -> list[Line]:
    """-1 Vigor (voluntary: never below 1), +1 Break token in the Knight Pool, before the Attack is declared."""
    _own_turn(state, pending, kid, "Sacrifice")
    flow = running(state).flow
    assert flow.turn is not None
    k = knight_state(state, kid)
    if flow.turn.attacked:
        raise RuleError(f"Sacrifice is used during the first ability window: {k.name} has already attacked this turn")
    lines = st.change_vigor(engine.catalogue, k, -1, voluntary=True)
    flow.pool["break"] = flow.pool.get("break", 0) + 1
    return [AttackKeywordUsed(keyword="sacrifice", knight=k.name), *lines,
            AttackKeywordUsed(keyword="sacrifice_break", knight=k.name, amount=flow.pool["break"])]


def daze(state: CampaignState, pending: Pending | None, kid: str, to: str | None) -> list[Line]:
    """Turn the adjacent Monster (``to``: a space it stands on, when several are adjacent) to face away from the
    Knight. Standing diagonally to its corner, two facings are as far away: the first is taken and the other named."""
    _own_turn(state, pending, kid, "Daze")
    board = state.board
    mini = board.knight(kid)
    k = knight_state(state, kid)
    if mini.space is None:
        raise RuleError(f"Daze: {k.name} must stand on a space of the Clash Board")
    near = [m for m in board.monsters if is_adjacent(board, m, mini, for_monster=False)]
    if to is not None:
        try:
            where = parse_space(to.upper())
        except ValueError:
            raise RuleError(f"Daze: {to!r} is not a space label (e.g. C4)") from None
        near = [m for m in near if where in m.cells]
    if not near:
        raise RuleError(f"Daze works only if adjacent: no Monster {'there ' if to else ''}is adjacent to {k.name}")
    if len(near) > 1:
        raise RuleError("Daze: several Monsters are adjacent — name the one to turn with to:<one of its spaces>")
    m = near[0]
    toward = facing_toward(m.cells, {mini.space})
    if not toward:
        raise RuleError(f"Daze: {k.name} stands on the {m.name} itself")
    away = toward[0].opposite
    state.board = turn_to(board, m.id, away)
    other = toward[1].opposite.name if len(toward) > 1 else ""
    return [AttackKeywordUsed(keyword="daze", knight=k.name, monster=m.name, facing=away.name, other=other)]
