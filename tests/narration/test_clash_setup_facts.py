"""The Clash's set-up, the GM's adjustments, the Rounds, the end and the Board report facts
(rules/clash/gm_facts.py, ...) and bot/narration gives their words: the replies read as they did before the facts (the
words below are the ones the table saw), and the log keeps the facts next to the words (issue #19, item 4)."""

from __future__ import annotations

from bot.app.service import App
from bot.narration.registry import words
from rules.clash.escalation_facts import (
    EscalationAllBp3,
    EscalationBonus,
    EscalationCardLeaves,
    EscalationIgnored,
    EscalationMobReplaced,
    EscalationSetAsideBack,
    EscalationShuffledIn,
)
from rules.clash.gm_facts import GmKnightStat
from rules.clash.mob_facts import MobNoSpawn, MobPlaceByHand, MobRises, MobSpawned, MobTokenPassed, MobTokenSpent
from rules.clash.round_facts import PoolChanged, RoundKnightLine, SighReplay
from rules.clash.setup_facts import SetupKnights, SetupTerrain
from rules.engine import Event
from rules.facts import said
from rules.knights.sheet_facts import SighMarked
from rules.knights.stat_facts import StatChanged
from tests.conftest import Table
from tests.narration.logged import logged_facts


async def test_the_gms_adjustments_read_as_before_and_the_log_keeps_their_facts(app: App, table: Table) -> None:
    """Rulebook (line 1393): Successfully wounded BP cards become Wounds and end up on the Wound Stack."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser *Kara*"')
    await table.ok("/clash start monster:abbot level:1 type:full")
    knight = await table.ok('/clash adjust knight:"Ser *Kara*" stat:heat value:2')
    assert knight.text.startswith("🛠️ GM sets **Ser \\*Kara\\***'s Heat to 2: ")
    assert await logged_facts(app, '/clash adjust knight:"Ser *Kara*" stat:heat value:2') == [
        "clash_gm_knight_stat", "stat_changed"]  # the statistics' own fact inside it
    wounds = await table.ok("/clash adjust monster:wounds value:2")
    assert wounds.text.splitlines()[0] == "🛠️ GM sets the Wound Stack from 0 to 2 Wound(s) of 9."
    to_hit = await table.ok("/clash adjust monster:to_hit value:5")
    assert to_hit.text.startswith("🛠️ GM sets the Monster's To Hit from ")
    assert await logged_facts(app, "/clash adjust monster:to_hit value:5") == ["clash_gm_monster_number"]
    card = (await table.state())["clash"]["ai_deck"][1]
    top = await table.ok(f"/clash adjust deck:ai top:{card}")
    assert "goes from the AI deck to" in top.text
    assert await logged_facts(app, f"/clash adjust deck:ai top:{card}") == ["clash_gm_deck_top"]


async def test_a_clash_set_up_and_ended_reads_as_before_and_the_log_keeps_its_facts(app: App, table: Table) -> None:
    """Rulebook (line 923): - Perform Setup: Prepare the Board, the Monster and the Knights."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser *Kara*"')
    started = await table.ok("/clash start monster:abbot level:2 type:full")
    lines = started.text.splitlines()
    assert lines[0] == "The Cinder Abbot, level 2, full Clash: AI 1 deck of 6 cards."
    assert "Activation tokens: AI." in lines and "The Clash begins with the Monster Round: /monster round." in lines
    assert "Knights: Ser \\*Kara\\* on H3." in lines and "The Cinder Abbot stands on A5, facing south." in lines
    assert lines[-1] == "Flip every Technique card to its Clash side; Knight statistics carry over from the Delve."
    facts = await logged_facts(app, "/clash start monster:abbot level:2 type:full")
    assert facts[:3] == ["clash_setup_decks", "clash_setup_bp_deck", "clash_setup_escalations"]
    assert {"clash_setup_knights", "clash_setup_monster_placed", "clash_setup_flip_techniques"} <= set(facts)
    ended = await table.ok("/clash end")
    assert ended.text.splitlines() == [
        "🏁 The Clash against The Cinder Abbot (level 2, full) is over: ended by the GM. Wounds 0/11.",
        "The Clash was not over (no victory, no defeat): it just ends, without Clash Aftermath "
        "(`/knight expedition step:aftermath knight:\"...\"` runs one Knight's by hand).",
        "The Clash Board is cleared."]
    assert await logged_facts(app, "/clash end") == ["clash_ended", "clash_ended_unfinished", "clash_board_cleared"]


async def test_a_sigh_of_the_graal_reads_as_before_and_the_log_keeps_its_facts(app: App, table: Table) -> None:
    """Rulebook (line 325): If you use a Sigh of the Graal, one Knights should erase a Sigh of the Graal from their
    Knight Sheets."""
    await table.ok("@kara /knight create knight:ashgrove name:Kara")
    await table.ok("@kara /knight mark what:sigh")
    await table.ok("/clash start monster:stag level:1 type:full")
    await table.ok("/clash adjust knight:Kara stat:bane value:30")  # every Knight dead: the Clash is over
    sigh = await table.ok("@kara /clash sigh")
    assert sigh.text.splitlines() == [
        "🌬️ **Kara** spends a Sigh of the Graal: the Clash against The Gallowmere Stag is replayed without any of its "
        "consequences.",
        "The game is restored to the state from before the Clash (Knights, Kingdom track, decks, board).",
        "Kara: Sigh of the Graal erased (spent).",
        "The dice go on from where they stand: the replayed Clash rolls new dice. The GM starts it again with "
        "/clash start.",
        "(Restored to just before #3 `/clash start monster:stag level:1 type:full`.)"]
    assert await logged_facts(app, "/clash sigh") == ["sigh_replay", "sigh_replay", "sigh_replay", "sigh_marked",
                                                      "sigh_replay"]


async def test_a_knight_turn_and_the_pool_read_as_before_and_the_log_keeps_their_facts(app: App, table: Table) -> None:
    """Rulebook (line 1023): During the Knight Round, each Knight takes their turn, by performing a Movement Action
    and a Combat Action in any order."""
    await table.ok('@kara /knight create knight:ashgrove name:"Ser *Kara*"')
    await table.ok("/clash start monster:abbot level:1 type:full providence:true")
    moved = await table.ok("@kara /knight move to:F5")
    lines = moved.text.splitlines()
    assert lines[0] == "▶️ Ser \\*Kara\\*'s turn." and lines[-1].startswith("🚶 Ser \\*Kara\\* moves to F5 (Speed ")
    facts = await logged_facts(app, "/knight move to:F5")
    assert facts[0] == "round_turn_opened" and "round_knight_moved" in facts
    ended = await table.ok("@kara /knight end-turn")
    assert ended.text.splitlines()[0] == "⏹️ Ser \\*Kara\\* ends their turn."
    assert (await logged_facts(app, "/knight end-turn"))[0] == "round_turn_ended"
    pool = await table.ok("/pool add token:opening count:2")
    assert pool.text == "The Knight Pool gains 2 opening token(s): 2 opening."
    assert await logged_facts(app, "/pool add token:opening count:2") == ["round_pool_changed"]


def test_escalation_and_the_mob_track_read_as_before() -> None:
    """Rulebook (line 1413): If there are no more cards in the BP Escalation deck, ignore any BP Escalations.

    Each fact's words are the sentence the rules wrote before the facts (rules/clash/escalation.py, mob_track.py,
    spawning.py at the commit before this family was converted)."""
    told = {
        EscalationBonus(bonus="evasion_dice"): "No AI card is left to escalate: the Monster gains a permanent +1 "
                                               "Evasion die.",
        EscalationCardLeaves(deck="ai", card="a1", level=1, where="discard"):
            "AI 1 card a1 leaves the Clash (from the discard), and the discard pile is shuffled back into the AI deck.",
        EscalationCardLeaves(deck="bp", card="b3", level=3, where="deck"):
            "BP 3 card b3 leaves the Clash (from the deck); the discard pile stays as it is.",
        EscalationShuffledIn(deck="ai", level=2): "An AI 2 card is shuffled into the AI deck.",
        EscalationShuffledIn(deck="bp", level=3, count=1): "1 BP 3 card shuffled into the BP deck.",
        EscalationShuffledIn(deck="bp", level=3, count=2): "2 BP 3 cards shuffled into the BP deck.",
        EscalationIgnored(why="bp3_empty"): "No BP 3 card is left in the Escalation deck: the BP Escalation is "
                                            "ignored.",
        EscalationAllBp3(): "Every BP card left is a BP 3: the BP discard pile is shuffled into the BP deck.",
        EscalationSetAsideBack(card="b9"): "The set-aside BP 3 card b9 goes to the bottom of the BP deck.",
        EscalationMobReplaced(mob=2, card="m1", level=1, new_level=2):
            "Mob 2 (m1, BP 1) leaves the Clash; a BP 2 Mob takes its place.",
        MobTokenSpent(mob=1, to=3): "The Activation token moves from Mob 1 to Mob 3, spent.",
        MobTokenPassed(to=None): "Its Activation token waits for the next Mob on the track.",
        MobTokenPassed(to=2, ready=True): "Its Activation token moves to Mob 2 (ready).",
        MobNoSpawn(why="full"): "The Mob track is full: no Mob spawns.",
        MobSpawned(mob=4, level=2): "A BP 2 Mob spawns as Mob 4; place its miniature and turn it to face the most "
                                    "Knights.",
        MobPlaceByHand(mob=3, name="Drowned 3"): "✋ By hand: place Mob 3's miniature (as the Monster Sheet says) "
                                                 "with /clash place kind:mob name:\"Drowned 3\" number:3 "
                                                 "space:<space>, facing the most Knights.",
        MobRises(mob=1, space="A4", facing="S", knight="Ser *Kara*"):
            "🌊 Mob 1 rises on A4, the closest Board Edge space to Ser \\*Kara\\*, facing S.",
    }
    for f, sentence in told.items():
        assert words(f) == sentence
        assert Event(kind="clash", text=said(f)).fact == f  # said in a list of sentences, the fact again


def test_the_facts_with_pairs_and_lines_come_back_from_the_logs_json() -> None:
    """Rulebook (line 1393): Successfully wounded BP cards become Wounds and end up on the Wound Stack.

    A fact read back from an event's JSON (the log) is the same fact: pairs stay pairs, a line carrying a fact is that
    fact again."""
    stat = StatChanged(stat="heat", old=0, new=2, limit=3)
    for f in (SetupKnights(knights=[("Kara", "H3", ["Braced"]), ("Tam", "?", [])]),
              SetupTerrain(tiles=[("Fallen Bell", "E10")]),
              PoolChanged(token="opening", count=2, pool=[("opening", 2), ("break", 1)]),
              GmKnightStat(knight="Kara", stat="heat", value=2, then=[said(stat)]),
              SighReplay(step="erased", knight="Kara", then=[said(SighMarked(have=False))]),
              RoundKnightLine(knight="Kara", then=["Instant card back."])):
        event = Event(kind="clash", fact=f)
        assert Event.model_validate_json(event.model_dump_json()) == event
    assert GmKnightStat(knight="Kara", stat="heat", value=2, then=[said(stat)]).then == [stat]
