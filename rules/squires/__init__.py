"""Squires and the Mettle deck (optional rules, docs/squires.md): state, actions and the Mettle draws."""
