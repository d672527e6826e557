"""What the rules ask the keyword registry at play time (the declarations: rules/keywords/model.py and the modules
beside it): ``find`` a keyword as the content writes it, the keywords ``resolved_in`` a context, and the lines that
``shown`` gives the table for the others. The "by hand" list of an Attack is every keyword of the active weapon that is
not resolved in its context — no list of handled keywords is kept anywhere else.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Protocol

from rules.facts import said
from rules.keywords import attack, board, defence, other
from rules.keywords.facts import KeywordByHand
from rules.keywords.model import REGISTRY, RESOLVED, Context, KeywordDef

DECLARATIONS = (attack, board, defence, other)  # imported for their ``keyword(...)`` calls


@cache
def _by_name() -> dict[str, KeywordDef]:
    return {d.name.lower(): d for d in REGISTRY.values()}


def find(name: str) -> KeywordDef | None:
    """The declaration of a keyword as the content writes it ("Opening", "Auto-break")."""
    key = name.lower()
    return _by_name().get("auto-" if key.startswith("auto-") else key)


@cache
def resolved_in(context: Context) -> frozenset[str]:
    """The content names of the keywords the bot resolves in ``context``."""
    return frozenset(d.name for d in _by_name().values() if (u := d.use(context)) and u.status in RESOLVED)


class Named(Protocol):
    @property
    def name(self) -> str: ...

    def label(self) -> str: ...


def shown(keywords: Iterable[Named], context: Context, source: str = "") -> list[str]:
    """The keywords met in ``context`` that the bot does not resolve there: each with its rulebook text and the
    command to apply it by hand (never silently dropped). A keyword resolved here when the player chooses to use it
    (Hug X) is shown with the command that uses it; one resolved by itself, or one the rulebook says does not act
    here (``never``), is left out; one not in the Keyword List (a Kingdom's ``custom`` keyword) is shown with the
    card's words."""
    lines = []
    for kw in keywords:
        found = find(kw.name)
        if found is None:
            lines.append(said(KeywordByHand(label=kw.label(), source=source, context=context.name, how="kingdom",
                                            command=context.by_hand)))
            continue
        use = found.use(context)
        if use is not None and use.status in RESOLVED and use.command:
            command = use.command.replace("<label>", kw.label())
            lines.append(said(KeywordByHand(label=kw.label(), source=source, context=context.name, how="may_use",
                                            command=command)))
            continue
        if use is not None and (use.status in RESOLVED or use.status == "irrelevant"):
            continue
        command = (use.command if use is not None else "") or context.by_hand
        lines.append(said(KeywordByHand(label=kw.label(), source=source, context=context.name, how="by_hand",
                                        command=command, text=found.text or "")))
    return lines


def declared() -> list[KeywordDef]:
    """Every declaration, loaded."""
    return list(REGISTRY.values())
