"""A 40,000-entry ``/campaign import`` beside another server's table (bench/stall.py; the figure itself is ``make
bench``'s ``import_stall_ms``, target <= 100 ms). The export is parsed, checked and replayed on worker threads in
short steps (bot/app/bounded_json.py ``loads_in_pieces``, bot/app/transfer.py ``read_file``), with the garbage
collector paused and the long lists freed one item at a time, and the storage rows are encoded on the database
thread, so the other table keeps being answered while the import runs.

The bound here is generous for a loaded 2-core machine (about 60-90 ms measured): it still fails when any one step
runs on the event loop or holds the GIL for long again — before this change the loop stalled for 0.7 to 1.6 s.
"""

from __future__ import annotations

from pathlib import Path

from bench.stall import ENTRIES, measure


async def test_a_40000_entry_import_lets_another_table_play(tmp_path: Path) -> None:
    stall = await measure(tmp_path)
    print(f"import of {ENTRIES:,} entries: {stall}")
    assert stall.imported
    assert stall.commands >= 20, "the other table was answered many times while the import ran"
    assert stall.longest_ms < 300, f"the event loop stalled for {stall.longest_ms} ms during the import"
