"""Python's cyclic garbage collector paused while the bot builds a great many objects, almost none of them garbage.

The collector runs every few hundred new objects and walks the young ones, and every few runs all of them. Two kinds
of work build millions of objects at once and free none: start-up (importing the rules declares some 1,300 pydantic
models, and the starter pack is read into the catalogue), where the collector ran about 250 times and found nothing
(a fifth of the start-up time, ``make bench`` startup_s); and a ``/campaign import`` of a long log
(bot/app/transfer.py), whose every full collection walked millions of objects in one 100-400 ms call holding the
event loop. Almost nothing built then is a garbage cycle: what is freed is freed by reference counting, with the
collector or without it; the little left is collected when the collector runs again.

What the rules' import builds lives as long as the process (some 1,300 model classes, their validators): that block
asks to ``freeze`` it. When it ends, everything alive is frozen (``gc.freeze``): moved out of the collector's
generations, so no later collection walks it again (the first young collection after the pause met all of it at
once, 60-100 ms), nor the full one Python runs when it exits. Frozen objects are still freed by reference counting,
but a frozen cycle never is: the little garbage the import made (pydantic builds and drops a small class per field
with a default factory, some 5 MB) is kept, as collecting it first would walk every object once (~90 ms of
start-up); and a catalogue, which a test or a guild's upload builds and drops again, is never frozen (``make bench``
rss_1000_campaigns_mb, startup_s).

The bottom layer (nothing of the project imported), so the rules, the content loader and the application share it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_paused_by = 0  # the ``collector_paused`` blocks running now (the collector is on again when the last one ends)
_freeze = False  # a block running now asked that what it built be frozen when the last one ends


@contextmanager
def collector_paused(*, freeze: bool = False) -> Iterator[None]:
    """The collector off while the block runs; on again when the last such block ends, having frozen every object
    alive then if any of the blocks asked to ``freeze`` (what it built lives as long as the process, and holds no
    cycle that is ever dropped). Left as it is when someone else turned it off."""
    global _paused_by, _freeze
    if _paused_by == 0 and not gc.isenabled():
        yield
        return
    _paused_by += 1
    gc.disable()
    try:
        yield
        _freeze = _freeze or freeze
    finally:
        _paused_by -= 1
        if _paused_by == 0:
            if _freeze:
                gc.freeze()
            _freeze = False
            gc.enable()
