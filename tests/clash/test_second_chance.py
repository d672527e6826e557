"""Second Chance and Superior Chance on a Mortis or Judicium card that kills (rules/clash/peril.py)."""

from __future__ import annotations

import dataclasses

from bot.narration.registry import carried
from content.schema.gear import Keyword
from rules.clash import peril
from rules.clash.harm import Harm
from rules.clash.peril import settle
from rules.engine import Engine
from rules.expedition.state import ExpeditionState
from rules.state import DeckState
from tests.clash.test_knight_attack import MACE, clash, fight, kara
from tests.conftest import CATALOGUE

HORRIBLY = "judicium_you_died_horribly"


def _engine(keyword: str | None) -> Engine:
    mace = CATALOGUE.gear[MACE]
    extra = [Keyword(name=keyword)] if keyword else []
    lucky = mace.model_copy(update={"keywords": [*mace.keywords, *extra]})
    return Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, MACE: lucky}))


def _judicium(engine: Engine, pile: list[str], seed: int = 5) -> tuple[Harm, str]:
    """Kara at 0 Vigor draws a Judicium at the end of the step; the deck holds ``pile`` (shuffled before a draw)."""
    state = clash(engine=engine, seed=seed)
    state.decks["judicium"] = DeckState(draw=list(pile))
    kara(state).stats.vigor = 0
    h = Harm(engine, state, engine.dice_for(state))
    h.judicium_due.append("kara")
    settle(h)
    return h, "\n".join(map(carried, h.lines))


def _seeds_where_first_draw_kills(engine: Engine, pile: list[str]) -> list[tuple[Harm, str]]:
    runs = [_judicium(engine, pile, seed) for seed in range(16)]
    return [(h, said) for h, said in runs if "draws **You Died" in said]


def test_second_chance_ignores_a_death_card_and_draws_again() -> None:
    """Rulebook (line 2085): - Second Chance: After you draw a Mortis or Judicium card, you may ignore its effect and
    discard it. Draw and resolve another card from the same deck (note: a discarded Judicium is immediately shuffled
    back into the Judicium deck)."""
    pile = ["judicium_you_died", "judicium_you_live"]
    runs = _seeds_where_first_draw_kills(_engine("Second Chance"), pile)
    assert runs
    fates = set()
    for h, said in runs:
        assert "🍀 Second Chance: Kara ignores You Died, discards it and draws again" in said
        survived = "draws again: **You Live!**" in said
        assert kara(h.state).dead is not survived
        fates.add(survived)
        assert sorted(h.state.decks["judicium"].draw) == sorted(pile)  # both shuffled back in
    assert fates == {True, False}  # the second card decides, whichever it is
    for h, said in _seeds_where_first_draw_kills(_engine(None), pile):
        assert kara(h.state).dead and "🍀" not in said  # without the keyword, You Died kills


def test_the_second_draw_cannot_be_ignored() -> None:
    """Rulebook (line 2085): You cannot ignore the second draw in any way."""
    h, said = _judicium(_engine("Second Chance"), ["judicium_you_died"])  # the only card: drawn twice
    assert said.count("🍀") == 1 and "draws again: **You Died**" in said
    assert kara(h.state).dead


def test_superior_chance_leaves_out_you_died_horribly_for_the_second_draw() -> None:
    """Rulebook (line 2086): - Superior Chance: After you draw a Mortis or Judicium card, you may ignore its effect
    and discard it. Draw and resolve another card from the same deck removing the You Died Horribly Massive Peril
    Judicium card for that draw only"""
    pile = ["judicium_you_died", HORRIBLY, "judicium_your_gruesome_death_becomes_legend"]
    second = _seeds_where_first_draw_kills(_engine("Second Chance"), pile)
    assert any("draws again: **You Died Horribly**" in said for _, said in second)  # it can come with Second Chance
    superior = _seeds_where_first_draw_kills(_engine("Superior Chance"), pile)
    assert superior
    for h, said in superior:
        assert "Superior Chance" in said and "(You Died Horribly set aside for this draw)" in said
        assert "draws again (You Died Horribly set aside for this draw): **You Died Horribly**" not in said
        assert sorted(h.state.decks["judicium"].draw) == sorted(pile)  # set aside "for that draw only"


def test_dishonor_ignores_the_first_positive_mortis_of_the_expedition() -> None:
    """Rulebook (line 1686): - Dishonor (Tenacity): When you draw your first positive Mortis during the Expedition,
    ignore its effects."""
    engine = _engine(None)
    state = clash(engine=engine)
    state.expedition = ExpeditionState()
    kara(state).sheet.vices["dishonor"] = 1
    state.decks["minor_mortis"] = DeckState(draw=["minor_mortis_steel_yourself", "minor_mortis_steel_yourself"])
    fight(state).flow.pool = {}
    h = Harm(engine, state, engine.dice_for(state))
    peril._draw(h, kara(state), "minor_mortis", "a test")  # Steel Yourself: a Break token — ignored
    assert fight(state).flow.pool.get("break", 0) == 0 and state.expedition.dishonored == ["kara"]
    peril._draw(h, kara(state), "minor_mortis", "a test")  # the second positive Mortis counts
    assert fight(state).flow.pool.get("break", 0) == 1
    assert any("Dishonor" in line for line in map(carried, h.lines))

