"""Keywords that change what a Knight holds: Poison X, Toxify X, Poison Resilience X, Parasitize X, Choke X, Fortify X,
Zeal X, Zeal Threshold X and Fleisch X (rulebook "Keyword List").

Each keyword is a typed effect of the card vocabulary (``{type: poison, amount: 2}``, content/schema/cards.py) and a
function here that applies it to a Knight and returns the lines that report it (its facts,
rules/knights/keyword_facts.py, each ``said``; the words are bot/narration/keywords.py's). The Condition cards these
keywords name (Poisoned, Toxified, Panzer Parasite, Choked) are found by name in the loaded Condition deck
(the starter pack sets original ones aside there, ``set_aside: true``); their Generic tokens are counted in
``KnightState.stats.condition_tokens`` by card name, and count only while the card is held. What the held cards do
at the end of the holder's turn is their ``holding`` (rules/knights/turn_end.py, ``per_tokens``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from content.loader import Catalogue
from content.schema.cards import Choke, Fleisch, Fortify, KnightStateEffect, Parasitize, Poison, Toxify, Zeal
from content.schema.gear import Keyword
from rules.effects import Dispatch
from rules.facts import said
from rules.knights import conditions as cond
from rules.knights import statistics as st
from rules.knights.keyword_facts import (
    ChokeHeatOwed,
    ChokeLimitSet,
    ConditionShown,
    ConditionTokensPlaced,
    Fortified,
    KeywordConditionGained,
    PoisonedFlipped,
    PoisonOnToxified,
    PoisonResilience,
    PoolTokensPlaced,
    ZealPlaced,
)
from rules.knights.state import KnightState

ZEAL = "zeal"  # the Resource token ids, as rules/clash/falsity.py places Zeal
FLEISCH = "fleisch"


def _gain(cat: Catalogue, k: KnightState, name: str) -> list[str]:
    """Gain a keyword's Condition card (never twice: the caller checks) with no tokens on it yet."""
    card = cond.card_named(cat, name)
    k.stats.conditions.append(card.name if card is not None else name)
    k.stats.condition_tokens[name] = 0
    return [said(KeywordConditionGained(knight=k.name, condition=name, text=card.text if card is not None else None))]


def _refused(cat: Catalogue, k: KnightState, name: str) -> list[str]:
    """The Knight cannot gain this Condition card (an "Immune to ..." keyword): the sentence saying so; the tokens
    that would go on it are not placed either."""
    card = cond.card_named(cat, name)
    why = cond.immune_to(cat, k, card) if card is not None else None
    return [why] if why else []


def _place(cat: Catalogue, k: KnightState, name: str, x: int, what: str = "Generic") -> list[str]:
    have = cond.tokens(cat, k, name)
    k.stats.condition_tokens[name] = have + x
    return [said(ConditionTokensPlaced(condition=name, count=x, token=what, old=have, new=have + x))]


def poison(cat: Catalogue, k: KnightState, x: int) -> list[str]:
    """"If you don't have the Poisoned Condition card, gain it. Then place X Generic tokens on the Poisoned Condition
    card (these are the Poison tokens)." A Knight holding Toxified (the Poisoned card flipped) puts them on Toxified
    (docs/rulings.md)."""
    if cond.has(cat, k, cond.TOXIFIED):
        return [said(PoisonOnToxified(knight=k.name))] + \
            _place(cat, k, cond.TOXIFIED, x, "Poison")
    if not cond.has(cat, k, cond.POISONED) and (refused := _refused(cat, k, cond.POISONED)):
        return refused
    lines = [] if cond.has(cat, k, cond.POISONED) else _gain(cat, k, cond.POISONED)
    return lines + _place(cat, k, cond.POISONED, x, "Poison") + _resilience_note(cat, k)


def toxify(cat: Catalogue, k: KnightState, x: int) -> list[str]:
    """"If you don't have the Toxified or Poisoned Condition card, gain the Toxified Condition card. If you already
    have the Poisoned Condition card, flip it. Then place X Generic tokens (Poison tokens) on the Toxified Condition
    card." The tokens already on Poisoned stay on the flipped card."""
    lines: list[str] = []
    if cond.has(cat, k, cond.POISONED):
        old = cond.tokens(cat, k, cond.POISONED)
        poisoned = cond.card_named(cat, cond.POISONED)
        drop = {cond.POISONED} | ({poisoned.id} if poisoned is not None else set())
        k.stats.conditions = [c for c in k.stats.conditions if c not in drop]
        k.stats.condition_tokens.pop(cond.POISONED, None)
        lines += [said(PoisonedFlipped(knight=k.name, tokens=old))]
        card = cond.card_named(cat, cond.TOXIFIED)
        k.stats.conditions.append(card.name if card is not None else cond.TOXIFIED)
        k.stats.condition_tokens[cond.TOXIFIED] = old
        if card is not None:
            lines.append(said(ConditionShown(condition=cond.TOXIFIED, text=card.text)))
    elif not cond.has(cat, k, cond.TOXIFIED):
        if refused := _refused(cat, k, cond.TOXIFIED):
            return refused
        lines += _gain(cat, k, cond.TOXIFIED)
    return lines + _place(cat, k, cond.TOXIFIED, x, "Poison") + _resilience_note(cat, k)


def poison_counted(cat: Catalogue, k: KnightState, name: str) -> int:
    """The Poison tokens of Poisoned or Toxified that count: "Ignore up to X Poison tokens from the Poisoned and
    Toxified Condition cards." (Poison Resilience X from the Loadout and the Knight's own abilities, stacked)."""
    return max(0, cond.tokens(cat, k, name) - st.passive_keyword(cat, k, "Poison Resilience"))


def _resilience_note(cat: Catalogue, k: KnightState) -> list[str]:
    x = st.passive_keyword(cat, k, "Poison Resilience")
    return [said(PoisonResilience(ignored=x))] if x else []


def parasitize(cat: Catalogue, k: KnightState, x: int) -> list[str]:
    """"If you don't have the Panzer Parasite Condition card, gain it. Then place X Generic tokens on the Panzer
    Parasite Condition card."""
    if not cond.has(cat, k, cond.PARASITE) and (refused := _refused(cat, k, cond.PARASITE)):
        return refused
    lines = [] if cond.has(cat, k, cond.PARASITE) else _gain(cat, k, cond.PARASITE)
    return lines + _place(cat, k, cond.PARASITE, x)


def choke(cat: Catalogue, k: KnightState, x: int) -> tuple[list[str], int]:
    """"If you don't have the Choked Condition card, gain it and place a black acrylic cube on "0" on the Heat
    track—this is your Choke Limit. Then, increase the Choke Limit by X-1. Your Heat can never go below this limit. If
    you already had the Choked Condition card, increase the Choke Limit by X. Then, if your Heat is below the Choke
    Limit, gain enough Heat so that it is above the Choke Limit." Heat is raised to the Choke Limit (never below it;
    docs/rulings.md), as an effect: over the Heat Limit it costs Vigor. The Heat track ends at 9. Returns the
    sentences and the Heat the Knight must gain (the caller raises it: in a Clash through rules/clash/harm.py, so
    that a fall to 0 Vigor is a Judicium)."""
    if cond.has(cat, k, cond.CHOKED):
        old = k.stats.choke_limit
        k.stats.choke_limit = min(st.HEAT_HARD_LIMIT, old + x)
        lines = [said(ChokeLimitSet(x=x, old=old, new=k.stats.choke_limit))]
    else:
        if refused := _refused(cat, k, cond.CHOKED):
            return refused, 0
        lines = _gain(cat, k, cond.CHOKED)
        k.stats.choke_limit = min(st.HEAT_HARD_LIMIT, x - 1)
        lines.append(said(ChokeLimitSet(x=x, old=None, new=k.stats.choke_limit)))
    owed = max(0, k.stats.choke_limit - k.stats.heat)
    if owed:
        lines.append(said(ChokeHeatOwed(heat=k.stats.heat, owed=owed)))
    return lines, owed


def fortify(cat: Catalogue, k: KnightState, x: int) -> list[str]:
    """"If you don't have maximum Vigor, gain +X Vigor. If you have maximum Vigor, place a red cube on X on the Vigor
    track—it becomes your additional Vigor. When you would lose Vigor, lose your additional Vigor first (counting it
    down, like a secondary track)." (the loss: ``statistics.additional_first``). The cube is placed on X: it does not
    add to a cube already there (docs/rulings.md)."""
    top = st.max_vigor(cat, k)
    if k.stats.vigor < top:
        return [said(Fortified(knight=k.name, x=x))] + st.change_vigor(cat, k, x)
    old, k.stats.additional_vigor = k.stats.additional_vigor, x
    return [said(Fortified(knight=k.name, x=x, top=top, old=old))]


def zeal_threshold(cat: Catalogue, k: KnightState) -> int | None:
    """"Zeal Threshold X" from the Knight's cards (passive, stacked); None: no threshold."""
    found = st.passive_keywords(cat, k, "Zeal Threshold")
    return sum(found) if found else None


def zeal(cat: Catalogue, k: KnightState, x: int, pool: dict[str, int] | None,
         where: str = "Knight Pool") -> list[str]:
    """Zeal X: "place X Zeal tokens on your Knight Board." Zeal Threshold X: "If gaining Zeal tokens would exceed
    your Zeal Threshold, gain Zeal tokens up to your Zeal Threshold and place the rest of the tokens in the Knight
    Pool." ``pool`` is the Clash's Knight Pool (None: no Clash; the rest is placed by hand)."""
    have = k.board.resources.get(ZEAL, 0)
    limit = zeal_threshold(cat, k)
    kept = x if limit is None else max(0, min(x, limit - have))
    rest = x - kept
    k.board.resources[ZEAL] = have + kept
    lines = [said(ZealPlaced(knight=k.name, x=x, kept=kept, old=have, threshold=limit))]
    if rest:
        lines += _in_pool(pool, ZEAL, rest, "Zeal", "over the Zeal Threshold", where)
    return lines


def fleisch(x: int, pool: dict[str, int] | None, where: str = "Knight Pool") -> list[str]:
    """"During the second ability window, place X Fleisch tokens in the Knight Pool." Resource tokens "remain in the
    Pool until they're used" (the Clear the Knight Pool step keeps them)."""
    return _in_pool(pool, FLEISCH, x, "Fleisch", "", where)


def _in_pool(pool: dict[str, int] | None, token: str, n: int, name: str, why: str, where: str) -> list[str]:
    if pool is None:
        return [said(PoolTokensPlaced(token=name, count=n, pool=where, why=why))]
    pool[token] = pool.get(token, 0) + n
    return [said(PoolTokensPlaced(token=name, count=n, pool=where, why=why, total=pool[token]))]


# Each Knight-state keyword effect's function (rules/effects.py): ``fn(cat, k, e, pool)`` -> the sentences and the
# Heat the Knight must still gain (Choke X; 0 for the others).
EFFECTS: Dispatch[Callable[[Catalogue, KnightState, Any, dict[str, int] | None], tuple[list[str], int]]] = Dispatch(
    "a Knight-state keyword effect")
EFFECTS.on(Choke)(lambda cat, k, e, pool: choke(cat, k, e.amount))
EFFECTS.on(Poison)(lambda cat, k, e, pool: (poison(cat, k, e.amount), 0))
EFFECTS.on(Toxify)(lambda cat, k, e, pool: (toxify(cat, k, e.amount), 0))
EFFECTS.on(Parasitize)(lambda cat, k, e, pool: (parasitize(cat, k, e.amount), 0))
EFFECTS.on(Fortify)(lambda cat, k, e, pool: (fortify(cat, k, e.amount), 0))
EFFECTS.on(Zeal)(lambda cat, k, e, pool: (zeal(cat, k, e.amount, pool), 0))
EFFECTS.on(Fleisch)(lambda cat, k, e, pool: (fleisch(e.amount, pool), 0))


def apply(cat: Catalogue, k: KnightState, e: KnightStateEffect, pool: dict[str, int] | None) -> tuple[list[str], int]:
    """Apply one Knight-state keyword effect (the dispatcher for the code that resolves card effects): the sentences,
    and the Heat the Knight must still gain (Choke X), which the caller raises its own way."""
    fn = EFFECTS.find(e)
    assert fn is not None, e  # KNIGHT_STATE_EFFECTS lists exactly these
    return fn(cat, k, e, pool)


def apply_now(cat: Catalogue, k: KnightState, e: KnightStateEffect, pool: dict[str, int] | None) -> list[str]:
    """``apply`` outside a Clash step (a Delve card, a command): the owed Heat is gained at once."""
    lines, heat = apply(cat, k, e, pool)
    return lines + (st.change_heat(cat, k, heat) if heat else [])


def second_window(cat: Catalogue, k: KnightState, keywords: Sequence[Keyword], pool: dict[str, int],
                  where: str = "Knight Pool") -> list[str]:
    """The second ability window's resource keywords of an Attack (the active weapon's and the Heroic Arc's): Zeal X
    on the Knight Board, Fleisch X in the Knight Pool. For rules/clash/power_roll.second_window to call."""
    zeal_x = sum(kw.value or 0 for kw in keywords if kw.name == "Zeal")
    fleisch_x = sum(kw.value or 0 for kw in keywords if kw.name == "Fleisch")
    return (zeal(cat, k, zeal_x, pool, where) if zeal_x else []) + (fleisch(fleisch_x, pool, where) if fleisch_x
                                                                     else [])


def status(cat: Catalogue, k: KnightState) -> list[str]:
    """What these keywords left on the Knight, for the text status: tokens on held Conditions, the Choke Limit,
    additional Vigor, Zeal on the board."""
    out = [f"{name}: {cond.tokens(cat, k, name)} token(s)" + (
        f" ({poison_counted(cat, k, name)} counted)" if name in (cond.POISONED, cond.TOXIFIED) else "")
        for name in (cond.POISONED, cond.TOXIFIED, cond.PARASITE) if cond.has(cat, k, name)]
    limit = cond.choke_limit(cat, k)
    if limit is not None:
        out.append(f"Choke Limit {limit}")
    if k.stats.additional_vigor:
        out.append(f"additional Vigor {k.stats.additional_vigor}")
    if k.board.resources.get(ZEAL):
        out.append(f"Zeal {k.board.resources[ZEAL]} on the Knight Board")
    return out
