"""/squire ... — Squires and their Mettle draws (docs/squires.md).

A Squire belongs to the player who adds it; a command picks it with ``name:`` (its name or id) or, without
it, the user's only Squire. Only its owner or the GM may change it or draw for it; anybody may look.
"""

from __future__ import annotations

import asyncio
import re
from typing import Any

from bot.app.commands.knight import find_owned
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App, Loaded
from rules.squires import actions as a
from rules.squires import clash as sc
from rules.squires import gear as sg
from rules.squires import unlock as su
from rules.squires.handlers import summary
from rules.squires.state import SquireState

NAME = Option("name", "string", "the Squire (default: yours)", max_length=60)
STATS = ("vigor", "heat", "bane", "passion", "martial", "errant", "historic", "mystic")


def find(loaded: Loaded, ctx: Invocation, name: str | None) -> SquireState:
    return find_owned(loaded.state.squires, ctx, name, "Squire", 'add one with /squire add squire:<id> name:"..."',
                      option="name")


async def _mine(app: App, ctx: Invocation, o: dict[str, Any]) -> SquireState:
    loaded = await app.load(ctx)
    s = find(loaded, ctx, o.get("name"))
    if s.owner != ctx.user_id and not await app.is_gm(ctx, loaded.row):
        raise CommandError(f"{s.name} belongs to <@{s.owner}>: only their owner or the GM may change them "
                           "(anybody may look with /squire show)")
    return s


async def add(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    content = app.catalogue.squires.get(o["squire"])
    name = o["name"] or (content.name if content else o["squire"])
    return await app.act_reply(ctx, a.SquireAdd(content=o["squire"], name=name, owner=ctx.user_id))


def _line(s: dict[str, Any]) -> str:
    clues = ", ".join(f"{k.capitalize()} {v}" for k, v in s["clues"].items() if v) or "no Clues"
    return (f"**{s['name']}** ({s['card']}, {s['tier'].capitalize()} Tier, <@{s['owner']}>): Vigor {s['vigor']}/"
            f"{s['max_vigor']}, Heat {s['heat']}/{s['heat_limit']} (Refresh {s['heat_refresh']}), Bane {s['bane']}/"
            f"{s['bane_limit']}, Speed {s['speed']}, Passion {s['passion']}, {clues}")


async def show(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    chosen = [find(loaded, ctx, o["name"])] if o.get("name") else list(loaded.state.squires.values())
    rows = [summary(app.engine, s) for s in chosen]
    available = [{"id": c.id, "name": c.name, "tier": c.tier} for c in app.catalogue.squires.values()]
    lines = [_line(r) for r in rows] or ["No Squires yet."]
    for r in rows if o.get("name") else []:
        lines += [f"- {ab['name']}{' (once per Round)' if ab['active'] else ''}: {ab['text']}" for ab in r["abilities"]]
    lines.append("Squires to add: " + ", ".join(f"`{c['id']}` ({c['name']}, {c['tier']})" for c in available) + ".")
    return Reply(text="\n".join(lines), data={"squires": rows, "available": available})


async def stat(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, a.SquireStat(squire=s.id, stat=o["stat"], change=o["change"], cost=o["cost"]))


async def draw(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, a.SquireDraw(
        squire=s.id, kind=o["kind"], to_hit=o["to_hit"], precision=o["precision"], difficulty=o["difficulty"],
        bonus=o["bonus"], dice=o["dice"], hits=o["hits"], clue=o["clue"]))


async def redraw(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, a.SquireRedraw(squire=s.id, free=o["free"]))


async def place(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sc.SquirePlace(squire=s.id, space=o["space"]))


async def move(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sc.SquireMove(squire=s.id, to=o["to"]))


async def attack(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sc.SquireAttack(squire=s.id, target=o["target"], precision=o["precision"],
                                                    redraw=o["redraw"]))


async def end_turn(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sc.SquireEndTurn(squire=s.id))


async def ability(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sc.SquireAbility(squire=s.id, ability=o["ability"], knight=o["knight"],
                                                     monster=o["monster"]))


async def turn(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sc.SquireTurn(squire=s.id))


async def lend(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """The Knight's owner (or the GM) lends; the Squire may be anybody's."""
    from bot.app.commands.knight import own_knight

    loaded = await app.load(ctx)
    s = find(loaded, ctx, o.get("name"))
    knight = await own_knight(app, ctx, o["knight"])
    return await app.act_reply(ctx, sg.SquireLend(squire=s.id, knight=knight, weapon=o["weapon"]))


async def give_back(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sg.SquireReturn(squire=s.id))


async def gold(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, a.SquireGold(squire=s.id, amount=o["amount"]))


async def remove(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sg.SquireRemove(squire=s.id))


async def policy(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    s = await _mine(app, ctx, o)
    return await app.act_reply(ctx, sg.SquirePolicy(squire=s.id, heat_reserve=o["heat_reserve"]))


async def sheet(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    from bot.render.squire_sheet import render_squire

    loaded = await app.load(ctx)
    s = find(loaded, ctx, o.get("name"))
    row = summary(app.engine, s)
    weapon = app.catalogue.gear.get(row["weapon"] or "")
    lender = loaded.state.knights.get(row["lender"] or "")
    picture = {**row, "weapon_name": weapon.name if weapon else None, "lender_name": lender.name if lender else None}
    png = await asyncio.get_running_loop().run_in_executor(None, render_squire, picture)
    path = app.image_path(loaded.row.id, loaded.row.seq, f"squire-{s.id}")
    path.write_bytes(png)
    return Reply(text=_line(row), data={"squire": row, "image": str(path)}, images=[str(path)])


async def _mettle_status(app: App, ctx: Invocation) -> Reply:
    """``/squire unlock`` alone: the Mettle cards earned and waiting (as the decision), the saved Leads."""
    state = (await app.load(ctx)).state
    m = state.mettle
    decision = su.mettle_decision(app.engine, state)
    lines = [f"Saved Leads for Mettle cards: **{m.leads}** ({su.LEADS_PER_CARD} unlock one between Expeditions: "
             "`/squire unlock card:<id> reason:leads`)."]
    if decision is not None:
        lines.insert(0, f"{decision.prompt} Answer with `/squire unlock decision:{decision.id} option:<card>`.")
    elif m.earned:
        lines.insert(0, "Mettle cards are earned, but none of the cards they allow is left to unlock.")
    else:
        lines.insert(0, "No Mettle card is earned and waiting. A Quest Expedition by whose end a Squire completed "
                        "their Investigation earns one; the first Expedition of a tier survived without defeat earns "
                        "two of that tier.")
    return Reply(text="\n".join(lines), data={"mettle": m.model_dump(), "decision": decision.id if decision else None},
                 pending=decision.model_dump() if decision is not None else None)


async def unlock(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """An earned card (the bot tracks Quests and tiers survived), a decision's answer, or 5 saved Leads: any player;
    ``override:true`` (a Quest or a tier from before the tracking) is the GM's word."""
    if o.get("decision") is not None or o.get("option") is not None:
        if o.get("decision") is None or o.get("option") is None:
            raise CommandError("decision: and option: go together, e.g. `/squire unlock decision:mettle1 "
                               "option:<card>` (`/squire unlock` shows the decision)")
        if o.get("card") is not None or o.get("reason") is not None or o.get("override"):
            raise CommandError("answer a decision with decision: and option: (and replace:) only; card: and reason: "
                               "unlock a card by name")
        cards = [k for k in re.split(r"[,\s]+", o["option"]) if k]
        return await app.act_reply(ctx, su.MettleChoose(decision=o["decision"], cards=cards, replace=o.get("replace")))
    if o.get("card") is None:
        if o.get("reason") is not None or o.get("override"):
            raise CommandError("reason: and override: go with card:, e.g. `/squire unlock card:<id> reason:quest`")
        return await _mettle_status(app, ctx)
    if o.get("reason") is None:
        raise CommandError("card: needs reason:quest|leads|tier (what earned it)")
    override = bool(o.get("override"))
    if override:
        if o["reason"] == "leads":
            raise CommandError("override: is for reason:quest or reason:tier (Leads are counted by the bot)")
        loaded = await app.load(ctx)
        if not await app.is_gm(ctx, loaded.row):
            raise CommandError("only the GM unlocks a Mettle card with override:true (a Quest or a tier from before "
                               "the bot tracked them); an earned card any player may")
    return await app.act_reply(ctx, su.MettleUnlock(card=o["card"], reason=o["reason"], replace=o.get("replace"),
                                                    override=override))


async def survived(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, su.MettleSurvived(tier=o["tier"]))


async def leads(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, su.MettleLeads(change=o["change"]))


def register(r: Registry) -> None:
    r.describe_group("squire", "Squires: automated party members and their Mettle draws")
    r.add(Command(("squire", "add"), "Add a Squire to the party", add, (
        Option("squire", "string", "the content id or name (/squire show)", required=True, max_length=64,
               lookup="squire_content"),
        Option("name", "string", "the name in this campaign", max_length=60, names=True))))
    r.add(Command(("squire", "show"), "Show the Squires", show, (NAME,)))
    r.add(Command(("squire", "stat"), "Change a Squire's statistic or Clues", stat, (
        Option("stat", "string", "what to change", required=True, choices=STATS),
        Option("change", "integer", "e.g. 2 or -1", required=True, min_value=-20, max_value=20),
        Option("cost", "boolean", "Heat paid as a cost", default=False), NAME)))
    r.add(Command(("squire", "draw"), "Draw Mettle instead of rolling dice", draw, (
        Option("kind", "string", "which roll", required=True, choices=("attack", "power", "evasion", "test")),
        Option("to_hit", "integer", "attack: the Monster's To Hit", min_value=1, max_value=20),
        Option("precision", "integer", "attack: other Precision bonuses", default=0, min_value=-10, max_value=10),
        Option("difficulty", "integer", "test or evasion: the Difficulty", min_value=1, max_value=20),
        Option("bonus", "integer", "test: a bonus", default=0, min_value=-10, max_value=10),
        Option("dice", "integer", "evasion: Evasion dice on the attack", min_value=0, max_value=20),
        Option("hits", "integer", "evasion: the hits of the attack", min_value=0, max_value=30),
        Option("clue", "boolean", "spend a Clue for the ability box when it helps", default=False), NAME)))
    r.add(Command(("squire", "redraw"), "Discard the last Mettle result and draw again (+1 Heat)", redraw, (
        Option("free", "boolean", "a re-roll effect: no Heat", default=False), NAME)))
    r.add(Command(("squire", "place"), "Put the Squire on the Clash Board", place, (
        Option("space", "string", "e.g. C5 (default: a free Knight Starting Position)", max_length=4), NAME)))
    r.add(Command(("squire", "move"), "The Squire's Movement Action in the Clash", move, (
        Option("to", "string", "the space, e.g. C5", required=True, max_length=4), NAME)))
    r.add(Command(("squire", "attack"), "The Squire attacks with Mettle draws", attack, (
        Option("target", "string", "the Monster (default: the adjacent one)", max_length=60),
        Option("precision", "integer", "other Precision bonuses (Opening tokens...)", default=0, min_value=-10,
               max_value=10),
        Option("redraw", "boolean", "let the policy re-draw a failure for +1 Heat", default=True), NAME)))
    r.add(Command(("squire", "end-turn"), "End the Squire's turn in the Knight Round", end_turn, (NAME,)))
    r.add(Command(("squire", "turn"), "Let the bot play the Squire's whole turn by its policy", turn, (NAME,)))
    r.add(Command(("squire", "ability"), "Use one of the Squire's active Abilities (once per Round)", ability, (
        Option("ability", "string", "the Ability's name on the Squire card", required=True, max_length=60),
        Option("knight", "string", "the Knight (or Squire) it is for, when the players choose", max_length=60),
        Option("monster", "string", "the Monster it is used on, when several are on the board", max_length=60),
        NAME)))
    r.add(Command(("squire", "lend"), "Outpost: a Knight lends the Squire a Merchant weapon", lend, (
        Option("weapon", "string", "the Merchant weapon's Gear id or name", required=True, max_length=64,
               lookup="gear"),
        Option("knight", "string", "the Knight who lends it (default: yours)", max_length=60, autocomplete="knight",
               lookup="knight"),
        NAME)))
    r.add(Command(("squire", "return"), "Give the lent weapon back to its Knight now", give_back, (NAME,)))
    r.add(Command(("squire", "remove"), "Remove a Squire from the party", remove, (NAME,)))
    r.add(Command(("squire", "gold"), "Gold a Squire would gain goes to the Party Leader", gold, (
        Option("amount", "integer", "the Gold the Squire would gain", required=True, min_value=1, max_value=200),
        NAME)))
    r.add(Command(("squire", "policy"), "How much Heat the bot's policy keeps spare", policy, (
        Option("heat_reserve", "integer", "Heat kept below the Heat Limit", required=True, min_value=0,
               max_value=10), NAME)))
    r.add(Command(("squire", "sheet"), "A picture of the Squire card and statistics", sheet, (NAME,)))
    r.add(Command(("squire", "unlock"), "Unlock an earned Mettle card (alone: what is earned)", unlock, (
        Option("card", "string", "the Mettle card's id", max_length=64),
        Option("reason", "string", "why", choices=("quest", "leads", "tier")),
        Option("replace", "string", "the card it replaces (default: a lowest tier one of its Clue)", max_length=64),
        Option("decision", "string", "the decision answered, e.g. mettle1", max_length=20),
        Option("option", "string", "the card(s) chosen, e.g. a,b", max_length=200),
        Option("override", "boolean", "GM: a Quest or tier from before the bot tracked them", default=False))))
    r.add(Command(("squire", "survived"), "GM: a tier survived before the bot tracked it (Mettle cards)", survived, (
        Option("tier", "string", "the tier whose first Expedition the party survived", required=True,
               choices=("mob", "vassal", "king", "devil", "dragon")),), permission="gm"))
    r.add(Command(("squire", "leads"), "Correct the party's saved Leads for Mettle cards", leads, (
        Option("change", "integer", "e.g. 2 or -1 (the Squires' Leads are saved by themselves)", required=True,
               min_value=-50, max_value=50),)))
