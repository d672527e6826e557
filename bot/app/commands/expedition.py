"""/expedition — the Expedition Sequence and the Vision Phase (docs/expedition.md)."""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import find, may_change
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from rules.expedition.phases import LABEL, status_data
from rules.expedition_handlers import (
    ExpeditionDestination,
    ExpeditionLeader,
    ExpeditionNext,
    ExpeditionNote,
    ExpeditionStart,
    ExpeditionVision,
)

PHASES = ("vision", "outpost", "delve", "clash", "rest", "spoils", "over")
CHOICES = ("quest", "investigation", "free_roam")
KNIGHT = Option("knight", "string", "the Knight (name or id); default: yours", max_length=60, autocomplete="knight")


async def start(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, ExpeditionStart())


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    data = status_data(app.engine, loaded.state)
    exp = loaded.state.expedition
    if exp is None:
        text = "No Expedition is under way. Next: `/expedition start` (GM)."
    else:
        d = data["expedition"]
        lines = [f"🧭 Expedition {exp.number}: **{LABEL[exp.step]}**."]
        if d["party_leader_name"]:
            lines.append(f"Party Leader: {d['party_leader_name']}.")
        for kid, v in exp.visions.items():
            name = loaded.state.knights[kid].name if kid in loaded.state.knights else kid
            lines.append(f"- {name}: {v.choice.replace('_', ' ')} (Chapter {v.chapter}"
                         + (f", Investigation {v.investigation})" if v.investigation else ")"))
        if exp.destination:
            lines.append(f"Destination Kingdom: {exp.destination}.")
        if exp.done:
            lines.append(f"Resolved: {', '.join(exp.done)}.")
        if d["missing"]:
            lines.append(f"Still needed: {'; '.join(d['missing'])}.")
        lines.append(f"Next: `{data['next']}`")
        text = "\n".join(lines)
    return Reply(text=text, data={**data, "seq": loaded.row.seq})


async def vision(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    await may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, ExpeditionVision(knight=k.id, choice=o["choice"], investigation=o["investigation"]))


async def leader(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    return await app.act_reply(ctx, ExpeditionLeader(knight=k.id))


async def destination(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    exp = loaded.state.expedition
    lead = loaded.state.knights.get(exp.party_leader) if exp is not None and exp.party_leader else None
    if lead is not None and lead.owner != ctx.user_id and not await app.is_gm(ctx, loaded.row):
        raise CommandError(f"the Party Leader ({lead.name}, <@{lead.owner}>) determines the Destination Kingdom, or "
                           "the GM")
    return await app.act_reply(ctx, ExpeditionDestination(kingdom=o["kingdom"]))


async def note(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    kid = None
    if o["knight"]:
        kid = find(await app.load(ctx), ctx, o["knight"]).id
    return await app.act_reply(ctx, ExpeditionNote(text=o["text"], knight=kid, by=ctx.user_name))


async def next_(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, ExpeditionNext(phase=o["phase"], reason=o["reason"]))


def register(r: Registry) -> None:
    r.add(Command(("expedition", "start"), "GM: begin an Expedition with the Vision Phase", start, (),
                  permission="gm"))
    r.add(Command(("expedition", "status"), "Where the party is in the Expedition and what to type next", status, (),
                  permission="anyone"))
    r.add(Command(
        ("expedition", "vision"), "Vision Phase: a Knight goes on a Quest, an Investigation or a Free Roam", vision,
        (Option("choice", "string", "quest (one Knight at most), investigation or free_roam", required=True,
                choices=CHOICES),
         KNIGHT,
         Option("investigation", "integer", "the Investigation's number in the Knight's Chapter", min_value=1,
                max_value=5)),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "leader"), "Vision Phase: the Party Leader when nobody is on a Quest", leader, (KNIGHT,),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "destination"), "Vision Phase: the Destination Kingdom (the Party Leader decides)", destination,
        (Option("kingdom", "string", "the Kingdom's id, e.g. aubrevane", required=True, autocomplete="kingdom"),),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "note"), "Record what a story paragraph said to mark or choose (the text stays in your book)",
        note,
        (Option("text", "string", "what the players report: an outcome, a mark, a choice", required=True,
                max_length=500),
         Option("knight", "string", "the Knight it concerns", max_length=60, autocomplete="knight")),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "next"), "GM: move to the next phase, or with phase: to the one a Quest names", next_,
        (Option("phase", "string", "the phase a Quest moves the Expedition to", choices=PHASES),
         Option("reason", "string", "why (the Quest paragraph), with phase:", max_length=300)),
        permission="gm",
    ))
