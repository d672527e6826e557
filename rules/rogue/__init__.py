"""The Rogue's Path (rulebook "Rogue's Path: Alternative Campaign Structure", optional rules): the Rosegraal,
its Monster tables, resurrections and rewards. The handlers are rules/rogue/handlers.py; docs/rogue.md."""
