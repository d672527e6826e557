"""/odds attack and /odds evasion: exact fractions in data, percentages in the text, nothing changed."""

from __future__ import annotations

from fractions import Fraction

from bot.app.service import App
from tests.conftest import Table
from tests.odds.test_odds import brute_attack


async def test_odds_attack_needs_no_campaign_and_gives_exact_fractions(app: App) -> None:
    """Rulebook (line 1320): Each die with a result equal to or higher than the Monster's To Hit value is a hit."""
    table = Table(app)
    reply = await table.ok("@kara /odds attack dice:2 to_hit:7 precision:1 rerolls:1")
    hits, crit, miss = brute_attack(2, 1, 7, 1)
    assert reply.data["hits"] == [{"fraction": str(hits[k]), "float": float(hits[k])} for k in range(3)]
    assert reply.data["hit"]["fraction"] == str(1 - hits[0])
    assert reply.data["crit_chance"] == {"fraction": str(crit), "float": float(crit)}
    assert reply.data["crit_miss"]["fraction"] == str(miss)
    assert "wound" not in reply.data
    assert f"At least one hit **{float(1 - hits[0]) * 100:.1f}%**" in reply.text


async def test_odds_attack_to_wound(app: App) -> None:
    """Rulebook (line 1355): Then, add your Knight's Power die and any other bonuses from your Heroic Arc, equipped
    non-weapon Gear, Talents and other applicable game effects.
    """
    table = Table(app)
    reply = await table.ok('/odds attack dice:3 to_hit:6 precision:1 weapon_power:"white:1 black:1" '
                           "knight_die:black at:4 break:1")
    data = reply.data
    assert data["hit"] == {"fraction": "117/125", "float": 0.936}
    assert data["plan"]["tokens"]["break"] == 1 and data["plan"]["knight_die"] == "black"
    assert data["pools"][3] == {"white": 3, "black": 4, "red": 0, "raw_power": 0, "raw_potential": 0}
    wound = Fraction(data["wound"]["fraction"])
    assert abs(float(wound) - data["wound"]["float"]) < 1e-15
    assert sum(Fraction(p["fraction"]) for p in data["total_power"]) == Fraction(117, 125)
    assert data["wound_given_hits"][0] is None
    assert f"Wound vs AT 4: **{float(wound) * 100:.1f}%**" in reply.text
    assert Fraction(data["critical_wound"]["fraction"]) < wound


async def test_opening_closing_and_fire_tokens_add_up(app: App) -> None:
    """Rulebook (line 1938): - Closing X: During the second ability window, place X Closing tokens in the Knight
    Pool. During the Attack Roll step, each Closing token grants a re-roll of 1 Attack Die, and adds +1 to the
    result of each Attack die rolled during an Attack Roll.

    Rulebook (line 2015): - Opening X: During the second ability window, place X Opening tokens in the Knight Pool.
    During the Attack Roll step, each Opening token in the Knight Pool adds +1 to the result of each die.
    """
    table = Table(app)
    a = await table.ok("/odds attack dice:3 to_hit:8 opening:1 closing:1 knight_die:red at:3 fire:1 break:1")
    b = await table.ok("/odds attack dice:3 to_hit:8 precision:2 rerolls:1 knight_die:red at:3 break:2")
    assert a.data["plan"]["precision"] == 2 and a.data["plan"]["rerolls"] == 1
    for key in ("hits", "wound", "critical_wound", "crit_chance", "crit_miss"):
        assert a.data[key] == b.data[key]


async def test_odds_evasion(app: App) -> None:
    """Rulebook (line 1923): - Advanced Block: While performing an Evasion Roll, treat 2 successful hits as evaded."""
    table = Table(app)
    reply = await table.ok("/odds evasion dice:3 difficulty:7 rerolls:1 block:2")
    assert reply.data["plan"] == {"dice": 3, "difficulty": 7, "bonus": 0, "rerolls": 1, "block": 2}
    full = Fraction(reply.data["full_evade"]["fraction"])
    evades = [Fraction(p["fraction"]) for p in reply.data["evades"]]
    assert full == 1 - evades[0]  # Block 2 leaves a hit only if no die evades
    assert f"Full Evade **{float(full) * 100:.1f}%**" in reply.text


async def test_odds_change_nothing(table: Table) -> None:
    """A pure query: no log entry, no die, the same state."""
    before = await table.state()
    log_before = (await table.ok("/gm log")).text
    await table.ok('@kara /odds attack dice:4 to_hit:6 weapon_power:red:1 knight_die:red at:5 hope:1')
    await table.ok("@kara /odds evasion dice:2 difficulty:6")
    assert await table.state() == before
    assert (await table.ok("/gm log")).text == log_before


async def test_bad_input_is_refused_politely(app: App) -> None:
    table = Table(app)
    bad = await table("/odds attack dice:2 to_hit:6 weapon_power:green:1")
    assert not bad.ok and "white:N, black:N, red:N" in (bad.error or "")
    bad = await table("/odds attack dice:2 to_hit:6 weapon_power:raw:2")
    assert not bad.ok and "raw" in (bad.error or "")
    bad = await table('/odds attack dice:2 to_hit:6 bonus_power:"black:1 black:2"')
    assert not bad.ok and "twice" in (bad.error or "")
    bad = await table("/odds evasion dice:0 difficulty:6")
    assert not bad.ok


def test_percentages_never_round_a_chance_away() -> None:
    from bot.app.commands.odds import pct

    assert pct(Fraction(1, 3)) == "33.3%"
    assert pct(Fraction(1, 10**6)) == "<0.1%"
    assert pct(1 - Fraction(1, 10**6)) == ">99.9%"
    assert pct(Fraction(0)) == "0.0%" and pct(Fraction(1)) == "100.0%"
