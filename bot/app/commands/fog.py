"""/fog stay|withdraw|correct|choose|status|force — the Deep Fog traversal (docs/delve.md, "The Deep Fog").

The party enters the Deep Fog with ``/delve travel fog:<tile>``; from then on the traversal waits for the party's
decisions (``data.pending``) and these commands answer them. ``/fog choose decision:<id> option:<key>`` answers any
of them (``stay``, ``withdraw`` and ``correct:<n>:<direction>`` included): it is what a decision's button runs.
Each builds a ``FogAnswer``; in a campaign of the current state version it is logged as the one ``Answer``
(rules/friendly.py), so the answer is checked by ``/choose``'s check.
"""

from __future__ import annotations

from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from rules.delve import fog as fr
from rules.delve.actions import FogAnswer, FogForce
from rules.delve.fog_handlers import fog_decision
from rules.delve.results import current, delve_data

DIRECTIONS = ("north", "east", "south", "west")


def _answer(choice: str) -> Any:
    async def handler(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
        action = FogAnswer(choice=choice, card=o.get("card"), direction=o.get("direction"),  # type: ignore[arg-type]
                           option=o.get("option"), decision=o.get("decision"))
        return await app.act_reply(ctx, action)

    return handler


async def status(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    delve, kingdom, _ = current(app.engine, loaded.state)
    data = {**delve_data(app.engine, loaded.state), "seq": loaded.row.seq}
    fog = delve.fog
    if fog is None:
        left = "not formed yet" if delve.fog_deck is None else f"{len(delve.fog_deck)} card(s)"
        text = f"The party is not in the Deep Fog. The Deep Fog deck: {left}, {len(delve.fog_discard)} discarded."
        return Reply(text=text, data=data)
    lines = [
        f"🌫 In the Deep Fog from {fog.origin} toward {fog.target} (Intensity {fog.intensity}): the path has "
        f"{len(fog.path)} card(s), Deep Fog Value {fr.value(fog, kingdom)} so far; {fog.corrections} Course "
        f"Correct(s); Half-cup {fog.half_cups}, Full Cups {fog.full_cups}; {len(delve.fog_deck or [])} card(s) "
        "left in the deck.",
        "```\n" + fr.spread_text(fog, kingdom) + "\n```",
    ]
    if fog.pending is not None:
        lines.append(f"❓ {fog.pending.prompt} " + "; ".join(f"`{o.key}` {o.label}" for o in fog.pending.options))
    pending = fog_decision(loaded.state, fog.pending).model_dump() if fog.pending else None
    return Reply(text="\n".join(lines), data=data, pending=pending)


async def force(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    cards = [c.strip() for c in str(o["cards"]).split(",") if c.strip()]
    return await app.act_reply(ctx, FogForce(cards=cards))


def register(r: Registry) -> None:
    r.describe_group("fog", "The Deep Fog: Stay the Course, Withdraw, Course Correct")
    r.add(Command(("fog", "stay"), "Stay the Course: draw the next Deep Fog card along the path", _answer("stay"),
                  (), permission="player"))
    r.add(Command(("fog", "withdraw"), "Withdraw: leave the Deep Fog the way you came (+1 Threat)",
                  _answer("withdraw"), (), permission="player"))
    r.add(Command(
        ("fog", "correct"), "Course Correct: turn a new path perpendicular, from a card of the path",
        _answer("correct"),
        (Option("card", "string", "a card of the path: its position (1 = first) or its id", required=True,
                max_length=64),
         Option("direction", "string", "the new path's direction", required=True, choices=DIRECTIONS)),
        permission="player",
    ))
    r.add(Command(
        ("fog", "choose"), "Answer the Deep Fog's other decisions (Trailmake, Wander, penalty, lowest card, Clue)",
        _answer("choose"),
        (Option("option", "string", "the option key shown with the question", required=True, max_length=80),
         Option("decision", "string", "the decision answered (fog<n>): refused if another one waits now",
                max_length=16)),
        permission="player",
    ))
    r.add(Command(("fog", "status"), "The Deep Fog traversal: the spread, the path, the decision waited for",
                  status, (), permission="anyone"))
    r.add(Command(
        ("fog", "force"), "GM: the next Deep Fog cards taken from the deck, in order (announced)", force,
        (Option("cards", "string", "Deep Fog card ids separated by commas", required=True, max_length=600),),
        permission="gm",
    ))
