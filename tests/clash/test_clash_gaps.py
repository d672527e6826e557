"""The Clash rules that were only announced: Bonus Attacks and Follow-up Knight Attacks, the Mercy Rule, the
Second Chance and Saint Incarnation offers, Instant Death on a Monster card (rules/clash/knight_attack.py,
rules/clash/harm.py, rules/clash/peril.py, content/schema/monsters.py).

The Knights and forced dice are those of tests/clash/test_knight_attack.py (Brannoch-based Knights, the Pilgrim's
Mace, the Cinder Abbot at level 1).
"""

from __future__ import annotations

import dataclasses

import pytest

from bot.narration.registry import carried
from content.schema.cards import Die, Escalate, GainBane, TextEffect
from content.schema.gear import Keyword
from content.schema.monsters import AICard, BPCard, Perform
from rules.clash.harm import Harm, kill, resolve_effects
from rules.clash.peril import settle
from rules.clash.state import WoundCard
from rules.engine import Engine
from rules.errors import RuleError
from rules.state import DeckState
from tests.clash.test_knight_attack import BLANK, HIT3, MACE, attack, clash, fight, kara, outcome, text, top_bp
from tests.conftest import CATALOGUE

ENGINE = Engine(CATALOGUE)
CRIT = [10, 9, 9] + [2, 2, 2, 2, 3, 3, 3]  # a Critical Wound on Ash Tongue with 2 Power tokens


def _follow_up_owed():  # type: ignore[no-untyped-def]
    state = clash()
    top_bp(state, "abbot_bp_ash_tongue")  # BP 3, AT 5; Critical: Follow-up
    fight(state).wound_stack = [WoundCard()]
    fight(state).flow.pool = {"power": 2}
    return attack(state, CRIT)


def test_follow_up_is_owed_and_spent_outside_the_turn() -> None:
    """Rulebook (line 1511): A Bonus Attack during a Knight Attack is also called a Follow-up Knight Attack and will be
    resolved immediately after the current Knight Attack ends. In other words, it does not cause a Chain Break (see
    Chain Break, p. 54). All other Bonus Attack rules apply.

    Rulebook (line 1508): A Bonus Attack is an effect that allows you to perform an immediate Attack, often outside of
    your turn. Most Bonus Attacks cause a Chain Break (see exception below).
    """
    r = _follow_up_owed()
    assert outcome(r)["outcome"] == "critical" and r.data["follow_up"] is True
    assert fight(r.state).flow.bonus_attacks == ["kara"]
    assert "/knight attack knight:kara weapon:gear_pilgrims_mace bonus:true" in text(r)
    state = r.state.model_copy(deep=True)
    # the Combat Action is spent: an ordinary attack is refused, with the hint
    with pytest.raises(RuleError, match="bonus:true"):
        attack(state, HIT3 + BLANK)
    top_bp(state, "abbot_bp_charred_sandal")  # AT 3; Fail: Pushback 1
    b = attack(state, HIT3 + BLANK, bonus=True)
    assert outcome(b)["outcome"] == "fail" and "Bonus Attack" in text(b)
    flow = fight(b.state).flow
    assert flow.bonus_attacks == [] and flow.turn is not None and flow.turn.attacked
    with pytest.raises(RuleError, match="owed no Bonus Attack"):  # spent once
        attack(b.state, HIT3 + BLANK, bonus=True)


def test_bonus_attack_unexhausts_an_exhausted_weapon() -> None:
    """Rulebook (line 1509): For a Bonus Attack you may declare an exhausted weapon as your active weapon. If you do,
    unexhaust it, then continue the Attack."""
    state = clash()
    kara(state).loadout[0].exhausted = True
    with pytest.raises(RuleError, match="exhausted"):
        attack(state, weapon=MACE)
    fight(state).flow.bonus_attacks = ["kara"]
    top_bp(state, "abbot_bp_charred_sandal")
    r = attack(state, HIT3 + BLANK, bonus=True)
    assert not kara(r.state).loadout[0].exhausted and "unexhausts it" in text(r)
    assert fight(r.state).flow.turn is None  # not the Combat Action: no turn was opened


def test_bonus_attack_ignores_attack_responses() -> None:
    """Rulebook (line 1509): During a Bonus Attack you ignore Attack Responses (End of a Knight Attack and Attack
    Responses, p. 62) to this Attack."""
    state = clash()
    fight(state).flow.bonus_attacks = ["kara"]
    top_bp(state, "abbot_bp_left_palm")  # Fail: the Monster performs its Signature
    r = attack(state, HIT3 + BLANK, bonus=True)
    assert outcome(r)["outcome"] == "fail" and r.data["attack_responses"] == []
    assert CATALOGUE.monsters["abbot"].signature.name not in text(r)
    assert "its Attack Responses are ignored" in text(r)
    # the same attack as a Combat Action hands the Signature on (tests/clash/test_knight_attack.py)
    state = clash()
    top_bp(state, "abbot_bp_left_palm")
    assert attack(state, HIT3 + BLANK).data["attack_responses"] != []


def test_bonus_attack_refused_when_none_is_owed() -> None:
    """Rulebook (line 1508): A Bonus Attack is an effect that allows you to perform an immediate Attack, often outside
    of your turn."""
    state = clash()
    fight(state).flow.phase = "monster"
    with pytest.raises(RuleError, match="owed no Bonus Attack"):
        attack(state, bonus=True)
    with pytest.raises(RuleError, match="Monster Round"):
        attack(state)


def test_mortis_bonus_attack_is_owed_during_the_monster_round() -> None:
    """Rulebook (line 1509): When the Attack ends, continue resolving the Round that was interrupted by the Bonus
    Attack. All other restrictions and rules of a Combat Action apply."""
    state = clash()
    fight(state).flow.phase = "monster"
    card = ENGINE.card("major_mortis", "major_mortis_spiteful_riposte")
    h = Harm(ENGINE, state, ENGINE.dice_for(state))
    resolve_effects(h, "kara", card.effects, source=card.name)
    assert fight(state).flow.bonus_attacks == ["kara"]
    assert any("/knight attack knight:kara weapon:<weapon> bonus:true" in line for line in map(carried, h.lines))
    top_bp(state, "abbot_bp_charred_sandal")
    r = attack(state, HIT3 + BLANK, bonus=True)
    assert outcome(r)["outcome"] == "fail" and fight(r.state).flow.phase == "monster"


def test_mercy_rule_a_knight_dying_in_their_attack_ignores_the_responses() -> None:
    """Rulebook (line 1489): Kingdoms Forlorn is a challenging game, but in the face of a Knight's death, it offers a
    glimmer of respite in the form of the Mercy Rule. If a Knight dies during:

    Rulebook (line 1490): - An Attack against a Monster, you ignore all negative Responses elicited by that Attack.

    Rulebook (line 1491): - A Monster Attack, the Monster ends its Attack, forgoing all lingering Attack effects and
    After Attack effects targeting that Knight. Conversely, if a Knight dies, but the Attack has an effect that is
    separate from the Target or has other Targets, those effects should still be resolved.
    """
    effects = [Die(type="die"), Escalate(type="escalate", amount=1), GainBane(type="gain_bane", amount=1),
               Perform(type="perform", attack="signature")]
    state = clash()
    before = fight(state).model_dump()
    h = Harm(ENGINE, state, ENGINE.dice_for(state))
    resolve_effects(h, "kara", effects, source="a Response", knight_attack=True)  # an Attack against a Monster
    assert kara(state).dead and kara(state).stats.bane == 0 and h.attacks == []
    clash_after = fight(state).model_dump()
    assert clash_after["ai_deck"] == before["ai_deck"] and clash_after["bonuses"] == before["bonuses"]
    state = clash()
    h = Harm(ENGINE, state, ENGINE.dice_for(state))
    resolve_effects(h, "kara", effects, monster_attack=True, source="Devour")  # a Monster Attack
    assert kara(state).dead and kara(state).stats.bane == 0  # nothing more on the dead Knight
    assert len(h.attacks) == 1 and fight(state).model_dump() != before  # the Monster's side still resolves


def test_second_chance_is_offered() -> None:
    """Rulebook (line 2085): - Second Chance: After you draw a Mortis or Judicium card, you may ignore its effect and
    discard it. Draw and resolve another card from the same deck (note: a discarded Judicium is immediately shuffled
    back into the Judicium deck). You cannot ignore the second draw in any way. This ability can be used even when
    knocked down or otherwise prohibited from using active abilities."""
    mace = CATALOGUE.gear[MACE]
    lucky = mace.model_copy(update={"keywords": [*mace.keywords, Keyword(name="Second Chance")]})
    engine = Engine(dataclasses.replace(CATALOGUE, gear={**CATALOGUE.gear, MACE: lucky}))
    for eng, offered in ((ENGINE, False), (engine, True)):
        state = clash(engine=eng)
        state.decks["judicium"] = DeckState(draw=["judicium_you_live"])
        kara(state).stats.vigor = 1
        h = Harm(eng, state, eng.dice_for(state))
        h.judicium_due.append("kara")  # Kara fell to 0: a Judicium is drawn at the end of the step
        settle(h)
        said = "\n".join(map(carried, h.lines))
        assert ("Second Chance" in said and "/deck draw deck:judicium" in said) is offered


def test_incarnation_is_offered() -> None:
    """Rulebook (line 1659): When you're about to die during a Clash, you may make an Incarnation roll: roll a d10. If
    your roll is higher or equal to the Incarnation Value of your Saint, you Incarnate. If you have 5+ Devotion
    tokens, you automatically succeed instead."""
    state = clash()
    h = Harm(ENGINE, state, ENGINE.dice_for(state))
    kill(h, "kara", "a test")
    said = "\n".join(map(carried, h.lines))
    assert kara(state).dead and "Incarnation roll" in said and "`/roll dice`" in said


def test_instant_death_on_a_monster_card() -> None:
    """Rulebook (line 1493): Instant Death effects are special effects of Monster Attacks and Responses that cause a
    Knight to die immediately, without drawing a Judicium card or another Mortis card."""
    base = CATALOGUE.monsters["abbot"].ai_cards[0]
    card = AICard.model_validate({**base.model_dump(by_alias=True), "consequences": [{"type": "die"}]})
    assert isinstance(card.consequences[0], Die)
    bp = CATALOGUE.monsters["abbot"].bp_cards[0]
    BPCard.model_validate({**bp.model_dump(by_alias=True), "responses": [{"trigger": "fail", "effects": [{"type": "die"}]}]})
    state = clash()
    state.decks["judicium"] = DeckState(draw=["judicium_you_live"])
    h = Harm(ENGINE, state, ENGINE.dice_for(state))
    resolve_effects(h, "kara", card.consequences, hits=1, monster_attack=True, source=card.name)
    settle(h)
    assert kara(state).dead and state.decks["judicium"].draw == ["judicium_you_live"]
    assert any("Instant Death" in line for line in map(carried, h.lines))


def test_text_bonus_attack_needs_a_living_knight() -> None:
    """Rulebook (line 1480): Death During Clash. When a Knight dies, that Knight is removed from the Clash Board and
    cannot be used in any way."""
    state = clash()
    fight(state).flow.bonus_attacks = ["kara"]
    h = Harm(ENGINE, state, ENGINE.dice_for(state))
    resolve_effects(h, "kara", [Die(type="die"), TextEffect(type="text", text="You may perform a Bonus Attack.")])
    with pytest.raises(RuleError, match="dead"):
        attack(state, bonus=True)
