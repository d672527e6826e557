"""The board tells its branches apart by what they do, never by the words of their events (issue #19, item 4:
"no rule ever reads event text"): the names a sentence shows, or the words an older event was stored with, do not
count."""

from __future__ import annotations

from rules.board import Outcome, distinct_effects
from rules.board.work import Work, dedupe
from tests.board.helpers import board, knight, s


def _reworded(w: Work) -> Work:
    c = w.copy()
    c.events = [e.model_copy(update={"text": f"Reworded: {e.name}", "name": f"Another {e.name}"}) for e in c.events]
    return c


def test_two_branches_that_differ_only_in_their_words_are_one() -> None:
    w = Work(board(knight("kara", "C3")))
    w.emit("move", "moves_to", miniature="kara", name="Kara", at=s("C3"))
    assert len(dedupe([w, _reworded(w)])) == 1
    o = w.outcome()
    assert len(distinct_effects([o, Outcome(state=o.state, events=_reworded(w).events)])) == 1


def test_two_branches_that_differ_in_what_happens_stay_two() -> None:
    w = Work(board(knight("kara", "C3"), knight("tam", "C5")))
    a, b = w.copy(), w.copy()
    a.emit("knockdown", "knocked_down", miniature="kara", name="Kara")
    b.emit("knockdown", "knocked_down", miniature="tam", name="Kara")  # the same words, another Knight
    assert len(dedupe([a, b])) == 2
    assert len(distinct_effects([a.outcome(), b.outcome()])) == 2
