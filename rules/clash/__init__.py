"""The Clash's Monster side as pure functions: setup, decks, Escalation, the Wound Stack, the Mob track.

See docs/clash.md. Nothing here is wired to commands yet; ``ClashState`` is not part of CampaignState.
"""

from rules.clash.decks import ai_suppress, bp_suppress, discard_ai, draw_ai, draw_bp, fail_bp, resolve_ai_zero, suppress
from rules.clash.escalation import escalate, escalate_after_wound, escalate_deck, escalate_mob_after_wound
from rules.clash.mob_track import (
    finish_activation,
    next_activation,
    place_activation_tokens,
    ready_all,
    remove_mob,
    spawn,
)
from rules.clash.setup import board_placements, setup_clash
from rules.clash.state import ActivationToken, ClashState, MobSlot, PermanentBonuses, WoundCard
from rules.clash.wound_stack import additional_wounds, check_victory, heal, wound_boss, wound_mob

__all__ = [
    "ActivationToken", "ClashState", "MobSlot", "PermanentBonuses", "WoundCard", "additional_wounds", "ai_suppress",
    "board_placements", "bp_suppress", "check_victory", "discard_ai", "draw_ai", "draw_bp", "escalate",
    "escalate_after_wound", "escalate_deck", "escalate_mob_after_wound", "fail_bp", "finish_activation", "heal",
    "next_activation", "place_activation_tokens", "ready_all", "remove_mob", "resolve_ai_zero", "setup_clash",
    "spawn", "suppress", "wound_boss", "wound_mob",
]
