"""/now — "what may I do now?" (issue #20): the phase, whose turn it is, every Knight's Vigor, Heat, Passion and
Conditions, the Knight Pool, the questions waiting with their options, and for the Knight whose turn it is the
weapons of the Loadout (in range or not) and the spaces a Movement Action reaches; then the next command, as
``/expedition status`` names it (docs/commands.md "/now"). Read-only."""

from __future__ import annotations

from typing import Any

from bot.app.asked import waiting
from bot.app.commands.odds import exact, pct
from bot.app.context import Invocation
from bot.app.registry import Command, Registry
from bot.app.reply import Reply
from bot.app.service import App
from bot.narration.next_step import next_line, told_data
from content.loader import Catalogue
from rules.clash import legal
from rules.clash.abilities import WINDOWS, usable
from rules.clash.lookups import knight_state
from rules.delve.results import TRAVEL_ANSWER, delve_phase
from rules.engine import Engine
from rules.errors import RuleError
from rules.expedition.next_step import Cmd, NextStep, Opt
from rules.expedition.phases import LABEL, in_clash, status_data
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.state import CampaignState

VIEW = "now"  # ``data["view"]``: Discord draws this reply as /now's embed (bot/discord/now.py)


def _phase(state: CampaignState) -> str:
    if state.clash is not None:
        return f"Clash ({state.clash.monster}, level {state.clash.level}, {state.clash.type})"
    if state.delve is not None and delve_phase(state):
        return "Delve"
    if state.expedition is not None:
        return f"Expedition phase: {LABEL[state.expedition.step]}"
    return "no Expedition under way"


def _knight(cat: Catalogue, k: KnightState) -> dict[str, Any]:
    s = k.stats
    return {"id": k.id, "name": k.name, "owner": k.owner, "dead": k.dead, "vigor": s.vigor,
            "max_vigor": st.max_vigor(cat, k), "heat": s.heat, "heat_limit": st.heat_limit(cat, k),
            "passion": s.passion, "conditions": list(s.conditions)}


def _odds(o: legal.Odds | None) -> dict[str, Any] | None:
    return None if o is None else {"wound": exact(o.wound), "critical": exact(o.critical), "hit": exact(o.hit),
                                   "level": o.level, "shown": pct(o.wound)}


def _weapons(state: CampaignState, cat: Catalogue, kid: str) -> list[dict[str, Any]]:
    """The weapons of the Loadout and the Monsters each can attack from where the Knight stands, with ``/odds
    weapon``'s chance to wound each (rules/clash/legal.py ``reach``)."""
    names = {m.id: m.name for m in state.board.monsters}
    return [{"gear": r.gear, "name": r.name, "exhausted": r.exhausted, "discarded": r.discarded,
             "in_range": bool(r.targets), "targets": [names[t] for t in r.targets],
             "odds": [{"target": names[t], **(_odds(o) or {})} for t, o in zip(r.targets, r.odds, strict=False)],
             "why_not": list(r.why_not)}
            for r in legal.reach(cat, state, kid)]


def _abilities(cat: Catalogue, state: CampaignState, kid: str) -> list[dict[str, Any]]:
    """What ``/knight react`` accepts from the Knight now (rules/clash/abilities.py ``usable``)."""
    return [{"source": u.source, "card": u.shown, "kind": u.kind, "ability": u.name, "cost": u.cost, "text": u.text,
             "reaction": u.window} for u in usable(cat, state, kid)]


def _turn(state: CampaignState, cat: Catalogue) -> dict[str, Any] | None:
    clash = state.clash
    if clash is None or clash.flow.turn is None or clash.over:
        return None  # a Clash won or lost: no turn goes on
    turn = clash.flow.turn
    try:
        k = knight_state(state, turn.knight)
    except RuleError:
        return None
    if k.dead:
        return None  # the turn's Knight died in it: nothing is his to do
    hand = [{"id": c.id, "name": c.name, "cost": c.cost, "text": c.text, "exert": c.exert, "payable": c.payable}
            for c in legal.hand(cat, state, turn.knight)]
    return {"knight": k.id, "name": k.name, "owner": k.owner, "moved": turn.moved, "attacked": turn.attacked,
            "weapons": _weapons(state, cat, turn.knight),
            "reachable": [{"space": s.label, "steps": n} for s, n in legal.reachable(cat, state, turn.knight).items()],
            "abilities": [a for a in _abilities(cat, state, turn.knight) if a["kind"] == "gear"], "techniques": hand}


def _reactions(state: CampaignState, cat: Catalogue) -> dict[str, list[dict[str, Any]]]:
    """In an open Window of Opportunity (a REACT! or an Evasion Roll waiting), each Knight's usable Reactions."""
    pending = state.clash.flow.pending if state.clash is not None else None
    if pending is None or pending.kind not in WINDOWS:
        return {}
    found = {m.name: _abilities(cat, state, m.id) for m in state.board.knights if not m.dead}
    return {name: abilities for name, abilities in found.items() if abilities}


def _clash(state: CampaignState) -> dict[str, Any] | None:
    clash = state.clash
    if clash is None:
        return None
    flow = clash.flow
    turn = state.board.knight(flow.turn.knight).name if flow.turn is not None else None
    left = [m.name for m in state.board.knights if not m.dead and m.id not in flow.acted]
    return {"round": flow.round, "phase": flow.phase, "turn": turn, "still_to_act": left, "pool": dict(flow.pool),
            "over": clash.over}


def _next(engine: Engine, state: CampaignState, questions: list[dict[str, Any]]) -> NextStep:
    """A Clash's own next step, also outside an Expedition (a Clash started by hand); outside an Expedition the
    first question waiting (a Delve started by hand); else what ``/expedition status`` names."""
    if state.clash is not None:
        return in_clash(state)
    if state.expedition is None and questions:
        q = questions[0]
        name, *sub = str(q["answer"]).split(" ")
        key = Opt(name="to" if q["answer"] == TRAVEL_ANSWER else "option", value="key", fill=True)
        return NextStep(commands=[Cmd(name=name, subcommands=sub, options=[Opt(name="decision", value=q["id"]), key])])
    found = status_data(engine, state)["next"]
    assert isinstance(found, NextStep)
    return found


def _turn_lines(t: dict[str, Any]) -> list[str]:
    """The turn Knight's weapons with their odds, abilities, Technique cards and Movement."""
    lines = []
    for w in t["weapons"]:
        state = " (exhausted)" if w["exhausted"] else " (discarded)" if w["discarded"] else ""
        if not w["in_range"]:
            lines.append(f"  ⚔️ {w['name']}{state}: out of range.")
            continue
        odds = "; ".join(f"{o['target']}: Wound {o['shown']}" + (f" (BP level {o['level']})" if o["level"] else "")
                         for o in w["odds"] if "shown" in o)
        lines.append(f"  ⚔️ {w['name']}{state}: in range of {', '.join(w['targets'])}" + (f" — {odds}" if odds else "")
                     + ".")
    if t["attacked"]:
        lines.append(f"  {t['name']} has made the Combat Action of this turn.")
    if t["moved"]:
        lines.append(f"  {t['name']} has made the Movement Action of this turn.")
    else:
        spaces = ", ".join(r["space"] for r in t["reachable"][:12])
        more = f" (+{len(t['reachable']) - 12} more)" if len(t["reachable"]) > 12 else ""
        lines.append(f"  {t['name']} may move to: {spaces or 'nowhere'}{more}.")
    lines += [f"  {_ability(a)}" for a in t["abilities"]]
    for c in t["techniques"]:
        main = "" if c["payable"] else " (its cost cannot be paid now: the Exert only)"
        lines.append(f"  🃏 {c['name']} ({c['cost']}): {c['text']} Exert: {c['exert']}{main} — "
                     f"`/knight technique action:clash|exert technique:{c['id']}`")
    return lines


def _ability(a: dict[str, Any]) -> str:
    cost = f" ({a['cost']})" if a["cost"] else ""
    text = f": {a['text']}" if a["text"] else ""
    return (f"⚡ {a['ability']}{cost} of {a['card']}{text} — "
            f"`/knight react source:{a['source']} ability:\"{a['ability']}\"`")


def _question_lines(q: dict[str, Any], options: bool) -> list[str]:
    several = f", choosing {q['min_pick']} to {q['pick']}" if q["pick"] > 1 else ""
    how = (f"`/{q['answer']} to:<key>`, a `fog:<tile>` key as it is" if q["answer"] == TRAVEL_ANSWER
           else f"`/{q['answer']} decision:{q['id']} option:<key>`")
    lines = [f"❓ {q['id']} — {q['prompt']} (answer with {how}{several})"]
    if options:
        lines += [f"  • `{o['key']}` — {o['label']}" + (f": {o['help']}" if o["help"] else "") for o in q["options"]]
    return lines


def _text(data: dict[str, Any]) -> str:
    """The console's text. The first question's options are the reply's ``pending``, which the console lists below
    the text (and Discord shows as buttons), as after any reply that asks."""
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
    if data["turn"] is not None:
        lines += _turn_lines(data["turn"])
    for name, abilities in data["reactions"].items():
        lines.append(f"{name} may react:")
        lines += [f"  {_ability(a)}" for a in abilities]
    for i, q in enumerate(data["questions"]):
        lines += _question_lines(q, options=i > 0)
    lines.append(next_line(data["next"]))
    return "\n".join(lines)


async def now(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    state, engine = loaded.state, app.engine
    cat = engine.catalogue
    asked = waiting(engine, state)
    questions = [{"id": d.id, "kind": d.kind, "prompt": d.prompt, "answer": d.answer, "who": d.who,
                  "pick": d.pick, "min_pick": d.min_pick,
                  "options": [{"key": key, "label": d.labels[i] if i < len(d.labels) else key,
                               "help": d.helps[i] if i < len(d.helps) else ""} for i, key in enumerate(d.options)]}
                 for d in asked]
    data = {"phase": _phase(state), "clash": _clash(state), "turn": _turn(state, cat),
            "reactions": _reactions(state, cat), "knights": [_knight(cat, k) for k in state.knights.values()],
            "questions": questions, "next": _next(engine, state, questions)}
    # the first question is the reply's question, as a decision reply carries it: the console lists its options,
    # Discord its buttons (bot/discord/now.py draws the rest as an embed)
    return Reply(text=_text(data), data={**told_data(data), "seq": loaded.row.seq, "view": VIEW},
                 pending=asked[0].model_dump() if asked else None)


def register(r: Registry) -> None:
    r.add(Command(("now",), "What may I do now? The phase, whose turn, the Knights, the question waiting, what next",
                  now, (), permission="anyone"))
