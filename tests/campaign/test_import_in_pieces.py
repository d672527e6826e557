"""Reading a long ``/campaign import`` file in short steps (bot/app/bounded_json.py ``loads_in_pieces``, bot/app/
transfer.py ``read_file``) reads the same value and refuses the same files, with the same words, as reading it
whole did (``json.loads``, one ``CampaignExport.model_validate``). How long the event loop waits is
tests/reliability/test_import_stall.py."""

from __future__ import annotations

import json
import random
import re
from itertools import accumulate

import pytest

from bot.app import bounded_json
from tests.campaign.test_transfer import OTHER, _export, _import, _play, _run
from tests.conftest import Table


def _whole_text_depth(text: str) -> int:
    """The nesting counted on the whole text at once (as bounded_json did before it counted in slices)."""
    brackets = re.sub(r"[^\[\]{}]+", "", re.sub(r'"[^"\\]*(?:\\.[^"\\]*)*"', "", text, flags=re.DOTALL))
    return max(0, max(accumulate(1 if c in "[{" else -1 for c in brackets), default=0))


def test_nesting_counted_in_slices_is_the_nesting_of_the_whole_text() -> None:
    rnd = random.Random(22)
    alphabet = '[]{}"\\ ab,:'
    for _ in range(5000):  # slices of 1 to 9 characters cut strings, escapes and brackets everywhere
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 60)))
        for piece in (1, 2, 3, 7, 9):
            assert bounded_json.depth(text, piece) == _whole_text_depth(text), (text, piece)
    deep = '{"a": "' + "[" * 300 + '", "b": ' + "[" * 70 + "]" * 70 + "}"
    assert bounded_json.depth(deep, 5) == 71


GOOD = ['{"a": [1, 2, {"b": "[[["}], "c": "x\\"]["}', "{}", "{ }", ' { "a" : [ ] , "b":[ 1 ] } ', "[1,2]", '"x"',
        '{"a":1,"a":2}', '{"log": [{"seq": 0}, {"seq": 1, "x": [[]]}], "n": null, "f": 1.5e3}', "\n{\"a\":NaN}\n"]
BAD = ["{", '{"a"}', '{"a":1,}', '{"a":[1,]}', '{"a":[1 2]}', '{"a":1} x', '{"a":1 "b":2}', "{1:2}", "not json", "",
       '{"a":[}', '{"a": [1, 2', '{"a": "unterminated']


@pytest.mark.parametrize("text", GOOD)
def test_a_document_read_in_pieces_is_the_document(text: str) -> None:
    assert bounded_json.loads_in_pieces(text) == json.loads(text)


@pytest.mark.parametrize("text", BAD)
def test_a_broken_document_is_refused_with_the_words_json_uses(text: str) -> None:
    with pytest.raises(ValueError) as whole:
        json.loads(text)
    with pytest.raises(bounded_json.JSONRefused) as pieces:
        bounded_json.loads_in_pieces(text)
    assert str(pieces.value) == str(whole.value)[:120]


async def test_a_damaged_export_names_its_problems_in_the_order_one_validation_did(table: Table) -> None:
    await _play(table)
    _, data = await _export(table)
    body = json.loads(data)
    body["log"][3]["actor"] = ""  # an entry's problem
    body["log"][5]["kind"] = "cheat"  # another
    body["exported_at"] = 5  # a field before the log
    body["packs"] = [{"name": "Bad Name", "yaml": ""}]  # a field after it
    reply = await _import(table.app, json.dumps(body).encode())
    assert not reply.ok
    assert "the export is damaged: exported_at: Input should be a valid string (4 problem(s))" in (reply.error or "")
    body["exported_at"] = "2026-01-01"
    reply = await _import(table.app, json.dumps(body).encode())
    assert "damaged: log.3.actor: String should have at least 1 character (3 problem(s))" in (reply.error or "")
    body["log"][3]["actor"], body["log"][5]["kind"] = "gm", "action"
    reply = await _import(table.app, json.dumps(body).encode())
    assert "damaged: packs.0.name: String should match pattern" in (reply.error or "") and "(1 problem(s))" in (
        reply.error or "")
    body["packs"] = []
    body["log"][4]["seq"] = 9  # each entry is fine alone; the document's own check sees the gap
    reply = await _import(table.app, json.dumps(body).encode())
    assert "damaged: : Value error, log entry 4 has seq 9" in (reply.error or ""), reply.error
    assert (await _run(table.app, "/campaign status", OTHER)).ok is False  # nothing was imported
