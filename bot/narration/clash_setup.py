"""The words of a Clash's set-up and end (rules/clash/setup_facts.py)."""

from __future__ import annotations

from bot.narration import board
from bot.narration.registry import name, names, renders
from rules.clash.setup_facts import (
    BoardCleared,
    ClashEnded,
    ClashEndedUnfinished,
    Deployed,
    MassivePerilLeft,
    SetupActivations,
    SetupAiZero,
    SetupBpDeck,
    SetupDeadKnights,
    SetupDecks,
    SetupEscalations,
    SetupExhibitionWounds,
    SetupFlipTechniques,
    SetupInitiative,
    SetupKnights,
    SetupMobs,
    SetupMonsterPlaced,
    SetupRule,
    SetupTerrain,
    SetupTraits,
)

OUTCOMES = {"victory": "the Knights' victory", "defeat": "the Knights' defeat"}


@renders(SetupDecks)
def _decks(f: SetupDecks) -> str:
    return f"{f.monster}, level {f.level}, {f.clash_type} Clash: AI 1 deck of {f.ai} cards."


@renders(SetupBpDeck)
def _bp_deck(f: SetupBpDeck) -> str:
    return f"BP 1 deck of {f.cards} cards."


@renders(SetupMobs)
def _mobs(f: SetupMobs) -> str:
    return f"{f.count} Mobs on the Mob track."


@renders(SetupEscalations)
def _escalations(f: SetupEscalations) -> str:
    return f"Starting Escalation x{f.times}:"


@renders(SetupAiZero)
def _ai_zero(f: SetupAiZero) -> str:
    return "The AI 0 card is on top of the AI deck: it is resolved in the first Monster Round."


@renders(SetupActivations)
def _activations(f: SetupActivations) -> str:
    return f"Activation tokens: {', '.join(a.upper() if a == 'ai' else 'Signature' for a in f.tokens)}."


@renders(SetupExhibitionWounds)
def _exhibition(f: SetupExhibitionWounds) -> str:
    return f"{f.count} Generic Single Wounds start on the Wound Stack."


@renders(SetupInitiative)
def _initiative(f: SetupInitiative) -> str:
    if f.providence:
        return ("Wise Providence: the Knights have the initiative — this Clash begins with the Knight Round "
                "(/knight move, /knight attack, /knight end-turn).")
    return "The Clash begins with the Monster Round: /monster round."


@renders(SetupTerrain)
def _terrain(f: SetupTerrain) -> str:
    if not f.tiles:
        return "No Terrain tiles."
    return f"Terrain: {', '.join(f'{tile} on {space}' for tile, space in f.tiles)}."


@renders(SetupKnights)
def _knights(f: SetupKnights) -> str:
    if not f.knights:
        return "No Knights to place: create them with /knight create, then /clash place kind:knight."
    placed = ", ".join(f"{name(k)} on {space}" + (f" ({', '.join(kw)})" if kw else "") for k, space, kw in f.knights)
    return f"Knights: {placed}."


@renders(SetupDeadKnights)
def _dead(f: SetupDeadKnights) -> str:
    return f"Dead Knights do not take part: {names(f.knights)}."


@renders(SetupMonsterPlaced)
def _monster(f: SetupMonsterPlaced) -> str:
    return f"{f.monster} stands on {f.space}, facing {f.facing}."


@renders(SetupTraits)
def _traits(f: SetupTraits) -> str:
    return f"Traits: {', '.join(f.traits)}."


@renders(SetupRule)
def _rule(f: SetupRule) -> str:
    return f"Setup rule: {f.rule}"


@renders(SetupFlipTechniques)
def _flip(f: SetupFlipTechniques) -> str:
    return "Flip every Technique card to its Clash side; Knight statistics carry over from the Delve."


@renders(Deployed)
def _deployed(f: Deployed) -> str:
    if f.outcome == "none":
        return f"Deploy {f.x}: {name(f.knight)} has no space to move to."
    if f.outcome == "stays":
        return f"Deploy {f.x}: {name(f.knight)} stays on their starting space."
    return f"🚩 Deploy {f.x}: {name(f.knight)} moves to {f.space}. {board.told(f.then)}".rstrip()


@renders(ClashEnded)
def _ended(f: ClashEnded) -> str:
    outcome = OUTCOMES[f.outcome] if f.outcome else "ended by the GM"
    return (f"🏁 The Clash against {f.monster} (level {f.level}, {f.clash_type}) is over: {outcome}. "
            f"Wounds {f.wounds}/{f.needed}.")


@renders(MassivePerilLeft)
def _massive(f: MassivePerilLeft) -> str:
    return f"Massive Peril cards leave the Judicium deck: {', '.join(f.cards)}."


@renders(ClashEndedUnfinished)
def _unfinished(f: ClashEndedUnfinished) -> str:
    return ("The Clash was not over (no victory, no defeat): it just ends, without Clash Aftermath "
            "(`/knight expedition step:aftermath knight:\"...\"` runs one Knight's by hand).")


@renders(BoardCleared)
def _cleared(f: BoardCleared) -> str:
    return "The Clash Board is cleared."
