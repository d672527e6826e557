"""rules/facts.py: a line ``said`` makes gives its own fact back (no JSON parsed again); a line read from elsewhere
(stored, or said by a fact model that is not registered) reads as it always did."""

from __future__ import annotations

from typing import Literal

from rules.engine import Event
from rules.facts import Fact, Paragraph, RandomKnightsTargeted, said, sentences, unpack


def test_a_said_line_gives_back_its_own_fact() -> None:
    f = RandomKnightsTargeted(count=2, source="the memo")
    line = said(f)
    assert unpack(line) is f
    assert Event(kind="harm", text=line).fact is f
    joined = unpack("Before. " + line + " After.")
    assert isinstance(joined, Paragraph) and joined.parts == ["Before. ", f, " After."] and joined.parts[1] is f


def test_a_line_not_said_here_is_parsed_to_the_same_fact() -> None:
    g = RandomKnightsTargeted(count=3, source="a stored line")
    stored = "\x02" + g.model_dump_json() + "\x03"  # as a state or a log written by another process holds it
    back = unpack(stored)
    assert back == g and back is not g


def test_an_unregistered_fact_is_not_kept_and_reads_as_before() -> None:
    class Unregistered(Fact):
        fact: Literal["test_memo_unregistered"] = "test_memo_unregistered"
        n: int = 1

    line = said(Unregistered())
    assert unpack(line) is None  # parsing its JSON finds no registered fact: the line stays a sentence
    assert Event(kind="harm", text=line).fact is None


def test_a_said_line_copied_into_a_plain_string_reads_back_the_same() -> None:
    f = RandomKnightsTargeted(count=4, source="a copied line")
    line = said(f)
    plain = str(line)  # as a field, a join or a stored state holds it: a plain str, the same text
    assert type(plain) is str and plain == line
    assert unpack(plain) == f and Event(kind="harm", text=plain).fact == f


def test_a_fact_line_is_its_own_event_and_goes_to_a_family_of_sentences_as_said() -> None:
    """A Clash list holds facts (``list[Line]``): the Event of such a line is the fact; ``sentences`` hands the list
    to a family whose lists are still sentences, each fact as a line that carries it."""
    f = RandomKnightsTargeted(count=1, source="a Clash list")
    assert Event(kind="attack", text=f).fact is f and Event(kind="attack", text=f).text == ""
    handed = sentences(["A sentence.", f])
    assert handed[0] == "A sentence." and isinstance(handed[1], str) and unpack(handed[1]) is f
