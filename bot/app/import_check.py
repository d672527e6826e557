"""Checking an imported campaign's log entry by entry (/campaign import; docs/campaign.md, "Export and import").

Nothing in an export file is taken on its word. ``verify`` walks the log in order, as the bot wrote it, and
re-derives every entry:

- an ``action`` entry is applied to the state the log had reached (the recorded dice must come again); the
  events it produces replace the file's ``events`` (the log holds the bot's own words for what an action did, never
  a file's — and an export written by an older release, whose sentences were worded otherwise, still imports);
  its ``command`` must be a command of this bot, a GM
  command (``/gm force-next``...) must come from a GM the log proves, an action that gives a Knight or a Squire
  an owner (``/knight create``, ``/knight import``, ``/squire add``) must name the entry's own actor, and an action
  that names a Knight (its ``knight``) and changes it must come from its owner or such a GM;
- an ``undo`` must be a ``/gm undo`` by a GM the log proves, and take back the action then on top;
- an ``amend`` must be by such a GM, name the action then on top and hold that very action: it is replayed from
  the state before it with the amended dice, and must give the recorded dice and events;
- a ``campaign`` entry after the creation is a ``/campaign gm-role`` by such a GM, or the closing entry of an
  earlier import (its importer became a GM of the campaign then).

The GMs a log proves are its creator (the actor of entry 0) and the importers of earlier imports. A GM who used
the campaign's GM role or the Manage Server permission is not named by the log: their GM commands are accepted
only when the importer is a server manager, who vouches for the file (``vouched``; the import's reply counts
those entries), and refused otherwise (docs/campaign.md says so). Members are the log's actors, so only those
the log proves.
The replay keeps the states it may need again (an undo goes back to the state before the top action) as
checkpoints every ``CHECKPOINT_EVERY`` actions, so memory stays bounded on a long log.

It is a plain function (no I/O, no event loop): the caller may run it in a thread.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from pydantic import TypeAdapter

from bot.app.history import ReplayMismatch, replay_entry
from bot.app.registry import Command, Registry
from bot.app.reply import CommandError
from bot.narration import told_events
from rules.campaign.transfer import CampaignExport, ExportedEntry
from rules.engine import Engine, Event
from rules.state import CampaignState
from storage.db import LogEntry

CHECKPOINT_EVERY = 25
_EVENTS = TypeAdapter(list[Event])


class EntryRefused(Exception):
    """One log entry of the file is not what the bot would have written: the message names it and says why."""

    def __init__(self, entry: ExportedEntry, why: str) -> None:
        super().__init__(f"log entry #{entry.seq} (`{entry.command[:80]}` by {entry.actor[:40]}) {why}")


@dataclass
class _Top:
    slot_seq: int  # the action's own seq
    entry: LogEntry  # the entry in force for it (the action, or its latest amend)


@dataclass(frozen=True)
class Verified:
    state: CampaignState  # the head the log replays to
    unproven: int  # entries accepted on a server manager's word (GM commands by members the log does not name)


def log_entry(e: ExportedEntry) -> LogEntry:
    """An exported entry as the storage's LogEntry."""
    return LogEntry(seq=e.seq, kind=e.kind, actor=e.actor, command=e.command, action=e.action, rolls=e.rolls,
                    events=e.events, target_seq=e.target_seq, created_at=e.created_at)


def _command(registry: Registry, e: ExportedEntry) -> Command:
    words = e.command.strip().removeprefix("/").split()
    if not e.command.strip().startswith("/") or not words:
        raise EntryRefused(e, "is not a command line")
    try:
        command, _ = registry.find(words)
    except CommandError:
        raise EntryRefused(e, "names no command of this bot") from None
    return command


class _Replay:
    """The log's effective history while it is walked: the stack of actions in force and the head state."""

    def __init__(self, engine: Engine, start: CampaignState) -> None:
        self.engine = engine
        self.stack: list[_Top] = []
        self.checkpoints: dict[int, CampaignState] = {0: start.model_copy(deep=True)}
        self.state = start

    def at(self, depth: int) -> CampaignState:
        """The state after the first ``depth`` actions in force: from the nearest checkpoint, replayed."""
        base = max(d for d in self.checkpoints if d <= depth)
        state = self.checkpoints[base].model_copy(deep=True)
        for top in self.stack[base:depth]:
            state = replay_entry(self.engine, state, top.entry).state
        return state

    def forget_from(self, depth: int) -> None:
        for d in [d for d in self.checkpoints if d >= depth and d > 0]:
            del self.checkpoints[d]

    def keep(self) -> None:
        if len(self.stack) % CHECKPOINT_EVERY == 0:
            self.checkpoints[len(self.stack)] = self.state.model_copy(deep=True)


def _derived_events(e: ExportedEntry, events: list[Event], skip: int = 0) -> None:
    """The entry's events become the ones its action gives here (after the first ``skip``: an amend's GM note)."""
    e.events = [*e.events[:skip], *json.loads(_EVENTS.dump_json(told_events(events), serialize_as_any=True))]


def _knight_json(state: CampaignState, kid: str) -> str | None:
    knight = state.knights.get(kid)
    return None if knight is None else knight.model_dump_json()


def _named_knight(state: CampaignState, e: ExportedEntry, gms: set[str]) -> tuple[str, str | None]:
    """The Knight an action names (its ``knight``) when the entry's actor is neither its owner nor a GM the log
    proves, with the Knight as it is before the action: such an actor may not change it (every command that names
    a Knight and changes it checks its owner: tests/permissions/test_owner_checks.py)."""
    assert e.action is not None
    named = e.action["action"].get("knight")
    if not isinstance(named, str) or e.actor in gms:
        return "", None
    knight = state.knights.get(named)
    if knight is None or knight.owner == e.actor:
        return named, None
    return named, knight.model_dump_json()


def verify(engine: Engine, registry: Registry, export: CampaignExport, vouched: bool = False) -> Verified:
    """The head state the file's log replays to, every entry checked as above (the entries' events re-derived in
    place); ``EntryRefused`` or ``ReplayMismatch`` (or a rule's error) otherwise. ``vouched``: the importer is a
    server manager, whose word stands for GMs the log cannot name."""
    replay = _Replay(engine, CampaignState.model_validate(export.start_state))
    gms = {export.log[0].actor}
    unproven: set[int] = set()

    def gm(e: ExportedEntry) -> None:
        if e.actor in gms:
            return
        if not vouched:
            raise EntryRefused(e, "is a GM's command, but the log does not show its actor as a GM (the campaign's "
                               "creator or an importer); a member with the Manage Server permission may import it, "
                               "vouching for the file")
        unproven.add(e.seq)

    if _command(registry, export.log[0]).path != ("campaign", "new"):
        raise EntryRefused(export.log[0], "is not the campaign's creation (/campaign new)")
    for e in export.log[1:]:
        command = _command(registry, e)
        if e.kind == "campaign":
            if command.path == ("campaign", "import"):
                gms.add(e.actor)  # the closing entry of an earlier import: its importer became a GM
            elif command.path == ("campaign", "gm-role"):
                gm(e)
            else:
                raise EntryRefused(e, "is not an entry the bot writes in the middle of a campaign")
            continue
        if e.kind == "action":
            if command.permission == "gm":
                gm(e)
            assert e.action is not None  # (CampaignExport checks it)
            owner = e.action["action"].get("owner")
            if owner is not None and owner != e.actor:
                raise EntryRefused(e, f"gives {str(owner)[:40]} something, but only the actor may be its owner")
            named, knight_before = _named_knight(replay.state, e, gms)
            entry = log_entry(e)
            result = replay_entry(engine, replay.state, entry)
            _derived_events(e, result.events)
            if knight_before is not None and _knight_json(result.state, named) != knight_before:
                if not vouched:
                    raise EntryRefused(e, f"changes the Knight {named[:40]}, whom only their owner or a GM may "
                                       "change")
                unproven.add(e.seq)
            replay.stack.append(_Top(e.seq, entry))
            replay.state = result.state
            replay.keep()
            continue
        gm(e)  # an undo or an amend
        top = replay.stack[-1] if replay.stack else None
        if top is None or e.target_seq != top.entry.seq:
            raise EntryRefused(e, "does not name the action then in force")
        if e.kind == "undo":
            if command.path != ("gm", "undo") or [ev.get("kind") for ev in e.events] != ["gm"]:
                raise EntryRefused(e, "is not what /gm undo writes")
            replay.stack.pop()
            replay.forget_from(len(replay.stack) + 1)
            replay.state = replay.at(len(replay.stack))
            continue
        assert e.action is not None and top.entry.action is not None
        if e.command != top.entry.command or e.action["action"] != top.entry.action["action"]:
            raise EntryRefused(e, "amends another action than the one then in force")
        if not e.events or e.events[0].get("kind") != "gm":
            raise EntryRefused(e, "is not what /gm amend-last writes")
        entry = log_entry(e)
        result = replay_entry(engine, replay.at(len(replay.stack) - 1), entry)
        _derived_events(e, result.events, skip=1)
        replay.stack[-1] = _Top(top.slot_seq, entry)
        replay.forget_from(len(replay.stack))
        replay.state = result.state
        replay.keep()
    head = CampaignState.model_validate(export.state)
    if replay.state.model_dump_json() != head.model_dump_json():
        raise ReplayMismatch("the replayed log does not end on the exported state")
    return Verified(replay.state, len(unproven))
