"""The words of an Encounter's facts (rules/delve/encounter_facts.py)."""

from __future__ import annotations

from bot.narration.registry import command, name, names, renders
from rules.delve.encounter_facts import (
    AmbushPositioning,
    BackToTheDelveRound,
    DragonsRoar,
    EncounterAsks,
    EncounterAttackDeclared,
    EncounterBegins,
    EncounterByHand,
    EncounterCleared,
    EncounterEndsLost,
    EncounterMoveByHand,
    EncounterPerilCheck,
    EncounterPoolTokens,
    EncounterPowerPool,
    EncounterPrintedEffect,
    EncounterResolved,
    EncounterStopped,
    EncounterTextByHand,
    FalsityByHand,
    GmKnightMoved,
    GmMonsterPlaced,
    HelpGiven,
    KnightInTheWay,
    KnightPlaced,
    KnightPositioningRolled,
    KnightRoundWaits,
    KnightSitsOut,
    MonsterPlaced,
    MonsterPositioning,
    MonsterRoundBegins,
    MonsterTargets,
    PartialCountsAsSuccess,
    QuestEncounterEffects,
    RoarAnswered,
    ScrapeDealt,
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


@renders(EncounterBegins)
def _begins(f: EncounterBegins) -> str:
    bar = f"Success at {f.success}+ Scrapes" + (
        f", Partial Success at {f.partial}+" if f.partial is not None else "") + ", fewer: Failure"
    whence = {"token": "its token met the party", "cause": f"{f.cause} called for it", "due": "it was due",
              "named": "as called for", "district": "the Monster of the party's district on the District Wheel"}
    return (f"⚔️ **{'Ambush! ' if f.ambush else ''}Encounter** with **{f.monster}** (level {f.level}, "
            f"{f.tier.capitalize()} tier; {whence[f.why]}) on {f.board}: To Hit {f.to_hit}, AT {f.at}, "
            f"{f.count} miniature(s); {bar}.")


@renders(EncounterByHand)
def _by_hand(f: EncounterByHand) -> str:
    return f"✋ {f.text} (by hand)"


@renders(AmbushPositioning)
def _ambush(f: AmbushPositioning) -> str:
    return ("Ambush: Knight Positioning first (no matching space: the Knight sits it out), then the Monster "
            "is placed to target the most Knights.")


@renders(GmKnightMoved)
def _gm_knight(f: GmKnightMoved) -> str:
    return f"🛠 GM: {name(f.knight)} is moved to {f.space} on the Encounter Board."


@renders(GmMonsterPlaced)
def _gm_monster(f: GmMonsterPlaced) -> str:
    return (f"🛠 GM: {f.monster} {f.number} now stands on {', '.join(f.cells)} facing {f.facing}, "
            f"targeting {', '.join(f.targets) or 'no space'}.")


@renders(EncounterStopped)
def _stopped(f: EncounterStopped) -> str:
    return (f"🛠 GM: the Encounter with {f.monster} stops without its Resolution (what happened so far stays)."
            + (" It is still due: `/encounter start` begins it again; `/delve adjust "
               "clear_encounter:true` cancels it." if f.still_due else ""))


def _mark(mark: str | None) -> str:
    return mark if mark is not None else "Hope (ignored)"


@renders(EncounterEndsLost)
def _ends_lost(f: EncounterEndsLost) -> str:
    return "The Expedition is lost: the Encounter ends with it."


@renders(MonsterPositioning)
def _monster_positioning(f: MonsterPositioning) -> str:
    how = {"mob": f"one d6 per miniature ({f.count})", "two_dice": "two d6", "dragon": "one d6 (a Dragon)"}
    return f"🎲 Monster Positioning, {how[f.placing]}: " + ", ".join(_mark(m) for m in f.marks) + "."


@renders(MonsterPlaced)
def _monster_placed(f: MonsterPlaced) -> str:
    number = f" {f.number}" if f.number is not None else ""
    return (f"{f.monster}{number} stands on {', '.join(f.cells)} facing {f.facing} ({f.why}), targeting "
            f"{', '.join(f.targets) or 'no space'}.")


@renders(KnightInTheWay)
def _in_the_way(f: KnightInTheWay) -> str:
    return (f"{name(f.knight)} is in the way: removed from the Encounter, they suffer the Attack effect and do not "
            "fight.")


@renders(KnightPositioningRolled)
def _knight_positioning(f: KnightPositioningRolled) -> str:
    return "🎲 Knight Positioning: " + ", ".join(f"{name(k)} {_mark(m)}" for k, m in f.rolls) + "."


@renders(KnightPlaced)
def _knight_placed(f: KnightPlaced) -> str:
    if f.only:
        return f"{name(f.knight)} takes the only free {f.symbol} space, {f.space}."
    return f"{name(f.knight)} stands on {f.space}."


@renders(KnightSitsOut)
def _sits_out(f: KnightSitsOut) -> str:
    if f.chosen:
        return f"{name(f.knight)} is removed from the Encounter."
    what = f"no free {f.symbol} space" if f.symbol else "a Hope face, no symbol"
    if f.ambush:
        return f"{name(f.knight)}: {what} — removed from the Encounter (they sit it out)."
    return f"{name(f.knight)}: {what} and no free space the Monsters target — removed from the Encounter."


@renders(RoarAnswered)
def _roar(f: RoarAnswered) -> str:
    return f"Dragon's Roar: {names(f.moving) or 'nobody'} moves; {names(f.staying) or 'nobody'} stays."


@renders(MonsterRoundBegins)
def _monster_round(f: MonsterRoundBegins) -> str:
    again = " (again: Dragon's Roar)" if f.again else ""
    return f"👹 Monster Round{again} — {f.text}"


@renders(MonsterTargets)
def _targets(f: MonsterTargets) -> str:
    label = f"{f.monster}{f' {f.number}' if f.number is not None else ''}"
    if not f.hit:
        return f"{label} targets {', '.join(f.targets) or 'no space'}: no Knight there."
    return f"{label} attacks {names(f.hit)}."


@renders(EncounterCleared)
def _cleared(f: EncounterCleared) -> str:
    return "Back to the Phase the Encounter interrupted." if f.back else "The Encounter components are cleared."


def pool(tokens: list[tuple[str, int]]) -> str:
    """The Encounter Pool: "1 Opening, 2 Break" (empty: "empty")."""
    return ", ".join(f"{n} {t.replace('_', ' ').title()}" for t, n in tokens if n) or "empty"


@renders(HelpGiven)
def _help(f: HelpGiven) -> str:
    placed = ", ".join(x for x in (f"{f.opening} Opening" if f.opening else "", f"{f.breaks} Break" if f.breaks else "")
                       if x)
    where = f"{f.space} ({f.mark})"
    if placed:
        return f"🤝 {name(f.knight)} Helps on {where}: {placed} token(s) into the Encounter Pool ({pool(f.pool)})."
    return f"🤝 {name(f.knight)} Helps on {where}: no Opening or Break symbol there — nothing is placed."


@renders(EncounterAttackDeclared)
def _declared(f: EncounterAttackDeclared) -> str:
    number = f" {f.number}" if f.number is not None else ""
    return f"⚔️ {name(f.knight)} declares an Attack on {f.monster}{number}; active weapon: the {f.weapon} ({f.reach})."


@renders(FalsityByHand)
def _falsity(f: FalsityByHand) -> str:
    return (f"✋ Falsity ({f.weapon}, by hand): you may re-roll your Crit die without gaining Heat; Zeal 1 "
            "if it was already a hit.")


@renders(EncounterPowerPool)
def _power_pool(f: EncounterPowerPool) -> str:
    dice = ", ".join(f"{n} {c}" for c, n in (("red", f.red), ("black", f.black), ("white", f.white)) if n)
    return f"Power Pool: {'; '.join(f.parts)} → {dice or 'no dice'}" + (f" + {f.raw} Power" if f.raw else "") + "."


@renders(ScrapeDealt)
def _scrape(f: ScrapeDealt) -> str:
    if f.critical_used:
        return "The Critical was already resolved in this Encounter: only once per Encounter for the whole party."
    if not f.scrapes:
        return "A Crit Chance without a Scrape is no Critical."
    return f"🩸 A Scrape token goes on the Encounter Monster card ({f.scrapes} Scrape(s))."


@renders(EncounterPrintedEffect)
def _printed(f: EncounterPrintedEffect) -> str:
    return f"✋ {f.source} (apply by hand): {f.text}" if f.by_hand else f"{f.source}: {f.text}"


@renders(EncounterPoolTokens)
def _pool_tokens(f: EncounterPoolTokens) -> str:
    return f"Encounter Pool: +{f.amount} {f.token.replace('_', ' ').title()} token(s)."


@renders(EncounterPerilCheck)
def _peril(f: EncounterPerilCheck) -> str:
    return "Peril Check: no Mortis card is drawn during an Encounter (only a Judicium at 0 Vigor)."


@renders(EncounterMoveByHand)
def _move(f: EncounterMoveByHand) -> str:
    return (f"✋ By hand: {f.what} on {names(f.knights) or 'nobody'} — move the miniature on the Encounter Board with "
            "`/encounter place kind:knight name:<Knight> space:<space>`.")


@renders(EncounterTextByHand)
def _text(f: EncounterTextByHand) -> str:
    return f"✋ By hand: {f.text}"
