"""The words of the Rogue's Path (rules/rogue/facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, names, plural, renders
from content.schema.rosegraal import REWARD_NAMES, ROMAN, TIER_NAMES
from rules.rogue import facts as rf


def tier_name(level: int) -> str:
    """A node's tier: ``II – Vassal``."""
    return f"{ROMAN[level]} – {TIER_NAMES[level]}"


@renders(rf.RogueStarted)
def _started(f: rf.RogueStarted) -> str:
    return (f"🌹 The Rogue's Path begins on {f.rosegraal}: {len(f.knights)} Knights ({names(f.knights)}) gain "
            f"{f.gold} Gold each; the group gains {f.resurrections} resurrections. The S node is crossed out.")


@renders(rf.RogueOwnedAll)
def _owned_all(f: rf.RogueOwnedAll) -> str:
    return "Owned Monsters: every Monster of the loaded packs (/rogue owned changes the list)."


@renders(rf.RogueNextRound)
def _next(f: rf.RogueNextRound) -> str:
    return f"{'First' if f.first else 'Next'} Rosegraal Round: `/rogue node node:<id>` ({', '.join(f.nodes)})."


@renders(rf.RogueSquiresStay)
def _squires(f: rf.RogueSquiresStay) -> str:
    return ("The rulebook says: \"do not play with Squires, this mode is not for the faint of heart!\" — the Squires "
            "of this campaign stay, as a house rule.")


@renders(rf.RogueRoundStarted)
def _round(f: rf.RogueRoundStarted) -> str:
    return f"🌹 Rosegraal Round {f.round}: node {f.node} ({tier_name(f.level)}, {f.tables})."


@renders(rf.RogueReroll)
def _reroll(f: rf.RogueReroll) -> str:
    return f"Monster table roll {f.roll}: {f.monster}{'*' if f.asterisk else ''} (not owned, re-roll)"


@renders(rf.RogueMonsterRolled)
def _rolled(f: rf.RogueMonsterRolled) -> str:
    return (f"Monster table roll {f.roll}: **{f.monster}**, level {f.monster_level}. Tier for gated effects "
            f"(Techniques, Loot): {TIER_NAMES[f.level]}.")


@renders(rf.RogueOwned)
def _owned(f: rf.RogueOwned) -> str:
    return f"Owned Monsters: {', '.join(f.owned) or 'none'}."


@renders(rf.RogueOwnedUnknown)
def _unknown(f: rf.RogueOwnedUnknown) -> str:
    return f"{f.name}: owned, but no loaded pack defines it, so it counts as not owned until one does."


@renders(rf.RogueClaimed)
def _claimed(f: rf.RogueClaimed) -> str:
    return f"🎁 {name(f.knight)} claims {f.reward} ({REWARD_NAMES[f.kind]}, level {ROMAN[f.level]})."


@renders(rf.RogueRewardByHand)
def _by_hand(f: rf.RogueRewardByHand) -> str:
    return f"✋ By hand: {f.text}"


@renders(rf.RogueOutpost)
def _outpost(f: rf.RogueOutpost) -> str:
    return (f"🏰 Outpost Phase (Rosegraal Round {f.round}): resolve the Phase normally, but ignore options and "
            "activities that interact with the story, Kingdom map, Vision Phase, and Delve Phase.")


def round_record(f: rf.RogueRoundResolved) -> str:
    """A Rosegraal Round resolved, as one line (the reply's, and the round's record in ``RogueState.history``)."""
    result = {"won": "won.", "lost": "lost.", "not_won": "ended without a victory: it counts as not won."}[f.result]
    return (f"Rosegraal Round {f.round}, node {f.node} ({tier_name(f.level)}) against {f.monster} "
            f"(level {f.monster_level}): {result}")


@renders(rf.RogueRoundResolved)
def _resolved(f: rf.RogueRoundResolved) -> str:
    return f"🌹 {round_record(f)}"


@renders(rf.RogueKnightsDied)
def _died(f: rf.RogueKnightsDied) -> str:
    return f"Knights who died in this Clash: {names(f.knights)}."


@renders(rf.RogueResurrected)
def _resurrected(f: rf.RogueResurrected) -> str:
    return f"Resurrections spent: {len(f.knights)} ({names(f.knights)} back at full Vigor); {f.left} left."


@renders(rf.RogueStayDead)
def _stay_dead(f: rf.RogueStayDead) -> str:
    return f"No resurrection left for {names(f.knights)}: they stay dead."


@renders(rf.RogueNodeLost)
def _node_lost(f: rf.RogueNodeLost) -> str:
    return "No Rosegraal Rewards; the node is not crossed out: it may be tackled again, against a new random Monster."


@renders(rf.RoguePartyRefilled)
def _refilled(f: rf.RoguePartyRefilled) -> str:
    return (f"No resurrections left and the party is short of {f.short}: the Rosegraal brings it back to full "
            "strength.")


@renders(rf.RogueResurrectionsGained)
def _gained(f: rf.RogueResurrectionsGained) -> str:
    return f"Rosegraal Reward: +{f.gain} resurrection{plural(f.gain)} ({f.now} now)."


@renders(rf.RogueRewardsOwed)
def _owed(f: rf.RogueRewardsOwed) -> str:
    kinds = ", ".join(REWARD_NAMES[k] for k in f.kinds)
    return (f"Each participating Knight gains one {kinds} reward of level {ROMAN[f.level]} or lower: "
            "`/rogue claim knight:<name> reward:<id>` (each reward can be claimed only once).")


@renders(rf.RogueSigh)
def _sigh(f: rf.RogueSigh) -> str:
    if f.knight is None:
        return "Sigh of the Graal: every participating Knight already holds one (one at a time)."
    return f"Sigh of the Graal: {name(f.knight)} marks one on their Knight Sheet."


@renders(rf.RogueNodeCrossed)
def _crossed(f: rf.RogueNodeCrossed) -> str:
    return f"Node {f.node} is crossed out."


@renders(rf.RogueOver)
def _over(f: rf.RogueOver) -> str:
    if f.outcome == "won":
        return "🏆 The last node of the Rosegraal is crossed out: the Rogue's Path is won!"
    return "☠️ Every Knight is dead and no resurrection is left: the Rogue's Path is lost."
