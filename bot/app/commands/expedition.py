"""/expedition — the Expedition Sequence and the Vision Phase (docs/expedition.md)."""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import find, may_change
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from bot.narration.clues import progress as clue_words
from bot.narration.next_step import next_line, told_data
from rules.expedition.clue_cards import progress, seating
from rules.expedition.handlers import (
    ExpeditionCard,
    ExpeditionClue,
    ExpeditionDestination,
    ExpeditionLeader,
    ExpeditionLeads,
    ExpeditionNext,
    ExpeditionNote,
    ExpeditionResolve,
    ExpeditionRoam,
    ExpeditionSeating,
    ExpeditionStart,
    ExpeditionVision,
)
from rules.expedition.phases import LABEL, status_data

PHASES = ("vision", "outpost", "delve", "clash", "rest", "spoils", "over")
CHOICES = ("quest", "investigation", "free_roam")
CLUES = ("martial", "errant", "historic", "mystic")
KNIGHT = Option("knight", "string", "the Knight (name or id); default: yours", max_length=60, autocomplete="knight",
                lookup="knight")


async def start(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, ExpeditionStart())


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    raw = status_data(app.engine, loaded.state)
    data = told_data(raw)
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
                         + (f", Investigation {v.investigation})" if v.investigation else ")")
                         + (f"; Clues {clue_words(progress(v.clue))}" if v.clue is not None else ""))
        if exp.destination:
            lines.append(f"Destination Kingdom: {exp.destination}.")
        if exp.done:
            lines.append(f"Resolved: {', '.join(exp.done)}.")
        if d["missing"]:
            lines.append(f"Still needed: {'; '.join(d['missing'])}.")
        open_ = [loaded.state.knights[kid].name for kid, v in exp.visions.items()
                 if v.choice != "quest" and v.outcome is None and v.free_roam_success is None
                 and kid in loaded.state.knights]
        if exp.step == "spoils" and open_:
            lines.append(f"Investigations and Free Roams to resolve: {', '.join(open_)} (`/expedition resolve`).")
        lines.append(next_line(raw["next"]))
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


async def seating_(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    order = [name.strip() for name in o["order"].split(",") if name.strip()]
    if not order:
        raise CommandError('order: names the Knights round the table to the right, e.g. order:"Ser Sonch, Maud"')
    if len(order) > 8:
        raise CommandError("order: names at most 8 Knights")
    return await app.act_reply(ctx, ExpeditionSeating(order=order))


async def clues(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """Read-only: the seating and every Clue card with its Clues."""
    loaded = await app.load(ctx)
    state = loaded.state
    exp = state.expedition
    if exp is None:
        return Reply(text="No Expedition is under way. Next: `/expedition start` (GM).",
                     data={"seating": [], "clue_cards": [], "seq": loaded.row.seq})
    order = seating(state, exp)
    names = [state.knights[k].name for k in order]
    lines = [f"🪑 Seating (each Knight's right is the next): {' → '.join(names + names[:1])}"
             + ("" if exp.seating else " — the order the Knights joined; set it with `/expedition seating`") + "."]
    cards = []
    for kid in order:
        v = exp.visions.get(kid)
        k = state.knights[kid]
        if v is None:
            lines.append(f"- {k.name}: no calling yet.")
            continue
        if v.choice == "quest":
            lines.append(f"- {k.name}: on the Quest (its Clues are the Quest objective's, in the Knightbook).")
            continue
        if v.clue is None:
            lines.append(f"- {k.name}: {v.choice.replace('_', ' ')}, no Clue card held.")
            continue
        c = v.clue
        card = next((x for g in app.engine.catalogue.clue_cards.values() for x in g.cards if x.id == c.card), None)
        end = ""
        if v.outcome is not None:
            end += f"; Investigation {v.outcome}, +{v.leads_gained} Leads"
        if v.free_roam_success is not None:
            end += f"; Free Roam {'succeeded' if v.free_roam_success else 'failed'}"
        if v.cold_lead is not None:
            end += f"; cold lead: Investigation {v.chapter}.{v.cold_lead}"
        shown = card.name if card else ("a random Clue token (Five-Player Mode)" if c.card == "clue_token" else c.card)
        lines.append(f"- {k.name}: **{shown}** — {clue_words(progress(c))}{end}.")
        cards.append({"knight": kid, "name": k.name, "choice": v.choice, **c.model_dump(),
                      "outcome": v.outcome, "free_roam_success": v.free_roam_success, "cold_lead": v.cold_lead,
                      "leads": k.sheet.leads})
    return Reply(text="\n".join(lines), data={"seating": order, "clue_cards": cards, "seq": loaded.row.seq})


async def card(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    await may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, ExpeditionCard(knight=k.id, card=o["card"]))


async def clue(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    await may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, ExpeditionClue(knight=k.id, clue=o["clue"], change=o["change"]))


async def roam(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    await may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, ExpeditionRoam(knight=k.id, investigation=o["investigation"]))


async def resolve(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    kid = None
    if o["knight"]:
        loaded = await app.load(ctx)
        k = find(loaded, ctx, o["knight"])
        if o["outcome"]:
            await may_change(app, ctx, loaded, k)
        kid = k.id
    return await app.act_reply(ctx, ExpeditionResolve(knight=kid, investigation=o["investigation"],
                                                      outcome=o["outcome"]))


async def leads(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    await may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, ExpeditionLeads(knight=k.id, chapter=o["chapter"],
                                                    investigation=o["investigation"]))


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
        (Option("kingdom", "string", "the Kingdom's id, e.g. aubrevane", required=True, autocomplete="kingdom",
                lookup="kingdom"),),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "note"), "Record what a story paragraph said to mark or choose (the text stays in your book)",
        note,
        (Option("text", "string", "what the players report: an outcome, a mark, a choice", required=True,
                max_length=500),
         Option("knight", "string", "the Knight it concerns", max_length=60, autocomplete="knight", lookup="knight")),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "next"), "GM: move to the next phase, or with phase: to the one a Quest names", next_,
        (Option("phase", "string", "the phase a Quest moves the Expedition to", choices=PHASES),
         Option("reason", "string", "why (the Quest paragraph), with phase:", max_length=300)),
        permission="gm",
    ))
    r.add(Command(
        ("expedition", "seating"), "Set the seating order: who sits to each Knight's right (for the Secondary Clues)",
        seating_,
        (Option("order", "string", 'every Knight round the table to the right, e.g. "Ser Sonch, Maud, Ysolde"',
                required=True, max_length=400),),
        permission="player",
    ))
    r.add(Command(("expedition", "clues"), "The seating, each Knight's Clue card and the Clues collected", clues, (),
                  permission="anyone"))
    r.add(Command(
        ("expedition", "card"), "Vision Phase: the Clue card a Knight drew from your own deck (replaces the bot's)",
        card,
        (Option("card", "string", "the Clue card's id (see /expedition clues)", required=True, max_length=64),
         KNIGHT),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "clue"), "Move Clues on a Knight's Clue card by hand (a gain declined, Clues spent or lost)",
        clue,
        (Option("clue", "string", "the Clue type", required=True, choices=CLUES),
         Option("change", "integer", "how many gained (+) or lost (-)", required=True, min_value=-12, max_value=12),
         KNIGHT),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "roam"), "Free Roam: pick up a cold lead (an additional Investigation after a failed one)", roam,
        (Option("investigation", "integer", "the Investigation's number in the current Chapter", required=True,
                min_value=1, max_value=5),
         KNIGHT),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "resolve"), "Spoils Phase: resolve the Investigations and Free Roams (Clue cards, Leads)",
        resolve,
        (Option("knight", "string", "one Knight (default: every one not resolved yet)", max_length=60,
                autocomplete="knight", lookup="knight"),
         Option("investigation", "integer", "the Investigation's number, if not given at the Vision Phase",
                min_value=1, max_value=5),
         Option("outcome", "string", "the outcome the Investigation's paragraph gave, when it is not the Clue card's",
                choices=("success", "failure"))),
        permission="player",
    ))
    r.add(Command(
        ("expedition", "leads"), "Spend 5 Leads: an Investigation of the current or previous Chapter succeeds", leads,
        (Option("chapter", "integer", "the Investigation's Chapter", required=True, min_value=1, max_value=5),
         Option("investigation", "integer", "the Investigation's number in the Chapter", required=True, min_value=1,
                max_value=5),
         KNIGHT),
        permission="player",
    ))
