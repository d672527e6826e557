"""/encounter start|status|choose|attack|help|place|end — an Encounter during the Delve (docs/delve.md, "Encounters").

An Encounter is due when an Encounter Monster token and the party meet (``/delve travel`` says so); ``/encounter
start`` runs it until the party must decide (``data.pending``, answered with ``/encounter choose``) or act (the Knight
Round: ``/encounter attack`` or ``/encounter help`` for each Knight on the board).
"""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import own_knight
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from rules.clash.flow import named_knights
from rules.delve import encounter as geo
from rules.delve import encounter_flow as flow
from rules.delve.encounter_handlers import (
    EncounterAttack,
    EncounterChoose,
    EncounterEnd,
    EncounterHelp,
    EncounterPlace,
    EncounterStart,
)
from rules.delve.results import delve_data

KNIGHT = Option("knight", "string", "the Knight who acts (default: yours)", max_length=64, autocomplete="knight",
                lookup="knight")


async def start(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """The Encounter due needs no GM; naming the Monster (a Quest, a card) or its level is the GM's."""
    if o.get("monster") is not None or o.get("level") is not None:
        loaded = await app.load(ctx)
        if not await app.is_gm(ctx, loaded.row):
            raise CommandError("only the GM names the Monster or the level of an Encounter (`monster:`, `level:`); "
                               "`/encounter start` alone starts the Encounter due")
    return await app.act_reply(ctx, EncounterStart(card=o.get("monster"), level=o.get("level"),
                                                   ambush=bool(o.get("ambush")), quest=bool(o.get("quest"))))


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    state = loaded.state
    data = {**delve_data(app.engine, state), "seq": loaded.row.seq}
    delve = state.delve
    if delve is None or delve.encounter is None:
        due = f" An Encounter is due ({delve.encounter_due}): `/encounter start`." if delve and delve.encounter_due \
            else ""
        return Reply(text="No Encounter is under way." + due, data={**data, "encounter": None})
    _, _, enc, side, board = flow.context(app.engine, state)
    names = flow.names(state)
    data["encounter"] = geo.view(enc, side, names)
    lines = [f"⚔️ Encounter with **{enc.name}** (level {enc.level}) on {board.name} — step: "
             f"{(enc.steps[0] if enc.steps else 'over').replace('_', ' ')}; To Hit {side.to_hit}, AT {side.at}; "
             f"Scrapes {len(enc.scrapes)}; Encounter Pool: "
             + (", ".join(f"{n} {t}" for t, n in enc.pool.items() if n) or "empty") + ".",
             "```\n" + geo.grid(board, enc, names) + "\n```"]
    for k in enc.knights:
        where = geo.label(k.space) if k.space is not None else (k.why_out or k.status)
        lines.append(f"• {names[k.knight]}: {where}" + (f" — {k.action}" if k.action else ""))
    pending = None
    if enc.pending is not None:
        lines.append(f"❓ {enc.pending.prompt} " + "; ".join(f"`{x.key}` {x.label}" for x in enc.pending.options))
        pending = flow.enc_decision(state, enc.pending).model_dump()
        data["pending"] = enc.pending.model_dump(exclude={"data"})
    return Reply(text="\n".join(lines), data=data, pending=pending)


async def choose(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """Only the owners of the Knights a decision names (any player when it names none) or the GM answer."""
    loaded = await app.load(ctx)
    delve = loaded.state.delve
    pending = delve.encounter.pending if delve is not None and delve.encounter is not None else None
    wanted = o.get("decision")
    # who may answer is about the decision waiting now; a stale id is the engine's to refuse (the one answer check)
    named = named_knights(loaded.state, pending) if pending is not None and wanted in (None, pending.id) else []
    if named and ctx.user_id not in {k.owner for k in named} and not await app.is_gm(ctx, loaded.row):
        raise CommandError(f"this decision is for {', '.join(k.name for k in named)} to answer (or the GM); "
                           "nothing was changed")
    options = [x.strip() for x in str(o["option"]).replace(" ", ",").split(",") if x.strip()]
    if not options:
        raise CommandError("option: name at least one answer, e.g. option:B3 or option:die1,die2")
    return await app.act_reply(ctx, EncounterChoose(options=options, decision=wanted))


async def _knight(app: App, ctx: Invocation, o: dict[str, Any]) -> str:
    return await own_knight(app, ctx, o.get("knight"))


async def attack(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, EncounterAttack(knight=await _knight(app, ctx, o), weapon=o["weapon"],
                                                    target=o.get("target"), cantrip=o.get("cantrip")))


async def help_action(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, EncounterHelp(knight=await _knight(app, ctx, o)))


async def place(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, EncounterPlace(kind=o["kind"], name=o["name"], space=o["space"],
                                                   facing=o.get("facing")))


async def end(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, EncounterEnd())


def register(r: Registry) -> None:
    r.describe_group("encounter", "An Encounter: a one-Round fight on the Encounter Board")
    r.add(Command(("encounter", "start"), "Start the Encounter due (or, GM, one a card or Quest calls for)", start, (
        Option("monster", "string", "GM: the Encounter Monster card (id, Monster id or name)", max_length=64),
        Option("level", "integer", "GM: the side of the card (its level)", min_value=1, max_value=9),
        Option("ambush", "boolean", "an Ambush: the Knights are positioned first", default=False),
        Option("quest", "boolean", "a Quest paragraph calls for it (Partial counts as Success)", default=False),
    ), permission="player"))
    r.add(Command(("encounter", "status"), "The Encounter Board, the Scrapes, the Encounter Pool, the decision",
                  status, (), permission="anyone"))
    r.add(Command(("encounter", "choose"), "Answer the Encounter's decision (a space, who moves, re-rolls)", choose, (
        Option("option", "string", "the answer(s): a key, or several separated by commas", required=True,
               max_length=200),
        Option("decision", "string", "the decision answered (enc<n>): refused if another one waits now",
               max_length=16),
    ), permission="player"))
    r.add(Command(("encounter", "attack"), "Attack Action: attack the Monster with a weapon in range", attack, (
        Option("weapon", "string", "the active weapon", required=True, max_length=64, autocomplete="gear",
               lookup="gear"),
        Option("target", "integer", "the Monster miniature's number (default: one in range)", min_value=1,
               max_value=8),
        Option("cantrip", "string", "Cantrip tokens count as", choices=("opening", "break")),
        KNIGHT,
    ), permission="player"))
    r.add(Command(("encounter", "help"), "Help Action: the Opening/Break symbols of your space into the Encounter Pool",
                  help_action, (KNIGHT,), permission="player"))
    r.add(Command(("encounter", "place"), "GM: move a miniature on the Encounter Board by hand", place, (
        Option("kind", "string", "knight or monster", required=True, choices=("knight", "monster")),
        Option("name", "string", "a Knight's name, or a Monster miniature's number", required=True, max_length=64),
        Option("space", "string", "the space, e.g. B3 (a Monster: its top-left space)", required=True, max_length=3),
        Option("facing", "string", "a Monster's facing", choices=("north", "east", "south", "west")),
    ), permission="gm"))
    r.add(Command(("encounter", "end"), "GM: stop the Encounter without its Resolution", end, (), permission="gm"))
