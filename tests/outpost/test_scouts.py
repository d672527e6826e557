"""The Scouts Guild: each Scout category changes the Delve as written, at Kingdom Setup (``/delve start``) or at
once when the Delve is set up already; a Scout is hired once per Expedition; a refusal changes nothing."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from content.schema.outpost import Scout
from tests.conftest import CATALOGUE, Table
from tests.outpost.conftest import gold

SONCH, MAUD = "ser-sonch", "maud"
START = '/delve start kingdom:aubrevane start:aub_01 leader:"Ser Sonch"'
LANTERNS = "aub_ex_lantern_line"


def _paths(tile: str) -> list[str]:
    tiles = CATALOGUE.kingdom_tiles["aubrevane"]
    return [p.to for p in tiles[tile].paths]


async def test_recon_scout_places_additional_kingdom_tiles(outpost: Table) -> None:
    """Rulebook (line 680): - Recon: Recon Scouts grant you the option to place additional Kingdom tiles."""
    await outpost.ok("@kara /outpost scouts scout:aub_scout_lamp_runner")
    await outpost.ok("/outpost done")
    started = await outpost.ok(START)
    delve = (await outpost.state())["delve"]
    first_ring = _paths("aub_01")
    second_ring = [t for n in first_ring for t in _paths(n) if t != "aub_01" and t not in first_ring]
    assert second_ring, "the starter map has tiles behind the first ring"
    assert set(delve["face_down"]) == set(first_ring) | set(second_ring)
    assert delve["explored"] == ["aub_01"] and "Lamp-Runner (Recon): placed face down" in started.text
    assert (await outpost.state())["expedition"]["outpost"]["scouts"][0]["applied"]
    moved = await outpost.ok(f"/delve travel to:{first_ring[0]}")  # the map still plays after the Recon
    assert (await outpost.state())["delve"]["tile"] == first_ring[0], moved.text


async def test_without_a_scout_only_the_neighbours_are_placed(outpost: Table) -> None:
    """Rulebook (line 642): Place your starting tile face up in the middle of your play area, leaving ample space for exploration, then check the tile for paths leading out of it, locate the appropriate tiles, place them face down adjacent to the starting tile."""  # noqa: E501
    await outpost.ok("/outpost done")
    await outpost.ok(START)
    assert set((await outpost.state())["delve"]["face_down"]) == set(_paths("aub_01"))


async def test_patrol_scout_looks_at_the_top_exploration_cards_at_setup(outpost: Table) -> None:
    """Rulebook (line 681): - Patrol: Patrol Scouts allow you to look up cards from the Exploration deck."""
    await outpost.ok("@ulfa /outpost scouts scout:aub_scout_ferry_watch")
    await outpost.ok("/outpost done")
    started = await outpost.ok(START)
    state = await outpost.state()
    deck, hired = state["delve"]["exploration"], state["expedition"]["outpost"]["scouts"][0]
    assert hired["seen"] == deck[:3] and hired["looked"] and not hired["applied"]
    assert "Ferry Watch (Patrol) looks at the top 3" in started.text and all(c in started.text for c in deck[:3])
    await outpost.ok(f"@ulfa /scout use scout:aub_scout_ferry_watch cards:{deck[0]}")
    assert (await outpost.state())["delve"]["exploration"] == [*deck[1:], deck[0]]


async def test_survey_scout_adds_a_card_to_the_exploration_deck(outpost: Table) -> None:
    """Rulebook (line 682): - Survey: Survey Scouts add special cards to the Exploration deck that will grant you various positive effects."""  # noqa: E501
    await outpost.ok("@ulfa /outpost scouts scout:aub_scout_chalk_marker")
    await outpost.ok("/outpost done")
    started = await outpost.ok(START)
    deck = (await outpost.state())["delve"]["exploration"]
    kingdom = CATALOGUE.kingdoms["aubrevane"]
    assert len(deck) == len(kingdom.exploration) + 1 and deck.count(LANTERNS) == 2
    assert deck[2] == LANTERNS  # under the top 2 cards, never on top
    assert sorted(deck[:2] + deck[3:]) == sorted(c.id for c in kingdom.exploration)
    assert "Chalk-Marker (Survey): A Line of Lanterns added" in started.text
    assert not (await outpost("@ulfa /scout use scout:aub_scout_chalk_marker")).ok  # its task is done


async def test_a_scout_hired_when_the_delve_is_set_up_acts_at_once(outpost: Table) -> None:
    """Rulebook (line 652): You are now ready to proceed to the Outpost Phase."""
    await outpost.ok(START)  # Kingdom Setup before the Outpost, in the rulebook's order
    before = (await outpost.state())["delve"]
    hired = await outpost.ok("@ulfa /outpost scouts scout:aub_scout_chalk_marker")
    after = (await outpost.state())["delve"]
    assert after["exploration"] == [*before["exploration"][:2], LANTERNS, *before["exploration"][2:]]
    assert "added to the Exploration deck" in hired.text
    await outpost.ok("/outpost done")
    await outpost.ok("/expedition status")
    assert (await outpost.state())["delve"]["exploration"] == after["exploration"]  # applied once, not again


async def test_a_scout_is_hired_once_per_expedition_and_a_refusal_changes_nothing(outpost: Table) -> None:
    """Rulebook (line 679): At the Scouts Guild you can employ Scouts to complete various tasks for your party, which will give you an upper hand during a Delve."""  # noqa: E501
    await outpost.ok("@kara /outpost scouts scout:aub_scout_lamp_runner")
    assert await gold(outpost, SONCH) == 29  # 2 Gold, 1 off (the Scouts Guild's Early Bird)
    before = await outpost.state()
    again = await outpost("@ulfa /outpost scouts scout:aub_scout_lamp_runner")
    assert not again.ok and "already hired" in (again.error or "")
    await outpost.ok("/knight stat stat:gold change:-29 name:Maud")  # 1 Gold: the Chalk-Marker costs 3 - 1
    poor = await outpost.state()
    assert not (await outpost("@ulfa /outpost scouts scout:aub_scout_chalk_marker")).ok
    assert await outpost.state() == poor
    assert before["expedition"] == poor["expedition"]
    await outpost.ok("/outpost done")
    await outpost.ok(START)
    placed = (await outpost.state())["delve"]["face_down"]
    assert not (await outpost("@kara /scout use scout:aub_scout_lamp_runner")).ok  # done at Kingdom Setup
    assert (await outpost.state())["delve"]["face_down"] == placed


def test_a_scout_effect_follows_its_category() -> None:
    """Rulebook (line 679): Scouts come in three categories:"""
    base = {"id": "x_scout", "name": "X", "cost": 1, "text": "Recon."}
    Scout.model_validate({**base, "category": "recon", "effect": {"type": "place_tiles", "rings": 2}})
    with pytest.raises(ValidationError):
        Scout.model_validate({**base, "category": "recon", "effect": {"type": "add_exploration", "cards": ["a"]}})
    with pytest.raises(ValidationError):
        Scout.model_validate({**base, "category": "patrol",
                              "effect": {"type": "look_exploration", "look": 1, "to_bottom": 2}})


def test_the_starter_survey_cards_are_cards_of_its_kingdom() -> None:
    """Rulebook (line 683): To check the currently available Scouts, refer to your Kingdom Codex."""
    cat = CATALOGUE
    for o in cat.outposts.values():
        cards = {c.id for c in cat.kingdoms[o.kingdom].exploration}
        for s in o.sections.scouts.scouts:
            assert s.effect is not None, s.id
            for c in getattr(s.effect, "cards", []):
                assert c in cards, (s.id, c)
