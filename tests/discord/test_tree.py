"""The registry as a discord.py CommandTree, built offline and checked against Discord's limits."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qs, urlparse

import discord
import pytest

from bot.app.commands import build_registry
from bot.app.registry import Command, Option, Registry
from bot.app.reply import Reply
from bot.discord.client import bot_permissions, invite_url
from bot.discord.tree import GameTree, source_of

NAME = re.compile(r"^[-_\w]{1,32}$")
OPTION_TYPES = {"integer": 4, "string": 3, "boolean": 5, "user": 6, "role": 8, "integer_list": 3, "string_list": 3,
                "attachment": 11}
SUBCOMMAND, GROUP = 1, 2


@pytest.fixture(scope="module")
def registry() -> Registry:
    return build_registry()


@pytest.fixture(scope="module")
def tree(registry: Registry) -> GameTree:
    return GameTree(discord.Client(intents=discord.Intents.none()), registry)


@pytest.fixture(scope="module")
def payloads(tree: GameTree) -> list[dict[str, Any]]:
    return [command.to_dict(tree) for command in tree.get_commands()]


def leaves(payload: dict[str, Any], prefix: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], dict[str, Any]]]:
    """Every invocable command of a payload with its path."""
    path = (*prefix, payload["name"])
    options = payload.get("options", [])
    if options and all(o["type"] in (SUBCOMMAND, GROUP) for o in options):
        for option in options:
            yield from leaves(option, path)
    else:
        yield path, payload


def characters(payload: dict[str, Any]) -> int:
    """What Discord counts towards the 4000 characters of a command."""
    total = len(payload["name"]) + len(payload.get("description", ""))
    for choice in payload.get("choices", []):
        total += len(choice["name"]) + len(str(choice["value"]))
    return total + sum(characters(o) for o in payload.get("options", []))


def _noop_handler() -> Any:
    async def handler(app: Any, ctx: Any, options: dict[str, Any]) -> Reply:
        return Reply(text="ok")

    return handler


def test_every_registry_command_is_in_the_tree(
        registry: Registry, tree: GameTree, payloads: list[dict[str, Any]]) -> None:
    in_tree = {tuple(c.qualified_name.split()) for c in tree.walk_commands()
               if isinstance(c, discord.app_commands.Command)}
    assert in_tree == set(registry.commands)
    assert {path for p in payloads for path, _ in leaves(p)} == set(registry.commands)
    assert len(payloads) <= 100


def test_names_descriptions_and_counts_fit_discord(payloads: list[dict[str, Any]]) -> None:
    def check(node: dict[str, Any], where: str) -> None:
        name = node["name"]
        assert NAME.match(name) and name == name.lower(), f"{where}: bad name {name!r}"
        assert 1 <= len(node["description"]) <= 100, f"{where}: description of {len(node['description'])} characters"
        options = node.get("options", [])
        assert len(options) <= 25, f"{where}: {len(options)} options"
        names = [o["name"] for o in options]
        assert len(names) == len(set(names)), f"{where}: duplicate option names {names}"
        params = [o for o in options if o["type"] not in (SUBCOMMAND, GROUP)]
        subs = [o for o in options if o["type"] in (SUBCOMMAND, GROUP)]
        assert not (params and subs), f"{where}: mixes subcommands and options"
        required = [o.get("required", False) for o in params]
        assert required == sorted(required, reverse=True), f"{where}: a required option follows an optional one"
        for option in params:
            assert NAME.match(option["name"]) and option["name"] == option["name"].lower()
            assert 1 <= len(option["description"]) <= 100
            assert len(option.get("choices", [])) <= 25
            for choice in option.get("choices", []):
                assert 1 <= len(choice["name"]) <= 100 and len(str(choice["value"])) <= 100
            assert not (option.get("choices") and option.get("autocomplete")), f"{where} {option['name']}"
        for sub in subs:
            check(sub, f"{where} {sub['name']}")

    for payload in payloads:
        check(payload, "/" + payload["name"])
        assert characters(payload) <= 4000, f"/{payload['name']} has {characters(payload)} characters"
        assert payload["contexts"] == [0], "guild only: campaigns live in server channels"


def test_option_types_match_the_registry(registry: Registry, payloads: list[dict[str, Any]]) -> None:
    for payload in payloads:
        for path, node in leaves(payload):
            spec = registry.commands[path]
            got = {o["name"]: o for o in node.get("options", [])}
            assert set(got) == {o.name for o in spec.options}, spec.name
            for option in spec.options:
                sent = got[option.name]
                assert sent["type"] == OPTION_TYPES[option.kind], f"{spec.name} {option.name}"
                assert sent.get("required", False) == option.required, f"{spec.name} {option.name}"
                if option.kind == "integer":
                    assert sent.get("min_value") == option.min_value, f"{spec.name} {option.name}"
                    assert sent.get("max_value") == option.max_value, f"{spec.name} {option.name}"
                if option.choices:
                    assert [c["value"] for c in sent["choices"]] == list(option.choices)
                assert bool(sent.get("autocomplete")) == bool(source_of(spec, option) and not option.choices)


def test_known_commands_look_as_in_discord(payloads: list[dict[str, Any]]) -> None:
    by_name = {p["name"]: p for p in payloads}
    assert {"campaign", "roll", "deck", "gm", "help"} <= set(by_name)
    test = next(n for path, n in leaves(by_name["roll"]) if path == ("roll", "test"))
    difficulty = next(o for o in test["options"] if o["name"] == "difficulty")
    assert difficulty == {"type": 4, "name": "difficulty", "description": "the number to reach, e.g. 6 for a 6+ test",
                          "required": True, "min_value": 1, "max_value": 20}
    gm_names = {path[-1] for path, _ in leaves(by_name["gm"])}
    assert {"force-next", "amend-last"} <= gm_names
    save = next(n for path, n in leaves(by_name["roll"]) if path == ("roll", "save"))
    kind = next(o for o in save["options"] if o["name"] == "kind")
    assert kind["choices"] == [{"name": "curse", "value": "curse"}, {"name": "threat", "value": "threat"}]
    assert by_name["help"]["type"] == 1 and by_name["help"]["options"][0]["name"] == "command"


def test_three_word_paths_become_nested_groups_and_odd_names_are_renamed() -> None:
    registry = Registry()
    registry.add(Command(("kingdom", "map", "show"), "Show the map", _noop_handler(), (
        Option("from", "integer", "a Python keyword as an option name", min_value=1),
        Option("the-zone", "string", "a dash in the name", required=True))))
    registry.add(Command(("kingdom", "info"), "Info", _noop_handler()))
    tree = GameTree(discord.Client(intents=discord.Intents.none()), registry)
    (payload,) = [c.to_dict(tree) for c in tree.get_commands()]
    assert payload["name"] == "kingdom"
    group = next(o for o in payload["options"] if o["name"] == "map")
    assert group["type"] == GROUP
    show = group["options"][0]
    assert show["name"] == "show" and show["type"] == SUBCOMMAND
    assert [o["name"] for o in show["options"]] == ["the-zone", "from"]  # required first, names unchanged
    assert show["options"][1] == {"type": 4, "name": "from", "description": "a Python keyword as an option name",
                                  "required": False, "min_value": 1}


def test_bad_registries_are_refused_when_the_tree_is_built() -> None:
    registry = Registry()
    registry.add(Command(("deck", "x"), "x", _noop_handler(), (Option("deck", "string", "d", autocomplete="dekc"),)))
    with pytest.raises(ValueError, match="autocomplete source"):
        GameTree(discord.Client(intents=discord.Intents.none()), registry)
    both = Registry()
    both.add(Command(("roll",), "a command", _noop_handler()))
    both.add(Command(("roll", "test"), "and a group", _noop_handler()))
    with pytest.raises(ValueError, match="both a command and a group"):
        GameTree(discord.Client(intents=discord.Intents.none()), both)


def test_long_descriptions_are_trimmed_to_100() -> None:
    registry = Registry()
    registry.add(Command(("long",), "x" * 150, _noop_handler(), (Option("o", "string", "y" * 300),)))
    tree = GameTree(discord.Client(intents=discord.Intents.none()), registry)
    (payload,) = [c.to_dict(tree) for c in tree.get_commands()]
    assert len(payload["description"]) == 100 and payload["description"].endswith("…")
    assert len(payload["options"][0]["description"]) == 100


def test_invite_url_asks_for_little() -> None:
    url = invite_url(123456789012345678)
    query = parse_qs(urlparse(url).query)
    assert query["client_id"] == ["123456789012345678"]
    assert query["scope"] == ["bot applications.commands"]
    expected = (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31)
    assert bot_permissions().value == expected == 2147601408
    assert query["permissions"] == [str(expected)]
    perms = discord.Permissions(expected)
    assert not (perms.administrator or perms.manage_guild or perms.manage_messages or perms.mention_everyone)
