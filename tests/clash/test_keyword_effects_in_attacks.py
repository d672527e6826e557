"""Keyword effects printed on Monster cards, resolved on the Knight by the Clash (rules/clash/harm.py): the Technique
hand keywords (Cooldown, Delay, Discard, Restrain, Refresh X) and the movement variants (Knockback to the side,
Pushback toward, Drag toward). The keywords themselves are pinned in tests/knights/test_hand_keywords.py and
tests/board/test_keywords_movement.py; these tests pin that a card carrying them reaches them."""

from __future__ import annotations

from pydantic import TypeAdapter

from content.schema.monsters import MonsterEffect
from rules.clash.harm import resolve_effects
from tests.board.helpers import board, boss, knight, where
from tests.clash.test_harm import bare, harm

PSALM, KINDLE, BRAND, WARD = (f"lanternbearer_t_{t}" for t in ("psalm", "kindle", "brand", "ward"))
EFFECT: TypeAdapter[MonsterEffect] = TypeAdapter(MonsterEffect)


def test_a_monster_card_cooldown_moves_a_random_hand_card() -> None:
    """Rulebook (line 1937): - Cooldown: Place 1 random card from your hand into the Cooldown area.

    Rulebook (line 2071): - Restrain: Delay all cards in your Cooldown area (move them to the Delay area).

    An AI card's ``{type: cooldown}`` then ``{type: restrain}`` on Ser Sonch: one of his three hand cards goes to the
    Cooldown area, then every Cooldown card (that one and Ward) to the Delay area."""
    h = harm("Ser Sonch")
    k = bare(h, "Ser Sonch", 10)
    k.board.techniques = {PSALM: "hand", KINDLE: "hand", BRAND: "hand", WARD: "cooldown"}
    resolve_effects(h, "ser-sonch", [EFFECT.validate_python({"type": "cooldown"})])
    cooled = [t for t, z in k.board.techniques.items() if z == "cooldown"]
    assert len(cooled) == 2 and WARD in cooled
    assert sum(z == "hand" for z in k.board.techniques.values()) == 2
    resolve_effects(h, "ser-sonch", [EFFECT.validate_python({"type": "restrain"})])
    assert sorted(t for t, z in k.board.techniques.items() if z == "delay") == sorted(cooled)


def test_a_monster_card_pushback_toward_moves_the_target_to_the_space() -> None:
    """Rulebook (line 2043): - Pushback toward: Instead of pushing the Target in a straight line, push them along the
    shortest path to the specified space.

    The Troll on C2, Ren on C3, an AI card's ``{type: pushback_toward, amount: 3, toward: A3}``: Ren ends on A3 (a
    straight Pushback would have left him on C6)."""
    h = harm("Ren", on_board=board(boss("troll", "C2"), knight("ren", "C3")))
    bare(h, "Ren", 10)
    resolve_effects(h, "ren", [EFFECT.validate_python({"type": "pushback_toward", "amount": 3, "toward": "A3"})])
    assert where(h.state.board, "ren") == "A3" and where(h.state.board, "troll") == "B3"


def test_a_monster_card_knockback_to_the_side_moves_the_target_sideways() -> None:
    """Rulebook (line 2027): - Knockback to the side: Instead of moving the target miniature in a straight line from the Monster, move perpendicularly from the straight line a normal Knockback would use in the direction that leads the target directly away from the source."""  # noqa: E501
    h = harm("Kara", on_board=board(boss("ape", "C2", size=2), knight("kara", "C4")))
    bare(h, "Kara", 10)
    resolve_effects(h, "kara", [EFFECT.validate_python({"type": "knockback_side", "amount": 2})])
    assert where(h.state.board, "kara") == "A4"
