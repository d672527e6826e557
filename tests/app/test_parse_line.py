"""bot/app/parse.py: a command line's words are read as ``shlex.split`` reads them, quoted or not."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.app.parse import parse_line, words_of
from bot.app.reply import CommandError

LINE_CHARS = st.sampled_from(list(" \t\r\n\u00a0\x0b\x0c#ab:_-1é") + ["'", '"', "\\"])


@settings(max_examples=3000)
@given(st.text(LINE_CHARS, max_size=16))
def test_words_are_split_as_shlex_splits_them(text: str) -> None:
    try:
        expected = shlex.split(text)
    except ValueError:
        with pytest.raises(CommandError, match="close every quote"):
            words_of(text)
        return
    assert words_of(text) == expected


def test_a_plain_line_and_a_quoted_one() -> None:
    assert parse_line("/roll test  difficulty:6\tbonus:1") == (["roll", "test"], {"difficulty": "6", "bonus": "1"})
    assert parse_line('/campaign new name:"The Lost Crown"') == (["campaign", "new"], {"name": "The Lost Crown"})
    assert parse_line("/knight create name:Ser\u00a0Sonch") == (["knight", "create"], {"name": "Ser\u00a0Sonch"})
