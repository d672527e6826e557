"""A Bonus Attack owed during a Monster Attack: a Chain Break, and the Monster Round waits for it
(rules/clash/activation.py ``_bonus_window``, rules/clash/knight_attack.py ``_resume_round``).

The Abbot's Censer Swing is made to grant its Target a Bonus Attack (a text effect, as a Mortis card's) and to give
+1 Heat After Attack, so a Chain Break shows as that Heat not being gained.
"""

from __future__ import annotations

import dataclasses
import functools

from bot.narration import texts
from content.schema.cards import GainHeat, TextEffect
from rules.clash.knight_attack import KnightAttack
from rules.clash.round_handlers import Choose
from rules.engine import Engine, Result
from tests.clash import swing
from tests.clash.test_knight_attack import BLANK, HIT3, MACE, clash, fight, top_bp
from tests.conftest import CATALOGUE


def _engine() -> Engine:
    abbot = CATALOGUE.monsters["abbot"]
    cards = [c.model_copy(update={
        "consequences": [TextEffect(type="text", text="The Target gains a Bonus Attack.")],
        "after_attack": [GainHeat(type="gain_heat", amount=1)]}) if c.id == swing.SWING else c for c in abbot.ai_cards]
    monsters = {**CATALOGUE.monsters, "abbot": abbot.model_copy(update={"ai_cards": cards})}
    return Engine(dataclasses.replace(CATALOGUE, monsters=monsters))


ENGINE = _engine()


_apply = functools.partial(swing.apply, ENGINE)


def _to_the_bonus_window() -> Result:
    """Kara in front of the Abbot (D5) is the Target of Censer Swing; its Evasion dice are forced to 1."""
    return swing.play(ENGINE, clash(engine=ENGINE), [1, 1], until="bonus_attack")[0]


def test_a_bonus_attack_owed_during_a_monster_attack_breaks_the_chain_and_waits() -> None:
    """Rulebook (line 1508): A Bonus Attack is an effect that allows you to perform an immediate Attack, often
    outside of your turn. Most Bonus Attacks cause a Chain Break (see exception below)."""
    heat = clash(engine=ENGINE).knights["kara"].stats.heat
    result = _to_the_bonus_window()
    assert result.pending is not None and result.pending.kind == "bonus_attack"
    text = " ".join(texts(result.events))
    assert "Chain Break" in text
    assert result.state.knights["kara"].stats.heat == heat  # no After Attack: the chain was broken
    assert fight(result.state).flow.phase == "monster"
    # the Bonus Attack: the Round goes on by itself when it ends
    state = result.state
    top_bp(state, "abbot_bp_charred_sandal")
    attacked = _apply(state, KnightAttack(knight="Kara", weapon=MACE, bonus=True), HIT3 + BLANK)
    said = " ".join(texts(attacked.events))
    assert attacked.data["attack"]["outcome"] == "fail"
    assert "the Monster Round goes on" in said
    assert "kara" not in fight(attacked.state).flow.bonus_attacks
    assert attacked.pending is not None or fight(attacked.state).flow.phase == "knight"


def test_passing_the_bonus_attack_goes_on_with_the_round() -> None:
    """Rulebook (line 1509): When the Attack ends, continue resolving the Round that was interrupted by the Bonus
    Attack."""
    result = _to_the_bonus_window()
    assert result.pending is not None
    passed = _apply(result.state, Choose(decision=result.pending.id, options=["pass"]))
    assert "The Bonus Attack is passed." in " ".join(texts(passed.events))
    assert "kara" not in fight(passed.state).flow.bonus_attacks
    assert passed.pending is None or passed.pending.kind != "bonus_attack"
