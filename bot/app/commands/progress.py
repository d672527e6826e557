"""/presence show|lend|return and /progress knight|princess — the Presence Game Director and the party between
Expeditions (docs/campaign.md)."""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import NAME, find, may_change
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from content.schema.knights import VIRTUES
from rules.campaign import party, presence, vices
from rules.campaign.handlers import leader


async def show(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    state = (await app.load(ctx)).state
    boss = leader(state)
    cards = presence.presence(state, boss)
    lines = [f"👁️ Presence Game Director — Party Leader {boss.name} ({boss.sheet.tier.title()}):"]
    for c in cards:
        if c.knight == boss.id:
            continue
        lines.append(f"- {c.name} ({c.tier.title()}, {c.difference:+d}): " + (
            f"**{c.side}** with {c.tokens} Generic token{'s' if c.tokens != 1 else ''}" if c.side else "no card"))
    for loan in state.progress.loans:
        lines.append(f"🤝 {loan.gear}: lent by {loan.lender} to {loan.borrower}")
    return Reply(text="\n".join(lines), data={
        "party_leader": boss.id, "presence": [c.model_dump() for c in cards],
        "loans": [loan.model_dump() for loan in state.progress.loans]})


async def lend(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    lender = find(loaded, ctx, o.get("knight"))
    await may_change(app, ctx, loaded, lender)
    borrower = find(loaded, ctx, o["to"])
    return await app.act_reply(ctx, presence.PresenceLend(gear=o["gear"], lender=lender.id, borrower=borrower.id))


async def give_back(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, presence.PresenceReturn())


async def knight(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o.get("knight"))
    await may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, party.KnightSetAside(knight=k.id, back=o["back"]))


async def princess(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, party.PrincessChange(op=o["op"], name=o["name"] or ""))


async def virtue_test(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o.get("knight"))
    await may_change(app, ctx, loaded, k)
    return await app.act_reply(ctx, vices.VirtueTest(knight=k.id, virtue=o["virtue"], difficulty=o["difficulty"],
                                                     bonus=o["bonus"], roller=ctx.user_id))


def register(r: Registry) -> None:
    r.describe_group("presence", "The Presence Game Director: cards by tier difference, lending Gear")
    r.add(Command(("presence", "show"), "Who takes the Presence Game Director card, which side, how many tokens", show))
    r.add(Command(("presence", "lend"), "Lend a Gear card to a Knight the Presence smiles at", lend, (
        Option("gear", "string", "the Gear card's id or name", required=True, max_length=64, autocomplete="gear",
               lookup="gear"),
        Option("to", "string", "the Knight who borrows it", required=True, max_length=60, autocomplete="knight",
               lookup="knight"),
        NAME)))
    r.add(Command(("presence", "return"), "End of the Expedition: borrowed Gear goes back to its owners", give_back))
    r.describe_group("progress", "The party between Expeditions: Changing Knights, the Princess")
    r.add(Command(("progress", "knight"), "Set a Knight aside between Expeditions (progress kept), or bring them back",
                  knight, (Option("back", "boolean", "bring the Knight back into the party", default=False), NAME)))
    r.add(Command(("progress", "test"), "A Knight's Virtue test: a success erases a tally mark of its Vice",
                  virtue_test, (
        Option("virtue", "string", "the Virtue tested", required=True, choices=tuple(VIRTUES)),
        Option("difficulty", "integer", "the number to reach, e.g. 6", required=True, min_value=1, max_value=20),
        Option("bonus", "integer", "declared bonuses on top of the Virtue", default=0, min_value=-10, max_value=10),
        NAME)))
    r.add(Command(("progress", "princess"), "A Princess joins the party, leaves it, or dies", princess, (
        Option("op", "string", "gain, discard or dies", required=True, choices=("gain", "discard", "dies")),
        Option("name", "string", "the Princess (to gain)", max_length=60))))
