"""Step 3 of a Knight's Attack, the Attack Roll (rulebook "3. Attack Roll", "Dice Re-rolls", "Heat Re-rolls"), once
for every Attack that rolls Attack dice: the Clash's Knight Attack (rules/clash/knight_attack.py), the Encounter's
Attack Action (rules/delve/encounter_attack.py) and the odds of ``/odds`` (rules/clash/attack_odds.py).

What differs between them is data: the pool the tokens come from (the Knight Pool or the Encounter Pool), the
Precision bonuses of the place (a Blindspot, Hidden and Rush only on the Clash Board), and the decision kind each
one asks with. The re-roll rule — free re-rolls first (Closing, Attack Re-roll X), then +1 Heat a die, never above
the Heat Limit, Falsity's Crit die without Heat — is ``reroll_offer`` and ``reroll``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from content.loader import Catalogue
from content.schema.gear import Keyword
from rules.attack_rolls import roll_crit_pool
from rules.clash import power_roll as pw
from rules.clash.attack_facts import AttackDiceRolled
from rules.clash.attack_state import AttackRoll as AttackRoll
from rules.clash.attack_state import KnightRoll as KnightRoll
from rules.clash.falsity import falsity_reroll, has_falsity
from rules.clash.flow import Option
from rules.clash.knight_attack_facts import AttackKeptRoll, AttackRerolled
from rules.clash.peril_facts import PerilStats
from rules.dice import Dice
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import statistics as st
from rules.knights.state import KnightState


def rolled(p: AttackRoll, knight: str = "", monster: str = "", weapon: str = "") -> AttackDiceRolled:
    """The fact of the Attack dice as they stand (in a Clash: who attacks what with what)."""
    return AttackDiceRolled(naturals=list(p.naturals), precision=p.precision, to_hit=p.to_hit, hits=sum(p.hits()),
                            knight=knight, monster=monster, weapon=weapon)


def reroll_options(p: AttackRoll, missed: list[int]) -> list[Option]:
    options = [Option(key=f"die{i}", label=f"die {i}{' (Crit die)' if i == 1 else ''}: {p.naturals[i - 1]}",
                      help="re-roll this missed die") for i in missed]
    return [*options, Option(key="keep", label="keep the roll", help="no re-roll")]


def free_rerolls(tokens: pw.PoolTokens, keywords: Sequence[Keyword]) -> int:
    """Re-rolls without Heat: the Closing tokens taken from the pool, and the weapon's Attack Re-roll X."""
    return tokens.rerolls + sum(kw.value or 0 for kw in keywords if kw.name == "Attack Re-roll")


def precision(cat: Catalogue, k: KnightState, weapon: int, tokens: pw.PoolTokens) -> int:
    """The Precision every Attack counts: the weapon's (with its Upgrade), the pool's tokens (Opening, Spell...),
    the Knight's Precision Modifier tokens and Conditions held (rules/knights/statistics.precision_bonus)."""
    return weapon + tokens.precision + st.precision_bonus(cat, k)


def roll(dice: Dice, count: int, keywords: Sequence[Keyword], tokens: pw.PoolTokens, precision_: int,
         to_hit: int, falsity: bool = True) -> dict[str, object]:
    """Roll the Attack dice (the Crit die first): the fields of a ``KnightRoll``."""
    naturals = roll_crit_pool(dice, count, "Attack Roll")
    return {"precision": precision_, "to_hit": to_hit, "naturals": naturals, "crit_misses": int(naturals[0] == 1),
            "free_rerolls": free_rerolls(tokens, keywords), "deadly": any(kw.name == "Deadly" for kw in keywords),
            "falsity": falsity and has_falsity(keywords)}


@dataclass(frozen=True)
class RerollOffer:
    """The dice the Knight may re-roll now: the options, how many they may pick (``pick`` 0: none, the Heat Limit),
    and what the prompt tells: the free re-rolls, Falsity's free Crit die, the Heat and the Heat Limit."""

    options: list[Option]
    pick: int
    free: int
    crit_free: bool
    heat: int
    limit: int

    def free_text(self) -> str:
        free = f"{self.free} free (Closing, Attack Re-roll), then " if self.free else ""
        return ("the Crit die free (Falsity); " if self.crit_free else "") + free


def reroll_offer(cat: Catalogue, k: KnightState, p: KnightRoll) -> RerollOffer | None:
    """"You must gain +1 Heat for each die you decide to re-roll"; "each die can be re-rolled only once and you
    must declare all dice you wish to re-roll before re-rolling any of them". Closing tokens and Attack Re-roll X
    re-roll without Heat; Heat is a voluntary gain, never above the Heat Limit (docs/rulings.md). None: no die
    to re-roll; ``pick`` 0: the Heat Limit forbids any."""
    missed = p.missed()
    crit_free = p.crit_free()  # Falsity: the Crit die, hit or miss, without Heat
    offer = sorted({*missed, 1} if crit_free else set(missed))
    if not offer:
        return None
    room = max(0, st.heat_limit(cat, k) - k.stats.heat)
    others = [i for i in offer if i != 1] if crit_free else offer
    can = min(len(others), p.free_rerolls + room) + int(crit_free)
    options = reroll_options(p, offer)
    if crit_free:
        hit = 1 not in missed
        options[0] = Option(key="die1", label=f"die 1 (Crit die, Falsity): {p.naturals[0]}",
                            help="Falsity: re-roll the Crit die without Heat" + (" — it is a hit: Zeal 1" if hit
                                                                                 else ""))
    return RerollOffer(options=options, pick=can, free=p.free_rerolls, crit_free=crit_free, heat=k.stats.heat,
                       limit=st.heat_limit(cat, k))


def reroll(cat: Catalogue, k: KnightState, p: KnightRoll, chosen: list[str], dice: Dice,
           pool: dict[str, int] | None, where: str = "Knight Pool") -> list[Line]:
    """The dice the Knight chose to re-roll (or ``keep``): Falsity's Crit die without Heat, the free re-rolls, +1
    Heat for each other die; ``pool`` (named ``where``: the Knight Pool or the Encounter Pool) takes the Zeal over a
    Zeal Threshold. The narration."""
    if "keep" in chosen:
        if len(chosen) > 1:
            raise RuleError("choose the dice to re-roll, or keep — not both")
        return [AttackKeptRoll(knight=k.name)]
    positions = sorted({int(c.removeprefix("die")) for c in chosen})
    missed = p.missed()
    crit_free = p.crit_free()
    if any((i not in missed and not (crit_free and i == 1)) or i in p.rerolled for i in positions):
        raise RuleError(f"only missed dice not yet re-rolled can be re-rolled: {missed}"
                        + (" (and the Crit die, with Falsity)" if crit_free else ""))
    lines: list[Line] = []
    saved = 0
    if crit_free and 1 in positions:
        saved, told = falsity_reroll(cat, k, 1 not in missed, pool, where)
        lines += told
    heat = max(0, len(positions) - saved - p.free_rerolls)
    if heat:
        lines.append(PerilStats(knight=k.name, lines=st.change_heat(cat, k, heat, voluntary=True)))
    old = p.reroll(dice, positions)
    lines.append(AttackRerolled(heat=heat, old=old, new=[p.naturals[i - 1] for i in positions],
                                naturals=list(p.naturals), precision=p.precision, hits=sum(p.hits())))
    return lines
