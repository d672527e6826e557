"""The Expedition: its phases in order (phases.py) and the Vision Phase (vision.py); docs/expedition.md."""

from rules.expedition import coverage as _coverage  # noqa: F401,E402  (registers its entries)
