"""Rules emit facts; bot/narration renders their words at the edge (issue #19, item 4; docs/architecture.md)."""

from __future__ import annotations

import rules  # noqa: F401  (every feature module: every fact registered)
from bot.app.service import App
from bot.narration import reply_text, sentence, told
from bot.narration.registry import RENDERERS, bold, name
from rules.decks.facts import CardDrawn
from rules.engine import Event, Result
from rules.facts import FACTS, Paragraph, RandomKnightsTargeted, said
from rules.state import CampaignState
from tests.conftest import Table


def test_every_fact_has_its_words() -> None:
    missing = sorted(n for n, model in FACTS.items() if model not in RENDERERS)
    assert not missing, f"facts without a renderer in bot/narration: {missing}"


def test_a_fact_survives_its_json_and_an_old_event_reads_as_before() -> None:
    drawn = Event(kind="draw", fact=CardDrawn(card="Ash", deck="Minor Mortis", text="Lose 1 Vigor.", after="bottom"))
    back = Event.model_validate_json(drawn.model_dump_json())
    assert back == drawn and isinstance(back.fact, CardDrawn)
    old = {"kind": "draw", "text": "Drew **Ash** from the Minor Mortis deck."}  # an entry written before facts
    assert Event.model_validate(old).model_dump() == old  # no fact: written back exactly as it was


def test_a_fact_carried_in_a_list_of_sentences_is_the_fact_again() -> None:
    """A converted step inside a family still written in sentences puts its fact in the list (``said``); the Event
    of that line, or of a sentence joined with it, holds the fact, and a silent fact takes its space with it."""
    target = RandomKnightsTargeted(count=2, source="Two random Knights lose 1 Vigor.")
    alone = Event(kind="harm", text=said(target))
    assert alone.fact == target and alone.text == "" and sentence(alone) is None
    joined = Event(kind="harm", text=" ".join(["✋ By hand: Two random Knights lose 1 Vigor.", said(target), "Next."]))
    assert isinstance(joined.fact, Paragraph) and target in joined.fact.parts
    assert sentence(joined) == "✋ By hand: Two random Knights lose 1 Vigor. Next."
    led = Event(kind="mettle", fact=Paragraph(parts=["Drew **Ash**.", said(target), "Next."], lead="Tam"))
    assert isinstance(led.fact, Paragraph) and target in led.fact.parts  # a part carrying a fact is that fact
    assert sentence(led) == "**Tam** — Drew **Ash**. Next."
    typed = Event(kind="gm", text="a name typed with \x02{not a fact}\x03 stays a sentence")
    assert typed.fact is None and typed.text.startswith("a name typed")


def test_the_reply_leaves_out_a_silent_fact() -> None:
    result = told(Result(state=CampaignState(name="t", seed=1), events=[
        Event(kind="a", text="First."), Event(kind="b", fact=RandomKnightsTargeted(count=1)),
        Event(kind="c", text="Second.")]))
    assert reply_text(result.events) == "First.\nSecond."


def test_names_are_escaped_for_markdown_at_the_edge() -> None:
    assert name("Ser *Star*_of_|Ash|") == "Ser \\*Star\\*\\_of\\_\\|Ash\\|"
    assert bold("Tam") == "**Tam**"


async def test_a_name_is_stored_as_typed_and_shown_escaped(table: Table) -> None:
    """Rulebook (line 1817): - If an effect targets a random Knight, prioritize your Knight."""
    await table.ok('@kara /knight create knight:lanternbearer name:"Ser *Star*"')
    await table.ok("/campaign mode mode:true_solo")
    named = await table.ok("/solo random")
    assert "the random Knight is **Ser \\*Star\\*** (your Knight first)." in named.text
    assert [k["name"] for k in (await table.state())["knights"].values()] == ["Ser *Star*"]


async def test_the_log_keeps_the_fact_and_the_words_the_players_saw(app: App, table: Table) -> None:
    drawn = await table.ok("/deck draw deck:minor_mortis")
    entry = (await table.ok("/gm log count:1")).data["entries"][-1]
    assert entry["events"] == [drawn.text]  # /gm log reads each event's text, as it always has
    row = next(e for e in await app.db.log(1) if e.command.startswith("/deck draw"))
    assert row.events[0]["text"] == drawn.text and row.events[0]["fact"]["fact"] == "card_drawn"
    assert Event.model_validate(row.events[0]).fact == CardDrawn.model_validate(row.events[0]["fact"])
