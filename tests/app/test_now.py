"""/now — "what may I do now?" (issue #20 item 3), through command lines: a Clash of the starter pack, the turn,
the Knights' statistics, the weapons of the Loadout in range or not, and the question the Clash waits for."""

from __future__ import annotations

from bot.console.runner import format_reply
from tests.clash.test_monster_round import _answer_until_done
from tests.conftest import Table


async def _starter_clash(table: Table) -> None:
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    await table.ok("/clash start monster:abbot level:1 type:exhibition")


async def test_now_shows_the_waiting_question_with_its_keys(table: Table) -> None:
    """Issue #20: "The console never shows a Clash question's answers"; the Clash waits for the players'
    answer to a targeting tie, and /now shows it with every option's key and label."""
    await _starter_clash(table)
    before = await table.ok("@kara /now")
    assert before.data["clash"]["phase"] == "monster" and before.data["turn"] is None
    assert before.data["questions"] == [] and before.data["next"] == "/monster round"
    assert "Round 1: the Monster Round." in before.text
    asked = await table.ok("/monster round")
    assert asked.pending is not None, asked.text  # seed 1: the Abbot's targeting leaves a tie to the players
    shown = await table.ok("@kara /now")
    (question,) = shown.data["questions"]
    assert question["id"] == asked.pending["id"] and question["answer"] == "choose"
    assert [o["key"] for o in question["options"]] == asked.pending["options"]
    # the question is /now's own, as the decision's reply carries it: the console lists its keys below the text
    assert shown.pending == asked.pending and f"❓ {question['id']} — {asked.pending['prompt']}" in shown.text
    console = format_reply("kara", "/now", shown)
    for key, label in zip(asked.pending["options"], asked.pending["labels"], strict=True):
        assert f"[{key}] {label}" in console
    assert shown.data["next"].startswith(f"/choose decision:{asked.pending['id']}")


async def test_now_names_whose_turn_the_knights_and_the_weapons_in_range(table: Table) -> None:
    """Rulebook, "1. Declare Attack and Active Weapon": "You can only choose a weapon as active if the target of
    your Attack is in that weapon's effective range (adjacent for melee, within range X–Y for Ranged, etc.) and
    LoS"."""
    await _starter_clash(table)
    await _answer_until_done(table, await table.ok("/monster round"))
    waiting = await table.ok("/now")
    assert waiting.data["turn"] is None and waiting.data["clash"]["still_to_act"] == ["Ser Sonch", "Kara"]
    await table.ok("@sonch /knight move to:G4")  # beside the Abbot (D4, three spaces by three)
    await table.ok('/clash adjust knight:"Ser Sonch" stat:heat value:2')
    now = await table.ok("@kara /now")
    assert now.data["clash"]["turn"] == "Ser Sonch" and "it is **Ser Sonch**'s turn" in now.text
    sonch = next(k for k in now.data["knights"] if k["name"] == "Ser Sonch")
    assert (sonch["heat"], sonch["vigor"]) == (2, sonch["max_vigor"])
    assert f"Ser Sonch: Vigor {sonch['vigor']}/{sonch['max_vigor']}, Heat 2/{sonch['heat_limit']}" in now.text
    assert [k["name"] for k in now.data["knights"]] == ["Ser Sonch", "Kara"]
    turn = now.data["turn"]
    assert turn["name"] == "Ser Sonch" and turn["moved"] is True and turn["attacked"] is False
    mace = next(w for w in turn["weapons"] if w["name"] == "Pilgrim's Mace")
    assert mace["in_range"] is True and mace["targets"] == ["The Cinder Abbot"]
    # the odds are /odds weapon's, to the fraction
    odds = await table.ok("@sonch /odds weapon weapon:gear_pilgrims_mace")
    (against,) = mace["odds"]
    assert against["wound"] == odds.data["wound"] and against["level"] == odds.data["bp_level"] == 1
    assert f"⚔️ Pilgrim's Mace: in range of The Cinder Abbot — The Cinder Abbot: Wound {against['shown']} " \
           "(BP level 1)." in now.text
    assert f"Wound **{against['shown']}**" in odds.text
    assert "has made the Movement Action of this turn" in now.text
    assert now.data["next"].startswith("/knight attack ... or /knight end-turn")  # the Movement Action is made
    await table.ok("@sonch /knight end-turn")
    await table.ok("@kara /knight move to:G5")  # beside the Abbot too: too near for a bow
    bow = (await table.ok("@sonch /now")).data["turn"]["weapons"]
    assert [(w["name"], w["in_range"]) for w in bow] == [("Hunting Bow", False)]
    assert "out of the Hunting Bow's effective range (Ranged 2–5)" in bow[0]["why_not"][0]


async def test_now_in_a_delve_shows_the_travel_step_with_its_keys(table: Table) -> None:
    """Rulebook (line 738): - Travel step: As a party, decide which face down tile you want to travel onto, or whether you want to Backtrack or Enter the Deep Fog (see The Deep Fog, p. 37).

    /now lists each destination's key."""  # noqa: E501
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    started = await table.ok("/delve start kingdom:aubrevane start:aub_01")
    assert started.pending is not None
    now = await table.ok("@kara /now")
    assert now.data["phase"] == "Delve" and now.data["clash"] is None and now.data["turn"] is None
    (question,) = now.data["questions"]
    assert question["id"] == started.pending["id"] and question["answer"] == "delve travel"
    assert [o["key"] for o in question["options"]] == started.pending["options"]
    assert now.pending == started.pending
    console = format_reply("kara", "/now", now)
    assert "[fog:aub_02]" in console and "[aub_02] north: explore aub_02" in console
    assert now.data["next"] == f"/delve travel decision:{started.pending['id']} to:<key>"


async def test_now_lists_the_turn_knight_s_techniques_and_abilities_while_usable(table: Table) -> None:
    """Rulebook: "Cards in your hand are considered available to use"; "You cannot activate an ability if you cannot
    pay its full cost (e.g. an ability requires you to raise Heat and you are already at Heat Limit ...)"; "You can
    use each available active ability on a single game element once per Round"."""
    await _starter_clash(table)
    await _answer_until_done(table, await table.ok("/monster round"))
    await table.ok("@sonch /knight move to:G4")
    turn = (await table.ok("@sonch /now")).data["turn"]
    kindle = next(c for c in turn["techniques"] if c["id"] == "lanternbearer_t_kindle")
    assert (kindle["name"], kindle["cost"], kindle["payable"]) == ("Kindle", "+1 Heat", True)
    assert kindle["text"] == "Place 2 Fire tokens in the Knight Pool." and kindle["exert"] == "Fire 1"
    # Smokescreen costs "Using a Movement Action" (rulebook, "Active Abilities"), and Ser Sonch has moved
    smoke = next(c for c in turn["techniques"] if c["id"] == "lanternbearer_t_smoke")
    assert (smoke["cost"], smoke["payable"]) == ("Movement Action", False)
    lantern = [a for a in turn["abilities"] if a["source"] == "gear_lantern_of_vigil"]
    assert [(a["ability"], a["cost"], a["reaction"]) for a in lantern] == [("Kindle", "Exhaust", False)]
    assert all(a["kind"] == "gear" for a in turn["abilities"])  # the Techniques' own abilities are with their card
    # the Hunting Bow is Kara's: its Nock (a Movement Action) is not Ser Sonch's to use
    assert not [a for a in turn["abilities"] if a["ability"] == "Nock"]
    shown = (await table.ok("@sonch /now")).text
    assert "🃏 Kindle (+1 Heat): Place 2 Fire tokens in the Knight Pool. Exert: Fire 1 — " \
           "`/knight technique action:clash|exert technique:lanternbearer_t_kindle`" in shown
    assert '⚡ Kindle (Exhaust) of Lantern of Vigil: Place 1 Opening token in the Knight Pool. — ' \
           '`/knight react source:gear_lantern_of_vigil ability:"Kindle"`' in shown

    await table.ok('@sonch /knight react source:gear_lantern_of_vigil ability:"Kindle"')
    turn = (await table.ok("@sonch /now")).data["turn"]
    assert not [a for a in turn["abilities"] if a["source"] == "gear_lantern_of_vigil"], "used: exhausted"
    await table.ok('/clash adjust knight:"Ser Sonch" stat:heat value:3')  # at the Heat Limit
    now = await table.ok("@sonch /now")
    kindle = next(c for c in now.data["turn"]["techniques"] if c["id"] == "lanternbearer_t_kindle")
    assert kindle["payable"] is False and "(its cost cannot be paid now: the Exert only)" in now.text
    refused = await table("@sonch /knight technique action:clash technique:lanternbearer_t_kindle")
    assert not refused.ok, "the command agrees: the cost cannot be paid"
    await table.ok("@sonch /knight technique action:exert technique:lanternbearer_t_kindle")
    turn = (await table.ok("@sonch /now")).data["turn"]
    assert "lanternbearer_t_kindle" not in [c["id"] for c in turn["techniques"]], "depleted from the hand"


async def test_now_lists_each_knight_s_reactions_in_an_open_window(table: Table) -> None:
    """Rulebook, "Window of Opportunity" and "Active Abilities": the REACT! window before Censer Swing's Attack is
    open, so each Knight's Reactions are listed; a cost of "Using a Movement Action" (the Hunting Bow's Nock) is not
    one a Knight can pay outside their own turn."""
    await table.ok('@sonch /knight create knight:lanternbearer name:"Ser Sonch"')
    await table.ok('@kara /knight create knight:ashgrove name:"Kara"')
    await table.ok("/clash start monster:abbot level:3 type:full")
    await table.ok("/clash adjust deck:ai top:abbot_ai_censer_swing")
    asked = await table.ok("/monster round")
    assert asked.pending is not None and asked.pending["kind"] == "react", asked.text
    now = await table.ok("@kara /now")
    reactions = now.data["reactions"]
    assert set(reactions) == {"Ser Sonch", "Kara"} and now.data["turn"] is None
    sonch = [(a["card"], a["ability"]) for a in reactions["Ser Sonch"]]
    assert ("Lantern of Vigil", "Kindle") in sonch and ("Kindle", "Fire") in sonch
    assert all(a["reaction"] for a in reactions["Kara"]) and "Nock" not in [a["ability"] for a in reactions["Kara"]]
    assert "Ser Sonch may react:" in now.text
    await table.ok('@sonch /knight react source:gear_lantern_of_vigil ability:"Kindle"')
    again = (await table.ok("@kara /now")).data["reactions"]
    assert ("Lantern of Vigil", "Kindle") not in [(a["card"], a["ability"]) for a in again["Ser Sonch"]]


async def test_now_after_the_clash_is_won_shows_no_turn(table: Table) -> None:
    """Rulebook (line 1480): When a Knight dies, that Knight is removed from the Clash Board and cannot be used in any way.

    And once the Clash is over nobody's turn goes on: /now listed the turn Knight's weapons and spaces after "The
    Knights win the Clash!"."""  # noqa: E501
    await _starter_clash(table)
    await _answer_until_done(table, await table.ok("/monster round"))
    await table.ok("@sonch /knight move to:G4")
    assert (await table.ok("@kara /now")).data["turn"] is not None
    await table.ok("/clash adjust monster:wounds value:12")
    won = await table.ok("@kara /now")
    assert won.data["clash"]["over"] and won.data["turn"] is None, won.data["turn"]
    assert "Pilgrim's Mace" not in won.text
