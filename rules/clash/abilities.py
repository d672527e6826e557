"""Knights' active abilities during a Clash: Reactions in a Window of Opportunity and free actions on their turn
(rulebook "Active Abilities", "Named Abilities", "Window of Opportunity", Keyword List: Reflex, Dodge, Block,
Defy and their subtypes, Reinforce X, Sacrifice, Daze).

``/knight react source:<Gear or Technique id> ability:<name>`` uses one ability of one game element:
- "You can use each available active ability on a single game element once per Round" (``flow.used``);
- "You cannot use multiple abilities with the same name at the same time ... in the same window of opportunity":
  the name without its subtype (Advanced, Superior) is kept in the window's decision (``data["named"]``);
- its cost is paid (a Charge, Exhausting the Gear, +X Heat, a Technique's Exert);
- what the bot can do it does: Reflex moves the Knight (``to:``), Dodge adds to the coming Evasion Roll (Lesser
  Dodge only without other Evasion bonuses), Block and Defy evade hits of the roll on the table, Reinforce X adds
  Armor dice to the Knight's next Armor Roll (rules/clash/peril.py), Sacrifice trades 1 Vigor for a Break token
  before the Attack, Daze turns the adjacent Monster away (rules/clash/knight_windows.py); any other ability is shown
  to be applied by hand.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.loader import Catalogue
from content.schema.gear import Keyword
from rules.board.geometry import parse_space
from rules.board.knight_movement import IllegalMove, knight_move
from rules.clash import attention, evasion, knight_windows
from rules.clash.ability_facts import (
    AbilityByHand,
    AbilityDefended,
    AbilityPaid,
    AbilityReflex,
    AbilityTokens,
    AbilityUsed,
)
from rules.clash.activation_state import Activation
from rules.clash.flow import KNIGHT_TOKENS, Pending
from rules.clash.knight_windows import base_name
from rules.clash.lookups import knight_state
from rules.clash.rounds import running
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, event, handles
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import loadout, techniques
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.state import BOARD_PIECES_VERSION, CampaignState

T = "tests/clash/test_abilities.py::"
WINDOWS = ("react", "evasion_reroll")  # the decisions during which the Knights may react
Id = Annotated[str, Field(min_length=1, max_length=64)]


class KnightReact(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["knight_react"] = "knight_react"
    while_waiting: ClassVar[bool] = True
    knight: Id
    source: Id = Field(description="the Gear or Technique id the ability is on")
    ability: Annotated[str, Field(min_length=1, max_length=60)]
    to: Annotated[str, Field(min_length=2, max_length=4)] | None = None
    moves: Annotated[str, Field(min_length=4, max_length=200)] | None = Field(
        None, description="Motivate X: Knight:space pairs, e.g. Kara:E5,Ubar:F6")


# (ability name, cost, text, Knight tokens its keywords place, its keywords)
Found = tuple[str, str, str, dict[str, int], list[Keyword]]


def _tokens(keywords: list[Keyword]) -> dict[str, int]:
    return {kw.name.lower(): kw.value or 1 for kw in keywords if kw.name.lower() in KNIGHT_TOKENS}


def _abilities(cat: Catalogue, k: KnightState, source: str) -> tuple[str, str, list[Found]]:
    """(kind, display name, [(ability name, cost, text, tokens)]) of a Gear card in the Loadout or a Technique on
    the Knight Board."""
    for item in k.loadout:
        if item.gear == source and not item.discarded:
            face = loadout.face(cat, k, source)
            found: list[Found] = [(kw.name if kw.value is None else f"{kw.name} {kw.value}", "", "", {}, [kw])
                                  for kw in face.keywords]
            found += [(a.name or f"ability {i + 1}", a.cost or "", a.text, _tokens(a.keywords), list(a.keywords))
                      for i, a in enumerate(face.abilities)]
            return "gear", face.name, found
    if source in k.board.techniques:
        card = techniques.technique(cat, k, source)
        extra = list(card.clash.extra_keywords)
        found = [(kw.name, "Exert", card.clash.extra, _tokens(extra), extra) for kw in extra]
        found += [(kw.name, "Technique", card.clash.text, _tokens(card.clash.keywords), list(card.clash.keywords))
                  for kw in card.clash.keywords]
        return "technique", card.clash.name, found
    raise RuleError(f"{k.name} has no Gear {source!r} in the Loadout and no Technique {source!r} on the Knight Board")


def _window(state: CampaignState, knight: str) -> tuple[Pending | None, str]:
    """The open Window of Opportunity (a REACT! or Evasion decision), or the Knight's own turn (a free action)."""
    flow = running(state).flow
    if flow.pending is not None and flow.pending.kind in WINDOWS:
        return flow.pending, flow.pending.id
    if flow.pending is not None:
        raise RuleError(f"the Clash waits for {flow.pending.id} ({flow.pending.kind}), which is not a Window of "
                        f"Opportunity: {flow.pending.prompt}")
    if flow.turn is None or flow.turn.knight != knight:
        raise RuleError("abilities are used in a Window of Opportunity (a REACT! or an Evasion Roll waiting) or as "
                        "a free action during your own turn")
    return None, f"turn:{flow.round}:{knight}"


def _taken(state: CampaignState, pending: Pending | None, window: str, kid: str, source: str, name: str
           ) -> Literal["round", "window"] | None:
    """Why the ability ``name`` of ``source`` cannot be used again now: "round" (this game element's ability was used
    this Round), "window" (an ability of the same name was used in this Window of Opportunity), or None."""
    flow = running(state).flow
    if f"{kid}:{source}:{name.lower()}" in flow.used:
        return "round"
    named = (pending.named or []) if pending is not None else flow.named.get(window, [])
    return "window" if f"{kid}:{base_name(name)[0]}" in named else None


def _pay(cat: Catalogue, k: KnightState, kind: str, source: str, cost: str) -> Sequence[Line]:
    """Costs are voluntary: refused when they cannot be paid in full."""
    lowered = cost.lower()
    if kind == "technique":
        return techniques.use(cat, k, source, "exert" if lowered == "exert" else "clash")
    item = next(i for i in k.loadout if i.gear == source)
    out: list[Line] = []
    if "charge" in lowered:
        if not item.charges:
            raise RuleError(f"{source} has no Charge left")
        item.charges -= 1
        out.append(AbilityPaid(source=source, cost="charge", left=item.charges))
    if "exhaust" in lowered:
        if item.exhausted:
            raise RuleError(f"{source} is exhausted")
        item.exhausted = True
        out.append(AbilityPaid(source=source, cost="exhaust"))
    heat = re.search(r"\+(\d+) heat", lowered)
    if heat:
        out += st.change_heat(cat, k, int(heat.group(1)), voluntary=True)
    return out


@implements("Active Abilities", tests=[T + "test_an_active_ability_once_per_round_on_one_game_element"])
@implements("Named Abilities", tests=[T + "test_reflex_and_advanced_reflex_not_in_the_same_window"])
@handles(KnightReact)
def react(engine: Engine, state: CampaignState, act: KnightReact, dice: Dice) -> Result:
    from rules.knights.find import board_id

    cat = engine.catalogue
    clash = running(state)
    kid = board_id(state, act.knight)
    k = knight_state(state, kid)
    if state.board.knight(kid).dead:
        raise RuleError(f"{k.name} is dead")
    pending, window = _window(state, kid)
    kind, shown, found = _abilities(cat, k, act.source)
    wanted = act.ability.strip().lower()
    match = next((a for a in found if a[0].lower() == wanted), None)
    if match is None:
        names = ", ".join(sorted({a[0] for a in found})) or "none"
        raise RuleError(f"{shown} has no ability {act.ability!r}; its abilities are: {names}")
    name, cost, text, tokens, keywords = match
    once = f"{kid}:{act.source}:{name.lower()}"
    taken = _taken(state, pending, window, kid, act.source, name)
    if taken == "round":
        raise RuleError(f"{k.name} already used {name} of {shown} this Round: \"You can use each available active "
                        "ability on a single game element once per Round\"")
    base, strength = base_name(name)
    if taken == "window":
        raise RuleError(f"{k.name} already used an ability named {base.title()} in this Window of Opportunity: "
                        "\"You cannot use multiple abilities with the same name at the same time\"")
    if pending is not None:
        pending.named = named = pending.named or []
    else:
        named = clash.flow.named.setdefault(window, [])
    paid = _pay(cat, k, kind, act.source, cost)
    lines: list[Line] = [AbilityUsed(knight=k.name, ability=name, card=shown), *paid]
    special = knight_windows.special(base, keywords, moves=state.version >= BOARD_PIECES_VERSION)
    if special is not None:  # Reinforce X, Sacrifice, Daze: applied before the tokens the same ability places
        lines += knight_windows.use(engine, state, pending, kid, special, passive=kind == "gear" and not cost,
                                    to=act.to, strict=not tokens, moves=act.moves)
    if tokens:
        for token, count in tokens.items():
            clash.flow.pool[token] = clash.flow.pool.get(token, 0) + count
        lines.append(AbilityTokens(tokens=tokens))
    elif special is None:
        lines += _effect(engine, state, pending, kid, base, strength, text, act.to,
                         lesser=name.strip().lower().startswith("lesser "))
    named.append(f"{kid}:{base}")
    clash.flow.used.append(once)
    events = [event("react", line) for line in lines]
    if pending is not None:
        events.append(Event(kind="decision", text=f"The window stays open: {pending.prompt}"))
    return Result(state=state, events=events, data={"ability": {"knight": kid, "source": act.source, "name": name}})


def _activation(pending: Pending | None) -> Activation | None:
    return pending.resumed() if pending is not None and pending.activation is not None else None


def _effect(engine: Engine, state: CampaignState, pending: Pending | None, kid: str, base: str, strength: int,
            text: str, to: str | None, *, lesser: bool = False) -> Sequence[Line]:
    k = knight_state(state, kid)
    if base == "hide":
        if pending is not None:
            raise RuleError(f"{attention.HIDE} It is not a Reaction: use it during {k.name}'s own turn")
        return attention.declare_hide(state, kid, k.name)
    if base == "reflex":
        if to is None:
            raise RuleError(f"Reflex moves {k.name} up to {strength} space(s): say where with to:<space>")
        try:
            outcome = knight_move(state.board, kid, parse_space(to.upper()), strength)
        except (IllegalMove, ValueError) as exc:
            raise RuleError(f"{k.name} cannot Reflex to {to}: {exc}") from None
        state.board = outcome.state
        return [AbilityReflex(knight=k.name, space=to.upper(), strength=strength, board=outcome.told),
                *attention.after_move(state, kid, k.name)]
    if base.startswith("refresh"):  # Refresh X: the Knight's OR (rules/knights/techniques.py)
        return techniques.refresh_ability(k, base)
    act = _activation(pending)
    if base in DEFENCES and act is not None and pending is not None:
        if lesser:
            _lesser_dodge(engine, state, act, kid)
        return _defend(pending, act, kid, base, strength)
    return [AbilityByHand(text=text or base.title())]


def _lesser_dodge(engine: Engine, state: CampaignState, act: Activation, kid: str) -> None:
    """"When you are about to resolve an Evasion roll and have no other Evasion bonuses, gain +1 Evasion bonus for
    this roll": refused when the Gear, Modifier tokens, Conditions, Hide or an earlier Dodge already give one."""
    assert state.clash is not None
    k = knight_state(state, kid)
    other = evasion.defence(engine.catalogue, k).bonus + act.evasion_bonus + attention.bonus(state.clash, kid)
    if other > 0:
        raise RuleError(f"Lesser Dodge works only with no other Evasion bonuses: {k.name} already has +{other} for "
                        "this roll")


DEFENCES = ("dodge", "block", "defy")


def _group_defy(act: Activation, kid: str, base: str) -> bool:
    """Defy in a Judgement the Targets test together: any of them may Defy while their re-rolls are declared."""
    return base == "defy" and kid in act.group and bool(act.group_naturals)


def _defence_refusal(act: Activation, kid: str, base: str) -> str | None:
    """Why the Knight ``kid`` cannot Dodge, Block or Defy (``base``) in this Attack now, or None."""
    if _group_defy(act, kid, base):
        return None
    target = act.targets[act.index] if act.index < len(act.targets) else None
    if target != kid:
        return "only the Target of this Attack defends against it"
    if base == "dodge" and act.naturals:
        return "Dodge is used when you are about to resolve an Evasion Roll, before the dice are rolled"
    if base != "dodge" and not act.naturals:
        return f"{base.title()} treats hits of an Evasion Roll as evaded: use it once the dice are rolled"
    return None


def _defend(pending: Pending, act: Activation, kid: str, base: str, strength: int) -> list[Line]:
    """Dodge before the roll adds to each Evasion die; Block and Defy evade hits of the roll on the table."""
    refused = _defence_refusal(act, kid, base)
    if refused is not None:
        raise RuleError(refused)
    held = pending.activation
    assert held is not None, "a defence is used in a Monster Attack"
    if _group_defy(act, kid, base):
        held.group_defied[kid] = held.group_defied.get(kid, 0) + strength
        return [AbilityDefended(defence=base, strength=strength, test=True)]
    if base == "dodge":
        held.evasion_bonus += strength
        return [AbilityDefended(defence=base, strength=strength)]
    held.evaded += strength
    return [AbilityDefended(defence=base, strength=strength)]


# -- what a Knight may use now (``/now``) -------------------------------------------------------------------------

# the keywords of a Gear card that are abilities ``/knight react`` uses (the others are the Attack's or constant)
ACTIVE_KEYWORDS = ("reflex", "dodge", "block", "defy", "hide", "refresh", *knight_windows.KEYWORDS)


@dataclass(frozen=True)
class Usable:
    """An active ability the Knight may use now with ``/knight react source:<source> ability:<name>``."""

    source: str  # the Gear or Technique id
    shown: str  # the card's name
    kind: str  # "gear" or "technique"
    name: str
    cost: str
    text: str
    window: bool  # in a Window of Opportunity (a Reaction), else a free action of the Knight's own turn


def usable(cat: Catalogue, state: CampaignState, kid: str) -> list[Usable]:
    """The abilities ``/knight react`` would accept from the Knight ``kid`` (a Clash Board id) now: in the open Window
    of Opportunity, or as a free action of their own turn ("Active abilities that do not have a specific timing
    condition can be used as a free action"); not one already used this Round on the same game element, nor one of
    a name already used in this window, and only when its full cost can be paid ("You cannot activate an ability if
    you cannot pay its full cost": the payment is tried on a copy of the Knight). Nothing for a dead Knight or one
    lying down: "While you have the Knockdown (falling down) card, you cannot ... use Gear abilities or
    Techniques"."""
    try:
        pending, window = _window(state, kid)
        mini = state.board.knight(kid)
        k = knight_state(state, kid)
    except (RuleError, KeyError):
        return []
    if mini.dead or mini.knocked_down:
        return []
    sources = [i.gear for i in k.loadout if not i.discarded]
    sources += [t for t, zone in k.board.techniques.items() if zone == "hand"]
    out: list[Usable] = []
    for source in dict.fromkeys(sources):
        kind, shown, found = _abilities(cat, k, source)
        for name, cost, text, _placed, _keywords in found:
            base = base_name(name)[0]
            if kind == "gear" and not text and base not in ACTIVE_KEYWORDS:
                continue  # a keyword of the Attack (Break, Opening...) or a constant one (Cumbersome...)
            if not _when(pending, kid, base) or not _actions_free(state, pending, kid, cost):
                continue
            if _taken(state, pending, window, kid, source, name) is not None:
                continue
            try:
                _pay(cat, k.model_copy(deep=True), kind, source, cost)
            except RuleError:
                continue
            out.append(Usable(source=source, shown=shown, kind=kind, name=name, cost=cost, text=text,
                              window=pending is not None))
    return out


def _when(pending: Pending | None, kid: str, base: str) -> bool:
    """The timing of the abilities the bot applies itself: Dodge, Block and Defy by the Target of the Attack in its
    window (Dodge before the Evasion dice, Block and Defy after them), Hide "during your turn" only."""
    if base == "hide":
        return pending is None
    if base not in DEFENCES:
        return True
    act = _activation(pending)
    return act is not None and _defence_refusal(act, kid, base) is None


def _actions_free(state: CampaignState, pending: Pending | None, kid: str, cost: str) -> bool:
    """A cost of "Using a Movement Action" or "a Combat Action" is paid on the Knight's own turn, with that action
    still unused."""
    lowered = cost.lower()
    turn = running(state).flow.turn
    mine = turn if pending is None and turn is not None and turn.knight == kid else None
    if "movement action" in lowered and (mine is None or mine.moved):
        return False
    return not ("combat action" in lowered and (mine is None or mine.attacked))
