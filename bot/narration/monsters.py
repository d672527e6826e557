"""The words of the Encounter Monsters on the Kingdom map and the District Wheel (rules/delve/monster_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.delve.monster_facts import (
    FewerMonsters,
    MonsterSetup,
    NothingSpawns,
    TokenChoiceAsked,
    TokenLeaves,
    TokenLifted,
    TokenMet,
    TokenMoved,
    TokenSpawned,
    WheelSpace,
)


def wheel(spaces: list[WheelSpace], levels: bool = False) -> str:
    """The District Wheel: "Saltmere Docks: Drowned Abbot; Bellwold: no Monster" (with levels: bold names)."""
    def one(s: WheelSpace) -> str:
        if not s.monster:
            return f"{s.district}: no Monster"
        return f"{s.district}: **{s.monster}** (level {s.level})" if levels else f"{s.district}: {s.monster}"
    return "; ".join(one(s) for s in spaces)


@renders(MonsterSetup)
def _setup(f: MonsterSetup) -> str:
    where = {"legendary": "the Legendary row",
             "first_box": f"no marked box: the first box of the {f.tier.capitalize()} tier's Chapter ({f.box})",
             "lowest_marked": f"the lowest marked box ({f.box})"}[f.how]
    if not f.aside:
        return (f"🐉 Monster Setup: the Bestiary of {f.kingdom} read at {where} has no Monster; no Encounter Monster "
                "this Expedition.")
    return (f"🐉 Monster Setup at the {f.tier.capitalize()} tier, the Bestiary read at {where}: {f.aside} Encounter "
            f"Monster card(s) set aside, shuffled, {f.drawn} drawn from the bottom. District Wheel — "
            f"{wheel(f.wheel, levels=True)}.")


@renders(FewerMonsters)
def _fewer(f: FewerMonsters) -> str:
    return ("Fewer Monsters than districts: a district with no token meets the Monster of the next token "
            "clockwise on the District Wheel (docs/rulings.md).")


@renders(TokenMoved)
def _moved(f: TokenMoved) -> str:
    if f.how == "jump":
        return f"🐾 {f.monster} moves {f.path[0]} ⇒ {f.path[-1]} (another section of the map)."
    if f.how == "stays":
        return f"🐾 {f.monster} stays on {f.path[0]} (the party's tile)."
    if f.how == "chosen":
        return f"🐾 The party chooses: {f.monster} moves {f.path[0]} → {f.path[-1]}."
    return f"🐾 {f.monster} moves {' → '.join(f.path)}."


@renders(TokenChoiceAsked)
def _choice(f: TokenChoiceAsked) -> str:
    tiles = ", ".join(f.tiles)
    if f.why == "land":
        return (f"🐾 {f.monster} on {f.at} (another section of the map) is placed next to the Party marker: "
                f"the party chooses the tile ({tiles}) — `/delve route`.")
    if f.why == "tie":
        return (f"🐾 {f.monster} on {f.at}: two shortest paths toward the party tie ({tiles}); the party "
                "chooses — `/delve route`.")
    return (f"👹 {f.monster} — the Monster of {f.district} on the District Wheel — spawns onto an adjacent tile: the "
            f"party chooses which ({tiles}) — `/delve route`.")


@renders(NothingSpawns)
def _nothing(f: NothingSpawns) -> str:
    return "👹 No Encounter Monster token is on the District Wheel: nothing spawns."


@renders(TokenLifted)
def _lifted(f: TokenLifted) -> str:
    return f"{f.monster}'s token leaves {f.tile} (a Monster is on the map only once)."


@renders(TokenSpawned)
def _spawned(f: TokenSpawned) -> str:
    what = f"the Monster of {f.district} on the District Wheel" if f.district else "chosen by the party"
    return f"👹 {f.monster} — {what} — spawns on {f.tile}."


@renders(TokenMet)
def _met(f: TokenMet) -> str:
    return (f"⚔️ Encounter with {f.monster}: /encounter start (level {f.level}, card {f.card}; its token is on "
            f"{f.tile}, the party's tile).")


@renders(TokenLeaves)
def _leaves(f: TokenLeaves) -> str:
    return f"{f.monster}'s token leaves the Kingdom map; Rotation 1 — District Wheel: {wheel(f.wheel)}."
