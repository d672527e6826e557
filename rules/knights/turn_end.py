"""What the held Condition cards do at the end of their holder's turn (``end_of_turn``), their tokens counted the
keywords' way (Poison Resilience X: rules/knights/keyword_effects.py); called by the Clash's end of a turn."""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.cards import Effect
from rules.knights.conditions import POISONED, TOXIFIED, held, immune_to, tokens
from rules.knights.keyword_effects import poison_counted
from rules.knights.state import KnightState


def end_of_turn(cat: Catalogue, k: KnightState) -> list[tuple[str, list[Effect]]]:
    """(card name, effects) of the held Conditions acting "At the end of each of your turns". A card with
    ``per_tokens`` acts once for each full that many Generic tokens on it (Poison tokens ignored by Poison Resilience
    X do not count): its effects' amounts are multiplied, and with none it does nothing."""
    out: list[tuple[str, list[Effect]]] = []
    for c in held(cat, k):
        if c.holding is None or not c.holding.end_of_turn or immune_to(cat, k, c) is not None:
            continue
        effects = list(c.holding.end_of_turn)
        if c.holding.per_tokens is not None:
            times = counted_tokens(cat, k, c.name) // c.holding.per_tokens
            if times == 0:
                continue
            effects = [e.model_copy(update={"amount": min(99, e.amount * times)}) if hasattr(e, "amount") else e
                       for e in effects]
        out.append((c.name, effects))
    return out


def counted_tokens(cat: Catalogue, k: KnightState, name: str) -> int:
    """Tokens on a held card that count; Poison tokens of Poisoned and Toxified less the Poison Resilience X."""
    if name in (POISONED, TOXIFIED):
        return poison_counted(cat, k, name)
    return tokens(cat, k, name)
