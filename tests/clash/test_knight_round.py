"""The Knight Round through the real App: turns one at a time, the Movement Action, ending turns, the Knight Pool
(rulebook "Knight Round" to "Movement Action", "Knight Pool and Knight Tokens")."""

from __future__ import annotations

from tests.clash.test_monster_round import _answer_until_done, _clash
from tests.conftest import Table


async def _knight_round(table: Table) -> None:
    await _clash(table, top="abbot_ai_censer_swing")
    await _answer_until_done(table, await table.ok("/monster round"))


async def test_one_knight_at_a_time(table: Table) -> None:
    """Rulebook (line 1254): Just remember, you cannot pause one Knight's turn in order to allow another Knight to
    take theirs! In other words, you must completely resolve one Knight turn to start another."""
    await _knight_round(table)
    state = await table.state()
    kara = next(k for k in state["board"]["knights"] if k["name"] == "Kara")
    label = kara["space"]
    row, col = ord(label[0]) - ord("A"), int(label[1:]) - 1
    free = [f"{chr(ord('A') + r)}{c + 1}" for r, c in ((row, col - 1), (row, col + 1), (row - 1, col))
            if 0 <= c < 12 and r >= 0]
    moved = None
    for space in free:
        reply = await table("@kara /knight move to:" + space)
        if reply.ok:
            moved = reply
            break
    assert moved is not None and "Kara's turn" in moved.text
    refused = await table("@sonch /knight move to:A1")
    assert not refused.ok and "it is Kara's turn" in refused.error
    again = await table("@kara /knight move to:" + free[0])
    assert not again.ok and "already used their Movement Action" in again.error
    await table.ok("@kara /knight end-turn")
    twice = await table("@kara /knight end-turn")
    assert not twice.ok and "already ended their turn" in twice.error


async def test_move_within_speed(table: Table) -> None:
    """Rulebook (line 1264): When you perform your Movement Action, you can move a number of spaces up to your
    Knight's Speed value."""
    await _knight_round(table)
    far = await table("@kara /knight move to:A1")
    assert not far.ok and "cannot move to A1" in far.error
    state = await table.state()
    assert state["clash"]["flow"]["turn"] is None or state["clash"]["flow"]["turn"]["moved"] is False


async def test_all_knights_acted_starts_the_next_monster_round(table: Table) -> None:
    """Rulebook (line 1256): A Knight's turn ends when a player declares that he does not want or cannot take any
    more actions. They cannot take another turn until the next Knight Round. Once all Knights have taken their
    turns, proceed to the next Monster Round."""
    await _knight_round(table)
    state = await table.state()
    living = [k["name"] for k in state["board"]["knights"] if not k["dead"]]
    for name in living[:-1]:
        reply = await table.ok(f'/knight end-turn knight:"{name}"')
        assert "Monster Round 2" not in reply.text
    last = await table.ok(f'/knight end-turn knight:"{living[-1]}"')
    assert "Next: Monster Round 2" in last.text
    state = await table.state()
    assert state["clash"]["flow"]["phase"] == "monster" and state["clash"]["flow"]["round"] == 2


async def test_pool_tokens_add_and_remove(table: Table) -> None:
    """Rulebook (line 437): You generate Knight tokens by using weapon abilities, Heroic Arcs or through other game
    effects. The area you place Knight tokens in is called the Knight Pool."""
    await _knight_round(table)
    reply = await table.ok("@kara /pool add token:opening count:2")
    assert reply.data["pool"] == {"opening": 2}
    reply = await table.ok("@kara /pool add token:opening count:-2")
    assert reply.data["pool"] == {}
    refused = await table("@kara /pool add token:opening count:-1")
    assert not refused.ok and "cannot lose 1" in refused.error
    shown = await table.ok("/pool show")
    assert "empty" in shown.text


async def test_a_knocked_down_knight_stands_up_at_the_start_of_the_turn_after_next(table: Table) -> None:
    """Rulebook (line 2002): - Knockdown: Knockdown is a special Condition. When you get knocked down, you put your
    miniature on its side and take a Knockdown (falling down) card. While you have the Knockdown (falling down)
    card, you cannot move voluntarily, perform any actions, reactions, or free actions, or use Gear abilities or
    Techniques, unless stated otherwise. At the end of your next turn, you flip the card to the Knockdown (standing
    up) side. All Knights with a Knockdown (standing up) card stand up at the start of their next turn. If, for
    whatever reason this card is discarded, stand up too."""
    await _clash(table, top="abbot_ai_censer_swing")
    await _answer_until_done(table, await table.ok("/monster round"))
    state = await table.state()
    kara = next(k for k in state["board"]["knights"] if k["name"] == "Kara")
    await table.ok(f'/clash place kind:knight name:Kara space:{kara["space"]} knocked_down:true')
    refused = await table("@kara /knight move to:A1")
    assert not refused.ok and "knocked down" in refused.error
    ended = await table.ok("@kara /knight end-turn")
    assert "flips the Knockdown card to its standing up side" in ended.text
    state = await table.state()
    for k in state["board"]["knights"]:
        if k["name"] != "Kara" and not k["dead"]:
            await table.ok(f'/knight end-turn knight:"{k["name"]}"')
    await _answer_until_done(table, await table.ok("/monster round"))
    state = await table.state()
    if state["clash"]["over"] or next(k for k in state["board"]["knights"] if k["name"] == "Kara")["dead"]:
        raise AssertionError("the Monster Round ended the test early")
    opened = await table.ok("@kara /knight end-turn")
    assert "Kara stands up" in opened.text
    state = await table.state()
    assert not next(k for k in state["board"]["knights"] if k["name"] == "Kara")["knocked_down"]
