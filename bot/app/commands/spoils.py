"""/spoils — the Loot deck and the Spoils Phase (docs/spoils.md)."""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import find, may_change
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from rules.expedition import spoils as sp
from rules.expedition.spoils_handlers import (
    SpoilsChoose,
    SpoilsDone,
    SpoilsExchange,
    SpoilsGamble,
    SpoilsScavenge,
    SpoilsScrap,
    SpoilsTake,
    SpoilsVote,
)
from rules.expedition.spoils_loot import available

KNIGHT = Option("knight", "string", "the Knight (name or id); default: yours", max_length=60, autocomplete="knight",
                lookup="knight")
CARD = Option("card", "string", "the Loot card, as listed by /spoils status (L1, L2...)", required=True, max_length=8)
TYPES = ("kingdom_gear", "upgrade", "consumable", "clash")


async def _knight_id(app: App, ctx: Invocation, o: dict[str, Any]) -> str:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    await may_change(app, ctx, loaded, k)
    return k.id


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    state, cat = loaded.state, app.engine.catalogue
    exp = state.expedition
    if exp is None:
        return Reply(text="No Expedition is under way: there is no Loot deck.", data={"spoils": None})
    data = sp.status(cat, state)
    s = exp.spoils
    lines = [f"💰 Loot deck of Expedition {exp.number}: {len(s.loot)} card(s)."]
    for item in s.loot:
        holder = next((state.knights[k].name for k, us in [*s.shares.items(), *s.spare.items()]
                       if item.uid in us and k in state.knights), None)
        done = s.exchanged.get(item.uid)
        where = (f" → {done.how}" + (f" {done.gear}" if done.gear else "") if done else "")
        lines.append(f"- {sp.loot_name(cat, item)}" + (f" — {holder}{where}" if holder else ""))
    if exp.step == "spoils":
        if s.vote is not None:
            lines.append(f"Vote {s.vote.id} open on {s.vote.card} ({len(s.vote.ballots)}/{len(s.vote.voters)} votes).")
        sizes = ", ".join(f"{k.name} {len(s.shares.get(k.id, []))}/{sp.share_size(exp, k.id)}"
                          for k in sp.living(state))
        lines.append(f"Chosen cards: {sizes}; Squire exchanges {len(s.squire_shares)}/{len(state.squires)}.")
        if data["scrap_turn"] and s.common_goods():
            lines.append(f"Spare Scrap: {state.knights[str(data['scrap_turn'])].name}'s turn (if the distribution is "
                         "done).")
        for k in sp.living(state):
            for u in s.shares.get(k.id, []):
                item = s.item(u)
                if item is not None and u not in s.exchanged:
                    can = available(cat, state, k.sheet.tier, item)
                    lines.append(f"{k.name} may exchange {u} for: {', '.join(can) or 'Gold only'}.")
    return Reply(text="\n".join(lines), data={"spoils": data, "seq": loaded.row.seq})


async def scavenge(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SpoilsScavenge(count=o["count"], kind=o["type"], source=o["reason"] or ""))


async def take(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SpoilsTake(knight=await _knight_id(app, ctx, o), card=o["card"],
                                               squire=o["squire"]))


async def vote(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    await app.load(ctx)  # the channel's campaign first: without one, say so before judging card:
    return await app.act_reply(ctx, SpoilsVote(card=o["card"]))


async def choose(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    options = [x.strip() for x in o["option"].split(",") if x.strip()]
    if len(options) != 1:
        raise CommandError("option: names one Knight (a vote is for one Knight)")
    gm = await app.is_gm(ctx, loaded.row)
    return await app.act_reply(ctx, SpoilsChoose(decision=o["decision"], option=options[0], voter=ctx.user_id, gm=gm))


async def scrap(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SpoilsScrap(knight=await _knight_id(app, ctx, o), card=o["card"]))


async def exchange(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    kid = await _knight_id(app, ctx, o)
    return await app.act_reply(ctx, SpoilsExchange(knight=kid, card=o["card"], for_gold=o["for"] == "gold",
                                                   gear=o["gear"], onto=o["onto"]))


async def gamble(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    kid = await _knight_id(app, ctx, o)
    cards = [x.strip() for x in o["cards"].replace(" ", ",").split(",") if x.strip()]
    return await app.act_reply(ctx, SpoilsGamble(knight=kid, cards=cards, game=o["game"]))


async def done(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SpoilsDone())


def register(r: Registry) -> None:
    r.add(Command(("spoils", "status"), "The Loot deck, the Common Goods, who holds what and what it may become",
                  status, (), permission="anyone"))
    r.add(Command(
        ("spoils", "scavenge"), "Record a Scavenge X: add Loot cards of a type to the Loot deck", scavenge,
        (Option("count", "integer", "X, the number of Loot cards", required=True, min_value=1, max_value=20),
         Option("type", "string", "kingdom_gear, upgrade, consumable, or clash (the last Clash's Loot)",
                required=True, choices=TYPES),
         Option("reason", "string", "what called the Scavenge (a Contract, an Adventure...)", max_length=200)),
        permission="player"))
    r.add(Command(
        ("spoils", "take"), "Loot Distribution: a Knight takes a chosen card from the Common Goods", take,
        (CARD, KNIGHT, Option("squire", "boolean", "use one of the party's Squire extra Gear exchanges",
                              default=False)),
        permission="player"))
    r.add(Command(("spoils", "vote"), "Loot Distribution: vote on who gets a card (majority; the Party Leader "
                  "breaks ties)", vote, (CARD,), permission="player"))
    r.add(Command(
        ("spoils", "choose"), "Answer a Loot vote (your vote, or the Party Leader's tie-break)", choose,
        (Option("decision", "string", "the vote's id (vote1...)", required=True, max_length=16),
         Option("option", "string", "the Knight you vote for (id)", required=True, max_length=64)),
        permission="player"))
    r.add(Command(("spoils", "scrap"), "Spare Scrap: take one card in turn (Party Leader first, then clockwise)",
                  scrap, (CARD, KNIGHT), permission="player"))
    r.add(Command(
        ("spoils", "exchange"), "Exchange a Loot card for Gear of an allowed tier or for Gold", exchange,
        (CARD, Option("for", "string", "gear (an Upgrade or Consumable too) or gold", required=True,
                      choices=("gear", "gold")),
         Option("gear", "string", "the Gear, Upgrade or Consumable id or name (see /spoils status)", max_length=64,
                autocomplete="gear", lookup="gear_or_upgrade"),
         Option("onto", "string", "Upgrade Loot: the Gear in your Armory it attaches to", max_length=64, lookup="gear"),
         KNIGHT),
        permission="player"))
    r.add(Command(
        ("spoils", "gamble"), "Gambling Den: bet Spare Scrap Loot cards on a game with the Fool's deck", gamble,
        (Option("cards", "string", "the Spare Scrap cards you bet, e.g. L4,L7", required=True, max_length=60),
         Option("game", "string", "the game's id (default: the only one loaded)", max_length=64), KNIGHT),
        permission="player"))
    r.add(Command(("spoils", "done"), "GM: end the Spoils Phase (cards still held are cashed for Gold) and the "
                  "Expedition", done, (), permission="gm"))
