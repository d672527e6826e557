"""Rulebook, "Five-Player Mode" (docs/modes.md): the Accursed Persistence BP card in every Clash, the fifth Knight's
place at Clash Setup (``clash_setup``, called by ``/clash start``). The Party Leader's Clue token is
``rules.expedition.clue_cards.five_knights``.

The Accursed Persistence card is content: a BP card named "Accursed Persistence" in a Monster's ``bp_cards`` (the
starter Monsters each ship an original one). Outside this mode it never enters a Clash (``rules.clash.setup``)."""

from __future__ import annotations

from content.schema.monsters import BPCard
from rules.board.geometry import neighbours
from rules.board.state import BoardState, Knight
from rules.board.state import Monster as BoardMonster
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, observes
from rules.errors import RuleError
from rules.facts import Line, said
from rules.knights.state import KnightState
from rules.modes.mode_facts import FiveAccursed, FiveAccursedPersists, FiveFifthPlaced
from rules.state import CampaignState

T = "tests/modes/test_five_player.py::"
ACCURSED = "Accursed Persistence"
FIVE = 5


def active(state: CampaignState) -> bool:
    return state.mode == "five_player"


def is_accursed(card: BPCard) -> bool:
    return card.name == ACCURSED


def extra_knight_spaces(state: CampaignState, spaces: int) -> int:
    """"After placing four Knights, place the fifth one adjacent to any other Knight": a fifth Knight needs no
    starting space of its own."""
    return 1 if active(state) and spaces == FIVE - 1 else 0


@implements("Five-Player Mode",
            tests=[T + "test_the_accursed_persistence_card_is_shuffled_into_the_boss_bp_deck",
                   T + "test_the_accursed_persistence_card_stays_in_play_until_wounded",
                   T + "test_outside_five_player_mode_the_card_never_enters_a_clash",
                   T + "test_the_fifth_knight_is_placed_adjacent_to_another_knight",
                   T + "test_in_a_mob_clash_the_accursed_mob_must_be_attacked",
                   "tests/expedition/test_clues_cards.py::test_five_knights_without_a_quest_give_the_leader_a_token"],
            note="the Accursed Persistence card in a Boss Clash (shuffled into the BP deck, in play until wounded), "
                 "a Mob Clash (one more Mob on the track that every Attack must target), the fifth Knight's placement "
                 "and the Party Leader's Clue token (rules.expedition.clue_cards) are automated; the players may "
                 "move the fifth Knight to another space adjacent to a Knight")
def add_accursed(engine: Engine, state: CampaignState, cards: list[BPCard], dice: Dice) -> list[Line]:
    """"Add a special Accursed Persistence BP card to each Clash you resolve." Boss Clash: it is shuffled into the
    BP deck at Clash Setup; Mob Clash: it joins the Mob track as one more Mob, with its miniature (docs/rulings.md,
    "The Accursed Persistence BP card")."""
    clash = state.clash
    assert clash is not None
    card = next((c for c in cards if is_accursed(c)), None)
    if card is None:
        return [said(FiveAccursed(where="missing"))]
    if card.id in clash.removed:  # Clash Setup set it out of the Clash (rules.clash.setup)
        clash.removed.remove(card.id)
    if clash.monster_type == "mob":
        from rules.clash.mob_track import place_new_mob  # late: the Clash modules import rules.state
        from rules.clash.spawning import place_spawned

        state.clash, space = place_new_mob(clash, card.id)
        if space is None:
            clash.removed.append(card.id)
            return [said(FiveAccursed(where="waits"))]
        lines: list[Line] = [said(FiveAccursed(where="mob_track", space=space, at=card.at))]
        return lines + place_spawned(engine, state, None)
    clash.bp_deck = dice.shuffle([*clash.bp_deck, card.id])
    return [said(FiveAccursed(where="bp_deck", at=card.at))]


def must_attack(engine: Engine, state: CampaignState, target: BoardMonster) -> None:
    """"When the Accursed Persistence BP card is in play, you will be forced to resolve your Attacks against it": in a
    Mob Clash, an Attack on another Mob is refused while the Accursed Persistence Mob is on the Mob track."""
    clash = state.clash
    if clash is None or not active(state) or clash.monster_type != "mob":
        return
    mon = engine.catalogue.monsters.get(clash.monster)
    accursed = {c.id for c in mon.bp_cards if is_accursed(c)} if mon is not None else set()
    space = next((i + 1 for i, slot in enumerate(clash.mob_track) if slot is not None and slot.card in accursed), None)
    if space is None or target.mob_number == space:
        return
    raise RuleError(f"Five-Player Mode: the {ACCURSED} BP card is in play as Mob {space}: every Attack must be "
                    f"resolved against it (target:\"mob {space}\"); Heartseeker, Precise and the like do "
                    "not change that")


@observes
def persist(engine: Engine, state: CampaignState) -> list[Event]:
    """"When the Accursed Persistence BP card is in play, you will be forced to resolve your Attacks against it":
    drawn and not wounded, it does not stay in the discard pile but goes back on top of the BP deck, so the next
    Attack resolves against it (docs/rulings.md, "The Accursed Persistence BP card")."""
    clash = state.clash
    if clash is None or not active(state) or clash.monster_type != "boss" or not clash.bp_discard:
        return []
    mon = engine.catalogue.monsters.get(clash.monster)
    accursed = {c.id for c in mon.bp_cards if is_accursed(c)} if mon is not None else set()
    back = [c for c in clash.bp_discard if c in accursed]
    if not back:
        return []
    clash.bp_discard = [c for c in clash.bp_discard if c not in accursed]
    clash.bp_deck = [*back, *clash.bp_deck]
    return [Event(kind="clash", fact=FiveAccursedPersists())]


def place_fifth(state: CampaignState, knights: list[KnightState], colours: tuple[str, ...] | list[str]) -> list[str]:
    """"Clash Setup: After placing four Knights, place the fifth one adjacent to any other Knight." The bot takes
    the first free space next to a placed Knight; the players may move it to any other such space."""
    board = state.board
    if not active(state) or len(knights) != FIVE or len(board.knights) != FIVE - 1:
        return []
    fifth = knights[-1]
    from rules.board.naming import slug

    taken = {k.space for k in board.knights if k.space is not None}
    taken |= {c for m in board.monsters for c in m.cells}
    rough = {c for t in board.terrain for c in t.cells}
    spaces = [n for k in board.knights if k.space is not None for n in neighbours(board.spec, k.space)]
    free = [s for s in spaces if s not in taken and s not in rough] or [s for s in spaces if s not in taken]
    if not free:
        return [said(FiveFifthPlaced(knight=fifth.name, space=None))]
    mini = Knight(id=slug(fifth.name), name=fifth.name, space=free[0], colour=colours[(FIVE - 1) % len(colours)])
    state.board = BoardState(spec=board.spec, knights=(*board.knights, mini), monsters=board.monsters,
                             terrain=board.terrain)
    return [said(FiveFifthPlaced(knight=fifth.name, space=free[0].label))]
