"""The Knight Pool in a Squire's Attack (rulebook "Performing Attacks with Squires"): the Squire is "considered [a]
Knight for the purposes of effects", so the tokens in the Knight Pool work for its Mettle draws as for a Knight's dice
— Opening, Closing and Spell add to the Precision of the Attack draw ("Compare your Precision from the drawn Mettle
card and other Precision bonuses (such as Opening tokens) with the Monster's To Hit value"); Power tokens add Power;
Sunder, Break, Hope and Fire turn the card's Potentials into Power; and "Squires are considered to have used all
available Power Re-rolls (for example for the purpose of all Black tokens turning a Potential into Power)", so each
Black token turns one Potential into Power. The Pool is then cleared as after a Knight's Attack. Policy
(docs/squires.md): Cantrip tokens become Opening tokens (the Squire has no declaration of its own)."""

from __future__ import annotations

from rules.clash import power_roll as pw
from rules.clash.flow import Flow
from rules.coverage import implements
from rules.facts import Line, said
from rules.squires.clash_facts import SquirePoolPower, SquirePoolTokens

T = "tests/squires/test_squire_pool.py::"


def tokens(pool: dict[str, int]) -> tuple[pw.PoolTokens, list[str]]:
    """The Pool's tokens for a Squire's Attack (Cantrip as Opening), and a line saying what they give."""
    t = pw.pool_tokens(pool, "opening")
    potential = t.sunder + t.breaks + t.hope + t.fire + t.black
    if not (t.precision or t.power or potential):
        return t, []
    return t, [said(SquirePoolTokens(precision=t.precision, power=t.power, potentials=potential))]


@implements("Performing Attacks with Squires", tests=[T + "test_opening_tokens_add_to_the_squires_precision",
                                                     T + "test_break_and_black_tokens_turn_potentials_into_power",
                                                     T + "test_the_pool_is_cleared_after_the_squires_attack"])
def on_power(t: pw.PoolTokens, potential: int, critical_miss: bool, lines: list[Line]) -> tuple[int, dict[str, int]]:
    """Power gained from the Pool on the Power draw: the Power tokens, then the Potentials turned into Power (Sunder,
    Break, Hope, Fire as for a Knight; Black as Break, the re-rolls being "used"). Nothing on a Critical Miss ("an
    automatic Fail")."""
    if critical_miss:
        return 0, {}
    as_knight = pw.PoolTokens(breaks=t.breaks + t.black, fire=t.fire, hope=t.hope, sunder=t.sunder)
    gained, used = pw.conversions(potential, 0, as_knight)
    if t.black and used.get("break", 0) > t.breaks:
        used["black"] = used["break"] - t.breaks
        used["break"] = t.breaks
    total = gained + t.power
    if total:
        lines.append(said(SquirePoolPower(tokens=t.power, turned=gained)))
    return total, used


def clear(flow: Flow, before: dict[str, int], used: dict[str, int]) -> list[Line]:
    """"Clear the Knight Pool" after the Squire's Attack, as after a Knight's (rules/clash/power_roll.clear_pool)."""
    flow.pool, lines = pw.clear_pool(flow.pool, used.get("fire", 0), before)
    return lines
