"""The Postgame played with the commands (docs/postgame.md): the starter Rites of the Apocrypha of Aubrevane and its
Dungeon, the Undercroft of Saint Aubre (gate -> nave -> ossuary -> reliquary -> lair; gate -> stair -> cloister -> lair
is the short, loud way)."""

from __future__ import annotations

from typing import Any

from tests.conftest import Table

KNIGHTS = ["Ser Sonch", "Kara"]
SHORT = ["stair", "cloister", "lair"]  # Threat 1 + 2 + 1, no Clue (an Encounter on the stair)
LONG = ["nave", "ossuary", "reliquary", "lair"]  # Threat 4, 4 Clues


async def _start(table: Table, names: list[str] = KNIGHTS) -> dict[str, Any]:
    for name in names:
        await table.ok(f'/knight create knight:lanternbearer name:"{name}"')
    return (await table.ok("/postgame start")).data["postgame"]


async def _walk(table: Table, rooms: list[str]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for room in rooms:
        data = (await table.ok(f"/postgame dungeon room:{room}")).data["postgame"]
    return data


async def _win_clash(table: Table, clash: str = "/postgame clash") -> dict[str, Any]:
    await table.ok(clash)
    assert (await table.ok("/clash adjust monster:wounds value:40")).data["clash"]["over"] == "victory"
    ended = await table.ok("/clash end")
    assert "the Hunt succeeds" in ended.text
    return {"postgame": await _status(table)}


async def _win(table: Table, hunt: str) -> None:
    await table.ok(f"/postgame hunt hunt:{hunt}")
    await _walk(table, SHORT)
    await _win_clash(table)


async def _status(table: Table) -> dict[str, Any]:
    data: dict[str, Any] = (await table.ok("/postgame status")).data["postgame"]
    return data


async def test_start_needs_knights_and_no_squires(table: Table) -> None:
    """Rulebook (line 1711): Important: To play this game mode, everyone in your party must have finished their
    campaign! No Squires either!"""
    assert not (await table("/postgame start")).ok  # no Knight yet
    await table.ok('/knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('/squire add squire:squire_tamsin name:"Tam"')
    refused = await table("/postgame start")
    assert not refused.ok and "No Squires" in (refused.error or "")
    await table.ok("/gm undo")  # the Squire leaves
    assert not (await table("@kara /postgame start")).ok  # the GM starts it
    data = (await table.ok("/postgame start")).data["postgame"]
    assert data["unlocked"] == ["h1", "h2"] and data["marked"] == []
    assert not (await table("/postgame start")).ok  # once


async def test_a_locked_hunt_is_refused(table: Table) -> None:
    """Rulebook (line 1725): In the case of Rites of the Apocrypha, you can only choose Hunts that are not marked
    (you haven't won them yet), but that you have unlocked (all the preceding Hunts leading into them are marked)."""
    await _start(table)
    before = await table.state()
    refused = await table("/postgame hunt hunt:h3")
    assert not refused.ok and "locked: win h1" in (refused.error or "")
    assert await table.state() == before


async def test_a_marked_hunt_is_refused(table: Table) -> None:
    """Rulebook (line 1725): In the case of Rites of the Apocrypha, you can only choose Hunts that are not marked
    (you haven't won them yet)"""
    await _start(table)
    await _win(table, "h1")
    refused = await table("/postgame hunt hunt:h1")
    assert not refused.ok and "marked already" in (refused.error or "") and "/postgame custom" in (refused.error or "")


async def test_a_won_hunt_is_marked_and_unlocks_the_next(table: Table) -> None:
    """Rulebook (line 1713): Whenever you beat a Hunt for the first time, mark it as completed and unlock one or more
    connected Hunts. In order to successfully complete a Hunt, you need to win both the Dungeon and the following
    Clash."""
    await _start(table)
    await table.ok("/postgame hunt hunt:h1")
    await _walk(table, SHORT)
    ended = await _win_clash(table)
    assert ended["postgame"]["marked"] == ["h1"] and ended["postgame"]["run"] is None
    status = await _status(table)
    assert status["unlocked"] == ["h2", "h3"] and status["defeated"] == {"drowned": [1]}
    assert "h4" in status["locked"]  # locked by h1 and h2


async def test_a_hunt_locked_by_two_hunts_opens_when_both_are_won(table: Table) -> None:
    """Rulebook (line 1714): Note that some Hunts are locked by multiple other Hunts. You can access such a Hunt only
    if you have won all the preceding Hunts!"""
    await _start(table)
    await _win(table, "h1")
    assert not (await table("/postgame hunt hunt:h4")).ok
    await _win(table, "h2")
    status = await _status(table)
    assert "h4" in status["unlocked"] and status["marked"] == ["h1", "h2"]
    started = (await table.ok("/postgame hunt hunt:h4")).data["postgame"]["run"]
    assert (started["hunt"], started["monster"], started["level"]) == ("h4", "abbot", 2)


async def test_a_lost_clash_does_not_win_the_hunt(table: Table) -> None:
    """Rulebook (line 1713): In order to successfully complete a Hunt, you need to win both the Dungeon and the
    following Clash."""
    await _start(table)
    await table.ok("/postgame hunt hunt:h1")
    await _walk(table, SHORT)
    await table.ok("/postgame clash")
    assert "the Hunt is not won" in (await table.ok("/clash end")).text  # ended with no victory
    ended = await _status(table)
    assert ended["marked"] == [] and ended["run"] is None and ended["defeated"] == {}
    assert ended["unlocked"] == ["h1", "h2"]


async def test_the_dungeon_is_walked_room_by_room(table: Table) -> None:
    """Rulebook (line 1726): Instead of playing on a Kingdom map, you will venture into a Dungeon (next page). Ignore
    normal Monster Setup rules. Each Dungeon will specify which Encounters are available."""
    await _start(table)
    reply = await table.ok("/postgame hunt hunt:h1")
    run = reply.data["postgame"]["run"]
    assert (run["room"], run["threat"], run["exits"]) == ("gate", 0, ["nave", "stair"])
    assert "Drowned Acolytes, Bone Choir, Ash Wraith" in reply.text
    refused = await table("/postgame dungeon room:lair")
    assert not refused.ok and "no passage" in (refused.error or "")
    run = (await _walk(table, ["stair"]))["run"]
    assert (run["room"], run["threat"], run["encounters"]) == ("stair", 1, ["Drowned Acolytes"])
    run = (await _walk(table, ["gate", "stair"]))["run"]  # back and forth: Threat again, the Encounter only once
    assert (run["threat"], run["encounters"]) == (2, ["Drowned Acolytes"])
    shown = await table.ok("/postgame dungeon")
    assert "The Broken Stair" in shown.text and shown.data["postgame"]["run"]["room"] == "stair"


async def test_too_much_threat_loses_the_hunt(table: Table) -> None:
    """Rulebook (line 1713): In order to successfully complete a Hunt, you need to win both the Dungeon and the
    following Clash."""
    await _start(table)
    await table.ok("/postgame hunt hunt:h1")
    await _walk(table, ["stair", "cloister", "stair", "cloister"])  # 1 + 2 + 1 + 2 = 6 of 8
    lost = (await table.ok("/postgame dungeon room:stair")).data["postgame"]  # 7
    assert lost["run"]["threat"] == 7
    lost = (await table.ok("/postgame dungeon room:cloister")).data["postgame"]  # 9: the Dungeon is lost
    assert lost["run"] is None and lost["marked"] == [] and "the Threat reached 8" in lost["history"][-1]


async def test_the_lair_wins_the_dungeon_and_the_clash_needs_it(table: Table) -> None:
    """Rulebook (line 1715): When you succeed in a Hunt (both the Dungeon and the Clash)"""
    await _start(table)
    await table.ok("/postgame hunt hunt:h2")
    await _walk(table, ["stair"])
    refused = await table("/postgame clash")
    assert not refused.ok and "not won yet" in (refused.error or "")
    run = (await _walk(table, ["cloister", "lair"]))["run"]
    assert run["dungeon_won"] and run["exits"] == []
    assert not (await table("/postgame dungeon room:cloister")).ok
    started = await table.ok("/postgame clash")
    assert started.data["clash"]["monster"] == "stag" and started.data["clash"]["level"] == 1
    assert not (await table("/postgame clash")).ok


async def test_clues_become_opening_or_break_tokens(table: Table) -> None:
    """Rulebook (line 1722): If an effect would cause the party to gain a Clue token, at the start of Clash you may
    exchange it for 1 Opening or Break token."""
    await _start(table)
    await table.ok("/postgame hunt hunt:h1")
    run = (await _walk(table, LONG))["run"]
    assert run["clues"] == 4
    refused = await table("/postgame clash opening:3 break:2")
    assert not refused.ok and "4 Clue" in (refused.error or "")
    await table.ok("/postgame clash opening:3 break:1")
    pool = (await table.state())["clash"]["flow"]["pool"]
    assert pool.get("opening") == 3 and pool.get("break") == 1
    run = (await _status(table))["run"]
    assert run["exchanged"] == {"opening": 3, "break": 1} and run["clues"] == 0


async def test_adjust_threat_and_clues_by_hand(table: Table) -> None:
    """Rulebook (line 1721): Techniques that do refer to elements present in the Dungeons, e.g. Encounters or gaining
    Threat, work normally."""
    await _start(table)
    await table.ok("/postgame hunt hunt:h1")
    run = (await table.ok("/postgame adjust threat:2 clues:1")).data["postgame"]["run"]
    assert (run["threat"], run["clues"]) == (2, 1)
    assert not (await table("/postgame adjust clues:-2")).ok
    assert not (await table("/postgame adjust")).ok
    lost = (await table.ok("/postgame adjust threat:6")).data["postgame"]
    assert lost["run"] is None


async def test_a_custom_hunt_needs_a_level_defeated_in_the_postgame(table: Table) -> None:
    """Rulebook (line 1725): In case of replaying a previously completed Hunt, choose a Monster and decide which
    level you want to face. You can only choose a Monster Level if you have defeated it in the Postgame."""
    await _start(table)
    refused = await table("/postgame custom monster:drowned level:1")
    assert not refused.ok and "has not been defeated in the Postgame" in (refused.error or "")
    await _win(table, "h1")
    assert not (await table("/postgame custom monster:drowned level:2")).ok
    run = (await table.ok("/postgame custom monster:drowned level:1")).data["postgame"]["run"]
    assert run["custom"] and run["hunt"] is None and run["dungeon"] == "undercroft"


async def test_a_custom_hunt_grants_no_legendary_rewards(table: Table) -> None:
    """Rulebook (line 1725): Note that these Hunts do not grant you any Legendary rewards."""
    await _start(table)
    await _win(table, "h1")
    await table.ok("/postgame custom monster:drowned level:1")
    await _walk(table, SHORT)
    await table.ok("/postgame clash")
    await table.ok("/clash adjust monster:wounds value:40")
    ended = await table.ok("/clash end")
    assert "A Custom Hunt grants no Legendary rewards." in ended.text
    data = await _status(table)
    assert data["owed"] == [] and data["marked"] == ["h1"] and data["history"][-1].startswith("Custom Hunt")


async def test_a_legendary_reward_is_claimed_once(table: Table) -> None:
    """Rulebook (line 1715): When you succeed in a Hunt (both the Dungeon and the Clash) against a Monster rewarding
    Legendary Gear cards for the first time, you may exchange a Clash Loot card for one of them instead of the usual
    Gear cards.

    Rulebook (line 1729): Remember: The use of Legendary rewards is limited to this mode, unless specifically stated
    otherwise."""
    await _start(table)
    await _win(table, "h1")
    await _win(table, "h2")
    assert not (await table('/postgame claim knight:"Ser Sonch" reward:lg_censer')).ok  # h4 not won yet
    await _win(table, "h4")
    owed = (await _status(table))["owed"]
    assert owed == [{"hunt": "h4", "rewards": ["lg_censer"]}]
    claimed = await table.ok('/postgame claim knight:"Ser Sonch" reward:lg_censer')
    assert "only in the Postgame" in claimed.text
    data = claimed.data["postgame"]
    assert data["claimed"] == {"lg_censer": "ser-sonch"} and data["owed"] == []
    again = await table('/postgame claim knight:Kara reward:lg_censer')
    assert not again.ok and "already claimed" in (again.error or "")
