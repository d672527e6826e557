"""/choose decision:<id> option:<keys>: the one answer to any question the campaign waits for (rules/waiting.py).

Who may answer is the question's own ``who`` (the owners of the Knights it names, any player when it names none;
a Loot vote's voters are checked by the rules) or the GM. The answer is the logged action ``Answer``, which checks
the id and the keys once and resumes the question's own rules; a stale id goes on to the engine, which says so."""

from __future__ import annotations

from typing import Any

from bot.app.asked import question
from bot.app.context import Invocation
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from rules.waiting import Answer

DESCRIPTION = "Answer the question the game waits for (a Clash, the Deep Fog, an Encounter, Travel, a vote...)"


async def choose(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    options = [x.strip() for x in o["option"].replace(" ", ",").split(",") if x.strip()]
    if not options:
        raise CommandError("option: name at least one answer, e.g. option:keep or option:1,3")
    q = question(app.engine.at(loaded.state), loaded.state, o["decision"])
    gm = await app.is_gm(ctx, loaded.row) if q is not None and (q.kind == "vote" or q.decision.who) else False
    if q is not None and q.kind != "vote" and q.decision.who and ctx.user_id not in q.decision.who and not gm:
        names = ", ".join(q.named(loaded.state)) or "its players"
        raise CommandError(f"decision {q.id} is for {names} to answer (or the GM); nothing was changed")
    return await app.act_reply(ctx, Answer(decision=o["decision"], options=options, by=ctx.user_id, gm=gm))

