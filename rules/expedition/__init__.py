"""The Expedition: its phases in order (phases.py) and the Vision Phase (vision.py); docs/expedition.md."""
