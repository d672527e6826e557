"""Finding a thing by what a player types for it (issue #20, "Findable by name"): the id, or the name shown on the
sheet or card, matched with case, accents, apostrophes and quotes, punctuation, spaces and underscores set aside.

One resolver for every option that takes an id (bot/app/lookups.py declares the sources; ``App`` resolves the
options before a command's handler runs, so a logged action holds the id, never the name as typed). Pure: no I/O.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from difflib import get_close_matches

from rules.errors import RuleError

QUOTES = re.compile(r"['’‘`´ʼ\"“”]")
SEPARATORS = re.compile(r"[^0-9a-z]+")
MAX_SHOWN = 12  # names listed when nothing is close


@dataclass(frozen=True)
class Candidate:
    """One thing a name may mean: its id, the name shown for it, and other names it is known by (a reforged face)."""

    id: str
    name: str
    other_names: tuple[str, ...] = ()

    def shown(self) -> str:
        return self.name if key(self.name) == key(self.id) else f"{self.name} (`{self.id}`)"


def key(text: str) -> str:
    """What a typed name is compared by: NFKD with the combining marks dropped, case folded, apostrophes and quotes
    (straight and curly) removed, every other run of punctuation, spaces or underscores one space.
    ``key("Pilgrim’s  Mace") == key("pilgrims_mace") == "pilgrims mace"``."""
    plain = unicodedata.normalize("NFKD", text)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    return SEPARATORS.sub(" ", QUOTES.sub("", plain)).strip()


def _keys(c: Candidate) -> set[str]:
    return {key(c.id), key(c.name), *(key(n) for n in c.other_names)} - {""}


def _words_in(wanted: str, known: str) -> bool:
    return f" {wanted} " in f" {known} "


def matches(text: str, candidates: Iterable[Candidate]) -> list[Candidate]:
    """The candidates ``text`` names, best tier first: the exact id; else every one whose id or name has the same
    key; else every one whose id or name holds ``text``'s words in a row (``Bram`` is Bram the Lamplighter)."""
    items = list(candidates)
    exact = [c for c in items if c.id == text]
    if exact:
        return exact[:1]
    wanted = key(text)
    if not wanted:
        return []
    same = [c for c in items if wanted in _keys(c)]
    if same:
        return _unique(same)
    return _unique([c for c in items if any(_words_in(wanted, k) for k in _keys(c))])


def _unique(found: list[Candidate]) -> list[Candidate]:
    seen: dict[str, Candidate] = {}
    for c in found:
        seen.setdefault(c.id, c)
    return list(seen.values())


def close(text: str, candidates: Iterable[Candidate], n: int = 3) -> list[Candidate]:
    """The candidates ``text`` most likely misspells (difflib's ratio over the keys, at least 0.6), closest first."""
    by_key: dict[str, Candidate] = {}
    for c in candidates:
        for k in sorted(_keys(c)):
            by_key.setdefault(k, c)
    return _unique([by_key[k] for k in get_close_matches(key(text), list(by_key), n=n * 2, cutoff=0.6)])[:n]


def plural(noun: str) -> str:
    """``Mercenary`` -> ``Mercenaries``, ``Gear card`` -> ``Gear cards``."""
    return noun[:-1] + "ies" if noun.endswith("y") and noun[-2:-1] not in "aeiou" else noun + "s"


def resolve(text: str, candidates: Iterable[Candidate], noun: str, where: str = "", listing: str = "") -> str:
    """The id ``text`` names among ``candidates``. Refused politely when it names none (with "did you mean" the
    closest names, or the names there are) or several (the candidates with their ids)."""
    items = list(candidates)
    found = matches(text, items)
    if len(found) == 1:
        return found[0].id
    lead = f"{where} " if where else ""
    if found:
        shown = "; ".join(c.shown() for c in found[:MAX_SHOWN])
        raise RuleError(f"{lead}{text[:60]!r} could be {len(found)} {plural(noun)}: {shown}. Give the whole name "
                        "or the id")
    near = close(text, items)
    if near:
        hint = "did you mean " + " or ".join(c.shown() for c in near) + "?"
    elif not items:
        hint = f"there are no {plural(noun)} to choose from here"
    elif len(items) <= MAX_SHOWN:
        hint = f"the {plural(noun)} are: " + "; ".join(c.shown() for c in items)
    else:
        hint = listing or f"{len(items)} {plural(noun)} are known; give the name on the card or its id"
    raise RuleError(f"{lead}there is no {noun} {text[:60]!r}; {hint}")
