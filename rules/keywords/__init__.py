"""The keywords of the rulebook's Keyword List, each declared once with the contexts it acts in (registry.py)."""
