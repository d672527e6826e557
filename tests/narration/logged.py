"""The facts a command's log entry keeps, for the narration tests: the names of every fact in its events' JSON."""

from __future__ import annotations

from typing import Any

from bot.app.service import App


def fact_names(event: Any) -> list[str]:
    """Every fact's name in one logged event's JSON, the facts inside a fact (a paragraph's parts) included."""
    if isinstance(event, dict):
        found = [event["fact"]] if isinstance(event.get("fact"), str) else []
        return found + [n for v in event.values() for n in fact_names(v)]
    if isinstance(event, list):
        return [n for v in event for n in fact_names(v)]
    return []


async def logged_facts(app: App, command: str) -> list[str]:
    """The fact names of the last log entry of campaign 1 typed as ``command``."""
    row = [e for e in await app.db.log(1) if e.command == command][-1]
    return fact_names(row.events)
