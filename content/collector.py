"""Python's cyclic garbage collector paused while the bot builds a great many objects, none of them garbage.

The collector runs every few hundred new objects and walks the young ones, and every few runs all of them. Two kinds
of work build millions of objects at once and free none: start-up (importing the rules declares some 1,300 pydantic
models, and the starter pack is read into the catalogue), where the collector ran about 250 times and found nothing
(a fifth of the start-up time, ``make bench`` startup_s); and a ``/campaign import`` of a long log
(bot/app/transfer.py), whose every full collection walked millions of objects in one 100-400 ms call holding the
event loop. The objects built then hold no garbage cycles: what is freed is freed by reference counting, with the
collector or without it.

What such a block builds to keep for the life of the process (the rules' models, the starter catalogue) is then
frozen (``gc.freeze``): moved out of the collector's generations, so no later collection walks it again — neither
the first young collection after the pause (which met all of it at once, 60-100 ms), nor the full one Python runs
when it exits. Frozen objects are still freed by reference counting.

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
    alive then if any of the blocks asked to ``freeze`` (what it built lives as long as the process). Left as it is
    when someone else turned it off."""
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
