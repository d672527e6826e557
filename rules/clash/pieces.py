"""The Clash Board knows the pieces: a Knight's miniature carries the board keywords its Loadout gives it.

Rulebook, "Constant Abilities": "Constant abilities continuously seek specific timing conditions and must be resolved
any time the specified condition is met". The board engine (rules/board) applies Braced, Stalwart, Rocksteady,
Lifeline, Tumble, Roll Out, Acrobatics, Jump and Bypass from ``Knight.keywords``; this observer keeps those keywords
equal to what the Knight's passive abilities give (Gear equipped and not discarded, its Upgrade, gated abilities
without a cost, the Knight's own abilities without a cost: ``statistics.passive_abilities``), after every action: at
``/clash start``, after ``/clash place``, after any change of the Loadout. A Knight's Speed is not stored on the piece:
every movement reads it from the sheet (``statistics.speed``); a Knight's miniature is one space.
"""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.gear import Gear, Upgrade
from content.schema.knights import Knight
from rules.board.board_facts import BoardPieceKeywords
from rules.board.naming import slug
from rules.board.state import BoardState, KnightKeyword
from rules.coverage import implements
from rules.engine import Engine, Event, observes
from rules.knights.state import KnightState
from rules.knights.statistics import passive_abilities
from rules.state import BOARD_PIECES_VERSION, CampaignState

BOARD_KEYWORDS = {k.value: k for k in KnightKeyword}


def knows_pieces(state: CampaignState) -> bool:
    """A campaign created before state version 3 keeps miniatures without keywords and Monsters reset by /clash
    place, Wave Attacks without cover and Monsters that attack without turning, so its log replays exactly
    (rules.state.BOARD_PIECES_VERSION)."""
    return state.version >= BOARD_PIECES_VERSION


def piece_keywords(cat: Catalogue, k: KnightState) -> frozenset[KnightKeyword]:
    """The board keywords of the Knight's passive abilities. Most Loadouts hold no card that could give one: then
    the passive abilities (whose gates read the Knight's Peril) are not worked out, after every action."""
    cards: list[Gear | Upgrade | Knight | None] = [cat.gear.get(e.gear) for e in k.loadout if not e.discarded]
    cards += [cat.upgrades.get(a.upgrade) for a in k.sheet.armory if a.upgrade]
    cards.append(cat.knights.get(k.knight))
    if not any(card is not None and _gives_board_keyword(card) for card in cards):
        return frozenset()
    return frozenset(BOARD_KEYWORDS[kw.name] for kw in passive_abilities(cat, k) if kw.name in BOARD_KEYWORDS)


# Whether a card could give a board keyword at all (either face, any ability, gated or not), read once per card: the
# content's models are frozen, and the card is kept beside its answer so that a new card never takes an old answer.
_GIVES: dict[int, tuple[Gear | Upgrade | Knight, bool]] = {}


def _gives_board_keyword(card: Gear | Upgrade | Knight) -> bool:
    known = _GIVES.get(id(card))
    if known is None or known[0] is not card:
        faces = [card, card.reforged] if isinstance(card, Gear) and card.reforged is not None else [card]
        names = {kw.name for face in faces for kw in getattr(face, "keywords", [])}
        names |= {kw.name for face in faces for ability in face.abilities for kw in ability.keywords}
        known = _GIVES[id(card)] = (card, not names.isdisjoint(BOARD_KEYWORDS))
    return known[1]


def movement_reduction(cat: Catalogue, k: KnightState, movement: str) -> tuple[int, list[str]]:
    """Rulebook, "Involuntary Movement Reduction": "Multiple effects reducing involuntary movement may be applied at
    the same time ... all of these effects can be combined". The reductions of the ``movement`` (knockback,
    pushback, drag) on the Knight's Gear equipped and not discarded (the face in use), with the cards' names."""
    from rules.knights import loadout as lo

    total, names = 0, []
    for e in k.loadout:
        if e.discarded or e.gear not in cat.gear:
            continue
        face = lo.face(cat, k, e.gear)
        amount = sum(r.amount for r in face.reduces if r.movement in (movement, "involuntary"))
        if amount:
            total += amount
            names.append(f"{face.name} −{amount}")
    return total, names


def _owner(state: CampaignState, piece_id: str) -> KnightState | None:
    return state.knights.get(piece_id) or next(
        (k for k in state.knights.values() if slug(k.name) == piece_id), None)


@implements("Constant Abilities", tests=[
    "tests/rulebook_cases/test_tumble_twice.py::test_tumble_is_rolled_before_each_crash",
    "tests/rulebook_cases/test_board_pieces.py::test_a_knights_miniature_carries_its_loadouts_keywords",
], note="the board keywords of the Loadout (Tumble, Braced, Stalwart, Rocksteady, Lifeline...) are on the miniature "
        "and resolved each time their condition is met (Tumble before each Crash)")
@observes
def sync_pieces(engine: Engine, state: CampaignState) -> list[Event]:
    """Give each Knight's miniature the board keywords of its Loadout; an event names each change."""
    board: BoardState = state.board
    if not board.knights or not knows_pieces(state):
        return []
    events, pieces, changed = [], [], False
    for piece in board.knights:
        k = _owner(state, piece.id)
        wanted = piece_keywords(engine.catalogue, k) if k is not None else piece.keywords
        if wanted != piece.keywords:
            changed = True
            told = BoardPieceKeywords(knight=piece.name, keywords=sorted(w.value for w in wanted))
            events.append(Event(kind="board", fact=told))
            piece = piece.model_copy(update={"keywords": wanted})
        pieces.append(piece)
    if changed:
        state.board = board.model_copy(update={"knights": tuple(pieces)})
    return events
