"""/outpost and /mercenary — the Outpost Phase and the Mercenaries (docs/outpost.md)."""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import find, may_change
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from rules.expedition.outpost_handlers import (
    MercenaryUnlock,
    MercenaryUse,
    OutpostBuy,
    OutpostContract,
    OutpostDone,
    OutpostFulfil,
    OutpostHire,
    OutpostInn,
    OutpostReforge,
    OutpostScout,
    OutpostShrine,
    OutpostVisit,
    ScoutUse,
    outpost_data,
)

SECTIONS = ("inn", "notice_board", "scouts", "mercenaries", "merchant", "shrine")
KNIGHT = Option("knight", "string", "the Knight who pays or acts (name or id); default: yours", max_length=60,
                autocomplete="knight", lookup="knight")


async def _knight_id(app: App, ctx: Invocation, name: str | None) -> str:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, name)
    await may_change(app, ctx, loaded, k)
    return k.id


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    data = outpost_data(app.engine, loaded.state)
    d = data["outpost"]
    if d is None:
        exp = loaded.state.expedition
        where = "no Expedition is under way" if exp is None else f"the party is in the {exp.phase} phase"
        text = (f"The Outpost has not been entered ({where}). During the Outpost Phase, any `/outpost` activity opens "
                "the Destination Kingdom's Outpost.")
        if data.get("offer"):
            text += f"\n🏰 **{data['offer']['name']}**\n" + "\n".join(on_offer(data["offer"], signed=False))
        return Reply(text=text, data=data)
    lines = [f"🏰 **{d['name']}**" + (" (left: Loadouts locked)" if d["done"] else "")]
    if d["early_bird"]:
        lines.append(f"Early Bird: {d['early_bird']}. Visited: {', '.join(d['visited'])}.")
    else:
        lines.append("No section visited yet: the first one grants its Early Bird.")
    lines.append("Gold: " + ", ".join(f"{p['name']} {p['gold']} ({p['tier']})" for p in d["party"].values()))
    if d["inn"]:
        lines.append(f"Inn: {d['inn']['natural']} — {d['inn']['entry']}.")
    if d["contract"]:
        name = next((c["name"] for c in d["contracts"] if c["id"] == d["contract"]), d["contract"])
        lines.append(f"Contract: {name}" + (" (fulfilled)" if d["contract_fulfilled"] else "") + ".")
    if d["scouts"]:
        lines.append("Scouts: " + ", ".join(f"{s['name']} ({s['category']})" for s in d["scouts"]) + ".")
    if d["mercenaries"]:
        lines.append("Mercenaries: " + ", ".join(f"{m['name']} ({m['uses_left']} uses)" for m in d["mercenaries"])
                     + ".")
    lines += on_offer(d, signed=bool(d["contract"]))
    lines.append("Next: the GM types `/outpost done` when the activities are over and each Loadout is prepared.")
    return Reply(text="\n".join(lines), data=data)


def on_offer(d: dict[str, Any], signed: bool) -> list[str]:
    """What the Outpost offers, an item a line, with the name and the id the commands take (either will do)."""
    lines = ["**On offer** (give the name or the id)"]
    if not signed:
        lines.append("📜 Notice Board — `/outpost contract contract:<name>`, up to the Party Leader's tier:")
        lines += [f"• {c['name']} (`{c['id']}`, {c['tier'].capitalize()} Tier"
                  + (f", {c['gold']} Gold each" if c["gold"] else "")
                  + (", fulfilled: not repeatable" if c["marked"] else "") + f") — {c['objective']}"
                  for c in d["contracts"]]
    if d["scouts_available"]:
        lines.append("🔭 Scouts Guild — `/outpost scouts scout:<name>`:")
        lines += [f"• {s['name']} (`{s['id']}`, {s['category']}, {s['cost']} Gold) — {s['text']}"
                  for s in d["scouts_available"]]
    if d["mercenaries_available"]:
        lines.append("⚔️ Mercenary Guild — `/outpost hire mercenary:<name>` (up to four, two uses each):")
        lines += [f"• {m['name']} (`{m['id']}`, {m['cost']} Gold"
                  + (f", only for {m['only_for_name']}" if m["only_for"] else "")
                  + f") — Delve: {m['delve']} Clash: {m['clash']}" for m in d["mercenaries_available"]]
    if d["merchant"]:
        lines.append("🛒 Merchant Workshop — `/outpost buy gear:<name>`, up to your own tier:")
        lines += [f"• {g['name']} (`{g['id']}`, {g['tier'].capitalize()} Tier, {g['cost']} Gold)"
                  for g in d["merchant"]]
    lines.append("⛪ Shrine of the Saints — `/outpost shrine saint:<name>` spends a Devotion token for an unlocked "
                 "Saint nobody holds (`/saint show` lists them).")
    return lines


async def visit(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostVisit(section=o["section"]))


async def inn(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostInn())


async def contract(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostContract(contract=o["contract"]))


async def fulfil(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostFulfil())


async def scouts(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostScout(scout=o["scout"], knight=await _knight_id(app, ctx, o["knight"])))


async def hire(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    kid = await _knight_id(app, ctx, o["knight"])
    return await app.act_reply(ctx, OutpostHire(mercenary=o["mercenary"], knight=kid))


async def buy(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostBuy(gear=o["gear"], knight=await _knight_id(app, ctx, o["knight"])))


async def reforge(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostReforge(gear=o["gear"], knight=await _knight_id(app, ctx, o["knight"])))


async def shrine(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostShrine(saint=o["saint"], knight=await _knight_id(app, ctx, o["knight"])))


async def done(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, OutpostDone())


async def unlock(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    kid = None
    if o["knight"]:
        loaded = await app.load(ctx)
        kid = find(loaded, ctx, o["knight"]).id
    return await app.act_reply(ctx, MercenaryUnlock(mercenary=o["mercenary"], knight=kid))


async def scout_use(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, ScoutUse(scout=o["scout"], cards=o["cards"] or []))


async def use(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, MercenaryUse(name=o["mercenary"]))


def register(r: Registry) -> None:
    r.describe_group("outpost", "The Outpost Phase: Inn, Notice Board, Scouts, Mercenaries, Merchant, Shrine")
    r.describe_group("scout", "Scouts hired at the Outpost, at work in the Delve")
    r.describe_group("mercenary", "Mercenaries: unlock them for the campaign, use their abilities")
    add = r.add
    add(Command(("outpost", "status"), "The Outpost: sections visited, Gold, Contract, Scouts, Mercenaries", status,
                (), permission="anyone"))
    add(Command(("outpost", "visit"), "Visit a section (the first one visited grants its Early Bird)", visit, (
        Option("section", "string", "the section", required=True, choices=SECTIONS),), permission="player"))
    add(Command(("outpost", "inn"), "Roll at the Inn and see who the party meets", inn, (), permission="player"))
    add(Command(("outpost", "contract"), "Sign a Contract at the Notice Board (one per Expedition)", contract, (
        Option("contract", "string", "the Contract's id or name", required=True, max_length=64, lookup="contract"),),
        permission="player"))
    add(Command(("outpost", "fulfil"), "GM: the signed Contract is fulfilled; pay its rewards", fulfil, (),
                permission="gm"))
    add(Command(("outpost", "scouts"), "Hire a Scout (Recon, Patrol, Survey) for the Delve", scouts, (
        Option("scout", "string", "the Scout's id or name", required=True, max_length=64, lookup="scout"), KNIGHT),
        permission="player"))
    add(Command(("outpost", "hire"), "Hire a Mercenary (up to four, unique names)", hire, (
        Option("mercenary", "string", "the Mercenary's id or name", required=True, max_length=64,
               lookup="mercenary"), KNIGHT),
        permission="player"))
    add(Command(("outpost", "buy"), "Buy Gear or a Consumable at the Merchant Workshop (up to your own tier)", buy, (
        Option("gear", "string", "the Gear card's id or name", required=True, max_length=64, autocomplete="gear",
               lookup="gear"), KNIGHT),
        permission="player"))
    add(Command(("outpost", "reforge"), "Reforge Merchant Gear (not Gear bought this Outpost)", reforge, (
        Option("gear", "string", "the Gear card's id or name", required=True, max_length=64, autocomplete="gear",
               lookup="gear"), KNIGHT),
        permission="player"))
    add(Command(("outpost", "shrine"), "Spend a Devotion token for a patron Saint", shrine, (
        Option("saint", "string", "an unlocked Saint's id or name", required=True, max_length=64,
               lookup="saint"), KNIGHT),
        permission="player"))
    add(Command(("outpost", "done"), "GM: leave the Outpost: lock the Loadouts and go on to the Delve", done, (),
                permission="gm"))
    add(Command(("mercenary", "unlock"), "GM: unlock a Mercenary for everyone or for one Knight", unlock, (
        Option("mercenary", "string", "the Mercenary's id or name", required=True, max_length=64, lookup="mercenary"),
        Option("knight", "string", "only for this Knight (gained through their Knight Campaign)", max_length=60,
               autocomplete="knight", lookup="knight")), permission="gm"))
    add(Command(("mercenary", "use"), "Use a recruited Mercenary's ability (Delve or Clash)", use, (
        Option("mercenary", "string", "the recruited Mercenary's name or id", required=True, max_length=64,
               lookup="mercenary", aliases=("name",)),), permission="player"))
    add(Command(("scout", "use"), "A hired Scout's task in the Delve (Patrol: look at, reorder Exploration cards)",
                scout_use, (Option("scout", "string", "the Scout's id or name", required=True, max_length=64,
                                   lookup="scout"),
                            Option("cards", "string_list", "Patrol: Exploration card ids to put at the bottom")),
                permission="player"))
