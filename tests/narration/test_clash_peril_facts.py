"""The Perils, harm, a Monster Activation and the rest of a Knight's Attack report facts (rules/clash/peril_facts.py,
harm_facts.py, activation_facts.py, knight_attack_facts.py, wound_facts.py, ability_facts.py) and bot/narration
gives their words: the replies read as before the facts (tests/scripts replay byte for byte), the log keeps the
facts, and a death logged with its reason in words still reads (issue #19, item 4)."""

from __future__ import annotations

from bot.app.service import App
from bot.narration import sentence
from bot.narration.registry import words
from rules.clash.harm_facts import KnightDied
from rules.clash.knight_attack_facts import AttackPoolCleared
from rules.clash.peril_facts import PerilCardDrawn
from rules.engine import Event
from tests.clash.test_clash_play_fixes import _knights
from tests.conftest import Table
from tests.narration.logged import logged_facts


def test_a_death_tells_its_cause_and_a_death_logged_in_words_reads_as_before() -> None:
    """Rulebook (line 1480): Death During Clash. When a Knight dies, that Knight is removed from the Clash Board and
    cannot be used in any way."""
    assert words(KnightDied(knight="Kara", cause="instant_death", source="Devour")) == (
        "☠️ **Kara dies** — Instant Death (Devour): no Judicium, no Mortis.")
    assert words(KnightDied(knight="Kara", cause="bane")) == (
        "☠️ **Kara dies** — Bane over the Bane Limit: no Mortis, no Judicium.")
    assert words(KnightDied(knight="Kara", cause="card")) == "☠️ **Kara dies** — a death card."
    old = Event.model_validate({"kind": "harm", "text": "☠️ **Kara dies** — You Died.",
                                "fact": {"fact": "knight_died", "knight": "Kara", "why": "You Died"}})
    assert isinstance(old.fact, KnightDied) and sentence(old) == "☠️ **Kara dies** — You Died."


def test_a_knight_name_is_escaped_and_a_squire_judicium_tells_the_name_as_typed() -> None:
    knight = PerilCardDrawn(knight="K*ra", card="You Live!", text="Stay at 0.", deck="Judicium", vigor=-1)
    assert words(knight) == "🃏 Judicium (Vigor treated as -1): K\\*ra draws **You Live!** from the Judicium deck — " \
        "Stay at 0."
    squire = PerilCardDrawn(knight="Pip*", card="You Live!", text="Stay at 0.", vigor=0)
    assert words(squire) == "🃏 Judicium (Vigor treated as 0): Pip* draws **You Live!** — Stay at 0."


def test_the_pool_cleared_names_its_pool() -> None:
    """Rulebook (line 443): - Fire: Each Fire token in the Knight Pool turns 1 Miss symbol into 1 Hit. ... During the
    Clear the Knight Pool step, leave all but one unused Fire tokens in the Knight Pool."""
    cleared = AttackPoolCleared(step="cleared", where="Encounter Pool", tokens={"break": 1, "fire": 2}, fire_left=1)
    assert words(cleared) == "The Encounter Pool is cleared (1 Break, 2 Fire); 1 unused Fire token stay."
    assert words(AttackPoolCleared(step="empty")) == "The Knight Pool is empty."


async def test_a_monster_round_logs_its_facts(app: App, table: Table) -> None:
    """Rulebook (line 1045): 1. Draw AI or Resolve Signature"""
    await _knights(table, "Kara")
    await table.ok("/clash start monster:abbot level:1 type:exhibition")
    round_ = await table.ok("/monster round")
    assert any(line.startswith("🃏 The Cinder Abbot draws the AI card **") for line in round_.text.splitlines())
    assert "activation_drawn" in await logged_facts(app, "/monster round")
    assert "\x02" not in round_.text
