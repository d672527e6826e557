"""Editions of the starter pack: a campaign keeps playing the starter content it was created with.

A campaign's log is replayed with the content loaded now, so a change of the starter pack's numbers (the dice faces,
a weapon's Power, a Monster level's To Hit) would change what an old action did, and the replay would no longer
give the state the players saw. So the starter pack has numbered editions. ``content/packs/starter/`` is always the
current one, ``CURRENT_EDITION``; each earlier edition is kept whole, as it was, in ``content/editions/starter-N/``
(a pack folder the loader reads like any other). A campaign's state names its edition (``CampaignState``'s
``content_edition``; a state saved before editions existed is edition 1), the engine plays each action with that
edition's content (``rules.engine.Engine.at``), and the GM moves a campaign to the current edition with
``/campaign edition upgrade:yes`` — an action of its log like any other, so the entries before it replay with the
old content and the ones after it with the new.

Packs of one's own (``KFGM_CONTENT_PACKS``, a server's uploads) have no editions: they are the group's own files.

Making a new edition: copy ``content/packs/starter/`` as it is to ``content/editions/starter-<CURRENT_EDITION>/``,
raise ``CURRENT_EDITION`` by one, then change the starter pack (docs/content.md, "Editions of the starter pack").
"""

from __future__ import annotations

from pathlib import Path

from content.loader import STARTER_PACK, Catalogue, build_catalogue, extend_catalogue

CURRENT_EDITION = 2
EDITIONS = Path(__file__).parent / "editions"


def folder(edition: int) -> Path:
    """The pack folder of one edition of the starter pack."""
    return STARTER_PACK if edition == CURRENT_EDITION else EDITIONS / f"starter-{edition}"


def known() -> list[int]:
    """Every edition this release can play, oldest first."""
    return [e for e in range(1, CURRENT_EDITION) if folder(e).is_dir()] + [CURRENT_EDITION]


def at_edition(catalogue: Catalogue, edition: int) -> Catalogue:
    """``catalogue`` built again with edition ``edition`` of the starter pack in place of the current one: the same
    other packs and uploads, in the same order. ``catalogue`` itself when it holds no starter pack or already has
    that edition."""
    starter = STARTER_PACK.resolve()
    if edition == CURRENT_EDITION or not any(f.resolve() == starter for f in catalogue.folders):
        return catalogue
    if edition not in known():
        raise ValueError(f"this release has no edition {edition} of the starter pack (it has {known()})")
    folders = [folder(edition) if f.resolve() == starter else f for f in catalogue.folders]
    built = build_catalogue(folders)
    return extend_catalogue(built, catalogue.uploads) if catalogue.uploads else built
