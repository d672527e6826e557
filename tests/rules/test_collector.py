"""content/collector.py: the garbage collector paused while long-lived objects are built, and on again after."""

from __future__ import annotations

import gc
import subprocess
import sys

from content.collector import collector_paused
from content.loader import load_catalogue


def test_start_up_leaves_the_collector_on() -> None:
    code = ("import gc; from bot.app.commands import build_registry; from content.loader import load_catalogue; "
            "load_catalogue(); build_registry(); print(gc.isenabled())")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "True"


def test_start_up_freezes_what_it_built_and_a_plain_pause_freezes_nothing() -> None:
    code = ("import gc; from bot.app.commands import build_registry; from content.loader import load_catalogue; "
            "load_catalogue(); build_registry(); print(gc.get_freeze_count(), gc.get_count()[0])")
    frozen, young = map(int, subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                                            text=True).stdout.split())
    assert frozen > 100_000 and young < 1_000  # the rules' models frozen; the catalogue's young objects collected
    before = gc.get_freeze_count()
    with collector_paused():
        kept = [[n] for n in range(1000)]
    assert gc.get_freeze_count() == before and len(kept) == 1000  # an import's pause: its objects stay collectable
    load_catalogue()
    assert gc.get_freeze_count() == before  # a catalogue is dropped again (a test, a guild's upload): never frozen


def test_nested_pauses_turn_it_on_when_the_last_ends() -> None:
    assert gc.isenabled()
    with collector_paused():
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_turned_off_by_someone_else_stays_off() -> None:
    gc.disable()
    try:
        with collector_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()
    finally:
        gc.enable()
