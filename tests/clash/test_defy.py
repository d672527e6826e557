"""Defy against a Judgement (rules/clash/abilities.py ``_defend``, rules/clash/monster_attack.py ``_judgement``)."""

from __future__ import annotations

import dataclasses

from bot.narration import texts
from content.schema.gear import Keyword
from rules.clash.abilities import KnightReact
from rules.clash.round_handlers import Choose, MonsterRound
from rules.engine import Engine, Result
from tests.clash import swing
from tests.clash.test_knight_attack import clash, fight
from tests.conftest import CATALOGUE

HOMILY = "abbot_ai_ember_homily"  # a Judgement: Sagacity 6+; the Knight with the highest Passion


def _defiant() -> Engine:
    gambeson = CATALOGUE.gear["gear_padded_gambeson"]
    defiant = gambeson.model_copy(update={"keywords": [*gambeson.keywords, Keyword(name="Defy")]})
    return Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, defiant.id: defiant}))


def judgement_failed(engine: Engine) -> Result:
    """The Ember Homily's Sagacity test failed by Kara (natural 1): the re-roll window is open."""
    state = clash(engine=engine)
    state.knights["kara"].stats.passion = 3  # the Target: the highest Passion
    c = fight(state)
    for pile in (c.ai_deck, c.ai_discard, *c.ai_escalation.values()):
        if HOMILY in pile:
            pile.remove(HOMILY)
    c.ai_deck.insert(0, HOMILY)
    c.flow.phase = "monster"
    result = swing.apply(engine, state, MonsterRound(), [1])  # the test die: a natural 1 fails
    while result.pending is not None and result.pending.kind != "evasion_reroll":
        result = swing.apply(engine, result.state, Choose(decision=result.pending.id, options=["go_on"]))
    assert result.pending is not None
    return result


def test_defy_treats_the_judgements_hit_as_evaded() -> None:
    """Rulebook (line 1943): - Defy: While performing a Virtue test caused by a Judgement, treat 1 hit as evaded."""
    engine = _defiant()
    result = judgement_failed(engine)
    assert result.pending is not None
    vigor = result.state.knights["kara"].stats.vigor
    defied = swing.apply(engine, result.state, KnightReact(knight="Kara", source="gear_padded_gambeson",
                                                           ability="Defy"))
    kept = swing.apply(engine, defied.state, Choose(decision=result.pending.id, options=["keep"]))
    said = " ".join(texts(kept.events))
    assert "Defy: the Judgement's hit is treated as evaded." in said
    assert kept.state.knights["kara"].stats.vigor == vigor  # no Vigor lost, no Bane
