"""The Exploration step resolved (rules/delve/exploration.py) and Exploration Ciphers (/delve cipher)."""

from __future__ import annotations

from content.schema.kingdom import ExplorationCard, Kingdom
from rules.delve import exploration as ex
from rules.state import CampaignState
from tests.delve._support import CATALOGUE, ENGINE, KINGDOM, started


async def _fail(table, line: str) -> str:  # type: ignore[no-untyped-def]
    reply = await table(line)
    assert not reply.ok, line
    return str(reply.error or reply.text)


def _top(state: CampaignState, *cards: str) -> CampaignState:
    assert state.delve is not None
    rest = [c for c in state.delve.exploration if c not in cards]
    state.delve = state.delve.model_copy(update={"exploration": [*cards, *rest]})
    return state


def _with(*extra: ExplorationCard) -> Kingdom:
    return KINGDOM.model_copy(update={"exploration": [*KINGDOM.exploration, *extra]})


def _special(cid: str, text: str = "Gain 1 Curse.") -> ExplorationCard:
    return KINGDOM.exploration_card("aub_ex_ferry_coin").model_copy(
        update={"id": cid, "name": cid, "special": True, "text": text, "effects": [], "gated": []})


async def test_instant_card_applies_its_effects_and_is_discarded(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 797): To resolve the Exploration step, simply draw the top card from the Exploration deck and
    resolve its effect. Note that some Exploration cards have an additional effect that triggers based on your
    Threat or Curse level.
    Rulebook (line 801): - Instant: cards with an instant effect are discarded right after you resolve them.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    reply = await table.ok("@kara /delve travel direction:west")  # the back: Threat +1; The Tide Turns: Threat -1
    assert "The Tide Turns" in reply.text and "loses 1 Threat" in reply.text
    assert reply.data["track"]["threat"] == 0
    state = await table.state()
    assert state["delve"]["exploration_discard"] == ["aub_ex_tide"]
    reply = await table.ok("@kara /delve travel direction:east")  # A Broken Wax Seal: text only
    assert "✋ By hand: A half-burned letter" in reply.text and "`/knight stat`" in reply.text


def test_gated_effect_triggers_by_the_current_threat() -> None:
    """Rulebook (line 797): To resolve the Exploration step, simply draw the top card from the Exploration deck and
    resolve its effect. Note that some Exploration cards have an additional effect that triggers based on your
    Threat or Curse level.
    """
    for threat, after in ((5, 6), (4, 3)):  # The Tide Turns: lose 1 Threat; Threat 5+: gain 2 Threat
        state = _top(started(), "aub_ex_tide")
        state.track = state.track.model_copy(update={"threat": threat})
        texts, _ = ex.exploration_step(CATALOGUE, KINGDOM, state, "saltmere")
        assert state.track.threat == after, texts
        assert any(t.startswith("⚠️ Threat 5") for t in texts) == (threat >= 5)


def test_district_card_stays_in_play_one_per_district() -> None:
    """Rulebook (line 802): - District: cards with a District effect are placed on the District effect space of the
    Kingdom Sheet. Their effects linger in a particular area of the Kingdom map, and usually cannot be discarded by
    regular means. There can be multiple District effects in play at the same time, but only one per District.
    """
    second = KINGDOM.exploration_card("aub_ex_salt_fog").model_copy(update={"id": "aub_ex_salt_two", "name": "Two"})
    kingdom = _with(second)
    state = _top(started(), "aub_ex_salt_fog", "aub_ex_bell_rope", "aub_ex_salt_two", "aub_ex_tide")
    for _ in range(3):
        ex.exploration_step(CATALOGUE, kingdom, state, "bellwold")
    assert state.delve is not None
    assert state.delve.district_effects == {"saltmere": "aub_ex_salt_fog", "bellwold": "aub_ex_bell_rope"}
    assert state.delve.exploration_discard == ["aub_ex_salt_two"]  # only one per District
    texts, _ = ex.exploration_step(CATALOGUE, kingdom, state, "saltmere")  # the party in Saltmere: the reminder
    assert texts[0].startswith("🏷️ District effect in") and "Salt Fog" in texts[0]
    view = ex.view(kingdom, state.delve)
    assert set(view["district_effects"]) == {"saltmere", "bellwold"}
    state.delve, _ = ex.discard(kingdom, state.delve, "saltmere")
    assert "saltmere" not in state.delve.district_effects


async def test_active_card_takes_the_one_active_space(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 803): - Active: cards with an active effect are placed in the Active Effect space of the
    Kingdom Sheet. There is always one Active Effect space on the sheet. If that space is already occupied by
    another Exploration card, discard the newly drawn card instead. Active effects linger either until the players
    fulfill a condition specified on the card, or until a specific number of turns passes.
    """
    state = _top(started(), "aub_ex_kind_stranger", "aub_ex_hound_spoor")
    ex.exploration_step(CATALOGUE, KINGDOM, state, None)
    texts, _ = ex.exploration_step(CATALOGUE, KINGDOM, state, None)
    assert state.delve is not None
    assert state.delve.active_effects == ["aub_ex_kind_stranger"]
    assert state.delve.exploration_discard == ["aub_ex_hound_spoor"] and "discarded instead" in " ".join(texts)
    # end to end: /delve status shows the card in play; /delve discard ends it
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    for way in ("west", "east", "north", "south"):
        await table.ok(f"@kara /delve travel direction:{way}")
    status = await table.ok("/delve status")
    in_play = [c["card"] for c in status.data["active_effects"]] + [
        c["card"] for c in status.data["district_effects"].values()]
    assert in_play
    reply = await table.ok(f"@kara /delve discard card:{in_play[0]}")
    assert "discarded" in reply.text
    assert (await _fail(table, f"@kara /delve discard card:{in_play[0]}"))


def test_special_cards_on_top_are_resolved_in_a_chain() -> None:
    """Rulebook (line 805): Some cards in the Exploration deck are special. When on top of the deck, they are easily
    identifiable by their distinguishable back. If a Special Exploration card has ended up on top of the deck as a
    result of resolving the Exploration step, immediately resolve that card too. Repeat this process until a
    regular Exploration card ends on top of the deck.
    """
    kingdom = _with(_special("aub_ex_s1"), _special("aub_ex_s2"))
    state = _top(started(), "aub_ex_gulls", "aub_ex_s1", "aub_ex_s2", "aub_ex_tide")
    texts, _ = ex.exploration_step(CATALOGUE, kingdom, state, None)
    assert state.delve is not None
    assert state.delve.exploration_discard == ["aub_ex_gulls", "aub_ex_s1", "aub_ex_s2"]
    assert state.delve.exploration[0] == "aub_ex_tide"
    assert sum("✨ A Special Exploration card" in t for t in texts) == 2
    # the last card of the deck may be Special: the chain stops without a loss
    state = _top(started(), "aub_ex_gulls", "aub_ex_s1")
    state.delve = state.delve.model_copy(update={"exploration": ["aub_ex_gulls", "aub_ex_s1"]})  # type: ignore[union-attr]
    ex.exploration_step(CATALOGUE, kingdom, state, None)
    assert not state.track.lost and state.delve.exploration == []  # type: ignore[union-attr]


def test_start_shuffles_until_a_normal_card() -> None:
    """Rulebook (line 806): If any effect, besides normal draw during the Exploration step, would result in a
    Special Exploration card being on top of the Exploration deck, shuffle the deck, until there is a normal
    Exploration card on top.
    """
    kingdom = _with(_special("aub_ex_s1"), _special("aub_ex_s2"))
    state = started()
    dice = ENGINE.dice_for(state)
    deck = ex.normal_on_top(kingdom, ["aub_ex_s1", "aub_ex_s2", "aub_ex_tide"], dice)
    assert sorted(deck) == ["aub_ex_s1", "aub_ex_s2", "aub_ex_tide"] and deck[0] == "aub_ex_tide"
    assert ex.normal_on_top(kingdom, ["aub_ex_s1"], dice) == ["aub_ex_s1"]  # only Specials: nothing to shuffle for


async def test_cipher_right_code_reads_the_paragraph_once(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 756): - Exploration Cipher half: Represents one half of an Exploration Cipher—a code leading to
    a special story passage. Knights can gain the other half from various sources, like game components, but the
    most common source will be their current Quest, found in their Knightbook. With both halves, the player can
    create a full four-digit code that leads to a relevant paragraph in the current Kingdom Codex. If you input a
    wrong Cipher, immediately gain +1 Threat.
    Rulebook (line 914): When you explore a new Kingdom tile with a Cipher on it, you may read all relevant
    paragraphs during the Story step of your current Delve Round. Note: You may read those paragraphs only once per
    Expedition.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    assert "no Exploration Cipher half" in (await _fail(table, "@kara /delve cipher code:3712"))
    await table.ok("@kara /delve travel direction:west")  # Widow's Causeway: Cipher half 37; Threat 0 after
    assert "37xx or xx37" in (await _fail(table, "@kara /delve cipher code:1234"))
    reply = await table.ok("@kara /delve cipher code:3712")
    assert reply.data["cipher"] == {"code": "3712", "right": True} and "widow's lantern" in reply.text
    assert reply.data["ciphers_read"] == ["3712"]
    assert "already read" in (await _fail(table, "@kara /delve cipher code:3712"))


async def test_cipher_wrong_code_gains_one_threat(table) -> None:  # type: ignore[no-untyped-def]
    """Rulebook (line 756): With both halves, the player can create a full four-digit code that leads to a relevant
    paragraph in the current Kingdom Codex. If you input a wrong Cipher, immediately gain +1 Threat.
    """
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    await table.ok("@kara /delve travel direction:west")
    before = (await table.ok("/delve status")).data["track"]["threat"]
    reply = await table.ok("@kara /delve cipher code:9937")
    assert reply.data["cipher"]["right"] is False and "wrong Cipher" in reply.text
    assert reply.data["track"]["threat"] == before + 1
