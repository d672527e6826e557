"""One step of harm to Knights during a Clash (rules/clash/harm.py resolves the effects): ``Harm`` gathers what the
step owes, and the Knights' miniatures it reaches."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from content.schema.monsters import FollowUp, Perform
from rules.board import BoardState
from rules.board.state import Knight as BoardKnight
from rules.engine import Event, event
from rules.facts import Line
from rules.knights.state import KnightState

if TYPE_CHECKING:
    from content.loader import Catalogue
    from rules.dice import Dice
    from rules.engine import Engine
    from rules.state import CampaignState


@dataclass
class Harm:
    """One step of harm. ``loss`` is the Vigor each Knight lost this step; ``below`` how far below 0 those losses
    went ("for the purpose of the current Peril Check, treat it as if it went into the negative"); ``monster``
    the board id of the acting Monster (the source of Knockback, Pushback and Drag; None: the only Monster on the
    board, or the closest one); ``weapons`` each Knight's active Weapon (its Armor dice count only then)."""

    engine: Engine
    state: CampaignState
    dice: Dice
    lines: list[Line] = field(default_factory=list)
    attacks: list[Perform | FollowUp] = field(default_factory=list)
    peril_due: list[str] = field(default_factory=list)
    loss: dict[str, int] = field(default_factory=dict)
    below: dict[str, int] = field(default_factory=dict)
    judicium_due: list[str] = field(default_factory=list)
    checked: list[str] = field(default_factory=list)
    judged: list[str] = field(default_factory=list)
    bonus_paid: list[str] = field(default_factory=list)
    bonus_owed: list[str] = field(default_factory=list)  # Knights who became owed a Bonus Attack (a Chain Break)
    monster: str | None = None
    weapons: dict[str, str] = field(default_factory=dict)

    @property
    def cat(self) -> Catalogue:
        return self.engine.catalogue

    def say(self, text: Line) -> None:
        self.lines.append(text)

    def new_step(self) -> None:
        """Forget what this step owed (``settle`` calls it once everything is resolved)."""
        for part in (self.peril_due, self.judicium_due, self.checked, self.judged, self.bonus_paid):
            part.clear()
        self.loss.clear()
        self.below.clear()

    def events(self, kind: str = "harm") -> list[Event]:
        return [event(kind, line) for line in self.lines]


# --- the Knights ----------------------------------------------------------------------------------------------


def board_knight(h: Harm, k: KnightState) -> BoardKnight | None:
    from rules.board.naming import slug

    return next((b for b in h.state.board.knights if b.id in (k.id, slug(k.name))), None)


def replace_mini(h: Harm, mini: BoardKnight) -> None:
    """Put a changed Knight miniature on the (frozen) board."""
    board: BoardState = h.state.board
    h.state.board = board.model_copy(update={"knights": tuple(mini if b.id == mini.id else b for b in board.knights)})


def participants(h: Harm) -> list[KnightState]:
    """The Knights of the Clash in board order (every campaign Knight when none is on the board)."""
    on_board = [k for b in h.state.board.knights if (k := by_board_id(h, b.id)) is not None]
    return on_board or list(h.state.knights.values())


def by_board_id(h: Harm, board_id: str) -> KnightState | None:
    from rules.board.naming import slug

    for k in h.state.knights.values():
        if board_id in (k.id, slug(k.name)):
            return k
    return None


# --- a drawn card's effects -----------------------------------------------------------------------------------


class ResolveEffects(Protocol):
    def __call__(self, h: Harm, knight: str, effects: Sequence[Any], *, source: str = "") -> None: ...


R = TypeVar("R", bound=ResolveEffects)
_RESOLVER: list[ResolveEffects] = []


def resolver(fn: R) -> R:
    """Register the function that resolves effects on a Knight (rules/clash/harm.resolve_effects)."""
    if _RESOLVER:
        raise ValueError("two functions resolve the effects on a Knight")
    _RESOLVER.append(fn)
    return fn


def resolve_effects(h: Harm, knight: str, effects: Sequence[Any], *, source: str = "") -> None:
    """Resolve a drawn card's effects on ``knight`` in this step of harm: a Mortis or Judicium card a Peril Check
    draws (rules/clash/peril.py, below harm.py, which owes and settles those checks), or a Gear ability "When you draw
    a Mortis card". The one resolver is rules/clash/harm.resolve_effects, registered with ``@resolver``."""
    if not _RESOLVER:
        raise RuntimeError("rules/clash/harm.py is not loaded: it resolves the effects on a Knight")
    _RESOLVER[0](h, knight, effects, source=source)
