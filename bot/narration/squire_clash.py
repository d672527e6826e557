"""The words of a Squire in the Clash (rules/squires/clash_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.clash.attack_keywords import DOOMED
from rules.squires import clash_facts as cf


@renders(cf.SquireStands)
def _stands(f: cf.SquireStands) -> str:
    return f"📍 The Squire {name(f.squire)} stands on {f.space}."


@renders(cf.SquireRefreshed)
def _refreshed(f: cf.SquireRefreshed) -> str:
    return f"Refresh: {name(f.squire)} lowers Heat {f.before} → {f.after} (Heat Refresh {f.refresh})."


@renders(cf.SquireMoved)
def _moved(f: cf.SquireMoved) -> str:
    return f"🚶 {name(f.squire)} moves to {f.to} (Speed {f.speed})."


@renders(cf.SquirePolicyTurn)
def _policy_turn(f: cf.SquirePolicyTurn) -> str:
    return f"🤖 {name(f.squire)} acts by the Squire policy."


@renders(cf.SquireCannotReach)
def _cannot_reach(f: cf.SquireCannotReach) -> str:
    return f"{name(f.squire)} cannot reach a space adjacent to {f.monster} this turn."


@renders(cf.SquireAttacks)
def _attacks(f: cf.SquireAttacks) -> str:
    return f"⚔️ {name(f.squire)} attacks {f.monster}."


@renders(cf.SquirePassionRises)
def _passion(f: cf.SquirePassionRises) -> str:
    return f"{name(f.squire)}'s Passion rises to {f.passion}."


@renders(cf.SquirePoolTokens)
def _pool_tokens(f: cf.SquirePoolTokens) -> str:
    parts = [f"+{f.precision} Precision"] if f.precision else []
    if f.power:
        parts.append(f"+{f.power} Power")
    if f.potentials:
        parts.append(f"{f.potentials} token(s) for Potentials")
    return f"Knight Pool for the Squire: {', '.join(parts)}."


@renders(cf.SquirePoolPower)
def _pool_power(f: cf.SquirePoolPower) -> str:
    turned = f"{f.turned} Potential(s) turned into Power" if f.turned else ""
    flat = f"{f.tokens} Power token(s)" if f.tokens else ""
    return f"Knight Pool: {' and '.join(x for x in (flat, turned) if x)}: +{f.tokens + f.turned} Power."


@renders(cf.SquireInBlindspot)
def _blindspot(f: cf.SquireInBlindspot) -> str:
    return f"{name(f.squire)} stands in a Blindspot of {f.monster}: +1 Precision."


@renders(cf.SquireAttackEnds)
def _attack_ends(f: cf.SquireAttackEnds) -> str:
    return f"{name(f.squire)}'s Attack ends."


@renders(cf.SquireBoonPower)
def _boon_power(f: cf.SquireBoonPower) -> str:
    return f"Boon: +{f.boon} Power → {f.power + f.boon}."


@renders(cf.SquireBoonCritical)
def _boon_critical(f: cf.SquireBoonCritical) -> str:
    return f"Boon: {name(f.squire)} has Critical Chance on this Attack Roll — an automatic **Full Hit**."


@renders(cf.SquireBoonDraws)
def _boon_draws(f: cf.SquireBoonDraws) -> str:
    return f"Boon: {f.count} cards drawn for this Attack Roll; {name(f.squire)} keeps **{f.card}**."


@renders(cf.SquirePowerResult)
def _power_result(f: cf.SquirePowerResult) -> str:
    return f"Power {f.power} against AT {f.at}: **{f.outcome.capitalize()}**."


@renders(cf.SquireBPCard)
def _bp_card(f: cf.SquireBPCard) -> str:
    return f"🃏 BP card: **{f.bp}** (BP {f.level}, AT {f.at})."


@renders(cf.SquireBPResponses)
def _bp_responses(f: cf.SquireBPResponses) -> str:
    return f"✋ {f.bp}'s Responses ({', '.join(f.triggers)}): apply them by hand."


@renders(cf.SquireBPFailed)
def _bp_failed(f: cf.SquireBPFailed) -> str:
    if f.space == 0:
        return f"{f.bp} goes to the BP discard pile (Fail)."
    return f"{f.bp} stays revealed on space {f.space} of the Mob track (Fail)."


@renders(cf.SquireOutOfReach)
def _out_of_reach(f: cf.SquireOutOfReach) -> str:
    return f"💨 {name(f.squire)} is out of reach: Out of Reach Evade."


@renders(cf.SquireObeys)
def _obeys(f: cf.SquireObeys) -> str:
    return f"📜 {f.card} commands {name(f.squire)}: policy — the Squire obeys: {f.obey} (apply it by hand)."


@renders(cf.SquireLaterAttack)
def _later_attack(f: cf.SquireLaterAttack) -> str:
    return f"✋ By hand: the Monster's {f.attack} after this Attack."


@renders(cf.SquireFacesEvasion)
def _faces(f: cf.SquireFacesEvasion) -> str:
    return (f"🛡️ {name(f.squire)} faces {f.dice} Evasion dice ({f.difficulty}+): draws "
            + ", ".join(f"**{c}**" for c in f.cards) + ".")


@renders(cf.SquireDoomed)
def _doomed(f: cf.SquireDoomed) -> str:
    return f"{DOOMED}: {name(f.squire)} draws no second Mettle card for Heat."


@renders(cf.SquireFullEvade)
def _full_evade(f: cf.SquireFullEvade) -> str:
    return f"✨ {name(f.squire)} evades every hit: Full Evade."


@renders(cf.SquireLosesVigor)
def _loses_vigor(f: cf.SquireLosesVigor) -> str:
    return f"{f.source}: {name(f.squire)} loses {f.amount} Vigor."


@renders(cf.SquireEffect)
def _effect(f: cf.SquireEffect) -> str:
    return f"{f.source}: {name(f.squire)} — {f.effect.replace('_', ' ')} {f.amount}."


@renders(cf.SquireNoPerilCheck)
def _no_peril(f: cf.SquireNoPerilCheck) -> str:
    return f"{f.source}: Squires draw no Mortis cards above 0 Vigor — no Peril Check for {name(f.squire)}."


@renders(cf.SquireByHand)
def _by_hand(f: cf.SquireByHand) -> str:
    return f"✋ By hand: {f.source} — {f.text} ({name(f.squire)})."


@renders(cf.SquireSecondChance)
def _second_chance(f: cf.SquireSecondChance) -> str:
    return "Policy: +1 Heat to gain Second Chance for the Judicium draw:"


@renders(cf.SquireSurvives)
def _survives(f: cf.SquireSurvives) -> str:
    return f"{name(f.squire)} survives at {f.vigor} Vigor."
