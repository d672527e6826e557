"""The words of Escalation (rules/clash/escalation_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.clash.escalation_facts import (
    EscalationAllBp3,
    EscalationBonus,
    EscalationBpReplaced,
    EscalationCardLeaves,
    EscalationIgnored,
    EscalationMobReplaced,
    EscalationSetAsideBack,
    EscalationShuffledIn,
)

BONUSES = {"vigor_loss_per_hit": "+1 Vigor loss bonus per hit", "evasion_dice": "+1 Evasion die",
           "at": "+1 AT", "to_hit": "+1 To Hit"}
IGNORED = {"bp_nothing": "The BP deck has no card to escalate.",
           "bp_empty": "No BP card is left in the Escalation deck: the BP Escalation is ignored.",
           "mob_nothing": "No Mob is on the Mob track to escalate.",
           "bp3_empty": "No BP 3 card is left in the Escalation deck: the BP Escalation is ignored."}


@renders(EscalationBonus)
def _bonus(f: EscalationBonus) -> str:
    return f"No AI card is left to escalate: the Monster gains a permanent {BONUSES[f.bonus]}."


@renders(EscalationCardLeaves)
def _leaves(f: EscalationCardLeaves) -> str:
    if f.deck == "ai":
        tail = ", and the discard pile is shuffled back into the AI deck" if f.where == "discard" else ""
    else:
        tail = (", and the discard pile is shuffled into the BP deck" if f.where == "discard" else
                "; the discard pile stays as it is")
    return f"{f.deck.upper()} {f.level} card {f.card} leaves the Clash (from the {f.where}){tail}."


@renders(EscalationShuffledIn)
def _shuffled(f: EscalationShuffledIn) -> str:
    deck = f.deck.upper()
    if f.count is None:
        return f"{'An' if f.deck == 'ai' else 'A'} {deck} {f.level} card is shuffled into the {deck} deck."
    return f"{f.count} {deck} {f.level} card{'s' if f.count != 1 else ''} shuffled into the {deck} deck."


@renders(EscalationBpReplaced)
def _bp_replaced(f: EscalationBpReplaced) -> str:
    return f"BP {f.level} card {f.card} leaves the Clash; a BP {f.new_level} card is shuffled in."


@renders(EscalationMobReplaced)
def _mob_replaced(f: EscalationMobReplaced) -> str:
    return f"Mob {f.mob} ({f.card}, BP {f.level}) leaves the Clash; a BP {f.new_level} Mob takes its place."


@renders(EscalationIgnored)
def _ignored(f: EscalationIgnored) -> str:
    return IGNORED[f.why]


@renders(EscalationAllBp3)
def _all_bp3(f: EscalationAllBp3) -> str:
    return "Every BP card left is a BP 3: the BP discard pile is shuffled into the BP deck."


@renders(EscalationSetAsideBack)
def _set_aside(f: EscalationSetAsideBack) -> str:
    return f"The set-aside BP 3 card {f.card} goes to the bottom of the BP deck."
