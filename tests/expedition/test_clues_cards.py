"""Clue cards at the Vision Phase: one card each for the Investigating and Free Roaming Knights, the Primary from the
card, the Secondary from the Knight to the right (the seating order), and the Delve's Clues going to the Knights
whose cards show their type."""

from __future__ import annotations

from rules.delve.state import ClueGained
from rules.expedition.clue_cards import gain
from rules.state import CampaignState
from tests.conftest import Table


async def trio(party: Table) -> Table:
    await party.ok('@oda /knight create knight:oriel name:"Ysolde"')
    return party


def cards(state: dict) -> dict[str, dict]:  # type: ignore[type-arg]
    return {kid: v["clue"] for kid, v in state["expedition"]["visions"].items()}


async def test_each_investigating_and_roaming_knight_draws_one_clue_card(party: Table) -> None:
    """Rulebook (line 596): - Invitation: The Questing player reads their Quest paragraphs (found in their Knightbook). Players going on Investigations read their Investigation paragraphs. Each of the players going on Investigations and Free Roams draws a single Clue card (see Clue Tokens and Clue Cards p. 26).

    Rulebook (line 628): Clue Cards. If you're going on an Investigation or a Free Roam, you will draw a single Clue card to determine what two types of Clues you will be collecting. The Clue card determines your Primary Clue and the number of Clues of this type you need to collect during the Expedition."""  # noqa: E501
    await trio(party)
    await party.ok("@kara /expedition vision choice:quest")
    drawn = await party.ok("@ulfa /expedition vision choice:investigation investigation:2")
    assert "Maud draws the Clue card" in drawn.text
    await party.ok("@oda /expedition vision choice:free_roam")
    state = await party.state()
    held = cards(state)
    assert held["ser-sonch"] is None  # the Questing Knight draws none
    maud, ysolde = held["maud"], held["ysolde"]
    assert maud["card"] != ysolde["card"]
    assert maud["needed"] >= 1 and maud["collected"][maud["primary"]] == 0
    deck = state["expedition"]["clue_deck"]
    assert maud["card"] not in deck and ysolde["card"] not in deck and len(deck) == 10
    # choosing again keeps the card; going on the Quest instead gives it back
    await party.ok("@ulfa /expedition vision choice:free_roam")
    assert cards(await party.state())["maud"]["card"] == maud["card"]
    await party.ok("@kara /expedition vision choice:investigation")
    await party.ok("@ulfa /expedition vision choice:quest")
    state = await party.state()
    assert cards(state)["maud"] is None and state["expedition"]["clue_deck"][-1] == maud["card"]
    assert cards(state)["ser-sonch"] is not None


async def test_the_secondary_clue_is_the_primary_of_the_knight_to_the_right(party: Table) -> None:
    """Rulebook (line 629): For your Secondary Clue, check the Primary Clue of the Knight to your right and mark its type on your Clue card with a matching Clue token (yes, it already counts as a gained Clue token!)."""  # noqa: E501
    await trio(party)
    for who in ("kara", "ulfa", "oda"):
        await party.ok(f"@{who} /expedition vision choice:free_roam")
    await party.ok("@kara /expedition card card:clue_broken_banner")  # Martial
    await party.ok("@ulfa /expedition card card:clue_crossroads_rumour")  # Errant
    await party.ok("@oda /expedition card card:clue_erased_chronicle")  # Historic
    await party.ok('@kara /expedition seating order:"Ser Sonch, Maud, Ysolde"')
    held = cards(await party.state())
    assert (held["ser-sonch"]["secondary"], held["ser-sonch"]["secondary_from"]) == ("errant", "maud")
    assert (held["maud"]["secondary"], held["ysolde"]["secondary"]) == ("historic", "martial")
    assert held["ser-sonch"]["collected"] == {"martial": 0, "errant": 1}  # the token counts as a gained Clue
    # the other way round the table
    reply = await party.ok('@oda /expedition seating order:"Ysolde, Maud, Ser Sonch"')
    assert "Ser Sonch's Secondary Clue: **Historic**" in reply.text
    held = cards(await party.state())
    assert [held[k]["secondary"] for k in ("ser-sonch", "maud", "ysolde")] == ["historic", "martial", "errant"]


async def test_a_questing_knight_or_the_same_primary_is_passed_over(party: Table) -> None:
    """Rulebook (line 628): The Clue card determines your Primary Clue ... For your Secondary Clue, check the Primary Clue of the Knight to your right"""  # noqa: E501
    await trio(party)
    await party.ok('/expedition seating order:"Ser Sonch, Maud, Ysolde"')
    await party.ok("@kara /expedition vision choice:free_roam")
    await party.ok("@ulfa /expedition vision choice:quest")
    await party.ok("@oda /expedition vision choice:investigation")
    await party.ok("@kara /expedition card card:clue_broken_banner")  # Martial
    await party.ok("@oda /expedition card card:clue_iron_oath")  # Martial too
    held = cards(await party.state())
    # Ser Sonch's right is Maud, on the Quest (no card), then Ysolde, of the same Primary: a random other type
    assert held["ser-sonch"]["secondary_from"] == "random" and held["ser-sonch"]["secondary"] != "martial"
    await party.ok("@oda /expedition card card:clue_lost_pilgrim")  # Errant now
    held = cards(await party.state())
    assert (held["ser-sonch"]["secondary"], held["ser-sonch"]["secondary_from"]) == ("errant", "ysolde")
    assert (held["ysolde"]["secondary"], held["ysolde"]["secondary_from"]) == ("martial", "ser-sonch")


async def test_the_seating_sets_the_right_and_is_refused_when_incomplete(party: Table) -> None:
    await trio(party)
    before = await party.state()
    for bad, why in (('"Ser Sonch, Maud"', "missing: Ysolde"), ('"Ser Sonch, Maud, Maud, Ysolde"', "named twice"),
                     ('"Ser Sonch, Maud, Gawain"', "no Knight")):
        refused = await party(f"/expedition seating order:{bad}")
        assert not refused.ok and why in (refused.error or ""), refused.error
    assert await party.state() == before  # refusals change nothing
    shown = await party.ok("/expedition clues")
    assert shown.data["seating"] == ["ser-sonch", "maud", "ysolde"]  # by default: the order they joined
    await party.ok('/expedition seating order:"Maud, Ysolde, Ser Sonch"')
    assert (await party.ok("/expedition clues")).data["seating"] == ["maud", "ysolde", "ser-sonch"]
    # the seating stays for the next Expedition
    await party.ok('/expedition next phase:over reason:"test"')
    await party.ok("/expedition start")
    assert (await party.state())["expedition"]["seating"] == ["maud", "ysolde", "ser-sonch"]


async def test_the_delve_clues_go_to_the_knights_who_seek_them(party: Table) -> None:
    """Rulebook (line 778): Whenever you encounter a Clue symbol on a Kingdom tile, each Knight may gain a Clue token, but only if the Clue type matches any of the Clue types indicated by their Quest objective (Questing Knight) or the Primary or Secondary Clue on their Clue card (any other Knight).

    Rulebook (line 630): Remember: You can only collect the Clues depicted on your Clue card!"""  # noqa: E501
    await party.ok("@kara /expedition vision choice:investigation investigation:1")
    await party.ok("@ulfa /expedition vision choice:free_roam")
    await party.ok("@kara /expedition card card:clue_broken_banner")  # Martial, Secondary Errant (Maud's)
    await party.ok("@ulfa /expedition card card:clue_crossroads_rumour")  # Errant, Secondary Martial
    # the rule itself, on the real state: Clues the Delve records go to the cards showing their type
    state = CampaignState.model_validate(await party.state())
    state.expedition.step = "delve1"  # type: ignore[union-attr]
    await party.ok("/delve start kingdom:aubrevane start:aub_01")
    state.delve = CampaignState.model_validate(await party.state()).delve
    state.delve.clues += [ClueGained(type=t, tile="aub_04", why="test")  # type: ignore[union-attr]
                          for t in ("martial", "mystic", "errant", "martial")]
    texts = gain(state)
    held = state.expedition.visions  # type: ignore[union-attr]
    assert held["ser-sonch"].clue.collected == {"martial": 2, "errant": 2}  # type: ignore[union-attr]
    assert held["maud"].clue.collected == {"errant": 1, "martial": 3}  # type: ignore[union-attr]
    assert len(texts) == 3  # nobody collects Mystic
    assert gain(state) == []  # each Clue is given once
    # end to end: the Delve's travel gains a Clue, the Expedition gives it to whoever seeks its type
    await party.ok('/expedition next phase:delve reason:"test"')
    before = cards(await party.state())
    reply = await party.ok("@kara /delve travel direction:west")
    kind = reply.data["clues"][0]["type"]
    after = cards(await party.state())
    for kid in ("ser-sonch", "maud"):
        seeks = kind in (after[kid]["primary"], after[kid]["secondary"])
        assert after[kid]["collected"].get(kind, 0) == before[kid]["collected"].get(kind, 0) + int(seeks)
    # a Clue given back by hand (a gain declined), and a type not on the card refused
    await party.ok("@kara /expedition clue clue:martial change:2")
    await party.ok("@kara /expedition clue clue:martial change:-1")
    refused = await party("@kara /expedition clue clue:mystic change:1")
    assert not refused.ok and "only collect the Clues depicted" in (refused.error or "")


async def test_five_knights_without_a_quest_give_the_leader_a_token(party: Table) -> None:
    """Rulebook (line 1824): - If five Knights embark on an Expedition, and none of them are on a Quest Delve, i.e. each Knight chose to undertake an Investigation or go on a Free Roam, the four Knights who are not the Party Leader will each receive a Clue card to determine the Clues they are seeking. The fifth Knight, the Party Leader, will determine their Clue objective by drawing a random Clue token and placing it on their Knight Board. This counts as their first Clue, and they will need to end the Expedition with at least five Clues of that type to succeed at their Investigation and/or Roam."""  # noqa: E501
    await trio(party)
    await party.ok('@bram /knight create knight:marrow name:"Bran"')
    await party.ok('@cai /knight create knight:lanternbearer name:"Cai"')
    for who in ("kara", "ulfa", "oda", "bram", "cai"):
        await party.ok(f"@{who} /expedition vision choice:free_roam")
    assert all(c is not None and c["card"] != "clue_token" for c in cards(await party.state()).values())
    reply = await party.ok("@ulfa /expedition leader knight:Maud")
    assert "draws a random Clue token" in reply.text
    state = await party.state()
    held = cards(state)
    token = held["maud"]
    assert token["card"] == "clue_token" and token["needed"] == 5 and token["secondary"] is None
    assert token["collected"] == {token["primary"]: 1}  # it counts as their first Clue
    assert all(held[k]["secondary_from"] != "maud" for k in held if k != "maud")  # no card: passed over
    assert len(state["expedition"]["clue_deck"]) == 12 - 4  # Maud's card went back
    refused = await party("@ulfa /expedition card card:clue_iron_oath")
    assert not refused.ok and "Clue token" in (refused.error or "")
    # another leader: Maud draws a card again, Ysolde takes the token
    await party.ok("@oda /expedition leader knight:Ysolde")
    held = cards(await party.state())
    assert held["maud"]["card"] != "clue_token" and held["ysolde"]["card"] == "clue_token"


async def test_a_card_named_from_the_table_swaps_with_its_holder(party: Table) -> None:
    await party.ok("@kara /expedition vision choice:investigation")
    await party.ok("@ulfa /expedition vision choice:free_roam")
    held = cards(await party.state())
    sonch, maud = held["ser-sonch"]["card"], held["maud"]["card"]
    reply = await party.ok(f"@kara /expedition card card:{maud}")
    assert "takes" in reply.text and "in exchange" in reply.text
    held = cards(await party.state())
    assert (held["ser-sonch"]["card"], held["maud"]["card"]) == (maud, sonch)
    assert held["ser-sonch"]["secondary"] == held["maud"]["primary"] or held["maud"]["primary"] == held[
        "ser-sonch"]["primary"]
    # after the Vision Phase the cards are on the Knight Boards
    await party.ok('/expedition next phase:outpost reason:"test"')
    refused = await party(f"@kara /expedition card card:{sonch}")
    assert not refused.ok and "Vision Phase" in (refused.error or "")
