"""True Solo Mode (rulebook lines 1811-1819): Investigations without Clue cards, 3 Clues of any type, up to three
successes per Expedition, the Priority Target and the Clash Setup's Gear (docs/modes.md)."""

from __future__ import annotations

from bot.narration.registry import carried
from rules.delve.state import ClueGained
from rules.expedition.clue_cards import gain
from rules.state import CampaignState
from tests.conftest import Table


async def solo(table: Table) -> Table:
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/campaign mode mode:true_solo")
    await table.ok("/expedition start")
    return table


async def test_the_mode_is_a_campaign_setting(table: Table) -> None:
    """Rulebook (line 1812): When traveling alone (Squires don't count!), a lonely Knight has much more freedom to focus on their personal objectives. If you play with a single Knight, when you proceed to resolve an Investigation, apply the following rules:"""  # noqa: E501
    assert (await table.state())["mode"] == "standard"
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@ulfa /knight create knight:ashgrove name:"Maud"')
    refused = await table("/campaign mode mode:true_solo")
    assert not refused.ok and "single Knight" in (refused.error or "")
    not_gm = await table("@kara /campaign mode mode:five_player")
    assert not not_gm.ok
    reply = await table.ok("/campaign mode mode:five_player")
    assert reply.data["mode"] == "five_player" and (await table.state())["mode"] == "five_player"


async def test_solo_investigation_draws_no_clue_card_and_collects_every_type(table: Table) -> None:
    """Rulebook (line 1813): - Ignore drawing a Clue card. Instead, collect all types of Clues (Martial, Errant, Historic, Mystic)."""  # noqa: E501
    await solo(table)
    reply = await table.ok("@kara /expedition vision choice:investigation investigation:1")
    assert "draws no Clue card" in reply.text
    state = await table.state()
    clue = state["expedition"]["visions"]["ser-sonch"]["clue"]
    assert clue["card"] == "true_solo" and state["expedition"]["clue_deck"] is None  # no card left the deck
    # the Delve's Clues of every type go to the Knight
    camp = CampaignState.model_validate(state)
    assert camp.expedition is not None
    camp.expedition.step = "delve1"
    await table.ok("/delve start kingdom:aubrevane start:aub_01")
    camp.delve = CampaignState.model_validate(await table.state()).delve
    assert camp.delve is not None
    camp.delve.clues += [ClueGained(type=t, tile="aub_04", why="test") for t in ("mystic", "historic")]
    out = gain(camp)
    assert camp.expedition.visions["ser-sonch"].clue.collected == {"mystic": 1, "historic": 1}  # type: ignore[union-attr]
    assert "2/3 Clues of any type" in " ".join(carried(t) for t in out)  # its words, as told


async def test_three_clues_succeed_and_a_new_investigation_is_chosen(table: Table) -> None:
    """Rulebook (line 1814): - When you collect 3 Clues of any type, immediately read the Success paragraph of the Investigation you resolved and discard all Clue tokens you've collected. Next, choose another Investigation from your Chapter to resolve. Immediately read the starting paragraph of that Investigation, then resume your Expedition. You may succeed at up to three Investigations during a single Expedition this way."""  # noqa: E501
    await solo(table)
    await table.ok("@kara /expedition vision choice:investigation investigation:1")
    await table.ok('/expedition next phase:delve reason:"test"')
    await table.ok("@kara /expedition clue clue:martial change:1")
    await table.ok("@kara /expedition clue clue:errant change:1")
    reply = await table.ok("@kara /expedition clue clue:mystic change:1")
    assert "Investigation 1.1 **succeeds**" in reply.text and "Success paragraph" in reply.text
    assert "/solo investigation" in reply.text
    state = await table.state()
    vision = state["expedition"]["visions"]["ser-sonch"]
    assert vision["clue"]["collected"] == {} and vision["investigation"] is None  # tokens discarded
    assert state["knights"]["ser-sonch"]["sheet"]["tale"][0]["investigations"][0] == {"resolved": True,
                                                                                     "success": True}
    # no Investigation under way: no Clue is collected until one is chosen
    refused = await table("@kara /expedition clue clue:martial change:1")
    assert not refused.ok
    again = await table("@kara /solo investigation investigation:1")
    assert not again.ok and "already a success" in (again.error or "")
    chosen = await table.ok("@kara /solo investigation investigation:2")
    assert "starting paragraph" in chosen.text and chosen.data["solo_successes"] == [1]
    assert (await table.state())["expedition"]["visions"]["ser-sonch"]["investigation"] == 2


async def test_at_most_three_successes_in_one_expedition(table: Table) -> None:
    """Rulebook (line 1814): You may succeed at up to three Investigations during a single Expedition this way.

    Rulebook (line 1815): - When you finish the third Investigation of your current Chapter (regardless of whether you manage to do so in one Expedition or multiple), you may immediately end the Expedition by proceeding to the Full Clash (as if your current Time was 16) or continue exploring the Kingdom until you run out of time."""  # noqa: E501
    await solo(table)
    await table.ok("@kara /expedition vision choice:investigation investigation:1")
    await table.ok('/expedition next phase:delve reason:"test"')
    texts = []
    for number in (1, 2, 3):
        if number > 1:
            await table.ok(f"@kara /solo investigation investigation:{number}")
        reply = await table.ok("@kara /expedition clue clue:historic change:3")
        texts.append(reply.text)
    assert "third Investigation of Chapter 1" not in texts[1]
    assert "third Investigation of Chapter 1" in texts[2] and "/expedition next phase:clash" in texts[2]
    assert "the most True Solo Mode allows" in texts[2]
    state = await table.state()
    assert state["expedition"]["solo_successes"] == [1, 2, 3]
    assert state["expedition"]["visions"]["ser-sonch"]["outcome"] == "success"
    refused = await table("@kara /solo investigation investigation:4")
    assert not refused.ok and "3 Investigations" in (refused.error or "")


async def test_a_free_roam_still_draws_a_clue_card(table: Table) -> None:
    """Rulebook (line 1812): If you play with a single Knight, when you proceed to resolve an Investigation, apply the following rules:"""  # noqa: E501
    await solo(table)
    reply = await table.ok("@kara /expedition vision choice:free_roam")
    assert "draws the Clue card" in reply.text


async def test_the_knight_starts_the_clash_as_priority_target(table: Table) -> None:
    """Rulebook (line 1818): - Your Knight always starts a Clash with the Priority Target token, regardless of the Passion values of the Squires."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    before = await table.ok("/clash start monster:stag level:1 type:exhibition")
    assert "Priority Target" not in before.text
    await table.ok("/clash end")
    await table.ok("/campaign mode mode:true_solo")
    reply = await table.ok("/clash start monster:stag level:1 type:exhibition")
    assert "Ser Sonch starts the Clash with the Priority Target token" in reply.text
    assert (await table.state())["clash"]["flow"]["priority_target"] == "ser-sonch"


async def test_clash_setup_shows_the_three_gear_and_random_knight_rules(table: Table) -> None:
    """Rulebook (line 1819): - During each Clash Setup, you may equip up to three Gear cards from your Knight Armory (exchanging it with the Gear you already have equipped if you don't have any free Gear slots).

    Rulebook (line 1817): - If an effect targets a random Knight, prioritize your Knight. For example, if an effect targets two random Knights, it will target your Knight and one random Squire instead."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok("/campaign mode mode:true_solo")
    reply = await table.ok("/clash start monster:stag level:1 type:full")
    assert "up to 3 Gear cards from the Armory" in reply.text and "/solo gear gear:" in reply.text
    assert "prioritize your Knight" in reply.text and "/solo random count:" in reply.text
    refused = await table("/campaign mode mode:standard")
    assert not refused.ok and "Clash is under way" in (refused.error or "")


async def test_solo_gear_at_clash_setup_up_to_three(table: Table) -> None:
    """Rulebook (line 1819): - During each Clash Setup, you may equip up to three Gear cards from your Knight Armory (exchanging it with the Gear you already have equipped if you don't have any free Gear slots)."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    for gid in ("gear_riveted_mail", "gear_rosary_of_knots", "gear_wooden_buckler", "gear_tanners_hood"):
        await table.ok(f"@kara /knight armory add gear:{gid}")
    await table.ok("@kara /knight loadout gear:gear_pilgrims_mace,gear_padded_gambeson,gear_lantern_of_vigil")
    early = await table("@kara /solo gear gear:gear_riveted_mail unequip:gear_padded_gambeson")
    assert not early.ok  # not True Solo Mode yet
    await table.ok("/campaign mode mode:true_solo")
    no_setup = await table("@kara /solo gear gear:gear_riveted_mail unequip:gear_padded_gambeson")
    assert not no_setup.ok and "Clash Setup" in (no_setup.error or "")
    await table.ok("/clash start monster:stag level:1 type:exhibition")
    full = await table("@kara /solo gear gear:gear_riveted_mail")
    assert not full.ok and "2 armor slots (of 1)" in (full.error or "")  # no free slot: exchange it
    one = await table.ok("@kara /solo gear gear:gear_riveted_mail unequip:gear_padded_gambeson")
    assert one.data["solo_gear"] == ["gear_riveted_mail"]
    three = await table.ok("@kara /solo gear gear:gear_rosary_of_knots,gear_wooden_buckler")
    assert three.data["loadout"] == ["gear_pilgrims_mace", "gear_lantern_of_vigil", "gear_riveted_mail",
                                     "gear_rosary_of_knots", "gear_wooden_buckler"]
    fourth = await table("@kara /solo gear gear:gear_tanners_hood unequip:gear_rosary_of_knots")
    assert not fourth.ok and "up to 3 Gear cards" in (fourth.error or "")
    state = await table.state()
    assert [e["gear"] for e in state["knights"]["ser-sonch"]["loadout"]] == three.data["loadout"]
    # each Clash Setup counts again
    await table.ok("/clash end")
    await table.ok("/clash start monster:stag level:1 type:exhibition")
    again = await table.ok("@kara /solo gear gear:gear_tanners_hood unequip:gear_rosary_of_knots")
    assert again.data["solo_gear"] == ["gear_tanners_hood"]


async def test_a_random_knight_is_your_knight_first(table: Table) -> None:
    """Rulebook (line 1817): - If an effect targets a random Knight, prioritize your Knight. For example, if an effect targets two random Knights, it will target your Knight and one random Squire instead."""  # noqa: E501
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /squire add squire:squire_tamsin name:"Tam"')
    await table.ok('@kara /squire add squire:squire_wendel name:"Wendel"')
    standard = await table("/solo random count:2")
    assert not standard.ok and "/roll random" in (standard.error or "")
    await table.ok("/campaign mode mode:true_solo")
    assert (await table.ok("/solo random")).data["targets"] == ["Ser Sonch"]
    two = (await table.ok("/solo random count:2")).data["targets"]
    assert two[0] == "Ser Sonch" and two[1] in ("Tam", "Wendel") and len(two) == 2
    three = await table.ok("/solo random count:4")
    assert three.data["targets"][0] == "Ser Sonch" and sorted(three.data["targets"][1:]) == ["Tam", "Wendel"]
    assert "Only 3 of the 4" in three.text
