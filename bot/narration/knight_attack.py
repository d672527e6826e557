"""The words of a Knight's Attack around its steps: the Blindspot, the Bonus Attack, the Heat re-rolls, the Power
Pool, the pool cleared, the ability windows and the keywords used in them (rules/clash/knight_attack_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders, words
from rules.clash.knight_attack_facts import (
    AttackAreaByHand,
    AttackBlindspot,
    AttackBonusOver,
    AttackBonusUnexhausted,
    AttackBPChosen,
    AttackBPFailed,
    AttackCommitted,
    AttackCumbersome,
    AttackEndsEarly,
    AttackFalsity,
    AttackKeptRoll,
    AttackKeywordUsed,
    AttackMoved,
    AttackPoolCleared,
    AttackPotentialUnused,
    AttackPowerPool,
    AttackRerolled,
    AttackResponsesIgnored,
    AttackTimedAbility,
    AttackWindowByHand,
    AttackWindowTokens,
)
from rules.facts import Fact


def _told(lines: list[Fact | str]) -> str:
    said = [x if isinstance(x, str) else words(x) for x in lines]
    return " ".join(t for t in said if t is not None)


def tokens(counts: dict[str, int]) -> str:
    """Knight tokens by kind: "2 Opening, 1 Break"."""
    return ", ".join(f"{n} {t.replace('_', ' ').title()}" for t, n in counts.items())


def _dice(counts: dict[str, int]) -> str:
    return ", ".join(f"{n} {c}" for c, n in counts.items() if n)


@renders(AttackBlindspot)
def _blindspot(f: AttackBlindspot) -> str:
    return f"{name(f.knight)} stands in a Blindspot of {f.monster}: +{f.bonus} Precision."


@renders(AttackBonusUnexhausted)
def _unexhausted(f: AttackBonusUnexhausted) -> str:
    return f"{name(f.knight)} declares the exhausted {f.weapon} for the Bonus Attack and unexhausts it."


@renders(AttackBonusOver)
def _bonus_over(f: AttackBonusOver) -> str:
    return "The Bonus Attack is over: the Monster Round goes on."


@renders(AttackEndsEarly)
def _ends_early(f: AttackEndsEarly) -> str:
    return f"{name(f.knight)}'s Attack ends before the Power Roll."


@renders(AttackBPFailed)
def _bp_failed(f: AttackBPFailed) -> str:
    if f.space:
        return f"{f.card} stays revealed on space {f.space} of the Mob track (Fail)."
    return f"{f.card} goes to the BP discard pile (Fail)."


@renders(AttackBPChosen)
def _bp_chosen(f: AttackBPChosen) -> str:
    what = "the top card of the BP discard pile (Precise)." if f.discard else "the BP card they chose."
    return f"{name(f.knight)} attacks {what}"


@renders(AttackResponsesIgnored)
def _ignored(f: AttackResponsesIgnored) -> str:
    if f.why == "died":
        return f"{name(f.knight)} died during the Attack: its Attack Responses are ignored (Mercy Rule)."
    return "During a Bonus Attack its Attack Responses are ignored."


@renders(AttackKeptRoll)
def _kept(f: AttackKeptRoll) -> str:
    return f"{name(f.knight)} keeps the roll."


@renders(AttackRerolled)
def _rerolled(f: AttackRerolled) -> str:
    cost = f"+{f.heat} Heat" if f.heat else "free"
    shown = " ".join(str(n) for n in f.naturals)
    shown = f"{shown} (Precision {f.precision:+d})" if f.precision else shown
    hits = f"{f.hits} hit{'s' if f.hits != 1 else ''}"
    verdict = f"{hits}, **Full Hit**" if f.hits == len(f.naturals) else "**Full Miss**" if f.hits == 0 else hits
    return (f"🔁 Re-roll ({cost}): {' '.join(map(str, f.old))} → {' '.join(map(str, f.new))}; now {shown} → "
            f"{verdict}.")


@renders(AttackFalsity)
def _falsity(f: AttackFalsity) -> str:
    return f"Falsity: {name(f.knight)} re-rolls the Crit die without gaining Heat."


@renders(AttackCommitted)
def _commit(f: AttackCommitted) -> str:
    return f"Commit ({f.weapon}): " + _told(f.lines)


@renders(AttackCumbersome)
def _cumbersome(f: AttackCumbersome) -> str:
    if f.tireless:
        return f"Tireless: {name(f.knight)} ignores the {f.weapon}'s Cumbersome."
    return f"Cumbersome: the {f.weapon} is exhausted after wounding."


@renders(AttackPowerPool)
def _power_pool(f: AttackPowerPool) -> str:
    parts = [f"{f.hits} × Weapon Power ({_dice(f.weapon_power) or '—'})"]
    if f.bonus_raw or any(f.bonus_power.values()):
        bonus = _dice(f.bonus_power)
        raw = f"+{f.bonus_raw} Power" if f.bonus_raw else ""
        parts.append("Bonus Power " + ", ".join(x for x in (bonus, raw) if x))
    parts.append(f"the Knight's {f.knight_die} Power die" + (" (Power Dice Promotion)" if f.promotion else ""))
    parts += [f"Additional Power Die ({c}, Heroic Arc)" for c in f.extra]
    raw = f" + {f.raw} Power" if f.raw else ""
    return f"Power Pool: {'; '.join(parts)} → {_dice(f.dice) or 'no dice'}{raw}."


@renders(AttackPotentialUnused)
def _potential(f: AttackPotentialUnused) -> str:
    return f"{f.left} Potential unused: an effect that turns Potential into Power applies by hand."


@renders(AttackPoolCleared)
def _cleared(f: AttackPoolCleared) -> str:
    if f.step == "passed":
        return f"Pass: {tokens(f.tokens)} stay in the {f.where}."
    if f.step == "cleared":
        fire = f"; {f.fire_left} unused Fire token{'s' if f.fire_left != 1 else ''} stay." if f.fire_left else "."
        return f"The {f.where} is cleared ({tokens(f.tokens)}){fire}"
    if f.step == "stayed":
        return f"Placed by the Monster's cards during this Attack, {tokens(f.tokens)} stay for the next one."
    return f"The {f.where} is empty."


@renders(AttackTimedAbility)
def _timed(f: AttackTimedAbility) -> str:
    return f"✋ {f.when} — {f.weapon}: {f.text} (by hand)."


@renders(AttackWindowTokens)
def _window_tokens(f: AttackWindowTokens) -> str:
    if f.window == "first":
        return f"First ability window: the {f.who} places {tokens(f.tokens)} in the {f.where}."
    return (f"Second ability window: {name(f.who)} places {tokens(f.tokens)} in the {f.where} (the active weapon and "
            "the Heroic Arc) for the next attacking Knight.")


@renders(AttackWindowByHand)
def _window_by_hand(f: AttackWindowByHand) -> str:
    if f.what == "first":
        joined = "; ".join(f.texts)
        return ("✋ First ability window, if they apply now (by hand): " + joined
                + ("" if joined.endswith((".", "!", "?")) else "."))
    if f.what == "arc":
        return ("✋ Heroic Arc, one option per level (by hand): "
                + "; ".join(f"Passion {passion}: " + " or ".join(options) for passion, options in f.levels) + ".")
    return f"✋ The {f.weapon}'s text exhausts it: apply it by hand if it applies."


@renders(AttackKeywordUsed)
def _keyword(f: AttackKeywordUsed) -> str:
    if f.keyword == "reinforce":
        return (f"{f.label} {f.amount}: {name(f.knight)} adds {f.amount} {f.colour} Armor dice to their next Armor "
                "Roll this Round.")
    if f.keyword == "sacrifice":
        return f"Sacrifice: {name(f.knight)} loses 1 Vigor."
    if f.keyword == "sacrifice_break":
        return f"Knight Pool: +1 Break token ({f.amount} there now) for {name(f.knight)}'s Attack."
    if f.keyword == "daze":
        other = f" (facing {f.other} was as far away: the GM may turn it with /clash place)" if f.other else ""
        return f"Daze: the {f.monster} turns to face away from {name(f.knight)} (facing {f.facing}){other}."
    return f"({f.label} does not apply now: {f.why}.)"


@renders(AttackAreaByHand)
def _area(f: AttackAreaByHand) -> str:
    return (f"✋ Area ({f.spaces or 'no spaces described'}): resolve the Power Roll against the Monsters on those "
            "spaces by hand (their AT, no Responses).")


@renders(AttackMoved)
def _moved(f: AttackMoved) -> str:
    if f.keyword == "Hug":
        return f"{name(f.knight)} moves to {f.space} (Hug {f.x})."
    return f"Motivate {f.x}: " + ", ".join(f"{name(who)} to {space}" for who, space in f.moves) + "."
