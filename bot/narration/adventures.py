"""The words of Kingdom Adventures (rules/delve/adventure_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, names, renders
from rules.delve.adventure_facts import (
    AdventureFailEffect,
    AdventureGroupTestAsked,
    AdventureKnightResult,
    AdventureNotRolled,
    AdventureOutcome,
    AdventureRerolled,
    AdventureRoll,
    AdventureRolled,
    AdventureTestAsked,
    AdventureWaitingFor,
)


@renders(AdventureNotRolled)
def _not_rolled(f: AdventureNotRolled) -> str:
    if f.waiting:
        return (f"✋ By hand: a Kingdom Adventure is triggered, but {f.waiting} still waits for its test — "
                "`/delve adventure` once it is resolved")
    return f"✋ By hand: a Kingdom Adventure is triggered; {f.kingdom} has no Adventure Table"


@renders(AdventureRerolled)
def _rerolled(f: AdventureRerolled) -> str:
    return f"🎲 d100 {f.value}: {f.adventure} — its Unique box is already marked; roll again."


@renders(AdventureRolled)
def _rolled(f: AdventureRolled) -> str:
    box = " ☑ Unique (box marked)" if f.unique else ""
    return f"📜 Adventure (d100 {f.value}): **{f.adventure}**{box} — {f.text}"


@renders(AdventureTestAsked)
def _test(f: AdventureTestAsked) -> str:
    who = name(f.knight) if f.knight else "the Knight"
    virtue = f"{f.virtue.capitalize()} " if f.virtue else ""
    bonus = f" bonus:<{who}'s {f.virtue.capitalize()}>" if f.virtue else ""
    return (f"🎲 Test: {virtue}{f.difficulty}+ for {who} — `/roll test difficulty:{f.difficulty}{bonus}` (Heat "
            f"re-roll: `/roll reroll`), then `/delve adventure result:success|failure`.")


@renders(AdventureGroupTestAsked)
def _group(f: AdventureGroupTestAsked) -> str:
    virtue = f"{f.virtue.capitalize()} " if f.virtue else ""
    ranges = "; ".join(f"{o.least}+ successes: {o.text}" for o in f.outcomes)
    return (f"🎲 Group test: {virtue}{f.difficulty}+ — every Knight tests ({names(f.knights)}): `/roll test "
            f"difficulty:{f.difficulty}`, then `/delve adventure knight:<Knight> result:success|failure` for each. "
            f"Outcomes by the successes: {ranges}.")


@renders(AdventureRoll)
def _roll(f: AdventureRoll) -> str:
    return f"🎲 Roll (a d10, not a test: no Heat re-roll): {f.natural} — {f.text}"


@renders(AdventureOutcome)
def _outcome(f: AdventureOutcome) -> str:
    if f.successes is not None:
        return f"📜 {f.adventure} — {f.successes} success(es): {f.text}"
    return f"📜 {f.adventure} — {'Success' if f.success else 'Fail'}: {f.text}"


@renders(AdventureKnightResult)
def _knight_result(f: AdventureKnightResult) -> str:
    return f"🎲 {f.adventure}: {name(f.knight)} — {'Success' if f.success else 'Fail'}."


@renders(AdventureWaitingFor)
def _waiting(f: AdventureWaitingFor) -> str:
    return "Waiting for: " + names(f.knights) + "."


@renders(AdventureFailEffect)
def _fail(f: AdventureFailEffect) -> str:
    return f"Fail effect on {name(f.knight)}: {f.text}"
