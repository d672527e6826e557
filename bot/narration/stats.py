"""The words of a Knight's statistics' facts (rules/knights/stat_facts.py)."""

from __future__ import annotations

from bot.narration.registry import command, name, renders
from rules.knights.stat_facts import (
    AdditionalVigorLost,
    BaneImmune,
    BaneLimitDeath,
    ChokeFloor,
    CrueltyLowered,
    HeatFellToLimit,
    HeatLimitExceeded,
    HeatLimitMoved,
    HeatLimitStays,
    JudiciumDue,
    PerilMoved,
    StatChanged,
    StatsReset,
    VigorClamped,
)

STAT = {"passion": "Passion", "heat": "Heat", "vigor": "Vigor", "max_vigor": "Maximum Vigor", "bane": "Bane",
        "bane_limit": "Bane Limit"}
LIMIT = {"heat": "Heat Limit {}", "vigor": "maximum {}", "bane": "Bane Limit {}"}


@renders(StatChanged)
def _stat(f: StatChanged) -> str:
    note = " (Passion can never go above 9)" if f.capped else ""
    if f.limit is not None:
        note += f" ({LIMIT[f.stat].format(f.limit)})"
    return f"{STAT[f.stat]} {f.old} → **{f.new}**{note}."


@renders(PerilMoved)
def _peril(f: PerilMoved) -> str:
    return f"Peril threshold: {f.old.capitalize()} → **{f.new.capitalize()}**."


@renders(HeatLimitMoved)
def _heat_limit(f: HeatLimitMoved) -> str:
    return f"Heat Limit {f.old} → **{f.new}** (Heat stays {f.heat})."


@renders(HeatLimitStays)
def _heat_limit_stays(f: HeatLimitStays) -> str:
    return f"Heat Limit stays {f.limit} (the track ends at 9)."


@renders(HeatFellToLimit)
def _heat_fell(f: HeatFellToLimit) -> str:
    return f"Heat falls to the new Heat Limit ({f.old} → {f.limit}; no Vigor is lost)."


@renders(CrueltyLowered)
def _cruelty(f: CrueltyLowered) -> str:
    return f"Cruelty: the Heat gain is lowered by 1 ({f.gain} → {f.gain - 1})."


@renders(HeatLimitExceeded)
def _exceeded(f: HeatLimitExceeded) -> str:
    return f"It exceeded the Heat Limit by {f.excess}: lose {f.excess} Vigor."


@renders(ChokeFloor)
def _choke(f: ChokeFloor) -> str:
    return f"(Choked: Heat can never go below the Choke Limit {f.floor}.)"


@renders(AdditionalVigorLost)
def _fortify(f: AdditionalVigorLost) -> str:
    return f"Fortify: {f.used} additional Vigor lost first ({f.old} → **{f.new}**)."


@renders(JudiciumDue)
def _judicium(f: JudiciumDue) -> str:
    return (f"Vigor fell to 0 (treated as {f.treated_as} for this Peril Check): draw a Judicium — "
            f"{command(f'/deck draw deck:judicium vigor:{f.vigor}')}.")


@renders(VigorClamped)
def _clamped(f: VigorClamped) -> str:
    return f"Vigor is lowered to the new maximum ({f.old} → {f.top})."


@renders(BaneImmune)
def _immune(f: BaneImmune) -> str:
    return f"{name(f.knight)} is Immune to Bane ({f.source}): they gain no Bane (Bane stays {f.bane})."


@renders(BaneLimitDeath)
def _bane_death(f: BaneLimitDeath) -> str:
    return (f"☠️ {name(f.knight)} would gain {f.gain} Bane ({f.old} + {f.gain} > Bane Limit {f.limit}): they do not "
            "gain it — **they die immediately**. No Mortis, no Judicium.")


@renders(StatsReset)
def _reset(f: StatsReset) -> str:
    return f"Stats reset: Passion 0, Heat 0, Vigor {f.vigor} (maximum), limits to their starting values."
