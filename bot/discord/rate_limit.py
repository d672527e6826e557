"""A per-user rate limit for the Discord transport: it protects the bot and the database from one member
sending commands or pressing buttons faster than a table plays (issue #8, "A per-user rate limit protects the
bot and the database"). The console and scripts are not limited: they are the operator's own.

A sliding window: at most ``limit`` interactions per ``window`` seconds per (guild, user). A refused
interaction is answered privately with how long to wait, and nothing runs.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable

LIMIT = 10  # interactions...
WINDOW = 10.0  # ...per this many seconds, per member of a guild


class RateLimiter:
    def __init__(self, limit: int = LIMIT, window: float = WINDOW, clock: Callable[[], float] = time.monotonic
                 ) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._seen: dict[tuple[int | None, int], deque[float]] = {}

    def wait(self, guild: int | None, user: int) -> float:
        """0 when the member may go on (and the interaction is counted), else the seconds to wait."""
        now = self.clock()
        times = self._seen.setdefault((guild, user), deque())
        while times and now - times[0] >= self.window:
            times.popleft()
        if len(times) >= self.limit:
            return self.window - (now - times[0])
        times.append(now)
        if len(self._seen) > 10_000:  # forget idle members now and then, so memory stays small
            self._seen = {k: v for k, v in self._seen.items() if v and now - v[-1] < self.window}
        return 0.0


def slow_down(seconds: float) -> str:
    return (f"You are sending commands faster than the table can play; please wait {max(1, round(seconds))} "
            "second(s) and try again. Nothing was done.")
