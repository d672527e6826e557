"""The words of the Exploration step and the Delve's printed effects (rules/delve/exploration_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.delve.exploration_facts import (
    CipherRead,
    DelveAdventureByHand,
    DelveByHand,
    DelveEncounterByHand,
    DelveEncounterDue,
    DelveSaveByHand,
    DelveSaveRolled,
    DelveScavengeByHand,
    ExplorationDiscarded,
    ExplorationDrawn,
    ExplorationEnterCosts,
    ExplorationEnterSave,
    ExplorationGated,
    ExplorationInPlay,
    ExplorationNotPlaced,
    ExplorationReminder,
    ExplorationSpecialOnTop,
    ExplorationVigorShield,
)

BY_HAND = "(`/delve gain` for the Kingdom track, `/knight stat` for a Knight)"
KINDS = {"instant": "Instant", "district": "District", "active": "Active"}


@renders(DelveByHand)
def _by_hand(f: DelveByHand) -> str:
    return f"✋ By hand: {f.text} {BY_HAND}"


@renders(DelveAdventureByHand)
def _adventure_by_hand(f: DelveAdventureByHand) -> str:
    return "✋ By hand: a Kingdom Adventure is triggered — `/delve adventure`"


@renders(DelveScavengeByHand)
def _scavenge_by_hand(f: DelveScavengeByHand) -> str:
    return (f"✋ By hand: Scavenge {f.amount} — the players choose the Loot type: `/spoils scavenge "
            f"count:{f.amount} type:kingdom_gear|upgrade|consumable`")


@renders(DelveSaveByHand)
def _save_by_hand(f: DelveSaveByHand) -> str:
    name = f.track.capitalize()
    return (f"✋ By hand: perform a {name} Save ({name} Level {f.plus:+d}) — `/roll save kind:{f.track} "
            f"modifier:{f.plus}`; on a Fail: {', '.join(f.fail)} {BY_HAND}")


@renders(DelveSaveRolled)
def _save(f: DelveSaveRolled) -> str:
    name = f.track.capitalize()
    word = "Success" if f.success else "Fail"
    return (f"🎲 {name} Save ({name} {f.level} {f.plus:+d} = {f.difficulty}): d10 {f.natural} — {word} "
            "(not a test: no Heat re-roll).")


@renders(DelveEncounterDue)
def _encounter_due(f: DelveEncounterDue) -> str:
    how = " (an Ambush: `/encounter start ambush:true`)" if f.ambush else ""
    return f"⚔️ Encounter with {f.monster}, the Monster of your district: /encounter start{how}."


@renders(DelveEncounterByHand)
def _encounter_by_hand(f: DelveEncounterByHand) -> str:
    if f.why == "already_due":
        return "✋ By hand: an Encounter is already due; resolve this one after it (`/encounter start`)."
    return ("✋ By hand: resolve an Encounter (no Encounter Monster is on the party's district of the District "
            "Wheel) — `/encounter start`")


@renders(ExplorationDrawn)
def _drawn(f: ExplorationDrawn) -> str:
    special = "Special " if f.special else ""
    return f"🃏 Exploration ({special}{KINDS[f.kind]}): **{f.card}** — {f.text}"


@renders(ExplorationNotPlaced)
def _not_placed(f: ExplorationNotPlaced) -> str:
    if f.why == "no_district":
        return "✋ By hand: this District card names no district; place it on the Kingdom Sheet."
    if f.why == "district_taken":
        return (f"The District effect space of {f.district} already holds **{f.other}** (only one per District): "
                f"{f.card} is discarded.")
    return f"The Active Effect space already holds **{f.other}**: {f.card} is discarded instead."


@renders(ExplorationInPlay)
def _in_play(f: ExplorationInPlay) -> str:
    where = f"🏷️ {f.card} lingers in {f.district}" if f.district else f"📌 {f.card} takes the Active Effect space"
    end = {"used": "until it is used", "leave_district": "until the party leaves the district"}.get(f.until)
    if f.rounds:
        end = f"for the next {f.rounds} round(s)"
    applied = " — the bot applies it" if f.applied else " — apply it by hand " + BY_HAND
    tail = f" ({end}; `/delve discard card:{f.card_id}` ends it early)" if end else (
        f" (`/delve discard card:{f.card_id}` when its condition is met)")
    return where + applied + tail + "."


@renders(ExplorationGated)
def _gated(f: ExplorationGated) -> str:
    name = f.track.capitalize()
    if not f.triggers:
        return f"({name} {f.value} is below {f.at_least}: the additional effect does not trigger.)"
    return f"⚠️ {name} {f.value} (at least {f.at_least}): {f.text}"


@renders(ExplorationSpecialOnTop)
def _special(f: ExplorationSpecialOnTop) -> str:
    return f"✨ A Special Exploration card is on top of the deck: **{f.card}** is resolved too."


@renders(ExplorationEnterCosts)
def _enter_costs(f: ExplorationEnterCosts) -> str:
    return f"🃏 {', '.join(f.cards)}: entering {f.tile} costs Time +{f.time}, Threat +{f.threat} more."


@renders(ExplorationEnterSave)
def _enter_save(f: ExplorationEnterSave) -> str:
    return f"🃏 {f.card} (in play): entering {f.tile}."


@renders(ExplorationVigorShield)
def _shield(f: ExplorationVigorShield) -> str:
    return f"🃏 {f.card}: the Vigor loss is {f.less} less ({f.amount} → {f.left})."


@renders(ExplorationDiscarded)
def _discarded(f: ExplorationDiscarded) -> str:
    where = f.district or "the Active Effect space"
    why = {"": "", "rounds_over": " (its rounds are over)", "left_district": " (the party left its district)"}
    return f"🗑️ {f.card} leaves {where}: discarded.{why[f.why]}"


@renders(ExplorationReminder)
def _reminder(f: ExplorationReminder) -> str:
    how = "applied by the bot" if f.applied else f"apply it by hand {BY_HAND}"
    return f"🏷️ District effect in {f.district}: **{f.card}** — {f.text} ({how})"


@renders(CipherRead)
def _cipher(f: CipherRead) -> str:
    if not f.right:
        return f"❌ Cipher {f.code}: no such paragraph in the {f.kingdom} Codex — a wrong Cipher, +1 Threat."
    return f"🔐 Exploration Cipher {f.code} ({f.tile}): {f.text}"
