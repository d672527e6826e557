"""The offline Discord fixtures of tests/discord/test_invoke.py (a real CommandTree, a recording adapter)."""

from tests.discord.test_invoke import adapter, app, bot, client, tree  # noqa: F401
