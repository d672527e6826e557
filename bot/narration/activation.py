"""The words of a Monster Activation's steps and its Monster Attack (rules/clash/activation_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, names, renders
from rules.clash.activation_facts import (
    ActivationAIZero,
    ActivationByHand,
    ActivationChainBreak,
    ActivationCommanded,
    ActivationCritEvade,
    ActivationDrawn,
    ActivationEvaded,
    ActivationEvasionRolled,
    ActivationGateMet,
    ActivationGoesOn,
    ActivationGuarded,
    ActivationJudged,
    ActivationNoTarget,
    ActivationOutOfReach,
    ActivationRerolled,
    ActivationRerollHeat,
    ActivationSwarmSplinter,
    ActivationTargeted,
    ActivationTested,
    ActivationTrait,
)


@renders(ActivationDrawn)
def _drawn(f: ActivationDrawn) -> str:
    if f.source == "ai":
        return f"🃏 {f.monster} draws the AI card **{f.card}** (AI {f.level})."
    if f.source == "signature":
        return f"✴️ {f.monster} performs its Signature, **{f.card}**."
    return f"🔁 {f.monster} performs its Routine, **{f.card}**."


@renders(ActivationTargeted)
def _targeted(f: ActivationTargeted) -> str:
    if f.how == "response":
        return f"🎯 The Target is {names(f.knights)} (the Attack Response is against them)."
    if f.how == "chosen":
        return f"🎯 The Target: {names(f.knights)}."
    if f.how == "none":
        return f"🎯 Targeting: {f.line}."
    if f.how == "line":
        return f"🎯 Targeting: {f.line} → {names(f.knights)}."
    blocked = f" 🧱 The Wave is blocked for {names(f.sheltered)}: behind an Obstacle, not attacked." if f.sheltered \
        else ""
    return (f"🎯 Targeting: {f.line} — the Zone's spaces are the Target ({names(f.knights) or 'no Knight'} in it)."
            + blocked)


@renders(ActivationNoTarget)
def _no_target(f: ActivationNoTarget) -> str:
    if f.routine:
        return f"No Knight can be the Target of {f.card}: nothing happens."
    return f"No Knight can be the Target of {f.card}: it is discarded and the Monster performs its Routine."


@renders(ActivationByHand)
def _by_hand(f: ActivationByHand) -> str:
    if f.movement:
        return (f"✋ By hand: {f.card} — {f.movement.replace('_', ' ').capitalize()} {f.text}. Move the miniature "
                "with /clash place kind:monster, then go on.")
    return f"✋ By hand: {f.card} — {f.text}."


@renders(ActivationGateMet)
def _gate(f: ActivationGateMet) -> str:
    return f"The gate is met: {', '.join(f.gates)}."


@renders(ActivationChainBreak)
def _chain_break(f: ActivationChainBreak) -> str:
    if f.others:
        return f"⛓️ Chain Break: {f.card} ends for {name(f.knight)} (no After Attack); the other Targets go on."
    return f"⛓️ Chain Break: {f.card} ends here, without its After Attack; the new Attack follows."


@renders(ActivationAIZero)
def _ai_zero(f: ActivationAIZero) -> str:
    return f"The AI 0 card {f.card} is resolved: {f.then.replace('_', ' ')}."


NOTES = {"reacted": "The Knights are done reacting.", "bonus_passed": "The Bonus Attack is passed.",
         "monster_gone": "The acting Monster is no longer on the Clash Board: its Activation ends."}


@renders(ActivationGoesOn)
def _goes_on(f: ActivationGoesOn) -> str:
    return NOTES[f.why]


@renders(ActivationOutOfReach)
def _out_of_reach(f: ActivationOutOfReach) -> str:
    return f"💨 {name(f.knight)} is out of reach: Out of Reach Evade. The Monster goes straight to After Attack."


@renders(ActivationEvasionRolled)
def _evasion(f: ActivationEvasionRolled) -> str:
    gates = f" (gate: {'; '.join(f.gates)})" if f.gates else ""
    shown = " ".join(str(n) if not f.bonus else f"{n}{f.bonus:+d}" for n in f.naturals)
    return (f"🛡️ {name(f.knight)} rolls {f.count} Evasion dice{gates}: {shown} vs {f.difficulty}+ → {f.hits} "
            "hit(s).")


@renders(ActivationCritEvade)
def _crit(f: ActivationCritEvade) -> str:
    if f.again:
        return "The re-rolled Crit die shows a natural 1 again: resolve Crit Evade Fail effects again."
    if f.fail:
        return "The Crit die shows a natural 1: Crit Evade Fail (resolve its effects, if any)."
    return "The Crit die shows a natural 10: Crit Evade (resolve its effects, if any)."


@renders(ActivationEvaded)
def _evaded(f: ActivationEvaded) -> str:
    if f.blocked:
        return f"{f.blocked} hit(s) treated as evaded (Block)."
    return f"✨ {name(f.knight)} evades every die: Full Evade."


@renders(ActivationGuarded)
def _guarded(f: ActivationGuarded) -> str:
    return f"🛡️ Guard {f.guard}: " + ", ".join(f"+{n} on die {i}" for i, n in f.lifted) + "."


@renders(ActivationRerolled)
def _rerolled(f: ActivationRerolled) -> str:
    what = "the test" if f.die is None else f"die {f.die}"
    return f"🎲 {name(f.knight)} re-rolls {what}: {f.old} → {f.new}."


@renders(ActivationRerollHeat)
def _reroll_heat(f: ActivationRerollHeat) -> str:
    if f.one:
        return f"{name(f.knight)} gains 1 Heat for the re-roll."
    return f"{name(f.knight)} gains {f.heat} Heat for the re-roll(s)."


@renders(ActivationTested)
def _tested(f: ActivationTested) -> str:
    return f"🧠 {name(f.knight)} tests {f.virtue.capitalize()} {f.difficulty}+: {f.natural}{f.bonus:+d}."


@renders(ActivationJudged)
def _judged(f: ActivationJudged) -> str:
    if f.defied:
        return "Defy: the Judgement's hit is treated as evaded."
    return f"{name(f.knight)} {'fails: the Judgement hits' if f.hit else 'passes: the Judgement has no effect'}."


@renders(ActivationCommanded)
def _commanded(f: ActivationCommanded) -> str:
    if f.obeyed:
        return f"✋ {name(f.knight)} obeys: {f.obey} (apply it by hand; its effects are voluntary)."
    return f"{name(f.knight)} disobeys and suffers the penalty."


@renders(ActivationSwarmSplinter)
def _swarm_splinter(f: ActivationSwarmSplinter) -> str:
    if f.keyword == "Swarm":
        why = (f"Swarm {f.x}: {f.others} other adjacent Monster(s)" if f.others
               else f"Swarm {f.x}: no other Monster is adjacent to {name(f.target)}")
    else:
        why = (f"Splinter {f.x}: adjacent to {name(f.target)}" if f.knight and f.loss
               else f"Splinter {f.x}: no Knight is adjacent to {name(f.target)}")
    return f"{why}: {name(f.knight)} loses {f.loss} Vigor." if f.loss else f"{why}."


@renders(ActivationTrait)
def _trait(f: ActivationTrait) -> str:
    if f.nobody:
        return f"{f.trait}: no Knight is affected."
    if f.by_hand:
        return f"✋ By hand — {f.trait}: {f.text}"
    if f.tied:
        return (f"✋ {f.trait}: {f.text} — {names(f.tied)} share the most Bane ({f.bane}): the players choose who it "
                "falls on and apply it by hand.")
    return f"🌀 {f.trait}: {f.text}"
