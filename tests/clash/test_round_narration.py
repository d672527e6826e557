"""The end of a Knight Round tells only the Instant cards that come back: the Clash reads the Knight Board, never a
sentence (issue #19, item 4: "no rule ever reads event text")."""

from __future__ import annotations

from tests.clash.test_knight_round import _knight_round
from tests.conftest import Table


async def _end_every_turn(table: Table) -> str:
    state = await table.state()
    text = ""
    for k in state["board"]["knights"]:
        if not k["dead"]:
            text = (await table.ok(f'/knight end-turn knight:"{k["name"]}"')).text
    return text


async def test_a_knight_round_ends_telling_only_the_instant_cards_that_come_back(table: Table) -> None:
    """Rulebook (line 1256): Once all Knights have taken their turns, proceed to the next Monster Round.

    Rulebook (line 557): When you use a Technique with an Instant Depletion, it returns to your hand at the end of the
    current Round (Knight, Monster, or Delve Round)."""
    await _knight_round(table)
    ended = await _end_every_turn(table)
    assert "Next: Monster Round 2" in ended
    assert "no Instant cards" not in ended and "back to the hand" not in ended
    state = await table.state()
    first = state["board"]["knights"][0]["name"]
    await table.ok("/monster round")
    state = await table.state()
    while state["clash"]["flow"]["pending"] is not None or state["clash"]["flow"]["phase"] != "knight":
        pending = state["clash"]["flow"]["pending"]
        assert pending is not None, state["clash"]["flow"]
        await table.ok(f"/choose decision:{pending['id']} option:{pending['options'][0]['key']}")
        state = await table.state()
    await table.ok(f'/knight technique action:delve technique:lanternbearer_t_flare knight:"{first}"')
    ended = await _end_every_turn(table)
    assert f"{first}: End of Round: lanternbearer_t_flare back to the hand." in ended
    assert "no Instant cards" not in ended
