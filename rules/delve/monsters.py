"""Encounter Monsters on the Kingdom: Monster Setup (the Bestiary at the Party Leader's tier, the Encounter Monster
deck drawn from the bottom, one token per district on the District Wheel), Rotation X, the tokens on the Kingdom
map (Hunt Spaces moving them, the Threat 7 spawn) and the meeting that makes an Encounter due.

The Encounter itself (rules/delve/encounter.py) reads ``DelveState.encounter_due`` (an Encounter Monster card id)
and, once it is over, calls :func:`encounter_over` (token removed, Rotation 1). Rulings: docs/rulings.md, "Encounter
Monsters".

The grid the tokens move on: every tile on the table (explored, revealed and face down). Two tiles are joined when
a path printed on a face-up tile (explored or revealed) leads from one to the other; the paths of a face-down tile
are not seen, so two face-down tiles never join. Each tile moved onto is one step, whatever its size or side.
Ties between shortest paths: the first step whose direction comes first in north, east, south, west (clockwise from
north), the order the bot already uses for "the tile adjacent to the Party marker".
"""

from __future__ import annotations

from content.schema.gear import Tier
from content.schema.kingdom import Kingdom, KingdomTile
from rules.coverage import implements
from rules.delve.state import DelveState, EncounterMonster
from rules.dice import Dice

T = "tests/delve/test_monster_tokens.py::"
Tiles = dict[str, KingdomTile]
ORDER = ("north", "east", "south", "west")


# -- Monster Setup -------------------------------------------------------------------------------------------


def set_aside(kingdom: Kingdom, tier: Tier) -> list[EncounterMonster]:
    """"For each Monster block whose Encounter Monster card is above the line you traced with the Bookmark ... take
    their Encounter Monster card of a matching level. If a Monster has no matching level, it is unavailable"."""
    row = next((r for r in kingdom.bestiary if r.tier == tier), None)
    out: list[EncounterMonster] = []
    for entry in row.monsters if row else []:
        card = next((c for c in kingdom.encounter_cards if c.monster == entry.monster and entry.level in c.levels()),
                    None)
        if card is not None:
            out.append(EncounterMonster(card=card.id, monster=card.monster, name=card.name, level=entry.level))
    return out


@implements(
    "Monster Setup",
    tests=[T + "test_monster_setup_reads_the_bestiary_at_the_leaders_tier",
           T + "test_monster_setup_draws_from_the_bottom_one_token_per_district",
           T + "test_fewer_monsters_than_districts_leave_districts_empty"],
)
def monster_setup(kingdom: Kingdom, delve: DelveState, tier: Tier, dice: Dice) -> tuple[DelveState, list[str]]:
    """The Bestiary at ``tier``; the cards set aside shuffled into the Encounter Monster deck; as many cards drawn
    from the bottom as the Kingdom has districts; each drawn Monster's token on a random district of the District
    Wheel (the districts shuffled, then given the cards in the order drawn; docs/rulings.md)."""
    aside = set_aside(kingdom, tier)
    if not aside:
        return delve.model_copy(update={"tier": tier}), [
            f"🐉 Monster Setup: the Bestiary of {kingdom.name} has no Monster at the {tier.capitalize()} tier; no "
            "Encounter Monster this Expedition."]
    by_card = {m.card: m for m in aside}
    deck = dice.shuffle(list(by_card))
    count = min(len(kingdom.districts), len(deck))
    drawn = list(reversed(deck))[:count]  # "be sure to draw from the bottom"
    rest = deck[: len(deck) - count]
    districts = dice.shuffle(list(kingdom.wheel))
    wheel = {districts[i]: card for i, card in enumerate(drawn)}
    wheel = {d: wheel[d] for d in kingdom.wheel if d in wheel}  # kept in wheel order
    delve = delve.model_copy(update={
        "tier": tier, "encounter_monsters": [by_card[c] for c in drawn], "encounter_deck": rest,
        "wheel_tokens": wheel, "map_tokens": {},
    })
    names = {d.id: d.name for d in kingdom.districts}
    shown = "; ".join(
        f"{names[d]}: **{by_card[c].name}** (level {by_card[c].level})" if c else f"{names[d]}: no Monster"
        for d, c in ((d, wheel.get(d)) for d in kingdom.wheel)
    )
    texts = [
        f"🐉 Monster Setup at the {tier.capitalize()} tier: {len(aside)} Encounter Monster card(s) set aside from the "
        f"Bestiary, shuffled, {len(drawn)} drawn from the bottom. District Wheel — {shown}."
    ]
    if len(drawn) < len(kingdom.districts):
        texts.append("Fewer Monsters than districts: a district with no token meets the Monster of the next token "
                     "clockwise on the District Wheel (docs/rulings.md).")
    return delve, texts


def monster(delve: DelveState, card: str) -> EncounterMonster:
    found = next((m for m in delve.encounter_monsters if m.card == card), None)
    if found is None:
        raise KeyError(card)
    return found


def name_of(delve: DelveState, kingdom: Kingdom, card: str) -> str:
    """The Monster's name for a card id, drawn at Monster Setup or not (a Quest may name another)."""
    found = next((m.name for m in delve.encounter_monsters if m.card == card), None)
    return found or next((c.name for c in kingdom.encounter_cards if c.id == card), card)


@implements(
    "Districts and the District Wheel",
    tests=[T + "test_threat_7_spawns_the_district_monster_next_to_the_party_after_the_others_move",
           T + "test_fewer_monsters_than_districts_leave_districts_empty"],
)
def district_monster(delve: DelveState, kingdom: Kingdom, district: str) -> str | None:
    """"whenever you meet a Monster, it will be the Monster whose token is in your district on the District Wheel";
    a district with no token: the next token clockwise (docs/rulings.md). None when the wheel is empty."""
    wheel = list(kingdom.wheel)
    if district not in wheel or not delve.wheel_tokens:
        return None
    start = wheel.index(district)
    for i in range(len(wheel)):
        card = delve.wheel_tokens.get(wheel[(start + i) % len(wheel)])
        if card is not None:
            return card
    return None


# -- Rotation X ----------------------------------------------------------------------------------------------


@implements(
    "Rotation X",
    tests=[T + "test_rotation_moves_every_wheel_token_clockwise",
           "tests/delve/test_rest.py::test_rest_discards_resources_lists_rest_techniques_and_shows_rotation_2"],
    note="Rotation 2 of the Rest Phase and Rotation 1 after an Encounter triggered by a token move the tokens the "
    "bot holds on the District Wheel",
)
def rotate(delve: DelveState, kingdom: Kingdom, amount: int) -> DelveState:
    """"Whenever the game instructs you to resolve a Rotation X, move all tokens on the wheel by indicated number of
    spaces clockwise." ``kingdom.wheel`` lists the districts clockwise."""
    wheel = list(kingdom.wheel)
    moved = {wheel[(wheel.index(d) + amount) % len(wheel)]: card for d, card in delve.wheel_tokens.items()}
    return delve.model_copy(update={"wheel_tokens": {d: moved[d] for d in wheel if d in moved}})


def wheel_text(delve: DelveState, kingdom: Kingdom) -> str:
    names = {d.id: d.name for d in kingdom.districts}
    return "; ".join(
        f"{names[d]}: {monster(delve, delve.wheel_tokens[d]).name if d in delve.wheel_tokens else 'no Monster'}"
        for d in kingdom.wheel
    )


# -- the grid of tiles ---------------------------------------------------------------------------------------


def neighbours(delve: DelveState, tiles: Tiles, tile_id: str) -> list[str]:
    """The tiles joined to ``tile_id`` on the table, north, east, south, west first: a path printed on a face-up tile
    (explored or revealed) joins two placed tiles; two face-down tiles do not join."""
    placed = set(delve.placed())
    face_up = set(delve.explored) | set(delve.revealed)
    out: list[tuple[int, str]] = []
    for path in tiles[tile_id].paths:
        if path.to in placed and (tile_id in face_up or path.to in face_up):
            out.append((ORDER.index(path.direction), path.to))
    return [t for _, t in sorted(out)]


def distances(delve: DelveState, tiles: Tiles, target: str) -> dict[str, int]:
    """Steps from each tile to ``target`` over the grid of tiles (breadth first)."""
    dist = {target: 0}
    queue = [target]
    while queue:
        here = queue.pop(0)
        for other in neighbours(delve, tiles, here):
            if other not in dist:
                dist[other] = dist[here] + 1
                queue.append(other)
    return dist


def route(delve: DelveState, tiles: Tiles, start: str, steps: int) -> list[str]:
    """The tiles a token on ``start`` moves onto, ``steps`` of them at most, toward the Party marker by the shortest
    path (ties: north, east, south, west). On another section of a disjointed map: "simply place it on the tile
    adjacent to the Party marker instead (even if that tile is unrevealed)"."""
    dist = distances(delve, tiles, delve.tile)
    if start not in dist:
        near = neighbours(delve, tiles, delve.tile)
        return [near[0] if near else delve.tile]
    out: list[str] = []
    here = start
    while len(out) < steps and dist[here] > 0:
        here = next(t for t in neighbours(delve, tiles, here) if dist.get(t) == dist[here] - 1)
        out.append(here)
    return out


# -- Hunt Spaces, the spawn, the meeting ------------------------------------------------------------------------


@implements(
    "Encounter Monsters Spawn and Movement",
    tests=[T + "test_a_hunt_space_moves_each_token_along_the_shortest_path",
           T + "test_two_moves_stop_on_the_party_tile_and_make_an_encounter_due",
           T + "test_ties_between_shortest_paths_go_north_east_south_west",
           T + "test_face_down_tiles_do_not_join_each_other",
           T + "test_a_token_on_another_section_lands_next_to_the_party",
           T + "test_threat_7_spawns_the_district_monster_next_to_the_party_after_the_others_move",
           T + "test_spawning_a_monster_already_on_the_map_moves_its_token",
           T + "test_hunt_space_on_a_tile_back_moves_tokens_at_step_d"],
)
def hunt(delve: DelveState, kingdom: Kingdom, tiles: Tiles, moves: int) -> tuple[DelveState, list[str]]:
    """"each Encounter Monster token on the Kingdom map (if there are any) moves toward the Party marker by the
    indicated number of tiles (1 tile, 2 tiles), via the shortest possible path"."""
    if not delve.map_tokens:
        return delve, []
    tokens = dict(delve.map_tokens)
    texts = []
    for card, start in delve.map_tokens.items():
        path = route(delve, tiles, start, moves)
        name = monster(delve, card).name
        if not path:
            texts.append(f"🐾 {name} stays on {start} (the party's tile).")
            continue
        tokens[card] = path[-1]
        reached = distances(delve, tiles, delve.tile)
        how = " → ".join([start, *path]) if start in reached else f"{start} ⇒ {path[-1]} (another section of the map)"
        texts.append(f"🐾 {name} moves {how}.")
    return delve.model_copy(update={"map_tokens": tokens}), texts


def spawn(delve: DelveState, kingdom: Kingdom, tiles: Tiles) -> tuple[DelveState, list[str]]:
    """"spawn an Encounter Monster token onto an adjacent Kingdom tile ... The Encounter Monster token should
    correspond to the Encounter Monster of your district, as per the District Wheel." "If ... that Monster is already
    on the map, remove its token from the current tile and spawn it on the new tile." The adjacent tile: the first
    north, east, south, west (docs/rulings.md)."""
    district = tiles[delve.tile].district
    card = district_monster(delve, kingdom, district)
    if card is None:
        return delve, ["👹 No Encounter Monster token is on the District Wheel: nothing spawns."]
    near = neighbours(delve, tiles, delve.tile)
    where = near[0] if near else delve.tile
    name = monster(delve, card).name
    texts = []
    if card in delve.map_tokens:
        texts.append(f"{name}'s token leaves {delve.map_tokens[card]} (a Monster is on the map only once).")
    tokens = {k: v for k, v in delve.map_tokens.items() if k != card}
    tokens[card] = where
    district_name = kingdom.district(district).name
    texts.append(f"👹 {name} — the Monster of {district_name} on the District Wheel — spawns on {where}.")
    return delve.model_copy(update={"map_tokens": tokens}), texts


@implements(
    "Encounter Monsters Spawn and Movement",
    tests=[T + "test_the_party_entering_a_token_tile_makes_an_encounter_due",
           T + "test_two_moves_stop_on_the_party_tile_and_make_an_encounter_due",
           T + "test_no_meeting_while_the_party_is_in_the_deep_fog"],
    note="the meeting of a token and the party makes the Encounter due (`encounter_due`) once the current step is "
    "resolved; the Encounter itself is /encounter",
)
def meet(delve: DelveState, kingdom: Kingdom) -> tuple[DelveState, list[str]]:
    """"If an Encounter Monster token moves onto the party's tile, or if the party moves onto an Encounter Monster
    token's tile, you have to resolve an Encounter". One at a time: a second token on the tile waits for the first
    Encounter to be over. None while the party is in the Deep Fog (it is not on a tile)."""
    if delve.fog is not None or delve.encounter_due is not None:
        return delve, []
    card = next((c for c, t in delve.map_tokens.items() if t == delve.tile), None)
    if card is None:
        return delve, []
    return due(delve, kingdom, card)


def due(delve: DelveState, kingdom: Kingdom, card: str) -> tuple[DelveState, list[str]]:
    m = monster(delve, card)
    delve = delve.model_copy(update={"encounter_due": card, "encounter_token": card, "encounter_cause": None})
    return delve, [f"⚔️ Encounter with {m.name}: /encounter start (level {m.level}, card {card}; its token is on "
                   f"{delve.tile}, the party's tile)."]


def resolve_due(delve: DelveState, kingdom: Kingdom, tiles: Tiles) -> tuple[DelveState, list[str]]:
    """Step d of the Kingdom Tile step ("Resolve Encounter Monster spawns and movement"), and at once when Threat
    moves outside it: every Hunt Space reached (in order), then the Threat 7 spawn, then the meeting check."""
    texts: list[str] = []
    hunts, spawning = list(delve.hunts_due), delve.spawn_due
    delve = delve.model_copy(update={"hunts_due": [], "spawn_due": False})
    for moves in hunts:
        delve, more = hunt(delve, kingdom, tiles, moves)
        texts += more
    if spawning:
        delve, more = spawn(delve, kingdom, tiles)
        texts += more
    delve, more = meet(delve, kingdom)
    return delve, texts + more


def encounter_over(delve: DelveState, kingdom: Kingdom) -> tuple[DelveState, list[str]]:
    """For the Encounter code, once the Resolution is done: "If the Encounter was triggered by an Encounter Monster
    token on your Kingdom tile, remove that miniature, then perform Rotation 1." Clears ``encounter_due`` and makes
    the next Encounter due if another token is on the party's tile."""
    texts: list[str] = []
    card = delve.encounter_token
    delve = delve.model_copy(update={"encounter_due": None, "encounter_token": None, "encounter_cause": None})
    if card is not None:
        tokens = {k: v for k, v in delve.map_tokens.items() if k != card}
        name = name_of(delve, kingdom, card)
        delve = rotate(delve.model_copy(update={"map_tokens": tokens}), kingdom, 1)
        texts.append(f"{name}'s token leaves the Kingdom map; Rotation 1 — District Wheel: "
                     f"{wheel_text(delve, kingdom)}.")
    delve, more = meet(delve, kingdom)
    return delve, texts + more


def settle_finished(delve: DelveState, kingdom: Kingdom) -> tuple[DelveState, list[str]]:
    """An Encounter triggered by a token whose ``encounter_due`` was cleared (by the Encounter code or the GM) without
    :func:`encounter_over`: its token is removed and Rotation 1 performed now, once."""
    if delve.encounter_due is None and delve.encounter_token is not None:
        return encounter_over(delve, kingdom)
    return delve, []


def place_token(delve: DelveState, card: str, tile: str | None) -> DelveState:
    """GM: put a Monster's map token on ``tile`` (None: off the map)."""
    tokens = {k: v for k, v in delve.map_tokens.items() if k != card}
    if tile is not None:
        tokens[card] = tile
    return delve.model_copy(update={"map_tokens": tokens})


def view(delve: DelveState, kingdom: Kingdom) -> dict[str, object]:
    """``data.monsters`` of every Delve reply."""
    def one(m: EncounterMonster) -> dict[str, object]:
        return {"card": m.card, "monster": m.monster, "name": m.name, "level": m.level,
                "tile": delve.map_tokens.get(m.card),
                "district": next((d for d, c in delve.wheel_tokens.items() if c == m.card), None)}

    return {
        "tier": delve.tier, "leader": delve.leader,
        "cards": [one(m) for m in delve.encounter_monsters],
        "wheel": {d: delve.wheel_tokens.get(d) for d in kingdom.wheel},
        "tokens": dict(delve.map_tokens),
        "encounter_due": delve.encounter_due,
        "deck_left": len(delve.encounter_deck),
    }
