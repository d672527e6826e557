"""The Mob track: Mob BP cards on spaces 1-10, their Activation tokens, and spawning.

Rulebook, "Mob Track": "At the top of the Clash Board, you will find spaces numbered 1 to 10, left to
right. These numbers correspond to the numbers on the Mob base rings." Space numbers here are 1-based,
as printed; ``state.mob_track[n - 1]`` is space ``n``.
"""

from __future__ import annotations

from rules.clash.decks import take_from_escalation
from rules.clash.mob_facts import MobNoSpawn, MobSpawned, MobTokenPassed, MobTokenSpent
from rules.clash.state import ActivationToken, ClashState, MobSlot
from rules.coverage import implements
from rules.errors import RuleError
from rules.facts import said

Lines = list[str]


def occupied(state: ClashState) -> list[int]:
    """The spaces (1-based) that hold a Mob's BP card, left to right."""
    return [i + 1 for i, s in enumerate(state.mob_track) if s is not None]


def _slot(state: ClashState, space: int) -> MobSlot:
    if not 1 <= space <= len(state.mob_track) or state.mob_track[space - 1] is None:
        raise RuleError(f"there is no Mob on space {space} of the Mob track (Mobs are on {occupied(state)})")
    slot = state.mob_track[space - 1]
    assert slot is not None
    return slot


def next_space_for_token(state: ClashState, after: int, exclude: int | None = None) -> int | None:
    """Where a moving Activation token goes: "the next BP card to the right without an Activation token";
    "the Mob track is considered to loop"; "If there are no BP cards without Activation tokens, place the
    token on the next BP card to the right". ``exclude`` is the Mob that just activated (docs/rulings.md)."""
    spaces = occupied(state)
    if not spaces:
        return None
    ring = [s for s in spaces if s > after] + [s for s in spaces if s <= after]
    for s in ring:
        slot = state.mob_track[s - 1]
        if s != exclude and slot is not None and not slot.tokens:
            return s
    others = [s for s in ring if s != exclude]
    return others[0] if others else ring[0]


def place_new_mob(state: ClashState, card: str) -> tuple[ClashState, int | None]:
    """Place a BP card "on the leftmost empty space" of the Mob track; None when the track is full.
    Activation tokens left without a Mob (``loose_tokens``) go onto it."""
    out = state.copy_cards()
    for i, slot in enumerate(out.mob_track):
        if slot is None:
            out.mob_track[i] = MobSlot(card=card, tokens=out.loose_tokens)
            out.loose_tokens = []
            return out, i + 1
    return state, None


@implements(
    "Activation and Activation Tokens",
    tests=[
        "tests/clash/test_setup.py::test_boss_setup_builds_level_decks_tokens_and_exhibition_wounds",
        "tests/clash/test_mob.py::test_mob_setup_places_tokens_from_the_leftmost_space",
    ],
)
def place_activation_tokens(state: ClashState, kinds: list[str]) -> ClashState:
    """Setup: "place them ready side up on the Monster Sheet (Boss Clash) or the Mob track, one token per
    space, starting from the leftmost space (Mob Clash)". More tokens than Mobs: they go round again."""
    out = state.copy_cards()
    tokens = [ActivationToken(kind=k) for k in kinds]
    if out.monster_type == "boss":
        out.boss_activations = tokens
        return out
    spaces = occupied(out)
    if not spaces:
        out.loose_tokens = tokens
        return out
    for n, token in enumerate(tokens):
        slot = out.mob_track[spaces[n % len(spaces)] - 1]
        assert slot is not None
        slot.tokens.append(token)
    return out


def ready_all(state: ClashState) -> ClashState:
    """Start of Monster Round: "Flip all spent Activation tokens to their ready sides.\""""
    out = state.copy_cards()
    for token in out.boss_activations + out.loose_tokens:
        token.ready = True
    for slot in out.mob_track:
        for token in slot.tokens if slot else []:
            token.ready = True
    return out


def next_activation(state: ClashState) -> tuple[int, int] | None:
    """Mob Clash: the leftmost ready Activation token as (space, index of the token on that card);
    Boss Clash: (0, index) of the first ready token on the sheet ("always resolve any AI Activations
    first" — the sheet lists them in that order). None when every token is spent."""
    if state.monster_type == "boss":
        for i, token in enumerate(state.boss_activations):
            if token.ready:
                return 0, i
        return None
    for space in occupied(state):
        slot = state.mob_track[space - 1]
        assert slot is not None
        for i, token in enumerate(slot.tokens):
            if token.ready:
                return space, i
    return None


@implements(
    "Mob Track",
    tests=[
        "tests/clash/test_mob.py::test_mob_activation_token_example",
        "tests/clash/test_mob.py::test_tokens_loop_and_stack_when_every_mob_has_one",
        "tests/clash/test_mob.py::test_defeated_mob_passes_its_token_without_flipping_it",
    ],
)
def finish_activation(state: ClashState, space: int, index: int) -> tuple[ClashState, Lines]:
    """After a Mob (or the Boss) resolves an Activation. Boss: flip the token. Mob: "move that Activation
    token from that Mob's BP card to the next BP card to the right without an Activation token and flip it
    to the spent side to denote it cannot be activated again this Round.\""""
    out = state.copy_cards()
    if out.monster_type == "boss":
        out.boss_activations[index].ready = False
        return out, []
    slot = _slot(out, space)
    token = slot.tokens.pop(index)
    token.ready = False
    target = next_space_for_token(out, space, exclude=space)
    assert target is not None  # the activated Mob is still there
    dest = out.mob_track[target - 1]
    assert dest is not None
    dest.tokens.append(token)
    return out, [said(MobTokenSpent(mob=space, to=target))]


def remove_mob(state: ClashState, space: int) -> tuple[str, ClashState, Lines]:
    """Take a defeated Mob's BP card off the track. "If a Mob is defeated while it has an Activation
    token, move that token according to the aforementioned rules, but do not flip it.\""""
    out = state.copy_cards()
    slot = _slot(out, space)
    out.mob_track[space - 1] = None
    lines: Lines = []
    for token in slot.tokens:
        target = next_space_for_token(out, space)
        if target is None:
            out.loose_tokens.append(token)
            lines.append(said(MobTokenPassed(to=None)))
            continue
        dest = out.mob_track[target - 1]
        assert dest is not None
        dest.tokens.append(token)
        lines.append(said(MobTokenPassed(to=target, ready=token.ready)))
    return slot.card, out, lines


@implements(
    "Spawning Mobs",
    tests=[
        "tests/clash/test_mob.py::test_mob_wound_escalates_ai_and_immediate_spawn_places_a_higher_mob",
        "tests/clash/test_mob.py::test_interval_spawn_takes_the_lowest_available_card",
        "tests/clash/test_mob.py::test_spawn_on_a_full_track_does_nothing",
    ],
    note="the Mob miniature's placement and facing are the Clash Board module's (the setup text says where)",
)
def spawn(state: ClashState, level: int | None) -> tuple[ClashState, Lines]:
    """Spawn a Mob: a random BP card of ``level`` (Immediate Spawn: one level higher than the wounded card,
    at most 3) or, with ``level`` None, "the lowest-level available BP card from the Escalation decks"
    (Interval Spawn) "on the leftmost empty space on the Mob track". "If the Mob cannot be spawned (i.e.
    when the Mob track is full), nothing happens"."""
    if all(slot is not None for slot in state.mob_track):
        return state, [said(MobNoSpawn(why="full"))]
    card, out = take_from_escalation(state, "bp", level or 1)
    if card is None:
        return state, [said(MobNoSpawn(why="no_card"))]
    out, space = place_new_mob(out, card)
    return out, [said(MobSpawned(mob=space, level=out.levels[card]))]


def interval_spawns_due(state: ClashState, every: int, wounds_dealt: int) -> tuple[ClashState, int]:
    """Interval Spawn bookkeeping ("tracked by tokens placed on a separate Trait"): add the Wounds just
    dealt; returns how many spawns are due after the current action."""
    out = state.copy_cards()
    out.spawn_progress += wounds_dealt
    due, out.spawn_progress = divmod(out.spawn_progress, every)
    return out, due
