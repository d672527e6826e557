"""The one registry of keywords: each keyword of the rulebook's Keyword List declared once, with the contexts it acts in
(a Clash's Knight Attack, an Encounter's Attack Action, the Clash Board, the Delve Phase...) and, per context, the
handler that resolves it there and the tests that play it there — or the command the table applies it with.

A status per context:

- ``automated``: the handler resolves it, and a named test plays it in this context through command lines (``kfgm
  rules coverage --check`` verifies the test: it exists, sends this context's commands, names the keyword);
- ``untested``: the handler resolves it, but no test plays it through commands in this context yet (unit tests of the
  handler only): the report does not count it as automated;
- ``assisted``: the bot does not resolve it here; when the table meets it, the bot shows its rulebook text and the
  command to apply it by hand (``shown``);
- ``missing``: neither (not yet written);
- ``irrelevant``: the rulebook says it does not act here (Cumbersome in an Encounter: "keywords like Cumbersome will
  never trigger since you're not dealing a Wound"); not shown, not counted.

This module holds the vocabulary (contexts, statuses, ``keyword`` and its uses); the declarations are in
``attack``, ``defence``, ``board`` and ``other``; rules/keywords/registry.py answers the rules at play time. The
handlers are named by their dotted path, so the declarations import none of them (``--check`` resolves every name).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from rules.keywords.texts import TEXTS

Status = Literal["automated", "untested", "assisted", "missing", "irrelevant"]
RESOLVED: frozenset[Status] = frozenset({"automated", "untested"})


@dataclass(frozen=True)
class Context:
    """Where a keyword acts, named after the rulebook; ``commands``: the command lines that play it (a test is
    evidence for this context when it sends one of them); ``by_hand``: how the table applies a keyword here."""

    name: str
    commands: tuple[str, ...]
    by_hand: str


KNIGHT_ATTACK = Context(
    "Clash: Knight Attack", ("/knight attack",),
    "`/pool add token:<token> count:<n>` for Knight tokens, `/clash adjust knight:<name> stat:<stat> value:<n>` or "
    "`/clash adjust monster:<number> value:<n>` for a statistic, `/clash place` for a movement")
ENCOUNTER = Context(
    "Encounter: Attack Action", ("/encounter attack",),
    "`/knight stat name:<knight> stat:<stat> change:<n>` for a statistic, `/encounter place` for a movement; the "
    "Encounter Pool's tokens are counted by the table")
MONSTER_ATTACK = Context(
    "Clash: Monster Attack", ("/monster round", "/knight react", "/choose"),
    "`/clash adjust knight:<name> stat:<stat> value:<n>` for a statistic, `/clash place` for a movement")
SQUIRE = Context(
    "Clash: Squire", ("/squire", "/monster round"),
    "`/squire stat` for a statistic, `/clash place` for a movement")
CLASH_BOARD = Context(
    "Clash Board", ("/monster round", "/knight move", "/knight attack", "/knight react", "/clash place", "/choose"),
    "`/clash place` for a movement, `/clash adjust` for a statistic")
CLASH = Context(
    "Clash Phase", ("/clash", "/monster round", "/knight attack", "/knight end-turn", "/choose"),
    "`/clash adjust` or `/deck` commands")
KNIGHT = Context(
    "Knight", ("/knight", "/clash", "/monster round", "/encounter", "/delve", "/choose"),
    "`/knight stat`, `/knight condition` or `/knight resource`")
TECHNIQUES = Context("Technique Cards", ("/knight technique",), "`/knight technique`")
DELVE = Context("Delve Phase", ("/delve", "/fog", "/rest", "/encounter"), "`/delve adjust` or `/fog`")
SPOILS = Context("Spoils Phase", ("/spoils", "/clash end"), "`/spoils`")
SAINTS = Context("Saints", ("/saint",), "`/saint`")
CONTEXTS: tuple[Context, ...] = (KNIGHT_ATTACK, ENCOUNTER, MONSTER_ATTACK, SQUIRE, CLASH_BOARD, CLASH, KNIGHT,
                                 TECHNIQUES, DELVE, SPOILS, SAINTS)


@dataclass(frozen=True)
class Use:
    """A keyword in one context: its status, the handler (``module.function`` or ``module``), the tests, a note,
    and the command: for ``assisted`` the one to apply it by hand (default: the context's); for a resolved keyword
    that is the player's choice, the one that uses it."""

    context: Context
    status: Status
    handler: str | None = None
    tests: tuple[str, ...] = ()
    note: str = ""
    command: str = ""


@dataclass(frozen=True)
class KeywordDef:
    entry: str  # the Keyword List name, exactly as printed ("Opening X", "Ranged X–Y", "Auto-X Y")
    uses: tuple[Use, ...]

    @property
    def name(self) -> str:
        """The name the content writes ("Opening", "Ranged"; "Auto-X Y" is "Auto-<token>")."""
        return content_name(self.entry)

    def use(self, context: Context) -> Use | None:
        return next((u for u in self.uses if u.context == context), None)

    @property
    def text(self) -> str:
        return TEXTS.get(self.entry, "")


REGISTRY: dict[str, KeywordDef] = {}


def content_name(entry: str) -> str:
    """"Opening X" is written "Opening", "Ranged X–Y" "Ranged", "Overcome X+" "Overcome"; "Auto-X Y" "Auto-"."""
    return "Auto-" if entry == "Auto-X Y" else re.sub(r"\s+X(\+|–Y| Y|/\+X)?$", "", entry)


def keyword(entry: str, *uses: Use) -> None:
    """Declare a keyword once, with every context it acts in."""
    if entry in REGISTRY:
        raise ValueError(f"the keyword {entry!r} is declared twice")
    contexts = [u.context.name for u in uses]
    if len(set(contexts)) != len(contexts):
        raise ValueError(f"{entry!r}: a context is given twice")
    REGISTRY[entry] = KeywordDef(entry, uses)


def auto(context: Context, handler: str, *tests: str, note: str = "", command: str = "") -> Use:
    """Resolved by ``handler``; ``tests`` play it in this context through commands (checked). ``command``: the
    player's choice, resolved when they type it (Hug X: ``/knight react``) — the table is reminded of it."""
    return Use(context, "automated", handler, tests, note, command)


def untested(context: Context, handler: str, *tests: str, note: str = "", command: str = "") -> Use:
    """Resolved by ``handler``, but no test plays it through commands in this context yet."""
    return Use(context, "untested", handler, tests, note, command)


def by_hand(context: Context, *tests: str, note: str = "", command: str = "",
            shown_by: str = "rules.keywords.registry.shown") -> Use:
    """Not resolved here: shown to the table (by ``shown_by``) with its text and the command (``command``, else the
    context's)."""
    return Use(context, "assisted", shown_by, tests, note, command)


def missing(context: Context, note: str = "") -> Use:
    return Use(context, "missing", note=note)


def never(context: Context, note: str) -> Use:
    """The rulebook says the keyword does not act in this context (``note``: why)."""
    return Use(context, "irrelevant", note=note)
