"""The Clash Board's events are typed (rules/board/move_facts.py) and their words are bot/narration/board.py's
(issue #19, item 4): each sentence reads as the board wrote it before, an event or a move's line stored before then
reads as it was stored, a Board death tells its reason, and a Monster's path option tells its move, cut to 200
characters, where the decision is shown."""

from __future__ import annotations

import json
from typing import get_args

import pytest
from pydantic import ValidationError

from bot.app.asked import waiting
from bot.app.service import App, reply_from
from bot.narration.board import AIM, CAUSE, SAY, paragraph, sentence
from bot.narration.decisions import help_text, told_decision, told_pending
from bot.narration.registry import words
from rules.board import KnightKeyword, knockdown
from rules.board.move_facts import Aim, BoardCause, BoardDeathWhy, BoardEvent, BoardSay, BoardTold, CauseHow
from rules.board.work import Work, displace_knight
from rules.clash.flow import decision
from rules.clash.harm_facts import KnightDied
from rules.clash.round_facts import FacingBeforeAttack, KnightMoved
from rules.clash.setup_facts import Deployed
from rules.decision_records import Option, Pending
from rules.engine import Decision, Result
from rules.facts import parse_fact, said, unpack
from rules.state import CampaignState
from tests.board.helpers import board, boss, knight, s
from tests.conftest import Table


def test_every_sentence_and_cause_has_its_words() -> None:
    assert set(SAY) == set(get_args(BoardSay))
    assert set(CAUSE) == set(get_args(CauseHow))
    assert set(AIM) == set(get_args(Aim))


def test_a_knight_with_no_space_to_be_displaced_to_dies_in_the_words_of_before() -> None:
    w = Work(board(knight("kara", "A1"), knight("tam", "A2"), knight("ulfa", "B1"), rows=2, columns=2))
    w.knights["bo"] = knight("bo", "B2")  # every neighbour taken
    (out,) = displace_knight(w, "kara")
    (death,) = out.events
    assert death.kind == "death" and death.cause == BoardCause(how="no_displace_space") and not death.text
    assert sentence(death) == "Kara dies because there is no space to be Displaced to."


def test_a_braced_knight_and_a_knockdown_read_as_before() -> None:
    (braced,) = knockdown(board(knight("kara", "C3", KnightKeyword.BRACED)), "kara")
    assert paragraph(braced.events) == "Kara is Braced and does not suffer Knockdown."
    (down,) = knockdown(board(knight("kara", "C3")), "kara")
    assert words(down.told) == "Kara is knocked down."


def test_an_event_stored_with_its_sentence_reads_as_it_was_stored() -> None:
    old = BoardEvent.model_validate({"kind": "move", "text": "Kara moves to C3.", "miniature": "kara",
                                     "spaces": ["C3"]})
    assert sentence(old) == "Kara moves to C3."
    told = parse_fact({"fact": "board_told", "events": [old.model_dump(mode="json")]})
    assert isinstance(told, BoardTold) and words(told) == "Kara moves to C3."


def test_a_move_logged_before_the_board_was_typed_reads_as_it_was_logged() -> None:
    moved = KnightMoved.model_validate({"fact": "round_knight_moved", "knight": "Kara", "space": "C3", "speed": 4,
                                        "then": "Kara enters Bog at C3."})
    assert words(moved) == "🚶 Kara moves to C3 (Speed 4). Kara enters Bog at C3."
    facing = FacingBeforeAttack.model_validate({"fact": "round_facing_before_attack",
                                                "then": "The Stag turns to face N."})
    assert words(facing) == "🧭 Before the Attack: The Stag turns to face N."
    deployed = Deployed.model_validate({"fact": "clash_deploy_moved", "x": 2, "knight": "Kara", "outcome": "moves",
                                        "space": "C3", "then": "Kara moves to C3."})
    assert words(deployed) == "🚩 Deploy 2: Kara moves to C3. Kara moves to C3."


def test_a_move_tells_the_boards_events_and_reads_back_from_json() -> None:
    event = BoardEvent(kind="move", say="moves_to", miniature="kara", spaces=(s("C2"), s("C3")), name="Kara",
                       at=s("C3"))
    moved = KnightMoved(knight="Kara", space="C3", speed=4, then=BoardTold(events=(event,)))
    again = parse_fact(json.loads(moved.model_dump_json()))  # as the log's events_json reads it back
    assert again == moved and isinstance(again.then, BoardTold) and unpack(said(moved)) == moved
    assert words(again) == "🚶 Kara moves to C3 (Speed 4). Kara moves to C3."
    assert words(KnightMoved(knight="Kara", space="C3", speed=4, then=BoardTold())) == "🚶 Kara moves to C3 (Speed 4)."


def test_a_board_death_tells_its_reason() -> None:
    death = BoardEvent(kind="death", say="dies", miniature="kara", name="Kara",
                       cause=BoardCause(how="on_terrain", name="Pit", space=s("C3")))
    died = KnightDied(knight="Kara", why=said(BoardDeathWhy(event=death)))
    assert words(died) == "☠️ **Kara dies** — Kara dies on Pit (C3)."
    assert words(KnightDied(knight="Kara", why="Kara dies on Pit (C3)")) == "☠️ **Kara dies** — Kara dies on Pit (C3)."


def _long_move() -> BoardTold:
    b = board(boss("stag", "C3"), knight("kara", "A1"))
    steps = tuple(BoardEvent(kind="move", say="moves_spaces", miniature="stag", name=b.monster("stag").name, number=i,
                             at=s("C3"), aim="onto") for i in range(1, 8))
    return BoardTold(events=steps)


def test_a_path_options_help_carries_its_move_and_is_told_cut_to_200_characters() -> None:
    move = _long_move()
    text = paragraph(move.events)
    assert len(text) > 200
    option = Option(key="1", label="Path 1", help=said(move))  # a carried move may be longer than 200 characters
    assert help_text(option.help) == text[:200]
    with pytest.raises(ValidationError):
        Option(key="1", label="Path 1", help="x" * 201)  # words are still at most 200 characters
    decision = Decision(id="d1", prompt="which way?", options=["1", "2"], helps=[option.help, "plain words"])
    assert told_decision(decision).helps == [text[:200], "plain words"]
    plain = decision.model_copy(update={"helps": ["plain words"]})
    assert told_decision(plain) is plain
    data = {"pending": {"id": "d1", "options": [option.model_dump()]}, "seq": 3}
    assert told_pending(data) == {"pending": {"id": "d1", "options": [{**option.model_dump(), "help": text[:200]}]},
                                  "seq": 3}
    assert told_pending({"seq": 3}) == {"seq": 3}


async def test_a_path_option_is_told_wherever_the_decision_is_shown(app: App, table: Table) -> None:
    """A decision waiting in the state carries its move; the reply, ``/now``'s questions and the options offered
    while typing (bot/app/asked.py) show its words, never the carried fact."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/clash start monster:abbot level:2 type:full providence:true")
    state = CampaignState.model_validate(await table.state())
    assert state.clash is not None
    move = _long_move()
    pending = Pending(id="d9", kind="path", prompt="which way?", options=[
        Option(key="1", label="Path 1", help=said(move)), Option(key="2", label="Path 2", help="the other way")])
    state.clash.flow.pending = pending
    text = paragraph(move.events)[:200]
    assert decision(state, pending).helps[0] == said(move)  # the rules keep the fact: words are the edge's
    reply = reply_from(Result(state=state, events=[], data={"pending": pending.shown(data=False)},
                              pending=decision(state, pending)), seq=1)
    assert reply.pending is not None and reply.pending["helps"] == [text, "the other way"]
    assert [o["help"] for o in reply.data["pending"]["options"]] == [text, "the other way"]
    (asked,) = [d for d in waiting(app.engine, state) if d.id == "d9"]
    assert asked.helps == [text, "the other way"]
