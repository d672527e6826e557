"""The words of the dice's facts (rules/rolls/facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, carried, command, name, names, renders
from rules.rolls.facts import (
    CritPoolRolled,
    D100Rolled,
    DiceForced,
    DiceForcedWaiting,
    DiceRolled,
    Face,
    HeatRerolled,
    PowerRolled,
    RandomChosen,
    RandomDirection,
    SaveRolled,
    SoloRandomAmong,
    TestRolled,
)

DIRECTIONS = {"north": "north ↑", "east": "east →", "south": "south ↓", "west": "west ←"}


def _list(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


@renders(TestRolled)
def _test(f: TestRolled) -> str:
    n = f.natural
    why = " (a natural 10 always succeeds)" if n == 10 else " (a natural 1 always fails)" if n == 1 else ""
    shown = f"{n}{f.bonus:+d} = {n + f.bonus}" if f.bonus else f"{n}"
    return f"Test {f.difficulty}+: rolled {shown} — **{'Success' if f.success else 'Fail'}**{why}."


@renders(DiceRolled)
def _dice(f: DiceRolled) -> str:
    return f"Rolled {len(f.naturals)}d10: {_list(f.naturals)}."


@renders(D100Rolled)
def _d100(f: D100Rolled) -> str:
    return f"Rolled a d100: white (tens) {f.white}, black (ones) {f.black} → **{f.value}**."


@renders(Face)
def _face(f: Face) -> str:
    parts = ["Power"] * f.power + ["Potential"] * f.potential + ["Hope"] * f.hope
    return f"{f.colour} {'+'.join(parts) if parts else 'blank'}"


@renders(PowerRolled)
def _power(f: PowerRolled) -> str:
    def shown(p: tuple[int, int, int]) -> str:
        return f"{p[0]} red, {p[1]} black, {p[2]} white"

    first = f"{f.kind.capitalize()} Roll ({shown(f.asked)}"
    if f.pool != f.asked:
        first += f"; the box allows {shown(f.pool)}"
    sentences = [first + ")."]
    if f.raw_power:
        many = "die" if f.raw_power == 1 else "dice"
        sentences.append(f"{f.raw_power} {many} beyond the box limit → +{f.raw_power} Power and +{f.raw_potential} "
                         "Potential.")
    sentences.append(f"Faces: {', '.join(_face(x) for x in f.faces)}.")
    if f.kind == "armor":
        sentences.append(f"**{f.power} Armor** (Power symbols only) to subtract from the Vigor loss.")
    else:
        sentences.append(f"**{f.power} Power**, {f.potential} Potential, {f.hope} Hope.")
    return " ".join(sentences)


@renders(SaveRolled)
def _save(f: SaveRolled) -> str:
    kind = f.kind.capitalize()
    verdict = "Success" if f.success else "Fail: resolve the negative effect"
    return (f"{kind} Save ({kind} Level {f.level} {f.modifier:+d} → {f.difficulty}+): rolled {f.natural} — "
            f"**{verdict}**. (Saves are not tests: no Heat re-roll.)")


def _crit_die(index: int, natural: int, bonus: int) -> str:
    shown = f"{natural}{bonus:+d}={natural + bonus}" if bonus else str(natural)
    return f"Crit {shown}" if index == 0 else shown


@renders(CritPoolRolled)
def _crit_pool(f: CritPoolRolled) -> str:
    dice = ", ".join(_crit_die(i, n, f.bonus) for i, n in enumerate(f.naturals))
    times = "" if f.crit_fails == 1 else f" {f.crit_fails} times"
    if f.kind == "attack":
        head = f"Attack Roll ({len(f.naturals)} dice vs To Hit {f.target}"
        head += f", Precision {f.bonus:+d}): " if f.bonus else "): "
        verdict = "Full Hit" if f.full else "Full Miss" if f.full_miss else f"{f.hits} hits"
        if f.hits == 1 and not f.full:
            verdict = "1 hit"
        ten, fail = "Crit Chance", "Crit Miss"
    else:
        head = f"Evasion Roll ({len(f.naturals)} dice vs {f.target}+"
        head += f", Evasion {f.bonus:+d}): " if f.bonus else "): "
        verdict = "Full Evade" if f.full else f"{f.hits} {'hit' if f.hits == 1 else 'hits'} not evaded"
        ten, fail = "Crit Evade", "Crit Evade Fail"
    text = head + dice + f" — **{verdict}**."
    if f.crit_ten:
        text += f" **{ten}** (natural 10 on the Crit die): resolve {ten} effects."
    if f.crit_fails:
        text += (f" **{fail}**{times} (natural 1 on the Crit die): resolve {fail} effects{times}, "
                 "even if the Crit die is re-rolled.")
    return text


@renders(HeatRerolled)
def _reroll(f: HeatRerolled) -> str:
    many = "die" if f.heat == 1 else "dice"
    text = f"Heat re-roll of {f.heat} {many} (+{f.heat} Heat): {_list(f.old)} → {_list(f.new)}."
    if f.crit_pool is not None:
        text += " " + _crit_pool(f.crit_pool)
    elif f.attack:
        text += " " + carried(f.attack)
    elif f.test is not None:
        text += " " + _test(f.test)
    return text + f" The rolling Knight gains +{f.heat} Heat (mark it on their Knight Board)."


@renders(SoloRandomAmong)
def _solo_among(f: SoloRandomAmong) -> str:
    return (f"🎲 True Solo Mode: a random Knight among {names(f.among)} is your Knight, {bold(f.knight)} "
            "(\"If an effect targets a random Knight, prioritize your Knight.\"); no die is rolled. For more "
            f"than one random Knight: {command('/solo random count:<N>')} (your Knight, then random Squires).")


@renders(RandomChosen)
def _random(f: RandomChosen) -> str:
    shown = " / ".join(", ".join(f"{name(n)} {v}" for n, v in r) for r in f.rounds)
    ties = ", ties rolled again" if len(f.rounds) > 1 else ""
    return f"Random choice (one d10 each, lowest chosen{ties}): {shown} → {bold(f.chosen)}."


@renders(RandomDirection)
def _direction(f: RandomDirection) -> str:
    return (f"Random direction: the top Minor Mortis card ({f.card}) points "
            f"**{DIRECTIONS.get(f.direction, f.direction)}**; it goes to the bottom of the deck.")


@renders(DiceForced)
def _forced(f: DiceForced) -> str:
    if f.cleared:
        return (f"🎲 GM: the {len(f.values)} forced dice waiting ({_list(f.values)}) are cleared: the next rolls are "
                "natural.")
    which = "die" if len(f.values) == 1 else f"{len(f.values)} dice"
    return f"🎲 GM override: the next {which} rolled will show {_list(f.values)} (d6 dice by face number)."


@renders(DiceForcedWaiting)
def _forced_waiting(f: DiceForcedWaiting) -> str:
    left = "die is" if len(f.values) == 1 else "dice are"
    return (f"🎲 {len(f.values)} forced {left} still waiting ({_list(f.values)}): they apply to the next rolls "
            f"({command('/gm force-list')}, {command('/gm force-clear')}).")
