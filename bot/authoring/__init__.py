"""Authoring content packs: the ``kfgm content ...`` commands (scaffolds, schemas, showing a card, the playability
check, zipping a pack). docs/content.md, "Bring your own cards"."""
