"""The console's line editor (prompt_toolkit): arrow keys, a history kept per database (``<db>.history`` next to
it), and Tab completion of commands, their options and their values (issue #20, "The console plays like Discord").

Values come from the registry (an option's fixed choices) and from the campaign as it is now through
bot/app/complete.py: the Knights, the Gear of the Loadout, the spaces the Knight may move to, the decision waiting
and its option keys. The completer reads the state the console loop loaded after the last command (``refresh``) —
completing never runs a command, never reads the database, never changes anything."""

from __future__ import annotations

import shlex
from collections.abc import Iterable
from pathlib import Path
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document
from prompt_toolkit.history import FileHistory, History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.output import Output

from bot.app.complete import Typed, source_of
from bot.app.registry import Command, Registry
from bot.app.reply import CommandError
from bot.app.service import App
from bot.console.runner import DEFAULT_USER, invocation, run_lines, strip_comment
from rules.state import CampaignState


def history_path(db_path: str) -> Path | None:
    """Where a database's console history is kept (None for an in-memory database: history in memory only)."""
    return None if db_path in ("", ":memory:") else Path(f"{db_path}.history")


def _words(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:  # an open quote: complete what is inside it
        return shlex.split(text + '"')


class CommandCompleter(Completer):
    """Completions for one line: ``@user`` is kept, then the command path, then ``option:`` names not yet given,
    then the values of the option being typed."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.current: CampaignState | None = None

    @property
    def registry(self) -> Registry:
        return self.app.registry

    async def refresh(self) -> None:
        """Read the console campaign's state once (after each command), for the completions of the next line."""
        try:
            self.current = (await self.app.load(invocation(DEFAULT_USER, "/gm state"))).state
        except CommandError:  # no campaign yet
            self.current = None

    def state(self) -> CampaignState | None:
        return self.current

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterable[Completion]:
        text = strip_comment(document.text_before_cursor) if "#" in document.text_before_cursor else \
            document.text_before_cursor
        if text != document.text_before_cursor:
            return
        user = DEFAULT_USER
        if text.startswith("@"):
            head, _, text = text.partition(" ")
            if not _:
                return
            user = head[1:] or DEFAULT_USER
        if not text.startswith("/"):
            if not text.strip():
                yield from self._paths("", [])
            return
        words = _words(text[1:])
        current = "" if text.endswith(" ") and not text.rstrip().endswith(':"') else (words.pop() if words else "")
        command = self._command(words)
        if command is None:
            yield from self._paths(current, words)
            return
        given = {w.split(":", 1)[0] for w in words if ":" in w}
        if ":" in current:
            yield from self._values(command, current, user, words)
            return
        for o in command.options:
            if o.name not in given and o.name.startswith(current.lower()):
                yield Completion(f"{o.name}:", start_position=-len(current), display_meta=o.description[:60])

    def _command(self, words: list[str]) -> Command | None:
        path = tuple(w.lower() for w in words if ":" not in w)
        return self.registry.commands.get(path)

    def _paths(self, current: str, words: list[str]) -> Iterable[Completion]:
        typed = [w.lower() for w in words if ":" not in w]
        for path, command in sorted(self.registry.commands.items()):
            if list(path[:len(typed)]) != typed or len(path) <= len(typed):
                continue
            nxt = path[len(typed)]
            if nxt.startswith(current.lower()):
                rest = " ".join(path[len(typed):])
                prefix = "/" if not typed and not current.startswith("/") else ""
                yield Completion(prefix + rest + " ", start_position=-len(current),
                                 display=f"/{' '.join(path)}", display_meta=command.description[:60])

    def _values(self, command: Command, current: str, user: str, words: list[str]) -> Iterable[Completion]:
        name, _, value = current.partition(":")
        spec = next((o for o in command.options if name.lower() in (o.name, *o.aliases)), None)  # name: is knight:
        if spec is None:
            return
        values: list[tuple[str, str]] = [(c, "") for c in spec.choices if c.startswith(value.lower())]
        source = source_of(command.path, spec.name, spec.autocomplete)
        if source is not None and not values:
            given = {w.split(":", 1)[0]: w.split(":", 1)[1].strip('"') for w in words if ":" in w}
            try:
                found = source(self.state(), self.app.engine, Typed(user, command.path, given, value))
                values = [(c.value, c.label) for c in found]
            except Exception:  # a source never breaks the line being typed
                values = []
        for shown, meta in values[:40]:
            quoted = f'"{shown}"' if any(c in shown for c in " '\"") else shown
            yield Completion(f"{spec.name}:{quoted} ", start_position=-len(current), display=shown,
                             display_meta=meta[:60])


def session(app: App, db_path: str, input: Input | None = None, output: Output | None = None) -> PromptSession[str]:
    """A prompt session whose history is the database's and whose completer is a ``CommandCompleter``."""
    path = history_path(db_path)
    history: History = FileHistory(str(path)) if path is not None else InMemoryHistory()
    return PromptSession(history=history, completer=CommandCompleter(app), complete_while_typing=False,
                         input=input, output=output)


async def edit_loop(app: App, prompt: PromptSession[str], out: TextIO) -> None:
    """The interactive console with the line editor: read a line, run it as ``run_lines`` does, print the reply."""
    completer = prompt.completer
    assert isinstance(completer, CommandCompleter)
    await completer.refresh()
    while True:
        try:
            raw = await prompt.prompt_async("kfgm> ")
        except (EOFError, KeyboardInterrupt):
            out.write("\n")
            return
        if raw.strip() in {"exit", "quit", "/exit", "/quit"}:
            return
        await run_lines(app, [raw], out, as_json=False)
        await completer.refresh()
