"""The board tells its branches apart by what they do, never by the words of their events (issue #19, item 4:
"no rule ever reads event text")."""

from __future__ import annotations

from rules.board import Outcome, distinct_effects
from rules.board.work import Work, dedupe
from tests.board.helpers import board, knight


def _reworded(w: Work) -> Work:
    c = w.copy()
    c.events = [e.model_copy(update={"text": f"Reworded: {e.text}"}) for e in c.events]
    return c


def test_two_branches_that_differ_only_in_their_words_are_one() -> None:
    w = Work(board(knight("kara", "C3")))
    w.emit("move", "Kara moves to C3.", miniature="kara")
    assert len(dedupe([w, _reworded(w)])) == 1
    o = w.outcome()
    assert len(distinct_effects([o, Outcome(state=o.state, events=_reworded(w).events)])) == 1


def test_two_branches_that_differ_in_what_happens_stay_two() -> None:
    w = Work(board(knight("kara", "C3"), knight("tam", "C5")))
    a, b = w.copy(), w.copy()
    a.emit("knockdown", "Kara is knocked down.", miniature="kara")
    b.emit("knockdown", "Kara is knocked down.", miniature="tam")  # the same words, another Knight
    assert len(dedupe([a, b])) == 2
    assert len(distinct_effects([a.outcome(), b.outcome()])) == 2
