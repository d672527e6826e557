"""A 40,000-entry ``/campaign import`` beside another server's table (bench/stall.py; the figure itself is ``make
bench``'s ``import_stall_ms``, target <= 100 ms). Unpacking, parsing, checking and replaying the export run on worker
threads, so the other table keeps being answered while the import runs. The bounds here are generous (a shared
machine): they catch the import running on the event loop again, not the target.

Known, and reported: the storage write of the imported log (storage.transfer.import_campaign builds its rows on the
loop) and the single long C calls of parsing and validating one large JSON document (json.loads, pydantic, which hold
the GIL even on a worker thread) still stall the loop for about a second each at this size.
"""

from __future__ import annotations

from pathlib import Path

from bench.stall import ENTRIES, measure


async def test_a_40000_entry_import_lets_another_table_play(tmp_path: Path) -> None:
    stall = await measure(tmp_path)
    print(f"import of {ENTRIES:,} entries: {stall}")
    assert stall.imported
    assert stall.commands >= 20, "the other table was answered many times while the import ran"
    assert stall.longest_ms < 0.6 * stall.import_s * 1000, "most of the import ran off the event loop"
    assert stall.outside_write_ms < 5000
