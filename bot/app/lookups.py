"""Where the names an option may take come from (issue #20, "Findable by name").

An ``Option`` declares ``lookup="gear"`` (a key of ``SOURCES``); before the command's handler runs, ``App`` hands
the converted options to ``resolve_options``, which turns each such value (each item of a list) into the id it names
through the one resolver, ``rules.lookup.resolve``: the id itself, the name on the sheet or card (case, accents,
apostrophes, punctuation and underscores aside), or a run of its words — refused with "did you mean" or the list of
candidates otherwise. So the handlers, and the logged actions, only ever see ids; an old log replays as it was.

``candidates(source, catalogue, state)`` is public for the completion code (bot/app/complete.py), so what Tab or
Discord's autocomplete offers and what a command takes come from one list.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from content.loader import Catalogue
from content.schema.outpost import Contract, Mercenary, Scout
from rules.lookup import Candidate, resolve
from rules.state import CampaignState

Listing = Callable[[Catalogue, CampaignState | None], list[Candidate]]


@dataclass(frozen=True)
class Source:
    noun: str  # "Gear card": "there is no Gear card 'x'"
    listing: Listing
    needs_state: bool = False  # the campaign's own things (its Knights, its Saints): the campaign is read first
    where: str = ""  # where the player finds the list, said when there are too many to show


def _gear(cat: Catalogue, state: CampaignState | None) -> list[Candidate]:
    return [Candidate(g.id, g.name, (g.reforged.name,) if g.reforged else ()) for g in cat.gear.values()]


def _techniques(cat: Catalogue, state: CampaignState | None) -> list[Candidate]:
    return [Candidate(t.id, t.clash.name, (t.delve.name,)) for k in cat.knights.values() for t in k.techniques]


def _outpost_things(attr: str) -> Listing:
    """The Contracts, Scouts or Mercenaries of every loaded Outpost."""
    def listing(cat: Catalogue, state: CampaignState | None) -> list[Candidate]:
        out: list[Candidate] = []
        for o in cat.outposts.values():
            s = o.sections
            things: dict[str, Sequence[Contract | Scout | Mercenary]] = {
                "contracts": s.notice_board.contracts, "scouts": s.scouts.scouts,
                "mercenaries": s.mercenaries.mercenaries}
            out += [Candidate(x.id, x.name) for x in things[attr]]
        return out

    return listing


def _knights(cat: Catalogue, state: CampaignState | None) -> list[Candidate]:
    from rules.board.naming import slug

    return [Candidate(k.id, k.name, (slug(k.name),)) for k in (state.knights.values() if state else [])]


def _saints(cat: Catalogue, state: CampaignState | None) -> list[Candidate]:
    return [Candidate(sid, s.name) for sid, s in (state.progress.saints.items() if state else [])]


def _tiles(cat: Catalogue, state: CampaignState | None) -> list[Candidate]:
    return [Candidate(t.id, t.name) for tiles in cat.kingdom_tiles.values() for t in tiles.values()]


def _named(attr: str) -> Listing:
    def listing(cat: Catalogue, state: CampaignState | None) -> list[Candidate]:
        return [Candidate(x.id, x.name) for x in getattr(cat, attr).values()]

    return listing


SOURCES: dict[str, Source] = {
    "gear": Source("Gear card", _gear, where="`/content list` shows them"),
    "upgrade": Source("Upgrade card", _named("upgrades")),
    "technique": Source("Technique", _techniques, where="`/knight show` names a Knight's"),
    "gear_or_upgrade": Source("Gear or Upgrade card", lambda c, s: _gear(c, s) + _named("upgrades")(c, s)),
    "gear_or_technique": Source("Gear card or Technique", lambda c, s: _gear(c, s) + _techniques(c, s)),
    "monster": Source("Monster", _named("monsters")),
    "knight_content": Source("Knight to create", _named("knights"), where="`/knight list` shows them"),
    "squire_content": Source("Squire", _named("squires")),
    "kingdom": Source("Kingdom", _named("kingdoms")),
    "tile": Source("Kingdom tile", _tiles, where="`/delve map` shows them"),
    "contract": Source("Contract", _outpost_things("contracts"), where="`/outpost status` lists them"),
    "scout": Source("Scout", _outpost_things("scouts"), where="`/outpost status` lists them"),
    "mercenary": Source("Mercenary", _outpost_things("mercenaries"), where="`/outpost status` lists them"),
    "knight": Source("Knight", _knights, needs_state=True),
    "saint": Source("unlocked Saint", _saints, needs_state=True),
}


def candidates(source: str, catalogue: Catalogue, state: CampaignState | None) -> list[Candidate]:
    """Every id (with its names) an option of ``source`` may take now."""
    return SOURCES[source].listing(catalogue, state)


class Spec(Protocol):
    """What is read of a command's option (bot/app/registry.Option)."""

    @property
    def name(self) -> str: ...
    @property
    def lookup(self) -> str | None: ...


def needs_state(specs: Sequence[Spec], options: dict[str, Any]) -> bool:
    """Whether resolving ``options`` reads the campaign (an option naming one of its Knights or Saints is given)."""
    return any(o.lookup and SOURCES[o.lookup].needs_state and options.get(o.name) for o in specs)


def resolve_options(command: str, specs: Sequence[Spec], options: dict[str, Any], catalogue: Catalogue,
                    state: CampaignState | None) -> dict[str, Any]:
    """``options`` of the command ``command`` (its name, for the messages) with every value of an option of
    ``specs`` that has a ``lookup`` replaced by the id it names (a RuleError otherwise)."""
    out = dict(options)
    for spec in specs:
        value = out.get(spec.name)
        if not spec.lookup or value in (None, "", []):
            continue
        source = SOURCES[spec.lookup]
        known = source.listing(catalogue, state)
        where = f"{command} {spec.name}:"
        if isinstance(value, list):
            out[spec.name] = [resolve(str(v), known, source.noun, where, source.where) for v in value]
        else:
            out[spec.name] = resolve(str(value), known, source.noun, where, source.where)
    return out
