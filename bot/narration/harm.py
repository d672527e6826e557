"""The words of harm to a Knight (rules/clash/harm_facts.py)."""

from __future__ import annotations

from bot.narration.registry import carried, command, name, renders
from rules.clash.harm_facts import (
    ChasmUnderMonster,
    ConditionGained,
    HarmAttackResponse,
    HarmBonusAttackOwed,
    HarmByHand,
    HarmConditionRefused,
    HarmEscalated,
    HarmForcedByHand,
    HarmIncarnationOffered,
    HarmKnockdownIgnorable,
    HarmMercyRule,
    HarmMovementReduced,
    HarmNoPerilCheck,
    HarmPriorityTaken,
    HarmSuppressed,
    HarmSurvives,
    HarmTokensPlaced,
    HarmTrackGained,
    HarmTumble,
    HarmWays,
    KnightDied,
    KnightRemoved,
    KnightsDefeated,
)


@renders(ConditionGained)
def _condition(f: ConditionGained) -> str:
    return f"{name(f.knight)} gains the Condition **{f.card}**: {f.text}"


@renders(KnightDied)
def _died(f: KnightDied) -> str:
    return f"☠️ **{name(f.knight)} dies** — {_why(f)}."


def _why(f: KnightDied) -> str:
    if f.cause == "bane":
        return "Bane over the Bane Limit: no Mortis, no Judicium"
    if f.cause == "instant_death":
        return f"Instant Death{f' ({f.source})' if f.source else ''}: no Judicium, no Mortis"
    if f.cause == "card":
        return f.source or "a death card"
    return carried(f.why)


@renders(ChasmUnderMonster)
def _chasm_under_monster(f: ChasmUnderMonster) -> str:
    mob = (" (a Mob treats a Chasm as an Indestructible Obstacle only when it is moved onto it involuntarily)"
           if f.mob else "")
    return (f"{f.terrain} lies under {f.monster}: a Chasm placed under a Knight kills them, and nothing happens to a "
            f"Monster{mob}. Apply any other effect by hand.")


@renders(KnightRemoved)
def _removed(f: KnightRemoved) -> str:
    return f"{name(f.knight)}'s miniature is removed from the Clash Board."


@renders(KnightsDefeated)
def _defeated(f: KnightsDefeated) -> str:
    return "🏴 Every Knight is dead: the Clash immediately ends with the Knights' **Defeat**."


@renders(HarmMercyRule)
def _mercy(f: HarmMercyRule) -> str:
    return f"{name(f.knight)} is dead: the rest of the effects on them are not resolved (Mercy Rule)."


@renders(HarmNoPerilCheck)
def _no_check(f: HarmNoPerilCheck) -> str:
    return f"{name(f.knight)}'s Vigor loss was reduced to 0: no Peril Check for this card."


@renders(HarmByHand)
def _by_hand(f: HarmByHand) -> str:
    who = f'"{name(f.knight)}"' if f.knight else "<name>"
    where = f" ({f.source})" if f.source else ""
    return (f"✋ By hand{where}: {f.text} — e.g. {command(f'/clash adjust knight:{who} stat:vigor value:N')}, "
            f"{command(f'/knight condition name:{who} action:gain card:<id>')}, {command('/clash place')}.")


@renders(HarmBonusAttackOwed)
def _bonus_owed(f: HarmBonusAttackOwed) -> str:
    return (f"⚔️ {name(f.knight)} is owed a Bonus Attack: "
            f"{command(f'/knight attack knight:{f.knight_id} weapon:<weapon> bonus:true')} (an exhausted weapon may be "
            "declared and is unexhausted; its Attack Responses are ignored; during a Monster Attack it is a Chain "
            "Break and the Round waits for it).")


@renders(HarmPriorityTaken)
def _priority(f: HarmPriorityTaken) -> str:
    return f"🎯 {name(f.knight)} (Passion {f.passion}) becomes the Priority Target."


@renders(HarmTokensPlaced)
def _tokens(f: HarmTokensPlaced) -> str:
    if f.now is None:
        return f"✋ By hand: place {f.amount} {f.token} token(s) in the Knight Pool (no Clash is running)."
    return f"Knight Pool: +{f.amount} {f.token.replace('_', ' ').title()} token(s) ({f.now} there now)."


@renders(HarmConditionRefused)
def _refused(f: HarmConditionRefused) -> str:
    if f.why == "empty":
        return f"The {f.deck} deck is empty: {name(f.knight)} gains no Condition."
    return f"{name(f.knight)} already has {f.card}: the same Condition card cannot be gained twice."


@renders(HarmIncarnationOffered)
def _incarnation(f: HarmIncarnationOffered) -> str:
    incarnate = command(f'/saint incarnate knight:"{name(f.knight)}"')
    return (f"✋ Saint Incarnation: {name(f.knight)} is about to die and may make an Incarnation roll: "
            f"{incarnate} (or by hand, {command('/roll dice')}) — "
            "they Incarnate on their Saint's Incarnation Value or more (5+ Devotion tokens: automatically; without a "
            "Saint only a 10, the Unknown Saint); the bot then stands them up (Chain Break, Bane, Conditions) and "
            "says how far they may move before their Bonus Attack (docs/campaign.md).")


@renders(HarmAttackResponse)
def _response(f: HarmAttackResponse) -> str:
    if f.attack is None:
        what = "a Follow-up Knight Attack"
    else:
        what = f"the Monster performs its {f.attack.upper() if f.attack == 'ai' else f.attack.title()}"
    return f"⚔️ Attack Response{f' ({f.source})' if f.source else ''}: {what} after this Attack ends."


@renders(HarmEscalated)
def _escalated(f: HarmEscalated) -> str:
    return f"Escalate {f.deck.upper()} {f.amount}." if f.deck else f"Escalate {f.amount}."


@renders(HarmSuppressed)
def _suppressed(f: HarmSuppressed) -> str:
    return f"{f.deck.upper()} Suppress: the {f.deck.upper()} discard pile is shuffled into its deck."


@renders(HarmTrackGained)
def _track(f: HarmTrackGained) -> str:
    which = f.which.title()
    return (f"The party gains {f.amount} {which} → {which} {f.value} (no Delve under way: the track's maximum is not "
            "checked).")


@renders(HarmMovementReduced)
def _reduced(f: HarmMovementReduced) -> str:
    return f"🛡️ {name(f.knight)}'s {f.kind.capitalize()} is reduced by {f.total} ({', '.join(f.sources)})."


@renders(HarmWays)
def _ways(f: HarmWays) -> str:
    took = "; ".join(f.took) or "the first way"
    return (f"↔️ {f.what}: the rules leave {f.ways} ways; the bot took {took}. The GM may move a miniature by hand "
            f"with {command('/clash place')}.")


@renders(HarmKnockdownIgnorable)
def _knockdown(f: HarmKnockdownIgnorable) -> str:
    place = command(f'/clash place kind:knight name:"{name(f.knight)}" space:<space>')
    without = command("knocked_down:")
    return f"✋ {name(f.knight)} may use {f.keyword} to ignore the Knockdown: {place} without {without}."


@renders(HarmForcedByHand)
def _forced(f: HarmForcedByHand) -> str:
    place = command(f'/clash place kind:knight name:"{name(f.knight)}" space:<space>')
    return (f"✋ By hand: {f.label} on {name(f.knight)} — move the miniature on the table, then {place} (the bot's "
            f"board has no {f.missing} for it).")


@renders(HarmTumble)
def _tumble(f: HarmTumble) -> str:
    if f.roll < 6:
        return f"Tumble: {name(f.knight)} rolls {f.roll} — the Crash stands."
    return f"Tumble: {name(f.knight)} rolls {f.roll} — the Crash is ignored (no Vigor lost, no Knockdown)."


@renders(HarmSurvives)
def _survives(f: HarmSurvives) -> str:
    return f"{name(f.knight)} survives: their Vigor stays at 0."
