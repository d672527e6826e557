"""Python's cyclic garbage collector paused while the bot builds a great many objects, none of them garbage.

The collector runs every few hundred new objects and walks the young ones, and every few runs all of them. Two kinds
of work build millions of objects at once and free none: start-up (importing the rules declares some 1,300 pydantic
models, and the starter pack is read into the catalogue), where the collector ran about 250 times and found nothing
(a fifth of the start-up time, ``make bench`` startup_s); and a ``/campaign import`` of a long log
(bot/app/transfer.py), whose every full collection walked millions of objects in one 100-400 ms call holding the
event loop. The objects built then hold no garbage cycles: what is freed is freed by reference counting, with the
collector or without it.

The bottom layer (nothing of the project imported), so the rules, the content loader and the application share it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

_paused_by = 0  # the ``collector_paused`` blocks running now (the collector is on again when the last one ends)


@contextmanager
def collector_paused() -> Iterator[None]:
    """The collector off while the block runs; on again when the last such block ends. Left as it is when someone
    else turned it off."""
    global _paused_by
    if _paused_by == 0 and not gc.isenabled():
        yield
        return
    _paused_by += 1
    gc.disable()
    try:
        yield
    finally:
        _paused_by -= 1
        if _paused_by == 0:
            gc.enable()
