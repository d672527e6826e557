"""/now — "what may I do now?" (issue #20): the phase, whose turn it is, every Knight's Vigor, Heat, Passion and
Conditions, the Knight Pool, the questions waiting with their options, and for the Knight whose turn it is the
weapons of the Loadout (in range or not) and the spaces a Movement Action reaches; then the next command, as
``/expedition status`` names it (docs/commands.md "/now"). Read-only."""

from __future__ import annotations

from typing import Any

from bot.app import complete
from bot.app.asked import waiting
from bot.app.context import Invocation
from bot.app.registry import Command, Registry
from bot.app.reply import Reply
from bot.app.service import App
from content.loader import Catalogue
from rules.clash import active_weapon as aw
from rules.clash.activation import knight_state
from rules.clash.weapon_range import effective_range
from rules.delve.results import TRAVEL_ANSWER
from rules.engine import Engine
from rules.errors import RuleError
from rules.expedition.phases import LABEL, in_clash, status_data
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.state import CampaignState


def _phase(state: CampaignState) -> str:
    if state.clash is not None:
        return f"Clash ({state.clash.monster}, level {state.clash.level}, {state.clash.type})"
    if state.delve is not None:
        return "Delve"
    if state.expedition is not None:
        return f"Expedition phase: {LABEL[state.expedition.step]}"
    return "no Expedition under way"


def _knight(cat: Catalogue, k: KnightState) -> dict[str, Any]:
    s = k.stats
    return {"id": k.id, "name": k.name, "owner": k.owner, "dead": k.dead, "vigor": s.vigor,
            "max_vigor": st.max_vigor(cat, k), "heat": s.heat, "heat_limit": st.heat_limit(cat, k),
            "passion": s.passion, "conditions": list(s.conditions)}


def _weapons(state: CampaignState, cat: Catalogue, k: KnightState, board: str) -> list[dict[str, Any]]:
    """The weapons of the Loadout (from the console's completion source) and the Monsters each can attack from
    where the Knight stands (the Knight Attack's own range check)."""
    mini = state.board.knight(board)
    out = []
    for name, gid in complete.loadout(state, cat, k.owner, k.name, ""):
        if gid not in cat.gear or lo.gear(cat, gid).type != "weapon":
            continue
        entry = next(e for e in k.loadout if e.gear == gid)
        face, keywords, _ = aw.weapon_face(cat, k, gid)
        targets, why = [], []
        for m in state.board.monsters:
            _, problem = effective_range(state.board, mini, m, face, keywords)
            if problem is None:
                targets.append(m.name)
            else:
                why.append(problem)
        out.append({"gear": gid, "name": name, "exhausted": entry.exhausted, "discarded": entry.discarded,
                    "in_range": bool(targets), "targets": targets, "why_not": why})
    return out


def _turn(state: CampaignState, cat: Catalogue) -> dict[str, Any] | None:
    clash = state.clash
    if clash is None or clash.flow.turn is None:
        return None
    turn = clash.flow.turn
    try:
        k = knight_state(state, turn.knight)
    except RuleError:
        return None
    here = state.board.knight(turn.knight).space
    reach = [(space, steps) for space, steps in complete.move(state, cat, k.owner, k.name, "")
             if here is None or space != here.label]
    return {"knight": k.id, "name": k.name, "owner": k.owner, "moved": turn.moved, "attacked": turn.attacked,
            "weapons": _weapons(state, cat, k, turn.knight),
            "reachable": [{"space": space, "steps": steps} for space, steps in reach]}


def _clash(state: CampaignState) -> dict[str, Any] | None:
    clash = state.clash
    if clash is None:
        return None
    flow = clash.flow
    turn = state.board.knight(flow.turn.knight).name if flow.turn is not None else None
    left = [m.name for m in state.board.knights if not m.dead and m.id not in flow.acted]
    return {"round": flow.round, "phase": flow.phase, "turn": turn, "still_to_act": left, "pool": dict(flow.pool),
            "over": clash.over}


def _next(engine: Engine, state: CampaignState, questions: list[dict[str, Any]]) -> str:
    """A Clash's own next step, also outside an Expedition (a Clash started by hand); outside an Expedition the
    first question waiting (a Delve started by hand); else what ``/expedition status`` names."""
    if state.clash is not None:
        return in_clash(state)
    if state.expedition is None and questions:
        q = questions[0]
        return f"/{q['answer']} decision:{q['id']} " + ("to:<key>" if q["answer"] == TRAVEL_ANSWER else "option:<key>")
    return str(status_data(engine, state)["next"])


def _text(data: dict[str, Any]) -> str:
    lines = [f"⏱️ Now: **{data['phase']}**."]
    c = data["clash"]
    if c is not None:
        if c["over"]:
            lines.append(f"The Clash is over ({c['over']}).")
        elif c["phase"] == "monster":
            lines.append(f"Round {c['round']}: the Monster Round.")
        elif c["turn"]:
            lines.append(f"Round {c['round']}, Knight Round: it is **{c['turn']}**'s turn.")
        else:
            lines.append(f"Round {c['round']}, Knight Round: no turn under way; still to act: "
                         f"{', '.join(c['still_to_act']) or 'nobody'}.")
        pool = ", ".join(f"{n} {t.replace('_', ' ')}" for t, n in c["pool"].items()) or "empty"
        lines.append(f"Knight Pool: {pool}.")
    for k in data["knights"]:
        conditions = ", ".join(k["conditions"]) or "none"
        lines.append(f"- {k['name']}{' (dead)' if k['dead'] else ''}: Vigor {k['vigor']}/{k['max_vigor']}, "
                     f"Heat {k['heat']}/{k['heat_limit']}, Passion {k['passion']}; Conditions: {conditions}.")
    t = data["turn"]
    if t is not None:
        for w in t["weapons"]:
            state = " (exhausted)" if w["exhausted"] else " (discarded)" if w["discarded"] else ""
            where = f"in range of {', '.join(w['targets'])}" if w["in_range"] else "out of range"
            lines.append(f"  ⚔️ {w['name']}{state}: {where}.")
        if t["attacked"]:
            lines.append(f"  {t['name']} has made the Combat Action of this turn.")
        if t["moved"]:
            lines.append(f"  {t['name']} has made the Movement Action of this turn.")
        else:
            spaces = ", ".join(r["space"] for r in t["reachable"][:12])
            more = f" (+{len(t['reachable']) - 12} more)" if len(t["reachable"]) > 12 else ""
            lines.append(f"  {t['name']} may move to: {spaces or 'nowhere'}{more}.")
    for q in data["questions"]:
        several = f", choosing {q['min_pick']} to {q['pick']}" if q["pick"] > 1 else ""
        how = (f"`/{q['answer']} to:<key>`, a `fog:<tile>` key as it is" if q["answer"] == TRAVEL_ANSWER
               else f"`/{q['answer']} decision:{q['id']} option:<key>`")
        lines.append(f"❓ {q['id']} — {q['prompt']} (answer with {how}{several})")
        for o in q["options"]:
            lines.append(f"  • `{o['key']}` — {o['label']}" + (f": {o['help']}" if o["help"] else ""))
    lines.append(f"Next: `{data['next']}`")
    return "\n".join(lines)


async def now(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    state, engine = loaded.state, app.engine
    cat = engine.catalogue
    questions = [{"id": d.id, "kind": d.kind, "prompt": d.prompt, "answer": d.answer, "who": d.who,
                  "pick": d.pick, "min_pick": d.min_pick,
                  "options": [{"key": key, "label": d.labels[i] if i < len(d.labels) else key,
                               "help": d.helps[i] if i < len(d.helps) else ""} for i, key in enumerate(d.options)]}
                 for d in waiting(engine, state)]
    data = {"phase": _phase(state), "clash": _clash(state), "turn": _turn(state, cat),
            "knights": [_knight(cat, k) for k in state.knights.values()], "questions": questions,
            "next": _next(engine, state, questions)}
    return Reply(text=_text(data), data={**data, "seq": loaded.row.seq})


def register(r: Registry) -> None:
    r.add(Command(("now",), "What may I do now? The phase, whose turn, the Knights, the question waiting, what next",
                  now, (), permission="anyone"))
