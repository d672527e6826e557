"""A ``text`` effect's typed ``bonus_attack`` field (docs/content.md, "Effects"): the rules read the field, never the
words they show (issue #19)."""

from __future__ import annotations

from content.schema.cards import TextEffect
from tests.conftest import CATALOGUE


def test_bonus_attack_is_the_field_and_the_words_only_when_it_is_not_given() -> None:
    """Rulebook (line 1508): A Bonus Attack is an effect that allows you to perform an immediate Attack, often outside
    of your turn."""
    assert TextEffect(type="text", text="Strike again.", bonus_attack=True).grants_bonus_attack()
    assert not TextEffect(type="text", text="Describe the Bonus Attack you missed.",
                          bonus_attack=False).grants_bonus_attack()
    assert TextEffect(type="text", text="You may perform a Bonus Attack.").grants_bonus_attack()  # older packs
    assert not TextEffect(type="text", text="Discard a Technique card.").grants_bonus_attack()


def test_the_starter_cards_granting_a_bonus_attack_say_so() -> None:
    texts = [(c.id, e) for d in CATALOGUE.decks.values() for c in d.cards for e in c.effects
             if isinstance(e, TextEffect)]
    marked = sorted(cid for cid, e in texts if e.bonus_attack)
    assert marked == ["grave_mortis_defiant_end", "grave_mortis_last_light", "major_mortis_spiteful_riposte"]
    assert sorted(cid for cid, e in texts if e.grants_bonus_attack()) == marked  # the same cards as before
