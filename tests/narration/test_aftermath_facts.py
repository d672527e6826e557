"""The Clash Aftermath reports facts (rules/clash/aftermath_facts.py) and bot/narration/aftermath.py gives their
words: `/clash end`'s reply and its ``data["aftermath"]`` read as they did before the facts (the words below are the
ones the rules wrote at the commit before this family was converted), the log keeps the facts next to the words, and
a fact inside a reply's ``data`` is told as its words at the edge (issue #19, item 4)."""

from __future__ import annotations

from bot.app.service import App
from bot.narration import told
from bot.narration.next_step import told_data
from bot.narration.registry import words
from rules.clash.aftermath_facts import (
    AftermathBegun,
    AftermathGear,
    AftermathOtherTokens,
    AftermathSearch,
    AftermathSighMay,
    AftermathTechniques,
)
from rules.engine import Event, Result
from rules.expedition.next_step import Cmd, NextStep
from rules.facts import Fact, RandomKnightsTargeted
from rules.state import CampaignState
from tests.conftest import Table
from tests.narration.logged import logged_facts

SCAVENGE = ("Scavenge X: \"Add X Loot cards to the Loot deck. If the Scavenge keyword does not specify which Loot card "
            "type it refers to, you may choose from Kingdom Gear, Upgrade and Consumable Gear Loot cards.\" If no Loot "
            "card is left to add, ignore Scavenge.")


def test_the_aftermaths_facts_read_as_before() -> None:
    """Rulebook (line 1476): - Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3 (see
    Scavenge X, p. 86)."""
    told_as: list[tuple[Fact, str]] = [
        (AftermathBegun(outcome=None, knights=[]), "🌒 Clash Aftermath (no outcome) for no Knight:"),
        (AftermathTechniques(knights=[]), "🃏 Techniques: every Technique card returns to the hand (all were there)."),
        (AftermathOtherTokens(modifiers=[], pool=[]),
         "🪙 Other tokens: Modifier tokens discarded (none held); Knight tokens in the Knight Pool discarded (none); "
         "Resource tokens stay."),
        (AftermathGear(unexhausted=[], regained=[], charged=[], kept=[]),
         "⚙️ Gear: unexhausted: none was exhausted; regained: none was discarded; Charges back: all full."),
        (AftermathSearch(won=True, clash_type="exhibition", loot_deck="loot_exhibition"),
         "🎁 ✋ By hand: \"Victorious Search: If you won the Clash, perform Clash Scavenge 1 and Scavenge 3\" — add 1 "
         "Exhibition Clash Loot card and 3 Loot cards (your choice of Kingdom Gear, Upgrade and Consumable Gear Loot "
         "cards) to the Loot deck; take them with `/deck search deck:loot_exhibition card:<id>`. " + SCAVENGE),
        (AftermathSearch(won=False, clash_type="full", loot_deck=None),
         "🎁 ✋ By hand: \"Forlorn Search: If you lost the Clash, perform Scavenge 3\" — add 3 Loot cards (your choice "
         "of Kingdom Gear, Upgrade and Consumable Gear Loot cards) to the Loot deck; the loaded packs have no Scavenge "
         "deck, so take them from the Scavenge deck on the table. " + SCAVENGE),
        (AftermathSighMay(knights=["Ser *Kara*", "Tam"]),
         "🌬️ Before the story resolution, a Sigh of the Graal may replay this Clash without any of its consequences: "
         "`/clash sigh knight:\"Ser *Kara*\"`, `/clash sigh knight:\"Tam\"`."),
    ]
    for f, sentence in told_as:
        assert words(f) == sentence
        event = Event(kind="aftermath", fact=f)
        assert Event.model_validate_json(event.model_dump_json()) == event  # pairs and lists come back from JSON


async def test_clash_end_tells_the_aftermath_in_its_reply_and_its_data(app: App, table: Table) -> None:
    """Rulebook (line 1467): Clash Aftermath
    Typically, after every Clash, the game will lead you to a Clash Aftermath, described in the Clash Setup, in the
    Kingdom Codex.

    The data's lines are the reply's, names as typed (the reply escapes them as a whole, as before)."""
    await table.ok('@kara /knight create knight:ashgrove name:"Ser *Kara*"')
    await table.ok("/clash start monster:stag level:1 type:full")
    await table.ok('/clash adjust knight:"Ser *Kara*" stat:bane value:30')  # over the Bane Limit: dead, a defeat
    reply = await table.ok("/clash end")
    steps = reply.data["aftermath"]
    assert all(isinstance(s, str) for s in steps)
    assert steps[0] == "🌒 Clash Aftermath (the Knights lost) for Ser *Kara*:"
    assert "✝️ Deaths: resurrected with maximum Vigor: Ser *Kara* (Vigor 12)." in steps
    assert "🌒 Clash Aftermath (the Knights lost) for Ser \\*Kara\\*:" in reply.text.splitlines()
    facts = await logged_facts(app, "/clash end")
    assert facts[0] == "clash_ended" and facts[1] == "clash_aftermath_begun"
    assert {"clash_aftermath_resurrected", "clash_aftermath_first_death", "clash_aftermath_search"} <= set(facts)
    row = [e for e in await app.db.log(1) if e.command == "/clash end"][-1]
    logged = [e["text"] for e in row.events if e["kind"] == "aftermath"]
    assert logged == steps  # the log keeps the words as the rules wrote them before the facts


def test_a_fact_inside_data_is_told_as_its_words_at_any_depth() -> None:
    """A reply's ``data`` holds no fact once told: a step to take next is its command line, any other fact its
    words, a silent fact is left out of a list; data without a fact is the very same object."""
    plain = {"a": [1, {"b": "two"}], "c": None}
    assert told_data(plain) is plain
    tech = AftermathTechniques(knights=[])
    silent = RandomKnightsTargeted(count=1)
    nxt = NextStep(commands=[Cmd(name="rest")])
    data = {"lines": [tech, silent, "a sentence"], "deep": {"x": [{"next": nxt}], "y": (tech,)}, "n": 3}
    assert told_data(data) == {"lines": [words(tech), "a sentence"], "deep": {"x": [{"next": "/rest"}],
                                                                             "y": (words(tech),)}, "n": 3}
    assert data["lines"][0] is tech  # the result's own data is left as it was
    result = told(Result(state=CampaignState(name="t", seed=1), events=[], data={"aftermath": [tech]}))
    assert result.data == {"aftermath": [words(tech)]}
