"""The words of the facts of the keywords that change what a Knight holds (rules/knights/keyword_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, name, plural, renders
from rules.keywords.facts import KeywordByHand
from rules.knights.keyword_facts import (
    ChokeHeatOwed,
    ChokeLimitSet,
    ConditionShown,
    ConditionTokensPlaced,
    ConditionTokensSet,
    Fortified,
    KeywordConditionGained,
    PoisonedFlipped,
    PoisonOnToxified,
    PoisonResilience,
    PoolTokensPlaced,
    ZealPlaced,
)


@renders(KeywordConditionGained)
def _gained(f: KeywordConditionGained) -> str:
    text = f": {f.text}" if f.text is not None else " (no such card in the loaded packs: the table reads its own)"
    return f"{name(f.knight)} gains the Condition {bold(f.condition)}{text}"


@renders(ConditionTokensPlaced)
def _placed(f: ConditionTokensPlaced) -> str:
    return f"{f.count} {f.token} token{plural(f.count)} placed on {f.condition} ({f.old} → **{f.new}**)."


@renders(PoisonOnToxified)
def _on_toxified(f: PoisonOnToxified) -> str:
    return f"{name(f.knight)} holds Toxified (the Poisoned card flipped): the Poison tokens go on it."


@renders(PoisonedFlipped)
def _flipped(f: PoisonedFlipped) -> str:
    return f"{name(f.knight)} flips Poisoned to Toxified (its {f.tokens} Poison token{plural(f.tokens)} stay on it)."


@renders(ConditionShown)
def _shown(f: ConditionShown) -> str:
    return f"{bold(f.condition)}: {f.text}"


@renders(PoisonResilience)
def _resilience(f: PoisonResilience) -> str:
    return f"Poison Resilience {f.ignored}: up to {f.ignored} Poison tokens are ignored."


@renders(ChokeLimitSet)
def _choke(f: ChokeLimitSet) -> str:
    if f.old is None:
        return (f"Choke {f.x}: the Choke Limit cube goes on 0 and rises by {f.x - 1} → **{f.new}** "
                "(Heat can never go below it).")
    return f"Choke {f.x}: the Choke Limit rises by {f.x} ({f.old} → **{f.new}**)."


@renders(ChokeHeatOwed)
def _owed(f: ChokeHeatOwed) -> str:
    return f"Heat {f.heat} is below the Choke Limit: gain {f.owed} Heat."


@renders(Fortified)
def _fortified(f: Fortified) -> str:
    if f.top is None:
        return f"Fortify {f.x}: {name(f.knight)} does not have maximum Vigor and gains {f.x}."
    return (f"Fortify {f.x}: {name(f.knight)} has maximum Vigor ({f.top}): the red cube goes on {f.x} — additional "
            f"Vigor {f.old} → **{f.x}**, lost before Vigor.")


@renders(ZealPlaced)
def _zeal(f: ZealPlaced) -> str:
    threshold = f", Zeal Threshold {f.threshold}" if f.threshold is not None else ""
    return (f"Zeal {f.x}: {name(f.knight)} places {f.kept} Zeal token{plural(f.kept)} on their Knight Board "
            f"({f.old} → **{f.old + f.kept}**{threshold}).")


@renders(PoolTokensPlaced)
def _pool(f: PoolTokensPlaced) -> str:
    why = f" ({f.why})" if f.why else ""
    if f.total is None:
        return (f"✋ By hand: place {f.count} {f.token} token{plural(f.count)} in the {f.pool}{why} — no Clash is "
                "running.")
    return f"{f.pool}: +{f.count} {f.token} token{plural(f.count)}{why} ({f.total} there now)."


@renders(ConditionTokensSet)
def _set(f: ConditionTokensSet) -> str:
    return f"Generic tokens on {f.condition}: {f.old} → **{f.new}**."


@renders(KeywordByHand)
def _by_hand(f: KeywordByHand) -> str:
    of = f" ({f.source})" if f.source else ""
    if f.how == "kingdom":
        return (f"✋ {f.label}{of}: a Kingdom keyword, not applied by the bot in the {f.context} — apply it from its "
                f"card by hand: {f.command}.")
    if f.how == "may_use":
        return f"✋ {f.label}{of}: the player may use it now — {f.command}."
    text = f" — \u201c{f.text}\u201d" if f.text else ""
    return f"✋ {f.label}{of}, not applied by the bot in the {f.context}{text} Apply it by hand: {f.command}."
