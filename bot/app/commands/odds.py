"""/odds attack|evasion — exact odds of a planned Attack or Evasion Roll (a pure query: nothing is
rolled, nothing is logged, no campaign is needed)."""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any

from bot.app.context import Invocation
from bot.app.registry import Command, Option, Registry
from bot.app.reply import CommandError, Reply
from bot.app.service import App
from rules.odds import AttackPlan, Dice, EvasionPlan, Tokens, attack_odds, evasion_odds
from rules.power import PowerPool

_PART = re.compile(r"^(white|black|red|raw):([0-9]{1,2})$")


def parse_dice(text: str | None, option: str, raw_allowed: bool) -> Dice:
    """``"red:1 black:1"`` (spaces or commas between parts) -> Dice; ``raw:N`` is raw Power."""
    counts: dict[str, int] = {}
    for part in (text or "").replace(",", " ").lower().split():
        match = _PART.match(part)
        if not match or (match.group(1) == "raw" and not raw_allowed):
            allowed = "white:N, black:N, red:N" + (" and raw:N (raw Power)" if raw_allowed else "")
            raise CommandError(f"{option}: cannot read {part[:30]!r}; write the dice as {allowed}, "
                               f'e.g. {option}:"red:1 black:1"')
        colour, number = match.group(1), int(match.group(2))
        if colour in counts:
            raise CommandError(f"{option}: {colour} is given twice; give each colour once")
        counts[colour] = number
    try:
        return Dice(**counts)
    except ValueError:
        raise CommandError(f"{option}: at most 10 dice of a colour and 20 raw Power") from None


def pct(p: Fraction) -> str:
    """A probability as a percentage to one decimal; never rounds a possible outcome to 0 or a
    possible failure to 100."""
    if 0 < p < Fraction(1, 2000):
        return "<0.1%"
    if Fraction(1999, 2000) < p < 1:
        return ">99.9%"
    return f"{float(p) * 100:.1f}%"


def exact(p: Fraction) -> dict[str, Any]:
    return {"fraction": str(p), "float": float(p)}


def _dist(values: list[Fraction]) -> str:
    return " · ".join(f"{k}: {pct(p)}" for k, p in enumerate(values) if p)


def _pool(pool: PowerPool) -> dict[str, int]:
    return pool.model_dump()


def _pool_label(pool: PowerPool, raw: int) -> str:
    parts = [f"{pool.count(c)} {c}" for c in ("red", "black", "white") if pool.count(c)]
    if pool.raw_power + raw:
        parts.append(f"+{pool.raw_power + raw} Power")
    if pool.raw_potential:
        parts.append(f"+{pool.raw_potential} Potential")
    return ", ".join(parts) or "no dice"


async def attack(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    if app.catalogue.dice is None:
        raise CommandError("the loaded content has no dice; add a `kind: dice` document to a content pack")
    knight = None if o["knight_die"] in (None, "none") else o["knight_die"].lower()
    plan = AttackPlan(
        dice=o["dice"],
        to_hit=o["to_hit"],
        precision=o["precision"] + o["opening"] + o["closing"],
        rerolls=o["rerolls"] + o["closing"],
        weapon_power=parse_dice(o["weapon_power"], "weapon_power", raw_allowed=False),
        bonus_power=parse_dice(o["bonus_power"], "bonus_power", raw_allowed=True),
        knight_die=knight,
        extra_power=parse_dice(o["extra_power"], "extra_power", raw_allowed=True),
        tokens=Tokens(break_=o["break"] + o["fire"], hope=o["hope"], sunder=o["sunder"], power=o["power_tokens"]),
        at=o["at"],
    )
    odds = attack_odds(plan, app.catalogue.dice)
    head = f"**Odds — Attack Roll**: {plan.dice} {'die' if plan.dice == 1 else 'dice'} vs To Hit {plan.to_hit}"
    if plan.precision:
        head += f", {plan.precision:+d} to each die"
    if plan.rerolls:
        head += f", up to {plan.rerolls} missed {'die' if plan.rerolls == 1 else 'dice'} re-rolled"
    lines = [
        head + ".",
        f"At least one hit **{pct(odds.hit)}** · Full Hit {pct(odds.full_hit)} · Full Miss {pct(odds.full_miss)} · "
        f"Crit Chance {pct(odds.crit_chance)} · Crit Miss {pct(odds.crit_miss)}",
        f"Hits: {_dist(odds.hits)} (expected {float(odds.expected_hits):.2f})",
    ]
    data: dict[str, Any] = {
        "plan": plan.model_dump(mode="json", by_alias=True),
        "hit": exact(odds.hit),
        "hits": [exact(p) for p in odds.hits],
        "full_hit": exact(odds.full_hit),
        "full_miss": exact(odds.full_miss),
        "crit_chance": exact(odds.crit_chance),
        "crit_miss": exact(odds.crit_miss),
        "expected_hits": exact(odds.expected_hits),
    }
    if plan.at is not None and odds.wound is not None and odds.critical_wound is not None:
        assert odds.pools is not None and odds.wound_given_hits is not None and odds.total_power is not None
        t = plan.tokens
        tokens = ", ".join(f"{name} {n}" for name, n in (("Break/Fire", t.break_), ("Hope", t.hope),
                                                          ("Sunder", t.sunder), ("Power", t.power)) if n)
        lines.append(
            f"Power Pool: {plan.weapon_power.label()} per hit; Bonus Power {plan.bonus_power.label()}; "
            f"Knight's Power die {plan.knight_die or 'none'}; other {plan.extra_power.label()}"
            + (f"; tokens: {tokens}" if tokens else "") + "."
        )
        lines.append(f"Wound vs AT {plan.at}: **{pct(odds.wound)}** · Critical Wound {pct(odds.critical_wound)}")
        raw = plan.bonus_power.raw + plan.extra_power.raw
        by_hits = []
        for k in range(1, plan.dice + 1):
            given = odds.wound_given_hits[k]
            if odds.hits[k] and given is not None:
                by_hits.append(f"{k} {'hit' if k == 1 else 'hits'} {pct(given)} ({_pool_label(odds.pools[k], raw)})")
        lines.append("Wound by hits: " + " · ".join(by_hits))
        data.update({
            "wound": exact(odds.wound),
            "critical_wound": exact(odds.critical_wound),
            "wound_given_hits": [None if p is None else exact(p) for p in odds.wound_given_hits],
            "total_power": [exact(p) for p in odds.total_power],
            "pools": [_pool(p) for p in odds.pools],
        })
    else:
        lines.append("Add `at:` (the BP card's Armor Threshold) and the Power Pool for the odds to wound.")
    return Reply(text="\n".join(lines), data=data)


async def evasion(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    plan = EvasionPlan(dice=o["dice"], difficulty=o["difficulty"], bonus=o["bonus"], rerolls=o["rerolls"],
                       block=o["block"])
    odds = evasion_odds(plan)
    head = f"**Odds — Evasion Roll**: {plan.dice} {'die' if plan.dice == 1 else 'dice'} vs {plan.difficulty}+"
    if plan.bonus:
        head += f", Evasion {plan.bonus:+d}"
    if plan.rerolls:
        head += f", up to {plan.rerolls} {'die' if plan.rerolls == 1 else 'dice'} re-rolled"
    if plan.block:
        head += f", Block {plan.block}"
    lines = [
        head + ".",
        f"Full Evade **{pct(odds.full_evade)}** · Crit Evade {pct(odds.crit_evade)} · "
        f"Crit Evade Fail {pct(odds.crit_evade_fail)}",
        f"Hits not evaded: {_dist(odds.hits)} (expected {float(odds.expected_hits):.2f})",
    ]
    data = {
        "plan": plan.model_dump(mode="json"),
        "full_evade": exact(odds.full_evade),
        "hits": [exact(p) for p in odds.hits],
        "evades": [exact(p) for p in odds.evades],
        "crit_evade": exact(odds.crit_evade),
        "crit_evade_fail": exact(odds.crit_evade_fail),
        "expected_hits": exact(odds.expected_hits),
    }
    return Reply(text="\n".join(lines), data=data)


def _weapon_name(app: App, gid: str) -> str:
    gear = app.catalogue.gear.get(gid)
    return gear.name if gear is not None else gid


async def weapon(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """The odds of the Knight's Attack with this weapon in the running Clash: nothing is rolled or logged."""
    from bot.app.commands.knight import find
    from rules.clash.attack_odds import planned_attack, wound_odds
    from rules.knights.find import board_id

    if app.catalogue.dice is None:
        raise CommandError("the loaded content has no dice; add a `kind: dice` document to a content pack")
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    planned = planned_attack(app.catalogue, loaded.state, board_id(loaded.state, k.id), o["weapon"],
                             o["cantrip"], o["target"])
    plain, wound, critical = wound_odds(planned, app.catalogue.dice)
    plan = planned.plan
    ats = ", ".join(f"AT {at} ({pct(p)})" for at, p in sorted(planned.ats.items()))
    lines = [
        f"**Odds — {k.name} with the {_weapon_name(app, o['weapon'])}**: {plan.dice} Attack "
        f"{'die' if plan.dice == 1 else 'dice'} {plan.precision:+d} vs To Hit {plan.to_hit}"
        + (f", {plan.rerolls} free re-roll(s)" if plan.rerolls else "") + ".",
        f"At least one hit **{pct(plain.hit)}** · Full Hit {pct(plain.full_hit)} · Crit Chance "
        f"{pct(plain.crit_chance)}",
        f"BP level {planned.level} on the deck's back: {ats}.",
        f"Wound **{pct(wound)}** · Critical Wound {pct(critical)}. Heat re-rolls still possible: "
        f"{planned.heat_rerolls} (not counted).",
    ]
    data = {"plan": plan.model_dump(mode="json", by_alias=True), "hit": exact(plain.hit),
            "full_hit": exact(plain.full_hit), "crit_chance": exact(plain.crit_chance), "wound": exact(wound),
            "critical_wound": exact(critical), "bp_level": planned.level,
            "ats": [{"at": at, "p": exact(p)} for at, p in sorted(planned.ats.items())]}
    return Reply(text="\n".join(lines), data=data)


def _count(name: str, description: str, high: int = 20) -> Option:
    return Option(name, "integer", description, default=0, min_value=0, max_value=high)


def register(r: Registry) -> None:
    r.describe_group("odds", "Exact odds of a planned Attack (to hit, to wound) or Evasion Roll")
    r.add(
        Command(
            ("odds", "attack"),
            "Exact odds of an Attack: to hit, Crit Chance, and with at: to wound",
            attack,
            (
                Option("dice", "integer", "the weapon's Attack dice", required=True, min_value=1, max_value=20),
                Option("to_hit", "integer", "the Monster's To Hit value", required=True, min_value=1, max_value=20),
                Option("precision", "integer", "added to each Attack die (Precision bonus and other Precision)",
                       default=0, min_value=-10, max_value=10),
                _count("opening", "Opening tokens: +1 to each Attack die each", 10),
                _count("closing", "Closing tokens: +1 to each Attack die and 1 re-roll each", 10),
                _count("rerolls", "missed Attack dice to re-roll (Heat, Attack Re-rolls)"),
                Option("weapon_power", "string", 'Weapon Power: dice added per hit, e.g. "red:1 black:1"',
                       max_length=60),
                Option("bonus_power", "string", 'Bonus Power with at least one hit, e.g. "black:1" or "raw:2"',
                       max_length=60),
                Option("knight_die", "string", "the Knight's Power die", choices=("none", "white", "black", "red"),
                       default="none"),
                Option("extra_power", "string", 'other dice and Power in the Pool, e.g. "white:1 raw:1"',
                       max_length=60),
                Option("at", "integer", "the BP card's Armor Threshold (for the odds to wound)", min_value=0,
                       max_value=60),
                _count("break", "Break tokens: 1 Potential -> 1 Power each"),
                _count("fire", "Fire tokens: 1 Potential -> 1 Power each"),
                _count("hope", "Hope tokens: 1 Potential or Hope symbol -> 1 Power each"),
                _count("sunder", "Sunder tokens: 1 Potential -> 2 Power each"),
                _count("power_tokens", "Power tokens: +1 Total Power each"),
            ),
            permission="anyone",
        )
    )
    r.add(Command(("odds", "weapon"), "Exact odds of your Knight's Attack in this Clash, with the Knight Pool",
                  weapon, (
                      Option("weapon", "string", "the weapon (Gear id or name)", required=True, max_length=64,
                             autocomplete="gear", lookup="gear"),
                      Option("knight", "string", "which Knight (default: yours)", max_length=60,
                             autocomplete="knight", lookup="knight"),
                      Option("cantrip", "string", "Cantrip tokens count as", choices=("opening", "break")),
                      Option("target", "string", "the Mob to attack", max_length=64))))
    r.add(
        Command(
            ("odds", "evasion"),
            "Exact odds of an Evasion Roll: Full Evade, hits not evaded, Crit Evade",
            evasion,
            (
                Option("dice", "integer", "the Attack's Evasion dice", required=True, min_value=1, max_value=20),
                Option("difficulty", "integer", "the Evasion Roll difficulty", required=True, min_value=1,
                       max_value=20),
                Option("bonus", "integer", "Evasion bonus added to each die", default=0, min_value=-10, max_value=10),
                _count("rerolls", "dice that did not evade to re-roll (Heat, Evasion Re-rolls)"),
                _count("block", "Block: hits treated as evaded (Block 1, Advanced 2, Superior 3)", 10),
            ),
            permission="anyone",
        )
    )
