"""/campaign new|info|end|gm-role|dice|edition|export|import"""

from __future__ import annotations

from typing import Any

from bot.app import transfer
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from content.editions import CURRENT_EDITION
from rules.campaign.edition import ContentEditionUpgrade, edition_status
from rules.campaign.handlers import SetPings
from rules.engine import edition_of
from rules.table_dice import SetDiceMode
from storage.db import StaleState


async def new(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    name = o["name"].strip()
    if not name or len(name) > 80:
        raise CommandError('a campaign name needs 1 to 80 characters, e.g. /campaign new name:"The Ashen Vigil"')
    existing = await app.db.active_campaign(ctx.guild_id, ctx.channel_id)
    if existing:
        raise CommandError(
            f"this channel already plays the campaign {existing.name!r}; "
            "its GM can close it with /campaign end, or start the new one in another channel"
        )
    state, _ = app.engine.new_state(name, app.new_seed())
    try:
        row = await app.db.create_campaign(
            ctx.guild_id, ctx.channel_id, name, ctx.user_id, state.model_dump_json(), app.now()
        )
    except StaleState:
        raise CommandError("another campaign was just started in this channel; see /campaign info") from None
    text = (
        f"⚔️ Campaign **{name}** begins in this channel. <@{ctx.user_id}> is its GM. "
        "Decks are shuffled: "
        + ", ".join(f"{app.catalogue.decks[d].name} ({len(p.draw)})" for d, p in state.decks.items())
        + "."
    )
    return Reply(text=text, data={"campaign": _campaign_data(row.id, name, "active", 0, row.created_by, None)})


async def info(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    row, state = loaded.row, loaded.state
    members = await app.db.members(row.id)
    gms = [u for u, r in members if r == "gm"]
    decks = {
        d: {"draw": len(p.draw), "discard": len(p.discard), "held": len(p.held), "removed": len(p.removed)}
        for d, p in state.decks.items()
    }
    lines = [
        f"**{row.name}** — {row.seq} commands logged.",
        f"GM: {', '.join('<@' + g + '>' for g in gms)}" + (f"; GM role <@&{row.gm_role_id}>" if row.gm_role_id else ""),
        f"Kingdom track: Threat {state.track.threat}, Curse {state.track.curse}, Time {state.track.time}.",
        "Decks: "
        + ", ".join(f"{app.catalogue.decks[d].name} {v['draw']} (+{v['discard']} discarded)" for d, v in decks.items())
        + ".",
    ]
    if state.dice_mode == "table":  # docs/table-dice.md
        waiting = state.pending_dice
        lines.append("Dice: the players roll (table dice)" + (
            f"; waiting for {waiting.roller_name}'s dice for `{waiting.command}`." if waiting else "."))
    played, current = edition_of(state), CURRENT_EDITION
    if played != current:  # content/editions.py
        lines.append(f"Starter pack: edition {played} (the current one is {current}; the GM moves on with "
                     "`/campaign edition upgrade:yes`).")
    if state.forced_dice:
        lines.append(f"GM override waiting: the next dice will show {', '.join(map(str, state.forced_dice))}.")
    data = {
        "campaign": _campaign_data(row.id, row.name, row.status, row.seq, row.created_by, row.gm_role_id),
        "members": [{"user": u, "role": r} for u, r in members],
        "track": state.track.model_dump(),
        "decks": decks,
        "dice_mode": state.dice_mode,
        **edition_status(state),
        "pings": state.pings,
    }
    return Reply(text="\n".join(lines), data=data)


async def edition(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """The starter pack edition the campaign plays, and the GM's move to the current one (content/editions.py)."""
    loaded = await app.load(ctx)
    if o.get("upgrade") == "yes":
        if not await app.is_gm(ctx, loaded.row):
            raise CommandError("only a GM of this campaign can move it to another edition of the starter pack")
        return await app.act_reply(ctx, ContentEditionUpgrade(edition=CURRENT_EDITION))
    state = loaded.state
    played = edition_of(state)
    text = f"This campaign plays edition {played} of the starter pack; the current edition is {CURRENT_EDITION}."
    if played < CURRENT_EDITION:
        text += (" The GM moves it to the current one with `/campaign edition upgrade:yes` (between Expeditions): "
                 "its log so far keeps replaying with the old edition.")
    return Reply(text=text, data=edition_status(state))


async def end(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    row = await app.change_campaign(ctx, status="ended")
    return Reply(
        text=f"The campaign **{row.name}** is closed. Its log stays in the database; "
        "this channel can start a new campaign.",
        data={"campaign": {"id": row.id, "status": "ended"}},
    )


async def gm_role(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    role = o["role"] or None
    await app.change_campaign(ctx, gm_role_id=role)
    text = f"Members with the role <@&{role}> are now GMs of this campaign." if role else "The GM role is cleared."
    return Reply(text=text, data={"gm_role": role})


async def pings(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, SetPings(on=o["setting"] == "on"))


async def dice_mode(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """Table dice (docs/table-dice.md): the players roll their own dice and type the results."""
    return await app.act_reply(ctx, SetDiceMode(mode=o["mode"]))


async def export(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """The whole campaign as one JSON file (bot/app/transfer.py, docs/campaign.md)."""
    return await transfer.export(app, ctx)


async def import_(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """Restore an exported campaign into this channel (bot/app/transfer.py, docs/campaign.md)."""
    return await transfer.import_file(app, ctx, o["file"])


def _campaign_data(cid: int, name: str, status: str, seq: int, gm: str, role: str | None) -> dict[str, Any]:
    return {"id": cid, "name": name, "status": status, "seq": seq, "created_by": gm, "gm_role": role}


def register(r: Registry) -> None:
    r.describe_group("campaign", "Start, show and close this channel's campaign")
    r.add(
        Command(
            ("campaign", "new"),
            "Start a campaign in this channel (you become its GM)",
            new,
            (Option("name", "string", "the campaign's name (1 to 80 characters)", required=True, max_length=80,
                    names=True),),
            permission="anyone",
        )
    )
    r.add(Command(("campaign", "info"), "Show this channel's campaign: GM, track, decks", info))
    r.add(Command(("campaign", "end"), "Close this channel's campaign (the log is kept)", end, permission="gm"))
    r.add(
        Command(
            ("campaign", "dice"),
            "GM: who rolls the dice: the bot, or the players at the table (they type the results)",
            dice_mode,
            (Option("mode", "string", "bot or table", required=True, choices=("bot", "table")),),
            permission="gm",
        )
    )
    r.add(
        Command(
            ("campaign", "edition"),
            "The edition of the starter pack this campaign plays; GM: move it to the current one",
            edition,
            (Option("upgrade", "string", "yes: move the campaign to the current edition (GM)", choices=("yes", "no")),),
            permission="player",
        )
    )
    r.add(
        Command(
            ("campaign", "pings"),
            "GM: whether a question waiting on named players mentions them in Discord (on by default)",
            pings,
            (Option("setting", "string", "on or off", required=True, choices=("on", "off")),),
            permission="gm",
        )
    )
    r.add(Command(("campaign", "export"), "GM: the whole campaign as one JSON file (backup, moving servers)",
                  export, permission="gm"))
    r.add(
        Command(
            ("campaign", "import"),
            "Restore an exported campaign into this channel (a GM of that campaign or a server manager)",
            import_,
            (Option("file", "attachment", "the file /campaign export wrote (console: a file path)", required=True),),
            permission="anyone",
        )
    )
    r.add(
        Command(
            ("campaign", "gm-role"),
            "Make everyone with a role a GM of this campaign",
            gm_role,
            (Option("role", "role", "the role whose members are GMs (empty clears it)"),),
            permission="gm",
        )
    )
