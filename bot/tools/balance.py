"""How the starter pack plays with natural dice: N seeded Clashes per Monster, level and type, played by the
autoplay policy (bot/tools/autoplay.py, ``--outcome natural``: nothing forced, nothing adjusted), and what came of
them (docs/balance.md).

    python -m bot.tools.balance --runs 20 --out docs/balance-results.md

For each Monster, level and Clash type: the Knights' win rate, the median number of Rounds (a Clash still going
after ``--max-rounds`` Rounds counts as not won and is listed as unfinished), the Knight deaths per Clash, and the
Wounds per Knight Attack."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
from dataclasses import dataclass, field
from pathlib import Path

from bot.tools.autoplay import NATURAL, played
from content.loader import Catalogue, load_catalogue

MONSTERS = ("abbot", "stag", "drowned")
# (level, type): the matchups docs/balance.md reports; the first two are the starter game's
MATCHUPS: tuple[tuple[int, str], ...] = ((1, "exhibition"), (1, "full"), (2, "exhibition"), (2, "full"))


@dataclass
class Result:
    """The Clashes of one Monster, level and type."""

    monster: str
    level: int
    type: str
    won: int = 0
    lost: int = 0
    unfinished: int = 0
    rounds: list[int] = field(default_factory=list)
    deaths: list[int] = field(default_factory=list)
    attacks: int = 0
    wounds: int = 0

    @property
    def runs(self) -> int:
        return self.won + self.lost + self.unfinished

    @property
    def win_rate(self) -> float:
        return self.won / self.runs if self.runs else 0.0

    @property
    def median_rounds(self) -> float:
        return statistics.median(self.rounds) if self.rounds else 0.0

    @property
    def deaths_per_clash(self) -> float:
        return sum(self.deaths) / self.runs if self.runs else 0.0

    @property
    def wounds_per_attack(self) -> float:
        return self.wounds / self.attacks if self.attacks else 0.0

    def row(self) -> str:
        return (f"| {self.monster} | {self.level} | {self.type} | {self.runs} | {self.win_rate:.0%} | "
                f"{self.median_rounds:g} | {self.deaths_per_clash:.2f} | {self.wounds_per_attack:.2f} | "
                f"{self.unfinished} |")


HEADER = ("| Monster | Level | Type | Clashes | Won | Median Rounds | Deaths per Clash | Wounds per Attack | "
          "Unfinished |\n|---|---|---|---|---|---|---|---|---|")


async def measure(monster: str, level: int, clash_type: str, seeds: range, max_rounds: int = 30,
                  catalogue: Catalogue | None = None) -> Result:
    """Play one Clash per seed with natural dice."""
    cat = catalogue or load_catalogue()
    out = Result(monster, level, clash_type)
    for seed in seeds:
        player, end = await played(monster, level, clash_type, NATURAL, seed, max_rounds, cat)
        final = player.final
        assert final is not None and final.clash is not None
        over = final.clash.over
        out.won += over == "victory"
        out.lost += over == "defeat"
        out.unfinished += over is None
        out.rounds.append(final.clash.flow.round)
        out.deaths.append(len(player.deaths))
        out.attacks += player.attacks
        out.wounds += player.wounds
    return out


def report(results: list[Result], runs: int, max_rounds: int) -> str:
    lines = [f"{runs} Clashes per row (seeds 1 to {runs}), natural dice, at most {max_rounds} Rounds; "
             "`python -m bot.tools.balance` (make balance).", "", HEADER, *(r.row() for r in results)]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.tools.balance", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="Clashes per Monster, level and type (seeds 1..N)")
    parser.add_argument("--monster", choices=MONSTERS, action="append", help="only these Monsters")
    parser.add_argument("--level", type=int, action="append", help="only these levels")
    parser.add_argument("--type", choices=("exhibition", "full"), action="append", help="only these types")
    parser.add_argument("--max-rounds", type=int, default=30)
    parser.add_argument("--out", help="also write the table to this file")
    args = parser.parse_args(argv)
    cat = load_catalogue()
    results = []
    for monster in args.monster or MONSTERS:
        for level, clash_type in MATCHUPS:
            if (args.level and level not in args.level) or (args.type and clash_type not in args.type):
                continue
            result = asyncio.run(measure(monster, level, clash_type, range(1, args.runs + 1), args.max_rounds, cat))
            print(result.row(), flush=True)
            results.append(result)
    text = report(results, args.runs, args.max_rounds)
    if args.out:
        Path(args.out).write_text(text, encoding="utf-8")
        print(f"written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
