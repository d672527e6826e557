"""Encounter Monsters on the Kingdom: Monster Setup (the Bestiary at the Party Leader's lowest marked box, the
Encounter Monster deck drawn from the bottom, one token per district on the District Wheel), Rotation X, the tokens
on the Kingdom map (Hunt Spaces moving them, the Threat 7 spawn) and the meeting that makes an Encounter due.

The Encounter itself (rules/delve/encounter.py) reads ``DelveState.encounter_due`` (an Encounter Monster card id)
and, once it is over, calls :func:`encounter_over` (token removed, Rotation 1). Rulings: docs/rulings.md, "Encounter
Monsters".

The grid the tokens move on: every tile on the table (explored, revealed and face down). Two tiles are joined when
a path printed on a face-up tile (explored or revealed) leads from one to the other; the paths of a face-down tile
are not seen, so two face-down tiles never join. Each tile moved onto is one step, whatever its size or side.
Ties between shortest paths, the tile next to the Party marker for a token on another section and the spawn's adjacent
tile: the rulebook names no tiebreak, so the party chooses (``token_choice``, answered with ``/delve route``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal

from content.schema.encounters import BestiaryEntry
from content.schema.gear import Tier
from content.schema.kingdom import TALE_BOXES, BestiaryLine, Kingdom, KingdomTile
from rules.coverage import implements
from rules.decision_ids import Counted, decision_id
from rules.delve import monster_facts as mf
from rules.delve.state import DelveState, EncounterMonster, TokenChoice
from rules.dice import Dice
from rules.engine import Decision
from rules.errors import RuleError
from rules.facts import said
from rules.knights.state import Sheet

T = "tests/delve/test_monster_tokens.py::"
Tiles = dict[str, KingdomTile]
ORDER = ("north", "east", "south", "west")
ROUTE_ANSWER = "delve route"  # the command answering a token choice (decision:<id> option:<tile>)


# -- Monster Setup -------------------------------------------------------------------------------------------


TIERS: tuple[Tier, ...] = ("mob", "vassal", "king", "devil", "dragon")


def box_name(index: int) -> str:
    """"Chapter 2, Investigation 1" for a Tale box index (0 = Chapter 1's Quest)."""
    chapter, box = divmod(index, len(TALE_BOXES))
    return f"Chapter {chapter + 1}, " + ("Quest" if box == 0 else f"Investigation {box}")


def lowest_marked_box(sheet: Sheet) -> int | None:
    """"Find the lowest marked box on the Sheet": the index of the last marked box of Your Tale, top to bottom (each
    Chapter: its Quest, then its three Investigations; an Investigation's success box sits on its row). None when no
    box is marked."""
    found: int | None = None
    for c, chapter in enumerate(sheet.tale):
        marks = [chapter.quest, *(i.resolved or i.success for i in chapter.investigations)]
        for b, marked in enumerate(marks):
            if marked:
                found = c * len(TALE_BOXES) + b
    return found


def bestiary_lines(kingdom: Kingdom) -> list[BestiaryLine]:
    """The Kingdom's Bestiary as lines per Tale box, top to bottom: ``bestiary_lines`` when given, else the older
    per-tier rows, each holding from the first box (the Quest) of its tier's Chapter."""
    if kingdom.bestiary_lines:
        return sorted(kingdom.bestiary_lines, key=lambda line: line.index())
    return sorted((BestiaryLine(chapter=TIERS.index(r.tier) + 1, monsters=list(r.monsters))
                   for r in kingdom.bestiary if r.tier in TIERS), key=lambda line: line.index())


BestiaryRead = tuple[Literal["legendary", "first_box", "lowest_marked"], str]


def read_bestiary(kingdom: Kingdom, tier: Tier, box: int | None) -> tuple[list[BestiaryEntry], BestiaryRead]:
    """The Monster blocks the line crosses and where it was traced from (how, and the box's name). ``box``: the Party
    Leader's lowest marked box; None (no box marked) traces from the first box of the Chapter of their tier ("the
    Chapters correspond to the difficulty tiers"). The Legendary tier (past the whole Tale) reads the Legendary row if
    the Kingdom has one."""
    if tier == "legendary":
        row = next((r for r in kingdom.bestiary if r.tier == "legendary"), None)
        if row is not None:
            return list(row.monsters), ("legendary", "")
    if box is None:
        box = TIERS.index(tier) * len(TALE_BOXES) if tier in TIERS else len(TIERS) * len(TALE_BOXES) - 1
        where: BestiaryRead = ("first_box", box_name(box))
    else:
        where = ("lowest_marked", box_name(box))
    lines = [line for line in bestiary_lines(kingdom) if line.index() <= box]
    return (list(lines[-1].monsters) if lines else []), where


def set_aside(kingdom: Kingdom, tier: Tier, box: int | None = None) -> list[EncounterMonster]:
    """"For each Monster block whose Encounter Monster card is above the line you traced with the Bookmark ... take
    their Encounter Monster card of a matching level. If a Monster has no matching level, it is unavailable"."""
    entries, _ = read_bestiary(kingdom, tier, box)
    out: list[EncounterMonster] = []
    for entry in entries:
        card = next((c for c in kingdom.encounter_cards if c.monster == entry.monster and entry.level in c.levels()),
                    None)
        if card is not None:
            out.append(EncounterMonster(card=card.id, monster=card.monster, name=card.name, level=entry.level))
    return out


@implements(
    "Monster Setup",
    tests=[T + "test_monster_setup_reads_the_bestiary_at_the_leaders_tier",
           T + "test_monster_setup_reads_the_bestiary_at_the_lowest_marked_box",
           T + "test_monster_setup_draws_from_the_bottom_one_token_per_district",
           T + "test_fewer_monsters_than_districts_leave_districts_empty"],
)
def monster_setup(kingdom: Kingdom, delve: DelveState, tier: Tier, dice: Dice,
                  box: int | None = None) -> tuple[DelveState, list[str]]:
    """The Bestiary at the Party Leader's lowest marked box (``box``; None: the first box of ``tier``'s Chapter);
    the cards set aside shuffled into the Encounter Monster deck; as many cards drawn from the bottom as the Kingdom
    has districts; each drawn Monster's token on a random district of the District Wheel (the districts shuffled,
    then given the cards in the order drawn; docs/rulings.md)."""
    aside = set_aside(kingdom, tier, box)
    _, where = read_bestiary(kingdom, tier, box)
    delve = delve.model_copy(update={"tier": tier, "bestiary_box": box_name(box) if box is not None else None})
    if not aside:
        return delve, [said(mf.MonsterSetup(kingdom=kingdom.name, tier=tier, how=where[0], box=where[1], aside=0))]
    by_card = {m.card: m for m in aside}
    deck = dice.shuffle(list(by_card))
    count = min(len(kingdom.districts), len(deck))
    drawn = list(reversed(deck))[:count]  # "be sure to draw from the bottom"
    rest = deck[: len(deck) - count]
    districts = dice.shuffle(list(kingdom.wheel))
    wheel = {districts[i]: card for i, card in enumerate(drawn)}
    wheel = {d: wheel[d] for d in kingdom.wheel if d in wheel}  # kept in wheel order
    delve = delve.model_copy(update={
        "encounter_monsters": [by_card[c] for c in drawn], "encounter_deck": rest,
        "wheel_tokens": wheel, "map_tokens": {},
    })
    names = {d.id: d.name for d in kingdom.districts}
    shown = [mf.WheelSpace(district=names[d], monster=by_card[c].name, level=by_card[c].level) if c
             else mf.WheelSpace(district=names[d]) for d, c in ((d, wheel.get(d)) for d in kingdom.wheel)]
    texts = [said(mf.MonsterSetup(kingdom=kingdom.name, tier=tier, how=where[0], box=where[1], aside=len(aside),
                                  drawn=len(drawn), wheel=shown))]
    if len(drawn) < len(kingdom.districts):
        texts.append(said(mf.FewerMonsters()))
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


def rotate(delve: DelveState, kingdom: Kingdom, amount: int) -> DelveState:
    """"Whenever the game instructs you to resolve a Rotation X, move all tokens on the wheel by indicated number of
    spaces clockwise." ``kingdom.wheel`` lists the districts clockwise."""
    wheel = list(kingdom.wheel)
    moved = {wheel[(wheel.index(d) + amount) % len(wheel)]: card for d, card in delve.wheel_tokens.items()}
    return delve.model_copy(update={"wheel_tokens": {d: moved[d] for d in wheel if d in moved}})


def wheel_spaces(delve: DelveState, kingdom: Kingdom) -> list[mf.WheelSpace]:
    """The District Wheel clockwise, each district with the Monster whose token is on it."""
    names = {d.id: d.name for d in kingdom.districts}
    return [mf.WheelSpace(district=names[d], monster=monster(delve, delve.wheel_tokens[d]).name
                          if d in delve.wheel_tokens else "") for d in kingdom.wheel]


def wheel_text(delve: DelveState, kingdom: Kingdom) -> str:
    """The District Wheel as the Rest Phase's ``rotation`` data shows it (its ``text``)."""
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
    path, up to the first tie (two shortest paths: the party chooses, :func:`advance`). On another section of a
    disjointed map: "simply place it on the tile adjacent to the Party marker instead (even if that tile is
    unrevealed)" (the only adjacent tile; several: the party chooses)."""
    dist = distances(delve, tiles, delve.tile)
    if start not in dist:
        near = neighbours(delve, tiles, delve.tile)
        return [near[0]] if len(near) == 1 else [] if near else [delve.tile]
    out: list[str] = []
    here = start
    while len(out) < steps and dist[here] > 0:
        nxt = next_steps(delve, tiles, dist, here)
        if len(nxt) > 1:
            break
        here = nxt[0]
        out.append(here)
    return out


def next_steps(delve: DelveState, tiles: Tiles, dist: dict[str, int], here: str) -> list[str]:
    """The tiles one step nearer the Party marker from ``here``: more than one when shortest paths tie."""
    return [t for t in neighbours(delve, tiles, here) if dist.get(t) == dist[here] - 1]


ChoiceKind = Literal["step", "land", "spawn"]
Tie = tuple[ChoiceKind, list[str], int]  # kind ("step" or "land"), the tiles to choose from, steps left after it


def advance(delve: DelveState, tiles: Tiles, card: str, steps: int) -> tuple[DelveState, list[str], Tie | None]:
    """One token moves ``steps`` tiles toward the Party marker "via the shortest possible path"; it stops where two
    shortest paths tie (the rulebook gives no tiebreak on the Kingdom map: the party chooses, docs/rulings.md) and
    returns the tie."""
    start = delve.map_tokens[card]
    name = monster(delve, card).name
    dist = distances(delve, tiles, delve.tile)
    if start not in dist:  # another section of a disjointed map
        near = neighbours(delve, tiles, delve.tile)
        if len(near) > 1:
            return delve, [said(mf.TokenChoiceAsked(monster=name, why="land", tiles=near, at=start))], (
                "land", near, 0)
        to = near[0] if near else delve.tile
        tokens = {**delve.map_tokens, card: to}
        return delve.model_copy(update={"map_tokens": tokens}), [
            said(mf.TokenMoved(monster=name, how="jump", path=[start, to]))], None
    path: list[str] = []
    here = start
    tie: Tie | None = None
    while len(path) < steps and dist[here] > 0:
        nxt = next_steps(delve, tiles, dist, here)
        if len(nxt) > 1:
            tie = ("step", nxt, steps - len(path) - 1)
            break
        here = nxt[0]
        path.append(here)
    texts: list[str] = []
    if path:
        texts.append(said(mf.TokenMoved(monster=name, how="path", path=[start, *path])))
    elif tie is None:
        texts.append(said(mf.TokenMoved(monster=name, how="stays", path=[start])))
    if tie is not None:
        texts.append(said(mf.TokenChoiceAsked(monster=name, why="tie", tiles=tie[1], at=here)))
    return delve.model_copy(update={"map_tokens": {**delve.map_tokens, card: here}}), texts, tie


Ids = Callable[[int], str]  # a token choice's id, given how many this Delve asked before (:func:`route_ids`)


def route_ids(state: Counted) -> Ids:
    """The ids of the token choices asked in this campaign (rules/decision_ids.py): ``route<n>``."""
    return lambda asked: decision_id(state, "route", asked)


def ask(delve: DelveState, kind: ChoiceKind, card: str, options: list[str], *, at: str | None, ids: Ids,
        steps: int = 0, moves: int = 0, after: list[str] | None = None) -> DelveState:
    """Store the token choice for the party (:class:`TokenChoice`, answered by :func:`choose`)."""
    n = delve.token_choices + 1
    choice = TokenChoice(id=ids(delve.token_choices), kind=kind, card=card, at=at, options=options, steps=steps,
                         moves=moves, after=list(after or []))
    return delve.model_copy(update={"token_choice": choice, "token_choices": n})


# -- Hunt Spaces, the spawn, the meeting ------------------------------------------------------------------------


@implements(
    "Encounter Monsters Spawn and Movement",
    tests=[T + "test_a_hunt_space_moves_each_token_along_the_shortest_path",
           T + "test_two_moves_stop_on_the_party_tile_and_make_an_encounter_due",
           T + "test_ties_between_shortest_paths_are_the_partys_choice",
           T + "test_a_tie_asked_at_step_d_waits_and_the_round_continues",
           T + "test_face_down_tiles_do_not_join_each_other",
           T + "test_a_token_on_another_section_lands_next_to_the_party",
           T + "test_threat_7_spawns_the_district_monster_next_to_the_party_after_the_others_move",
           T + "test_spawning_a_monster_already_on_the_map_moves_its_token",
           T + "test_hunt_space_on_a_tile_back_moves_tokens_at_step_d"],
)
def hunt(delve: DelveState, kingdom: Kingdom, tiles: Tiles, moves: int, cards: list[str] | None = None, *,
         ids: Ids) -> tuple[DelveState, list[str]]:
    """"each Encounter Monster token on the Kingdom map (if there are any) moves toward the Party marker by the
    indicated number of tiles (1 tile, 2 tiles), via the shortest possible path". ``cards``: the tokens still to
    move (a Hunt resumed after a choice). Stops at a tie: ``token_choice`` is set and the rest wait for it."""
    queue = list(delve.map_tokens) if cards is None else [c for c in cards if c in delve.map_tokens]
    texts: list[str] = []
    for i, card in enumerate(queue):
        delve, more, tie = advance(delve, tiles, card, moves)
        texts += more
        if tie is not None:
            kind, options, steps = tie
            return ask(delve, kind, card, options, at=delve.map_tokens[card], ids=ids, steps=steps, moves=moves,
                       after=queue[i + 1:]), texts
    return delve, texts


def spawn(delve: DelveState, kingdom: Kingdom, tiles: Tiles, *, ids: Ids) -> tuple[DelveState, list[str]]:
    """"spawn an Encounter Monster token onto an adjacent Kingdom tile ... The Encounter Monster token should
    correspond to the Encounter Monster of your district, as per the District Wheel." "If ... that Monster is already
    on the map, remove its token from the current tile and spawn it on the new tile." The adjacent tile: the only
    one, else the party's choice (``token_choice``, docs/rulings.md)."""
    district = tiles[delve.tile].district
    card = district_monster(delve, kingdom, district)
    if card is None:
        return delve, [said(mf.NothingSpawns())]
    near = neighbours(delve, tiles, delve.tile)
    name = monster(delve, card).name
    district_name = kingdom.district(district).name
    if len(near) > 1:
        return ask(delve, "spawn", card, near, at=None, ids=ids), [
            said(mf.TokenChoiceAsked(monster=name, why="spawn", tiles=near, district=district_name))]
    return place_spawn(delve, card, near[0] if near else delve.tile, district_name)


def place_spawn(delve: DelveState, card: str, where: str, district: str) -> tuple[DelveState, list[str]]:
    """``card``'s token spawns on ``where``: the Monster of ``district`` on the Wheel (empty: the party's choice)."""
    name = monster(delve, card).name
    texts = []
    if card in delve.map_tokens:
        texts.append(said(mf.TokenLifted(monster=name, tile=delve.map_tokens[card])))
    tokens = {k: v for k, v in delve.map_tokens.items() if k != card}
    tokens[card] = where
    texts.append(said(mf.TokenSpawned(monster=name, tile=where, district=district)))
    return delve.model_copy(update={"map_tokens": tokens}), texts


def choose(delve: DelveState, kingdom: Kingdom, tiles: Tiles, decision: str | None,
           option: str, *, ids: Ids) -> tuple[DelveState, list[str]]:
    """The party's answer to ``token_choice``: the token goes onto the chosen tile, moves on what it still has to,
    the Hunt's other tokens move, then the rest of the spawns and movement (and the meeting check)."""
    c = delve.token_choice
    if c is None:
        raise RuleError("no Encounter Monster token waits for the party to choose its tile")
    if decision is not None and decision != c.id:
        raise RuleError(f"decision {decision} is no longer waiting: {c.id} is (nothing was changed)")
    if option not in c.options:
        raise RuleError(f"{option!r} is not one of the tiles to choose from: {', '.join(c.options)}")
    delve = delve.model_copy(update={"token_choice": None})
    name = monster(delve, c.card).name
    if c.kind == "spawn":
        delve, texts = place_spawn(delve, c.card, option, "")
    else:
        delve = delve.model_copy(update={"map_tokens": {**delve.map_tokens, c.card: option}})
        texts = [said(mf.TokenMoved(monster=name, how="chosen", path=[str(c.at), option]))]
        if c.steps:
            delve, more, tie = advance(delve, tiles, c.card, c.steps)
            texts += more
            if tie is not None:
                return ask(delve, tie[0], c.card, tie[1], at=delve.map_tokens[c.card], ids=ids, steps=tie[2],
                           moves=c.moves, after=c.after), texts
        delve, more = hunt(delve, kingdom, tiles, c.moves, cards=c.after, ids=ids)
        texts += more
        if delve.token_choice is not None:
            return delve, texts
    delve, more = resolve_due(delve, kingdom, tiles, ids=ids)
    return delve, texts + more


def choice_decision(delve: DelveState) -> Decision | None:
    """The engine Decision for ``token_choice``: one option per tile, answered by ``/delve route decision:<id>
    option:<tile>`` (any player: the party decides)."""
    c = delve.token_choice
    if c is None:
        return None
    name = monster(delve, c.card).name
    prompt = {"step": f"{name} on {c.at}: two shortest paths toward the party tie. Which tile does it move onto?",
              "land": f"{name} is on another section of the map: onto which tile next to the Party marker?",
              "spawn": f"{name} spawns onto an adjacent Kingdom tile: which one?"}[c.kind]
    return Decision(id=c.id, kind="route", prompt=prompt, options=list(c.options), labels=list(c.options),
                    helps=[f"{name}'s token onto {t}" for t in c.options], answer=ROUTE_ANSWER)


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
    return delve, [said(mf.TokenMet(monster=m.name, level=m.level, card=card, tile=delve.tile))]


def resolve_due(delve: DelveState, kingdom: Kingdom, tiles: Tiles, *, ids: Ids) -> tuple[DelveState, list[str]]:
    """Step d of the Kingdom Tile step ("Resolve Encounter Monster spawns and movement"), and at once when Threat
    moves outside it: every Hunt Space reached (in order), then the Threat 7 spawn, then the meeting check. A token
    choice for the party stops it: the rest waits for ``/delve route`` (:func:`choose`)."""
    texts: list[str] = []
    if delve.token_choice is not None:
        return delve, texts
    while delve.hunts_due:
        moves = delve.hunts_due[0]
        delve = delve.model_copy(update={"hunts_due": delve.hunts_due[1:]})
        delve, more = hunt(delve, kingdom, tiles, moves, ids=ids)
        texts += more
        if delve.token_choice is not None:
            return delve, texts
    if delve.spawn_due:
        delve = delve.model_copy(update={"spawn_due": False})
        delve, more = spawn(delve, kingdom, tiles, ids=ids)
        texts += more
        if delve.token_choice is not None:
            return delve, texts
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
        texts.append(said(mf.TokenLeaves(monster=name, wheel=wheel_spaces(delve, kingdom))))
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
        "tier": delve.tier, "leader": delve.leader, "box": delve.bestiary_box,
        "cards": [one(m) for m in delve.encounter_monsters],
        "wheel": {d: delve.wheel_tokens.get(d) for d in kingdom.wheel},
        "tokens": dict(delve.map_tokens),
        "encounter_due": delve.encounter_due,
        "deck_left": len(delve.encounter_deck),
    }
