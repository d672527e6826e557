"""True Solo Mode's random Knights (issue #9): `/roll random` among the party names your Knight, and a card text the
bot shows that names random Knights gets them named — your Knight first, then random Squires (docs/modes.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.app.commands import build_registry
from bot.app.service import App
from bot.narration import texts
from content.loader import Catalogue
from rules.engine import Engine, Event
from rules.facts import RandomKnightsTargeted, random_knights_named
from rules.modes.true_solo import first_among, name_random_knights
from rules.state import CampaignState
from storage.db import Database
from tests.conftest import CATALOGUE, Table


async def party(table: Table, solo: bool = True) -> Table:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok('@kara /squire add squire:squire_wendel name:"Wendel"')
    if solo:
        await table.ok("/campaign mode mode:true_solo")
    return table


def mortis_saying(text: str) -> Catalogue:
    """The starter content, every Minor Mortis card printed with ``text`` (a group's own transcribed cards)."""
    deck = CATALOGUE.decks["minor_mortis"]
    cards = [c.model_copy(update={"text": text}) for c in deck.cards]
    return dataclasses.replace(CATALOGUE, decks={**CATALOGUE.decks, "minor_mortis": deck.model_copy(
        update={"cards": cards})})


@pytest.fixture
async def one_random(tmp_path: Path) -> AsyncIterator[Table]:
    app = App(await Database.open(tmp_path / "one.sqlite3"), mortis_saying("A random Knight loses 1 Vigor."),
              build_registry(), seed=1, image_dir=tmp_path / "images")
    t = Table(app)
    await t.ok('/campaign new name:"Lone Vigil"')
    yield t
    await app.db.close()


@pytest.fixture
async def two_random(tmp_path: Path) -> AsyncIterator[Table]:
    app = App(await Database.open(tmp_path / "two.sqlite3"), mortis_saying("Two random Knights gain 1 Heat."),
              build_registry(), seed=1, image_dir=tmp_path / "images")
    t = Table(app)
    await t.ok('/campaign new name:"Lone Vigil"')
    yield t
    await app.db.close()


async def test_roll_random_among_the_party_names_your_knight_first(table: Table) -> None:
    """Rulebook (line 1817): - If an effect targets a random Knight, prioritize your Knight. For example, if an effect targets two random Knights, it will target your Knight and one random Squire instead.

    Rulebook (line 1816): If you are playing with a single Knight you need to apply additional Delve and Clash rules:"""  # noqa: E501
    await party(table, solo=False)
    standard = await table.ok('@kara /roll random among:"Tam,Ser Sonch,Wendel"')
    assert len(standard.data["naturals"]) >= 3 and standard.data["true_solo"] is False  # a d10 each
    await table.ok("/campaign mode mode:true_solo")
    position = (await table.state())["dice_position"]
    solo = await table.ok('@kara /roll random among:"Tam,ser sonch,Wendel"')
    assert solo.data["chosen"] == "ser sonch" and solo.data["naturals"] == [] and solo.data["true_solo"] is True
    assert "your Knight, **ser sonch**" in solo.text and "/solo random count:" in solo.text
    assert (await table.state())["dice_position"] == position  # no die rolled
    squires_only = await table.ok('@kara /roll random among:"Tam,Wendel"')  # no Knight among them: a plain roll
    assert squires_only.data["chosen"] in ("Tam", "Wendel") and squires_only.data["naturals"]


async def test_roll_random_among_other_things_is_a_plain_random_element(table: Table) -> None:
    """Rulebook (line 332): - Any other random element: Roll one d10 for each of the indicated elements. The lowest roll designates the randomly chosen element."""  # noqa: E501
    await party(table)
    await table.ok("/gm force-next values:6,2,9")
    paths = await table.ok('@kara /roll random among:"north,east,south"')
    assert paths.data["chosen"] == "east" and paths.data["naturals"] == [6, 2, 9] and not paths.data["true_solo"]
    await table.ok("/gm force-next values:3,8")
    mixed = await table.ok('@kara /roll random among:"Ser Sonch,the Bandit"')  # not only the party: not a Knight roll
    assert mixed.data["chosen"] == "Ser Sonch" and mixed.data["naturals"] == [3, 8]
    # a campaign created before the rule (state version 1) rolls as it did, so its log replays exactly
    old = CampaignState.model_validate({**(await table.state()), "version": 1})
    assert first_among(old, ["Ser Sonch", "Tam"]) is None
    assert first_among(CampaignState.model_validate(await table.state()), ["Ser Sonch", "Tam"]) == "Ser Sonch"


async def test_a_card_naming_a_random_knight_is_resolved_to_your_knight(one_random: Table) -> None:
    """Rulebook (line 1817): - If an effect targets a random Knight, prioritize your Knight."""
    await party(one_random)
    position = (await one_random.state())["dice_position"]
    drawn = await one_random.ok("/deck draw deck:minor_mortis")
    assert "A random Knight loses 1 Vigor." in drawn.text
    assert "True Solo: the random Knight is **Ser Sonch** (your Knight first)." in drawn.text
    assert (await one_random.state())["dice_position"] == position  # one random Knight: no die


async def test_a_card_naming_two_random_knights_adds_a_random_squire(two_random: Table) -> None:
    """Rulebook (line 1817): For example, if an effect targets two random Knights, it will target your Knight and one random Squire instead.

    Rulebook (line 328): - Random Knight: Roll one d10 for each Knight. The lowest roll designates the randomly chosen Knight."""  # noqa: E501
    await party(two_random)
    await two_random.ok("/gm force-next values:7,3")  # Tam 7, Wendel 3: the lowest is Wendel
    drawn = await two_random.ok("/deck draw deck:minor_mortis")
    assert "True Solo: the random Knights are **Ser Sonch, Wendel** (your Knight first; Squires by d10, lowest: " \
           "Tam 7, Wendel 3)." in drawn.text
    rolls = (await two_random.ok("/gm log count:1")).data["entries"][-1]["rolls"]
    assert [(r["value"], r["forced"]) for r in rolls] == [(7, True), (3, True)]  # in the log: replayed exactly
    await two_random.ok("/gm undo")  # the draw, then the GM's dice: the queue is back as it was before them
    assert (await two_random.state())["forced_dice"] == [7, 3]
    await two_random.ok("/gm undo")
    await two_random.ok("/gm force-next values:2,5")
    again = await two_random.ok("/deck draw deck:minor_mortis")
    assert "are **Ser Sonch, Tam**" in again.text


async def test_outside_true_solo_a_card_text_is_left_to_the_players(two_random: Table) -> None:
    """Rulebook (line 1817): - If an effect targets a random Knight, prioritize your Knight. For example, if an effect targets two random Knights, it will target your Knight and one random Squire instead."""  # noqa: E501
    await party(two_random, solo=False)
    drawn = await two_random.ok("/deck draw deck:minor_mortis")
    assert "Two random Knights gain 1 Heat." in drawn.text and "True Solo" not in drawn.text
    # True Solo Mode's own sentences are not read as a card (the Clash Setup's reminder quotes the rule)
    await two_random.ok("/campaign mode mode:true_solo")
    setup = await two_random.ok("/clash start monster:stag level:1 type:exhibition")
    assert "prioritize your Knight" in setup.text and "True Solo: the random Knight" not in setup.text


def test_how_many_random_knights_a_text_names() -> None:
    """Rulebook (line 1817): For example, if an effect targets two random Knights, it will target your Knight and one random Squire instead."""  # noqa: E501
    assert random_knights_named("Choose a random Knight: it loses 2 Vigor.") == 1
    assert random_knights_named("Two random Knights gain 1 Heat; then 3 random Knights are Knocked Down.") == 3
    assert random_knights_named("The Knight with the most Heat") == 0


async def test_a_targeting_prompt_naming_a_random_knight_is_named_once(table: Table) -> None:
    """Rulebook (line 1817): - If an effect targets a random Knight, prioritize your Knight."""
    await party(table)
    state = CampaignState.model_validate(await table.state())
    engine = Engine(CATALOGUE)
    line = RandomKnightsTargeted(count=1, source="A random Knight")  # the Targeting line the players judge
    shown = [Event(kind="monster", fact=line), Event(kind="monster", fact=line)]  # shown twice: named once
    named = name_random_knights(engine, state, engine.dice_for(state), shown)
    assert texts(named) == ["🎲 True Solo: the random Knight is **Ser Sonch** (your Knight first)."]
    prompt = "🎯 Targeting line “A random Knight”: the bot cannot judge it. Which Knight(s) meet it?"
    assert name_random_knights(engine, state, engine.dice_for(state), [Event(kind="decision", text=prompt)]) == []
    standard = state.model_copy(update={"mode": "standard"})
    assert name_random_knights(engine, standard, engine.dice_for(standard), shown) == []
