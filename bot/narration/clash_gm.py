"""The words of the GM's adjustments during a Clash (rules/clash/gm_facts.py)."""

from __future__ import annotations

from bot.narration.registry import bold, renders, words
from rules.clash.gm_facts import GmDeckTop, GmKnightStat, GmMonsterNumber, GmWoundStack

MONSTER_NUMBERS = {"to_hit": "To Hit", "at_bonus": "AT bonus", "evasion_dice_bonus": "Evasion dice bonus",
                   "vigor_loss_bonus": "Vigor Loss bonus"}


@renders(GmDeckTop)
def _deck_top(f: GmDeckTop) -> str:
    where = "deck" if f.source == "deck" else "discard pile"
    moved = f"🛠️ GM: {f.card} (level {f.level}) goes from the {f.deck.upper()} {where} to "
    if f.under_ai_zero:
        return moved + "just under the unresolved AI 0 card, which stays on top."
    return moved + "the top of the deck."


@renders(GmKnightStat)
def _knight_stat(f: GmKnightStat) -> str:
    then = [x if isinstance(x, str) else words(x) for x in f.then]
    return (f"🛠️ GM sets {bold(f.knight)}'s {f.stat.capitalize()} to {f.value}: "
            + " ".join(t for t in then if t is not None))


@renders(GmWoundStack)
def _wound_stack(f: GmWoundStack) -> str:
    return f"🛠️ GM sets the Wound Stack from {f.before} to {f.after} Wound(s) of {f.needed}."


@renders(GmMonsterNumber)
def _monster_number(f: GmMonsterNumber) -> str:
    return f"🛠️ GM sets the Monster's {MONSTER_NUMBERS[f.what]} from {f.before} to {f.after}."
