"""The words of the Delve's facts (rules/delve/delve_facts.py)."""

from __future__ import annotations

from bot.narration.monsters import wheel
from bot.narration.registry import bold, name, renders
from rules.delve.delve_facts import (
    BacktrackExtra,
    BacktrackThroughToken,
    DelveBegins,
    DelveLeader,
    GenericTokenRemoved,
    GmAdjusted,
    GmEncounterCancelled,
    GmExplorationSet,
    GmHindering,
    GmRotation,
    GmToken,
    HinderingOnTile,
    MoreClues,
    NothingChanges,
    PanzergatePlaced,
    PartyBacktracks,
    PartyMoves,
    PartyPlaced,
    PointOfInterest,
    RoundGoesOn,
    RoundWaits,
    StartingTileRandom,
    TileRevealed,
    TileShownUnexplored,
)
from rules.delve.kingdom_map import GATES


@renders(DelveBegins)
def _begins(f: DelveBegins) -> str:
    return f"🏰 The Delve into {bold(f.kingdom)} begins. Threat, Curse and Time are set to 0."


@renders(PartyPlaced)
def _placed(f: PartyPlaced) -> str:
    return (f"The Party marker stands on {bold(f.tile)} ({f.tile_id}, {f.district}); "
            f"face down around it: {', '.join(f.placed) or 'nothing'}.")


@renders(PartyMoves)
def _moves(f: PartyMoves) -> str:
    how = {"explore": f"travels {f.direction}", "shortcut": "takes a Shortcut", "fog": "emerges from the Deep Fog"}
    return f"**Round {f.round}** — the party {how[f.how]} onto the {f.size.replace('_', ' ')} tile {f.tile_id}."


@renders(TileRevealed)
def _revealed(f: TileRevealed) -> str:
    return f"Revealed: {bold(f.tile)} ({f.district}). Placed face down: {', '.join(f.placed) or 'nothing new'}."


@renders(PointOfInterest)
def _poi(f: PointOfInterest) -> str:
    if f.modifier is not None:
        head = (f"📍 Point of Interest {f.poi} {f.modifier:+d} (PoI modifier of the top Exploration card) = "
                f"{f.key}")
    else:
        head = f"📍 Point of Interest: {f.poi}"
    if f.row is None:
        return f"{head}: no row of the table; nothing happens."
    return f"{head}: {bold(f.row)} — {f.text}"


@renders(PartyBacktracks)
def _backtracks(f: PartyBacktracks) -> str:
    n = len(f.through)
    return (f"**Round {f.round}** — the party Backtracks through {', '.join(f.through)} ({n} tile(s)): Time +1, "
            f"Threat +{n - 1}.")


@renders(TileShownUnexplored)
def _unexplored(f: TileShownUnexplored) -> str:
    return (f"Revealed {f.tile_id}: {bold(f.tile)}, still Unexplored (Generic token). Entering it resolves its back "
            f"first (Time +{f.time}, Threat {f.threat:+d}, {f.clues} Clue(s)).")


@renders(GenericTokenRemoved)
def _generic(f: GenericTokenRemoved) -> str:
    return "Its Generic token is removed (it was revealed, not explored)."


@renders(MoreClues)
def _more_clues(f: MoreClues) -> str:
    return f"🃏 {', '.join(f.cards)}: {f.extra} more Clue(s)."


@renders(BacktrackExtra)
def _backtrack_extra(f: BacktrackExtra) -> str:
    return f"🃏 A District card in play: Threat +{f.extra} more for the tiles it covers."


@renders(BacktrackThroughToken)
def _through_token(f: BacktrackThroughToken) -> str:
    return f"The party Backtracks through {f.tile}, where {f.monster}'s token stands."


WAITING = {"rest": "The rest of this round waits", "exploration_story": "The Exploration and Story steps of this round "
           "wait", "story": "The Story step of this round waits"}


@renders(RoundWaits)
def _waits(f: RoundWaits) -> str:
    if f.on == "choice":
        return f"{WAITING[f.steps]} for the party's choice: `/delve route`, then `/delve continue`."
    return f"{WAITING[f.steps]} for the Encounter: resolve it, then `/delve continue`."


@renders(PanzergatePlaced)
def _panzergate(f: PanzergatePlaced) -> str:
    return (f"🚧 {GATES[f.kind]}: a token is placed on the {f.direction} path of {f.tile} — the party "
            "cannot travel along it while it lies there (Encounter Monster tokens ignore it; the GM "
            f"removes it when an effect opens it: `/delve adjust hinder:{f.kind} tile:{f.tile_id} "
            f"side:{f.direction} remove:true`).")


@renders(HinderingOnTile)
def _hindering(f: HinderingOnTile) -> str:
    return (f"🚧 {GATES[f.kind]} on {f.tile}: resolve its consequences by hand (the effect that placed it says "
            "what they are).")


@renders(StartingTileRandom)
def _starting_random(f: StartingTileRandom) -> str:
    return f"The starting tile is chosen at random among {', '.join(f.tiles)}."


@renders(DelveLeader)
def _leader(f: DelveLeader) -> str:
    return f"Party Leader: {name(f.knight) if f.knight else 'no Knight yet'} ({f.tier.capitalize()} tier)."


@renders(RoundGoesOn)
def _goes_on(f: RoundGoesOn) -> str:
    if f.how == "continue":
        return "The round goes on with `/delve continue`."
    return "The round goes on where the Encounter interrupted it."


@renders(NothingChanges)
def _nothing(f: NothingChanges) -> str:
    return "Nothing changes."


@renders(GmAdjusted)
def _adjusted(f: GmAdjusted) -> str:
    shown = ", ".join(f"{k} {v}" for k, v in f.values)
    return f"🛠 GM adjustment of the Delve: {shown} (no rules applied)."


@renders(GmExplorationSet)
def _exploration_set(f: GmExplorationSet) -> str:
    return f"🛠 GM: the top {f.count} card(s) of the Exploration deck are set by the GM (announced to the table)."


@renders(GmHindering)
def _gm_hindering(f: GmHindering) -> str:
    where = f"{f.tile}" + (f" ({f.side} path)" if f.side else "")
    if f.removed:
        return f"🛠 GM: the {GATES[f.kind]} on {where} is removed."
    return f"🛠 GM: a {GATES[f.kind]} is placed on {where}."


@renders(GmToken)
def _gm_token(f: GmToken) -> str:
    return f"🛠 GM: {f.monster}'s token is {'on ' + f.tile if f.tile else 'off the map'}."


@renders(GmRotation)
def _gm_rotation(f: GmRotation) -> str:
    return f"🛠 GM: Rotation {f.amount} — District Wheel: {wheel(f.wheel)}."


@renders(GmEncounterCancelled)
def _gm_cancelled(f: GmEncounterCancelled) -> str:
    return (f"🛠 GM: the Encounter with {f.monster} is cancelled"
            + ("; its token leaves the map (no Rotation)." if f.token else " (no Rotation)."))
