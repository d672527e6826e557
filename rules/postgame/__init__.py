"""The Postgame: the Rites of the Apocrypha, Custom Hunts and the Dungeons (docs/postgame.md)."""
