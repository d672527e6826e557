"""The Rest Phase (`/rest`) end to end: Rest Techniques, Resource tokens, Rotation 2, a Campfire Tale."""

from __future__ import annotations

from typing import Any

from rules.delve import rest
from rules.knights.state import Board, KnightState, Rapport, Sheet


async def _party(table: Any) -> None:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:oriel name:"Maud"')
    await table.ok("/delve start kingdom:aubrevane start:aub_01")


async def test_rest_discards_resources_lists_rest_techniques_and_shows_rotation_2(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 1594): When instructed to Rest (usually after an Exhibition Clash), resolve the following
    steps: - Rest Abilities: Knights may play Technique cards with the Rest keyword. - Resource tokens: Discard all
    Resource tokens. - Monster Rotation: Perform Rotation 2. - Campfire Tales: You may resolve a Campfire Tale; see
    below.

    Rulebook (line 2074): - Rotation X: Move all Monster tokens on the District Wheel X spaces clockwise.
    """
    await _party(table)
    await table.ok("@kara /knight resource token:ember_token change:2")
    wheel_before = (await table.state())["delve"]["wheel_tokens"]
    assert len(wheel_before) == 3  # Monster Setup: the three starter Monsters on the District Wheel
    waiting = await table.ok("@ulfa /rest tale:false")
    assert waiting.data["rest"]["waiting"] and "The Rest waits" in waiting.text
    assert (await table.state())["delve"]["rested"] is False
    await table.ok('@kara /knight technique action:delve technique:lanternbearer_t_ward name:"Ser Sonch"')
    reply = await table.ok("@ulfa /rest tale:false")
    r = reply.data["rest"]
    assert "1. Rest Abilities: done." in reply.text
    assert r["resources"] == {"ser-sonch": {"ember_token": 2}}
    state = await table.state()
    assert state["knights"]["ser-sonch"]["board"]["resources"] == {}
    assert {(t["knight"], t["technique"], t["playable"]) for t in waiting.data["rest"]["techniques"]} == {
        ("ser-sonch", "lanternbearer_t_ward", True), ("maud", "oriel_t_vespers", True)}
    assert {(t["technique"], t["playable"]) for t in r["techniques"]} >= {("lanternbearer_t_ward", False)}  # played
    # the District Wheel clockwise: bellwold, cindergate, thornkeep, saltmere, mothgrove
    assert r["rotation"]["amount"] == 2 and r["rotation"]["by_hand"] is False
    assert {m["from"]: m["to"] for m in r["rotation"]["moves"]} == {
        "bellwold": "thornkeep", "cindergate": "saltmere", "thornkeep": "mothgrove", "saltmere": "bellwold",
        "mothgrove": "cindergate"}
    moved = {m["from"]: m["to"] for m in r["rotation"]["moves"]}
    assert state["delve"]["wheel_tokens"] == {moved[d]: card for d, card in wheel_before.items()}
    assert "Rotation 2" in reply.text and r["campfire"] is None and "tells none" in reply.text
    assert state["delve"]["rested"] is True


async def test_campfire_tale_adds_the_highest_rapport_and_gives_each_knight_the_bonus(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 1601): To resolve Campfire Tales, roll on the Campfire Tales table in the Kingdom Codex,
    adding the highest Rapport between any two Knights in your party to the result, then read the tale you rolled,
    if any.
    """
    await _party(table)
    for _ in range(2):
        await table.ok('@kara /knight note kind:rapport text:"Maud"')
    await table.ok('@ulfa /knight note kind:rapport text:"Ser Sonch"')
    await table.ok('@kara /knight note kind:rapport text:"Someone Far Away"')  # not in the party
    await table.ok("@kara /knight stat stat:vigor change:-3")
    await table.ok("@ulfa /knight stat stat:heat change:1")
    await table.ok("/gm force-next values:7")
    await table.ok("@kara /rest")  # the Rest Abilities step waits (Rest Techniques in hand)
    reply = await table.ok("@kara /rest")
    c = reply.data["rest"]["campfire"]
    assert (c["natural"], c["rapport"], c["result"]) == (7, 2, 9)
    assert c["tale"]["id"] == "aub_tale_gatekeeper"  # 9-10: each Knight gains 1 Vigor and loses 1 Heat
    knights = reply.data["knights"]
    assert knights["ser-sonch"]["vigor"] == 10 and knights["maud"]["heat"] == 0


async def test_a_low_roll_tells_no_tale(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 1601): To resolve Campfire Tales, roll on the Campfire Tales table in the Kingdom Codex,
    adding the highest Rapport between any two Knights in your party to the result, then read the tale you rolled,
    if any.
    """
    await _party(table)
    await table.ok("/gm force-next values:2")
    await table.ok("@kara /rest")  # the Rest Abilities step waits (Rest Techniques in hand)
    reply = await table.ok("@kara /rest")
    c = reply.data["rest"]["campfire"]
    assert c["result"] == 2 and c["tale"] is None and "No tale" in reply.text


async def test_one_rest_per_expedition_and_not_in_the_fog(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 264): Note: This does not mean you will resolve extra Phases, like two Rests or two Clashes!"""
    no_delve = await table("@kara /rest")
    assert not no_delve.ok and "no Delve" in (no_delve.error or "")
    await _party(table)
    await table.ok("@kara /delve travel fog:aub_02")
    in_fog = await table("@kara /rest")
    assert not in_fog.ok and "Deep Fog" in (in_fog.error or "")
    await table.ok("@kara /fog withdraw")
    await table.ok("@kara /rest tale:false")
    await table.ok("@kara /rest tale:false")
    again = await table("@kara /rest")
    assert not again.ok and "already rested" in (again.error or "")


def test_highest_rapport_counts_only_knights_of_the_party() -> None:
    """Rulebook (line 1601): To resolve Campfire Tales, roll on the Campfire Tales table in the Kingdom Codex,
    adding the highest Rapport between any two Knights in your party to the result
    """
    board = Board(portrait="p", heroic_arc="h", peril_arc="a", talent="t")

    def knight(kid: str, name: str, rapport: list[Rapport]) -> KnightState:
        return KnightState(id=kid, name=name, owner="u", knight="x", board=board, sheet=Sheet(rapport=rapport))

    a = knight("a", "Ada", [Rapport(knight="Stranger", hearts=3), Rapport(knight="bo", hearts=1)])
    b = knight("bo", "Bo", [Rapport(knight="ADA", hearts=2)])
    assert rest.highest_rapport([a, b]) == (2, ["Bo", "Ada"])
    assert rest.highest_rapport([a]) == (0, [])


async def test_the_rest_waits_after_its_rest_abilities_step(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 1594): When instructed to Rest (usually after an Exhibition Clash), resolve the following
    steps: - Rest Abilities: Knights may play Technique cards with the Rest keyword. - Resource tokens: Discard all
    Resource tokens. - Monster Rotation: Perform Rotation 2. - Campfire Tales: You may resolve a Campfire Tale; see
    below.

    `/rest` offered Ward the Camp and ran every other step (and the Expedition moved on) in the same reply: the
    Technique could only be played too late. Now it waits after step 1 while a Rest Technique is in hand; the Delve
    does not travel on meanwhile."""
    await _party(table)
    await table.ok("@kara /knight resource token:ember_token change:2")
    first = await table.ok("@kara /rest")
    assert "Ward the Camp" in first.text and "Rotation 2 —" not in first.text and "3. Monster Rotation" not in first.text
    state = await table.state()
    assert state["delve"]["resting"] and not state["delve"]["rested"]
    assert state["knights"]["ser-sonch"]["board"]["resources"] == {"ember_token": 2}  # step 2 not yet
    moving = await table("/delve travel direction:north")
    assert not moving.ok and "/rest" in (moving.error or "")
    played = await table.ok('@kara /knight technique action:delve technique:lanternbearer_t_ward name:"Ser Sonch"')
    assert played.ok
    done = await table.ok("@kara /rest tale:false")
    assert "Rotation 2" in done.text and "1. Rest Abilities: done." in done.text
    state = await table.state()
    assert state["delve"]["rested"] and not state["delve"]["resting"]
    assert state["knights"]["ser-sonch"]["board"]["resources"] == {}
