"""/saint devote|unknown|commandment|incarnate|end|lose|show — Saints, Devotion and Incarnation (docs/campaign.md)."""

from __future__ import annotations

from typing import Any

from bot.app.commands.knight import NAME, on_knight
from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from rules.campaign import saints as s


async def show(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    state = (await app.load(ctx)).state
    data = s.view(state)
    p = state.progress
    lines = []
    for sid, saint in p.saints.items():
        holder = state.knights.get(saint.holder or "")
        d = p.devotees.get(saint.holder or "")
        lines.append(f"⛪ **{saint.name}** (Incarnation Value {saint.incarnation}): "
                     + (f"patron of {holder.name}, {d.devotion if d else 0} Devotion"
                        + (", miniature on the card" if d and d.miniature else "") if holder else "in the deck")
                     + f" — `{sid}`")
    for kid, d in p.devotees.items():
        k = state.knights.get(kid)
        if k is not None and s.held(p, k) is None and (d.devotion or d.incarnated):
            lines.append(f"🙏 {k.name}: {d.devotion} Devotion token(s), no Saint card"
                         + (f"; Incarnated ({d.incarnated})" if d.incarnated else ""))
    lines.append("❔ The Unknown Saint is " + ("unlocked." if p.unknown_saint else "not unlocked."))
    return Reply(text="\n".join(lines), data=data)


def register(r: Registry) -> None:
    r.describe_group("saint", "Saints: Devotion, the Holy Commandment, Incarnation")
    r.add(Command(("saint", "devote"), "Devote (a Devotion token), or Devote to a Saint (gain its card)",
                  on_knight(lambda kid, o: s.SaintDevote(knight=kid, saint=o["saint"], incarnation=o["incarnation"],
                                                          devote=not o["card_only"])), (
        Option("saint", "string", "Devote to this Saint (its name on the card)", max_length=60),
        Option("incarnation", "integer", "a new Saint: the Incarnation Value on its card", min_value=1, max_value=10),
        Option("card_only", "boolean", "only gain the Saint card, no Devotion token", default=False),
        NAME)))
    r.add(Command(("saint", "unknown"), "GM: the Unknown Saint is unlocked", _unknown, permission="gm"))
    r.add(Command(("saint", "commandment"), "The Holy Commandment: start of Expedition, broken, end of Expedition",
                  on_knight(lambda kid, o: s.SaintCommandment(knight=kid, step=o["step"])), (
        Option("step", "string", "start, broken or end", required=True, choices=("start", "broken", "end")), NAME)))
    r.add(Command(("saint", "incarnate"), "About to die in a Clash: the Incarnation roll",
                  on_knight(lambda kid, o: s.SaintIncarnate(knight=kid)), (NAME,)))
    r.add(Command(("saint", "end"), "The Incarnation ends (the Knight lives; the Saint card and Devotion are lost)",
                  on_knight(lambda kid, o: s.SaintIncarnationEnd(knight=kid)), (NAME,)))
    r.add(Command(("saint", "lose"), "Discard the Knight's Saint card (back to the deck of Saints)",
                  on_knight(lambda kid, o: s.SaintLose(knight=kid)), (NAME,)))
    r.add(Command(("saint", "show"), "The unlocked Saints, who holds them, Devotion", show))


async def _unknown(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, s.SaintUnlockUnknown())
