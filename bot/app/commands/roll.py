"""/roll test|dice|d100|save|power|armor|reroll|random|direction"""

from __future__ import annotations

from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.app.service import App
from rules import actions as a
from rules.attack_rolls import RollAttack, RollEvasion


async def virtue_test(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.RollTest(difficulty=o["difficulty"], bonus=o["bonus"], roller=ctx.user_id))


async def dice(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.RollDice(count=o["count"]))


async def d100(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.RollD100())


async def save(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.RollSave(kind=o["kind"], level=o["level"], modifier=o["modifier"]))


async def power(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.RollPower(white=o["white"], black=o["black"], red=o["red"]))


async def armor(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.RollPower(white=o["white"], black=o["black"], red=o["red"], armor=True))


async def reroll(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    by = "" if await app.is_gm(ctx, loaded.row) else ctx.user_id  # a GM may re-roll anyone's dice
    return await app.act_reply(ctx, a.Reroll(dice=o["dice"], by=by))


async def random(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.RollRandom(among=o["among"]))


async def direction(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    return await app.act_reply(ctx, a.RandomDirection())


async def attack(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    roll = RollAttack(dice=o["dice"], to_hit=o["to_hit"], precision=o["precision"], roller=ctx.user_id)
    return await app.act_reply(ctx, roll)


async def evasion(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    roll = RollEvasion(dice=o["dice"], difficulty=o["difficulty"], bonus=o["bonus"], roller=ctx.user_id)
    return await app.act_reply(ctx, roll)


def _pool() -> tuple[Option, ...]:
    return tuple(
        Option(c, "integer", f"{c} dice in the pool", default=0, min_value=0, max_value=30)
        for c in ("white", "black", "red")
    )


def register(r: Registry) -> None:
    r.describe_group("roll", "Dice: tests, saves, Power and Armor rolls, random choices")
    r.add(
        Command(
            ("roll", "test"),
            "A d10 test: natural 10 succeeds, natural 1 fails, else d10+bonus vs difficulty",
            virtue_test,
            (
                Option(
                    "difficulty",
                    "integer",
                    "the number to reach, e.g. 6 for a 6+ test",
                    required=True,
                    min_value=1,
                    max_value=20,
                ),
                Option(
                    "bonus", "integer", "Virtue value plus declared bonuses", default=0, min_value=-10, max_value=10
                ),
            ),
        )
    )
    r.add(
        Command(
            ("roll", "dice"),
            "Roll plain d10s",
            dice,
            (Option("count", "integer", "how many d10", default=1, min_value=1, max_value=20),),
        )
    )
    r.add(Command(("roll", "d100"), "Roll a d100: white d10 tens, black d10 ones", d100))
    r.add(
        Command(
            ("roll", "save"),
            "A Curse or Threat Save: d10 vs track level + modifier (no Heat re-roll)",
            save,
            (
                Option("kind", "string", "curse or threat", required=True, choices=("curse", "threat")),
                Option(
                    "modifier",
                    "integer",
                    "added to the level, e.g. 2 for (Curse Level +2)",
                    default=0,
                    min_value=-10,
                    max_value=10,
                ),
                Option(
                    "level", "integer", "the track level (defaults to the Kingdom track)", min_value=0, max_value=30
                ),
            ),
        )
    )
    r.add(
        Command(
            ("roll", "power"), "A Power Roll by colour, with the box limits (7 red, 4 black, 3 white)", power, _pool()
        )
    )
    r.add(Command(("roll", "armor"), "An Armor Roll by colour: counts Power symbols only", armor, _pool()))
    r.add(
        Command(
            ("roll", "reroll"),
            "Heat re-roll dice of your last test (+1 Heat each, each die once)",
            reroll,
            (
                Option(
                    "dice",
                    "integer_list",
                    "positions of the dice to re-roll, e.g. 1 or 1,3",
                    required=True,
                    min_value=1,
                    max_value=20,
                ),
            ),
        )
    )
    r.add(
        Command(
            ("roll", "random"),
            "Choose a random element: one d10 each, the lowest is chosen",
            random,
            (Option("among", "string_list", "the names, separated by commas", required=True),),
        )
    )
    r.add(Command(("roll", "direction"), "A random direction: the top Minor Mortis card's arrow", direction))
    r.add(
        Command(
            ("roll", "attack"),
            "An Attack Roll: d10s (the first is the white Crit die) vs the Monster's To Hit",
            attack,
            (
                Option("dice", "integer", "Attack dice of your weapon", required=True, min_value=1, max_value=20),
                Option("to_hit", "integer", "the Monster's To Hit value", required=True, min_value=1, max_value=20),
                Option("precision", "integer", "added to each die: Precision, Opening tokens...", default=0,
                       min_value=-10, max_value=10),
            ),
        )
    )
    r.add(
        Command(
            ("roll", "evasion"),
            "An Evasion Roll: d10s (the first is the white Crit die) vs the Attack's difficulty",
            evasion,
            (
                Option("dice", "integer", "Evasion dice of the Attack", required=True, min_value=1, max_value=20),
                Option("difficulty", "integer", "the Evasion Roll difficulty", required=True, min_value=1,
                       max_value=20),
                Option("bonus", "integer", "Evasion bonus added to each die", default=0, min_value=-10, max_value=10),
            ),
        )
    )
