"""Technique hand keywords of the Keyword List: Cooldown, Delay, Discard, Restrain, Refresh X."""

from __future__ import annotations

import pytest

from bot.narration.registry import carried
from content.schema.cards import CooldownCard, DelayCard, DiscardCard, RefreshCards, Restrain
from rules.dice import Dice
from rules.errors import RuleError
from rules.knights import techniques as tq
from rules.knights.state import KnightState
from tests.knights._support import knight

PSALM, KINDLE, BRAND, WARD = (f"lanternbearer_t_{t}" for t in ("psalm", "kindle", "brand", "ward"))


def _knight(**zones: str) -> KnightState:
    k = knight()
    k.board.techniques = {t: "hand" for t in (PSALM, KINDLE, BRAND, WARD)}
    for t, z in zones.items():
        k.board.techniques[f"lanternbearer_t_{t}"] = z  # type: ignore[assignment]
    return k


def test_cooldown_places_one_random_hand_card_into_the_cooldown_area() -> None:
    """Rulebook (line 1937): - Cooldown: Place 1 random card from your hand into the Cooldown area.

    Rulebook (line 332): - Any other random element: Roll one d10 for each of the indicated elements. The lowest
    roll designates the randomly chosen element.

    The hand holds Psalm, Kindle and Brand (Ward already cools down): one d10 each, the lowest (Kindle's 2) goes.
    """
    k = _knight(ward="cooldown")
    dice = Dice(seed=1, forced=[7, 2, 9])
    lines = tq.cooldown(k, dice)
    assert [r.purpose.rsplit(": ", 1)[-1] for r in dice.rolls] == [PSALM, KINDLE, BRAND]
    assert k.board.techniques == {PSALM: "hand", KINDLE: "cooldown", BRAND: "hand", WARD: "cooldown"}
    assert KINDLE in carried(lines[0]) and "Cooldown" in carried(lines[0])
    # the card is random: other dice, another card; only hand cards are ever candidates
    k = _knight(ward="cooldown")
    tq.cooldown(k, Dice(seed=1, forced=[7, 8, 1]))
    assert tq.in_area(k, "cooldown") == [BRAND, WARD]


def test_delay_places_one_random_hand_card_into_the_delay_area() -> None:
    """Rulebook (line 1946): - Delay: Place 1 random card from your Hand into the Delay Area."""
    k = _knight(psalm="discard")
    dice = Dice(seed=1, forced=[3, 5, 3, 4, 8])  # Kindle and Ward tie on 3: rolled again among the two
    tq.delay(k, dice)
    assert len(dice.rolls) == 5
    assert k.board.techniques == {PSALM: "discard", KINDLE: "delay", BRAND: "hand", WARD: "hand"}


def test_discard_places_one_random_hand_card_into_the_discard_area() -> None:
    """Rulebook (line 1952): - Discard: Place 1 random card from your Hand into the Discard area."""
    k = _knight(kindle="delay")
    tq.discard(k, Dice(seed=1, forced=[6, 6, 1]))
    assert k.board.techniques == {PSALM: "hand", KINDLE: "delay", BRAND: "hand", WARD: "discard"}


def test_an_empty_hand_or_one_card_needs_no_roll() -> None:
    """Rulebook (line 1937): - Cooldown: Place 1 random card from your hand into the Cooldown area."""
    k = _knight(psalm="delay", kindle="delay", brand="cooldown")
    dice = Dice(seed=1)
    tq.cooldown(k, dice)
    assert dice.rolls == [] and k.board.techniques[WARD] == "cooldown"
    lines = tq.cooldown(k, dice)
    assert dice.rolls == [] and "nothing happens" in carried(lines[0])
    assert tq.in_area(k, "cooldown") == [BRAND, WARD]


def test_restrain_delays_every_card_of_the_cooldown_area() -> None:
    """Rulebook (line 2071): - Restrain: Delay all cards in your Cooldown area (move them to the Delay area)."""
    k = _knight(psalm="cooldown", kindle="cooldown", brand="discard")
    tq.restrain(k)
    assert k.board.techniques == {PSALM: "delay", KINDLE: "delay", BRAND: "discard", WARD: "hand"}
    assert "nothing happens" in carried(tq.restrain(k)[0])


def test_refresh_x_from_the_delay_area_to_the_cooldown_area() -> None:
    """Rulebook (line 2066): - Refresh X: Move X cards from the Delay area to the Cooldown area, OR from the
    Cooldown area to your hand."""
    k = _knight(psalm="delay", kindle="delay", brand="delay", ward="cooldown")
    with pytest.raises(RuleError, match="name which"):
        tq.refresh_x(k, 2, "delay", [])  # three cards there, Refresh 2: the Knight names two
    tq.refresh_x(k, 2, "delay", [PSALM, BRAND])
    assert k.board.techniques == {PSALM: "cooldown", KINDLE: "delay", BRAND: "cooldown", WARD: "cooldown"}
    tq.refresh_x(k, 2, "delay", [])  # one card left there: it moves
    assert tq.in_area(k, "delay") == [] and tq.in_area(k, "hand") == []


def test_refresh_x_from_the_cooldown_area_to_the_hand() -> None:
    """Rulebook (line 2066): - Refresh X: Move X cards from the Delay area to the Cooldown area, OR from the
    Cooldown area to your hand."""
    k = _knight(psalm="cooldown", kindle="cooldown", brand="delay")
    tq.refresh_x(k, 2, "cooldown", [])
    assert k.board.techniques == {PSALM: "hand", KINDLE: "hand", BRAND: "delay", WARD: "hand"}


def test_refresh_x_is_one_area_or_the_other_never_both() -> None:
    """Rulebook (line 2066): - Refresh X: Move X cards from the Delay area to the Cooldown area, OR from the
    Cooldown area to your hand."""
    k = _knight(psalm="cooldown", kindle="delay")
    with pytest.raises(RuleError, match="one area only"):
        tq.refresh_x(k, 2, "cooldown", [PSALM, KINDLE])
    with pytest.raises(RuleError, match="at most 1"):
        tq.refresh_x(k, 1, "cooldown", [PSALM, PSALM])
    assert k.board.techniques[PSALM] == "cooldown" and k.board.techniques[KINDLE] == "delay"


def test_card_effects_resolve_the_hand_keywords() -> None:
    """Rulebook (line 2071): - Restrain: Delay all cards in your Cooldown area (move them to the Delay area).

    The typed card effects (content/schema/cards.py) resolve through ``hand_effect``; Refresh X without an area is
    the Knight's choice and is shown with the commands for both ways."""
    k = _knight(psalm="cooldown", kindle="delay")
    tq.hand_effect(k, Restrain(type="restrain"), Dice(seed=1))
    assert tq.in_area(k, "delay") == [PSALM, KINDLE]
    shown = tq.hand_effect(k, RefreshCards(type="refresh", amount=1, from_area="delay"), Dice(seed=1))
    assert "chooses" in carried(shown[0]) and tq.in_area(k, "delay") == [PSALM, KINDLE]  # which one is the Knight's
    tq.hand_effect(k, RefreshCards(type="refresh", amount=2, from_area="delay"), Dice(seed=1))
    assert tq.in_area(k, "cooldown") == [PSALM, KINDLE]
    shown = tq.hand_effect(k, RefreshCards(type="refresh", amount=1), Dice(seed=1))
    assert "chooses" in carried(shown[0]) and "op:hand" in carried(shown[0]) and "op:cooldown" in carried(shown[0])
    assert tq.in_area(k, "cooldown") == [PSALM, KINDLE]
    tq.hand_effect(k, CooldownCard(type="cooldown"), Dice(seed=1, forced=[1, 5]))
    tq.hand_effect(k, DelayCard(type="delay"), Dice(seed=1))
    tq.hand_effect(k, DiscardCard(type="discard"), Dice(seed=1))
    assert k.board.techniques == {PSALM: "cooldown", KINDLE: "cooldown", BRAND: "cooldown", WARD: "delay"}


def test_a_refresh_ability_moves_cards_when_there_is_nothing_to_choose() -> None:
    """Rulebook (line 2066): - Refresh X: Move X cards from the Delay area to the Cooldown area, OR from the
    Cooldown area to your hand.

    A Gear or Technique ability "Refresh 2": only the Delay area holds cards (two): they move to the Cooldown area.
    Cards in both areas: the Knight chooses (both ways shown, nothing moved)."""
    k = _knight(psalm="delay", kindle="delay")
    tq.refresh_ability(k, "Refresh 2")
    assert tq.in_area(k, "cooldown") == [PSALM, KINDLE] and tq.in_area(k, "delay") == []
    k = _knight(psalm="delay", kindle="cooldown")
    shown = tq.refresh_ability(k, "Refresh 1")
    assert "chooses" in carried(shown[0]) and k.board.techniques[PSALM] == "delay" and k.board.techniques[KINDLE] == "cooldown"
    k = _knight(psalm="cooldown", kindle="cooldown", brand="cooldown")
    assert "chooses" in carried(tq.refresh_ability(k, "Refresh 2")[0])  # which two is the Knight's
    assert "nothing happens" in carried(tq.refresh_ability(_knight(), "Refresh 1")[0])


def test_the_new_effect_types_fit_the_card_and_monster_vocabularies() -> None:
    """Rulebook (line 1952): - Discard: Place 1 random card from your Hand into the Discard area.

    The hand keywords and the movement variants can join the card (``Effect``) and Monster (``MonsterEffect``)
    unions: their ``type`` tags collide with none there, and YAML-shaped mappings parse to them."""
    from typing import Annotated, Union, get_args

    from pydantic import Field, TypeAdapter

    from content.schema.cards import Effect, HandEffect, MoveVariant
    from content.schema.monsters import MonsterEffect

    for union in (Effect, MonsterEffect):
        members = (*get_args(get_args(union)[0]), *get_args(HandEffect), *get_args(MoveVariant))
        adapter: TypeAdapter[object] = TypeAdapter(Annotated[Union[members], Field(discriminator="type")])  # noqa: UP007
        assert isinstance(adapter.validate_python({"type": "discard"}), DiscardCard)
        assert isinstance(adapter.validate_python({"type": "restrain"}), Restrain)
        refresh = adapter.validate_python({"type": "refresh", "amount": 2, "from_area": "cooldown"})
        assert isinstance(refresh, RefreshCards) and refresh.amount == 2
