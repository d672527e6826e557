"""The facts of a Knight's statistics (rules/knights/statistics.py): Vigor, Heat, Passion, Bane and their limits;
their words are bot/narration/stats.py's."""

from typing import Literal

from rules.facts import Fact, fact

Stat = Literal["passion", "heat", "vigor", "max_vigor", "bane", "bane_limit"]


@fact
class StatChanged(Fact):
    """A statistic from ``old`` to ``new``; ``limit``: the limit it is shown against (Heat Limit, maximum Vigor,
    Bane Limit) when the rule shows it; ``capped``: Passion that would have gone above 9."""

    fact: Literal["stat_changed"] = "stat_changed"
    stat: Stat
    old: int
    new: int
    limit: int | None = None
    capped: bool = False


@fact
class PerilMoved(Fact):
    """The Knight's Peril threshold from ``old`` to ``new`` (uninjured, minor, major, grave, judicium)."""

    fact: Literal["peril_moved"] = "peril_moved"
    old: str
    new: str


@fact
class HeatLimitMoved(Fact):
    """The Heat Limit from ``old`` to ``new``; ``heat``: the Heat, which stays."""

    fact: Literal["heat_limit_moved"] = "heat_limit_moved"
    old: int
    new: int
    heat: int


@fact
class HeatLimitStays(Fact):
    """A Heat Limit change that moves nothing: the track ends at 9."""

    fact: Literal["heat_limit_stays"] = "heat_limit_stays"
    limit: int


@fact
class HeatFellToLimit(Fact):
    """Heat above a lowered Heat Limit falls to it (``old`` → ``limit``), no Vigor lost."""

    fact: Literal["heat_fell_to_limit"] = "heat_fell_to_limit"
    old: int
    limit: int


@fact
class CrueltyLowered(Fact):
    """Vice Cruelty lowers a Heat gain from ``gain`` by 1."""

    fact: Literal["cruelty_lowered"] = "cruelty_lowered"
    gain: int


@fact
class HeatLimitExceeded(Fact):
    """A forced Heat gain exceeded the Heat Limit by ``excess``: that much Vigor is lost."""

    fact: Literal["heat_limit_exceeded"] = "heat_limit_exceeded"
    excess: int


@fact
class ChokeFloor(Fact):
    """A Heat loss stops at the Choke Limit ``floor``."""

    fact: Literal["choke_floor"] = "choke_floor"
    floor: int


@fact
class AdditionalVigorLost(Fact):
    """Fortify: ``used`` additional Vigor lost first (``old`` → ``new``)."""

    fact: Literal["additional_vigor_lost"] = "additional_vigor_lost"
    used: int
    old: int
    new: int


@fact
class JudiciumDue(Fact):
    """Vigor fell to 0, treated as ``treated_as`` for the Peril Check: a Judicium to draw at ``vigor`` (the
    command's value, within its bounds). A Clash's Peril step draws it itself and leaves this reminder out."""

    fact: Literal["judicium_due"] = "judicium_due"
    treated_as: int
    vigor: int


@fact
class VigorClamped(Fact):
    """Vigor lowered to a new maximum (``old`` → ``top``)."""

    fact: Literal["vigor_clamped"] = "vigor_clamped"
    old: int
    top: int


@fact
class BaneImmune(Fact):
    """``knight`` is Immune to Bane (``source``): no Bane gained; it stays ``bane``."""

    fact: Literal["bane_immune"] = "bane_immune"
    knight: str
    source: str
    bane: int


@fact
class BaneLimitDeath(Fact):
    """``knight`` would gain ``gain`` Bane over the Bane Limit: they die at once (no Mortis, no Judicium)."""

    fact: Literal["bane_limit_death"] = "bane_limit_death"
    knight: str
    gain: int
    old: int
    limit: int


@fact
class StatsReset(Fact):
    """Resetting Stats: Passion and Heat 0, Vigor ``vigor`` (its maximum), limits to their starting values."""

    fact: Literal["stats_reset"] = "stats_reset"
    vigor: int
