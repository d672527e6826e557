"""Every reply the tests produce is checked against Discord's limits (tests/conftest.py ``assert_fits_discord``,
called on each reply of the ``table`` fixture). These tests show the check catches what it should."""

from __future__ import annotations

import pytest

from bot.app.reply import Reply
from tests.conftest import assert_fits_discord


def test_long_text_and_many_options_are_made_to_fit() -> None:
    many = {"id": "d1", "kind": "target", "prompt": "Who?", "who": [], "options": [f"k{i}" for i in range(30)],
            "labels": ["A very long Knight name " * 5] * 30, "helps": ["h"] * 30, "pick": 1, "min_pick": 1}
    assert_fits_discord(Reply(text="line\n" * 3000, pending=many))


def test_the_check_fails_on_a_message_over_the_limits(monkeypatch: pytest.MonkeyPatch) -> None:
    import bot.discord.replies as replies

    monkeypatch.setattr(replies, "render", lambda reply, campaign_id=None: [{"content": "x" * 2001}])
    with pytest.raises(AssertionError, match="content over 2000"):
        assert_fits_discord(Reply(text="short"))
