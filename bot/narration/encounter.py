"""The words of an Encounter's facts (rules/delve/encounter_facts.py)."""

from __future__ import annotations

from bot.narration.registry import command, names, renders
from rules.delve.encounter_facts import (
    BackToTheDelveRound,
    DragonsRoar,
    EncounterAsks,
    EncounterResolved,
    KnightRoundWaits,
    PartialCountsAsSuccess,
    QuestEncounterEffects,
)

OUTCOMES = {"success": "**Success**", "partial": "**Partial Success**", "failure": "**Failure**"}


@renders(EncounterAsks)
def _asks(f: EncounterAsks) -> str:
    return (f"❓ {f.prompt} Answer with {command('/encounter choose option:<key>')}: "
            + "; ".join(f"{command(key)} {label}" for key, label in f.options))


@renders(KnightRoundWaits)
def _waits(f: KnightRoundWaits) -> str:
    pool = ", ".join(f"{n} {t.replace('_', ' ').title()}" for t, n in f.pool) or "empty"
    return (f"⚔️ Knight Round — still to act: {names(f.knights)}. Each performs an Attack Action "
            f"({command('/encounter attack weapon:<gear>')}) or a Help Action ({command('/encounter help')}). "
            f"Scrapes: {f.scrapes}; the Encounter Pool: {pool}.")


@renders(DragonsRoar)
def _roar(f: DragonsRoar) -> str:
    return "🐲 **Dragon's Roar**: Knight Positioning again, then the Monster Round again (only once)."


@renders(EncounterResolved)
def _resolved(f: EncounterResolved) -> str:
    bar = f"Success at {f.success_at}+" + (f", Partial Success at {f.partial_at}+" if f.partial_at is not None
                                           else "") + ", fewer: Failure"
    return f"🏁 Resolution: {f.scrapes} Scrape(s) — {OUTCOMES[f.outcome]} ({bar})."


@renders(PartialCountsAsSuccess)
def _partial(f: PartialCountsAsSuccess) -> str:
    return "For a Quest paragraph's Success/Fail effects, this Partial Success counts as a **Success**."


@renders(QuestEncounterEffects)
def _quest(f: QuestEncounterEffects) -> str:
    return f"📜 Quest Encounter: the paragraph's **{'Success' if f.success else 'Fail'}** effects apply."


@renders(BackToTheDelveRound)
def _back(f: BackToTheDelveRound) -> str:
    return (f"Back to the Delve round the Encounter interrupted: {command('/delve continue')} resolves its remaining "
            "steps.")
