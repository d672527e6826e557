"""Steps 5, 7 and 8 of a Knight's Attack in a Clash (rulebook "5. Determine BP Card", "7. Monster Responses", "8.
Wounds and Escalation"), with the Area keyword's other Monsters and the Spawns a Wound brings. rules/clash/
knight_attack.py runs the steps in order; a Squire's Attack (rules/squires/clash.py) deals its Wounds here too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from content.schema.gear import Keyword
from content.schema.monsters import BPCard
from rules.board.state import Monster as Mini_M
from rules.clash import area
from rules.clash import power_roll as pw
from rules.clash.area import AreaHit
from rules.clash.attack_facts import (
    AreaRolled,
    BPCardRevealed,
    MiniatureLeaves,
    ResponseMet,
    ThresholdMet,
    WhileRevealed,
    WoundDealt,
)
from rules.clash.attack_progress import Progress, harm_knight
from rules.clash.decks import draw_bp, draw_chosen_bp
from rules.clash.lookups import monster_content
from rules.clash.mob_track import interval_spawns_due, spawn
from rules.clash.spawning import place_spawned
from rules.clash.wound_stack import wound_boss, wound_mob
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import Line
from rules.state import CampaignState

T = "tests/clash/test_knight_attack.py::"


@implements("5. Determine BP Card", tests=[T + "test_a_wound_runs_the_ten_steps", T + "test_mob_wound_removes_the_mob",
                                          T + "test_ultrainstinct_is_ignored_with_a_crit_chance"])
def determine_bp(engine: Engine, state: CampaignState, dice: Dice, p: Progress, m: Mini_M,
                  lines: list[Line]) -> tuple[BPCard, int]:
    """"Boss Clash: Draw the top card from the BP deck and reveal it." "Mob Clash: If it's not already revealed,
    reveal the BP card corresponding to the Mob miniature you are attacking.\""""
    assert state.clash is not None
    content = monster_content(engine, state.clash)
    space = 0
    if state.clash.monster_type == "boss" and p.bp_chosen is not None:
        card, first = p.bp_chosen, True
        state.clash = draw_chosen_bp(state.clash, card, dice, p.bp_shuffle)
    elif state.clash.monster_type == "boss":
        card, state.clash = draw_bp(state.clash, dice)
        first = True
    else:
        space = m.mob_number or 0
        slot = state.clash.mob_track[space - 1]
        assert slot is not None
        card, first, slot.revealed = slot.card, not slot.revealed, True
    bp = next(c for c in content.bp_cards if c.id == card)
    at = bp.at + state.clash.effective_at_bonus(space)
    lines.append(BPCardRevealed(card=bp.name, level=bp.level, at=at, mob=space, first=first))
    if space and first and bp.when_revealing:
        harm_knight(engine, state, dice, p, list(bp.when_revealing), f"{bp.name} (When Revealing)", lines)
    if space and bp.when_revealed:
        lines.append(WhileRevealed(card=bp.name, effects=[
            getattr(e, "text", "") or e.type.replace("_", " ") for e in bp.when_revealed]))
    return bp, space


@implements("7. Monster Responses",
            tests=[T + "test_fail_below_at_discards_the_bp_card", T + "test_critical_ignores_other_responses",
                   T + "test_instinct_resolves_with_a_wound", T + "test_attack_response_is_handed_on"])
def respond(engine: Engine, state: CampaignState, dice: Dice, p: Progress, bp: BPCard, wanted: set[str],
             t: pw.PoolTokens, lines: list[Line], tangible: bool = False) -> tuple[list[dict[str, Any]], list[Any]]:
    """"If you deal a Wound, you resolve the Wound Response. If you failed to deal a Wound, you resolve the Fail
    Response. If you scored a Critical Wound, resolve the Critical (and ignore all other Responses)"; Instinct "in
    addition to any other normal Responses"; "If multiple Responses apply, resolve them from top to bottom of the BP
    card." Diversion ignores Fail Responses, Improved Diversion every Response (never the Critical,
    docs/rulings.md)."""
    out: list[dict[str, Any]] = []
    attacks: list[Any] = []
    for r in bp.responses:
        if r.trigger not in wanted:
            continue
        label = f"{bp.name} ({r.trigger.title()})"
        why = ("Mercy Rule" if state.knights[p.knight].dead
               else "Improved Diversion" if t.improved_diversion and r.trigger != "critical"
               else "Diversion" if t.diversion and r.trigger == "fail" else None)
        effects = [e for e in r.effects if not (tangible and e.type in ("perform", "follow_up"))]
        out.append({"trigger": r.trigger, "effects": [e.type for e in r.effects], "ignored": why})
        if why:
            lines.append(ResponseMet(card=bp.name, trigger=r.trigger, ignored=why))
        elif effects:
            lines.append(ResponseMet(card=bp.name, trigger=r.trigger))
            attacks += harm_knight(engine, state, dice, p, effects, label, lines)
    return out, attacks


@implements("Overcome and Overpower", tests=[T + "test_overcome_on_a_fail_with_enough_power",
                                            T + "test_overpower_needs_a_wound_exceeding_at"])
def thresholds(engine: Engine, state: CampaignState, dice: Dice, p: Progress, bp: BPCard, wound: bool, total: int,
                at: int, lines: list[Line]) -> list[dict[str, Any]]:
    """"Overcome X+: If you failed to deal a Wound, but your Total Power was X or more, resolve the Overcome effect.
    If you dealt a Wound and your Total Power exceeded the AT value by X or more, also resolve the Overcome effect."
    "Overpower X+: If you dealt a Wound and your Total Power exceeded the AT value by X or more\"."""
    out: list[dict[str, Any]] = []
    for kind, thr in (("overcome", bp.overcome), ("overpower", bp.overpower)):
        if thr is None:
            continue
        met = (wound and total - at >= thr.at) or (kind == "overcome" and not wound and total >= thr.at)
        out.append({"trigger": kind, "at": thr.at, "met": met, "effects": [e.type for e in thr.effects]})
        if met:
            lines.append(ThresholdMet(card=bp.name, kind=kind, at=thr.at))
            harm_knight(engine, state, dice, p, list(thr.effects), f"{bp.name} ({kind.title()})", lines)
    return out


@implements("8. Wounds and Escalation",
            tests=[T + "test_a_wound_runs_the_ten_steps", T + "test_mob_wound_removes_the_mob",
                   T + "test_victory_at_the_last_wound"])
def wound_monster(engine: Engine, state: CampaignState, dice: Dice, p: Progress, bp: BPCard, space: int, critical: bool,
           lines: list[Line]) -> None:
    p.spawned += deal_wound(engine, state, dice, bp, space, critical, p.monster, p.mini, p.knight, lines)


def deal_wound(engine: Engine, state: CampaignState, dice: Dice, bp: BPCard, space: int, critical: bool,
               monster: str, near: str, attacker: str, lines: list[Line]) -> list[str]:
    """Boss: the BP card becomes a Wound, then the Escalation (``wound_boss``); Mob: "The Monster is killed as soon
    as the Wound is dealt" (``wound_mob``, the miniature ``monster`` leaves the Clash Board, a spawned Mob rises near
    the miniature ``near``). Returns the board ids of the Mobs spawned (a Squire's Attack uses it too)."""
    assert state.clash is not None
    spawned: list[str] = []
    more: Sequence[Line]  # the Wound's own lines
    if space == 0:
        state.clash, more = wound_boss(state.clash, critical, dice, double=bp.double_wound)
    else:
        content = monster_content(engine, state.clash)
        immediate = content.spawn is not None and content.spawn.type == "immediate"
        state.clash, wounded = wound_mob(state.clash, space, dice, immediate, double=bp.double_wound)
        board = state.board
        gone = board.monster(monster)
        state.board = board.model_copy(update={"monsters": tuple(x for x in board.monsters if x.id != gone.id)})
        placed, spawned = _placed(engine, state, near)
        more = [*wounded, MiniatureLeaves(monster=gone.name), *placed]
    lines.append(WoundDealt(critical=critical, then=more))
    state.clash.flow.last_to_wound = attacker
    return spawned


def _placed(engine: Engine, state: CampaignState, near: str | None) -> tuple[list[Line], list[str]]:
    """Place the Mobs just spawned: the narration, and their board ids (they may owe a Spawn Attack, ``_end``)."""
    before = {m.id for m in state.board.monsters}
    lines = place_spawned(engine, state, near)
    return lines, [m.id for m in state.board.monsters if m.id not in before and m.kind == "mob"]


def interval_spawns(engine: Engine, state: CampaignState, p: Progress, before: int, lines: list[Line]) -> None:
    """Interval Spawn: "the spawning happens after you fully resolve the current action (like a Knight Attack)"."""
    assert state.clash is not None
    content = monster_content(engine, state.clash)
    dealt = state.clash.wounds() - before
    if content.spawn is None or content.spawn.type != "interval" or content.spawn.every is None or dealt <= 0:
        return
    state.clash, due = interval_spawns_due(state.clash, content.spawn.every, dealt)
    for _ in range(due):
        state.clash, more = spawn(state.clash, None)
        lines += more
    placed, spawned = _placed(engine, state, state.clash.flow.last_to_wound)
    lines += placed
    p.spawned += spawned


def area_rolls(engine: Engine, state: CampaignState, dice: Dice, p: Progress, m: Mini_M, keywords: list[Keyword],
                total: int, attack: dict[str, Any], lines: list[Line]) -> list[tuple[AreaHit, BPCard]]:
    """Area: the Power Roll resolved against each other Monster on the Area's spaces, "revealing/drawing their BP
    cards if needed", against its own AT; the Monsters it wounds (dealt their Wounds at step 8, with no Response)."""
    assert state.clash is not None
    lines += area.by_hand(keywords)
    hits = area.area_targets(state.clash, state.board, state.board.knight(p.mini), m, keywords)
    if not hits:
        return []
    content = monster_content(engine, state.clash)
    wounded: list[tuple[AreaHit, BPCard]] = []
    shown: list[dict[str, Any]] = []
    for h in hits:
        slot = state.clash.mob_track[h.space - 1]
        assert slot is not None
        first, slot.revealed = not slot.revealed, True
        bp = next(c for c in content.bp_cards if c.id == h.card)
        at = bp.at + state.clash.effective_at_bonus(h.space)
        name = state.board.monster(h.monster).name
        lines.append(AreaRolled(monster=name, card=bp.name, level=bp.level, at=at, total=total, first=first,
                                wound=total >= at))
        shown.append({"monster": h.monster, "space": h.space, "bp": bp.id, "at": at, "wound": total >= at})
        if first and bp.when_revealing:
            harm_knight(engine, state, dice, p, list(bp.when_revealing), f"{bp.name} (When Revealing)", lines)
        if total >= at:
            wounded.append((h, bp))
    attack["area"] = shown
    return wounded


def area_wounds(engine: Engine, state: CampaignState, dice: Dice, p: Progress, hits: list[tuple[AreaHit, BPCard]],
                 critical: bool, lines: list[Line]) -> None:
    """Step 8 for the Mobs the Area wounded, each still on its space, until the Clash is won."""
    for h, bp in hits:
        clash = state.clash
        assert clash is not None
        slot = clash.mob_track[h.space - 1]
        if clash.over is not None or slot is None or slot.card != h.card \
                or all(x.id != h.monster for x in state.board.monsters):
            continue
        p.spawned += deal_wound(engine, state, dice, bp, h.space, critical, h.monster, p.mini, p.knight, lines)
