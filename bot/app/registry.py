"""One registry of commands, shared by the console and Discord transports.

A command is a path (``("roll", "test")`` is ``/roll test``), a description, typed options and who
may run it. Option values arrive as text from the console and typed from Discord; ``convert`` makes
both the same and refuses bad values with a message that says what would be right.
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from difflib import get_close_matches
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from bot.app.reply import CommandError, Reply
from content.text import clean_name

if TYPE_CHECKING:
    from bot.app.context import Invocation

OptionKind = Literal["integer", "string", "boolean", "user", "role", "integer_list", "string_list", "attachment"]
Permission = Literal["anyone", "player", "gm"]
# the first argument is the bot.app.service.App that runs the command (the registry sits below the service)
Handler = Callable[[Any, "Invocation", dict[str, Any]], Awaitable[Reply]]
# An attached file larger than this is not read (not even downloaded from Discord): its handler is told its size.
MAX_UPLOAD_BYTES = 1_000_000


@dataclass(frozen=True)
class Upload:
    """The value of an ``attachment`` option: the file's name, its size, and its bytes (``None`` when it is
    larger than MAX_UPLOAD_BYTES). Discord's attachment is read by the transport; in the console the
    value is the path of a local file."""

    filename: str
    size: int
    data: bytes | None


def read_local_upload(text: str, where: str) -> Upload:
    """The console's ``file:PATH``: a local regular file, read up to MAX_UPLOAD_BYTES + 1 bytes."""
    path = Path(text).expanduser()
    try:
        if not path.is_file():
            raise CommandError(f"{where} found no file {text[:80]!r}; give the path of a local file, e.g. my_pack.yaml")
        with path.open("rb") as f:
            size = os.fstat(f.fileno()).st_size
            data = f.read(MAX_UPLOAD_BYTES + 1) if size <= MAX_UPLOAD_BYTES else b""
    except (OSError, ValueError) as exc:
        raise CommandError(f"{where} could not read {text[:80]!r}: {getattr(exc, 'strerror', None) or exc}") from None
    size = max(size, len(data))
    return Upload(path.name, size, data if size <= MAX_UPLOAD_BYTES else None)


@dataclass(frozen=True)
class Option:
    name: str
    kind: OptionKind
    description: str
    required: bool = False
    choices: tuple[str, ...] = ()
    min_value: int | None = None
    max_value: int | None = None
    default: Any = None
    autocomplete: str | None = None  # a source of bot/discord/tree.AUTOCOMPLETE: "deck", "card", "knight"...
    max_length: int = 200  # strings: longer values are refused (e.g. /knight import json: allows more)
    names: bool = False  # a name a player gives (a Knight, a campaign): NFC, no invisible characters (content/text)
    lookup: str | None = None  # a source of bot/app/lookups.SOURCES: the id or the name shown, resolved to the id
    aliases: tuple[str, ...] = ()  # older names of this option, still taken as typed (``name:`` for ``knight:``)


@dataclass(frozen=True)
class Command:
    path: tuple[str, ...]
    description: str
    handler: Handler
    options: tuple[Option, ...] = ()
    permission: Permission = "player"

    @property
    def name(self) -> str:
        return "/" + " ".join(self.path)

    @cached_property
    def specs(self) -> dict[str, Option]:
        """Its options by name (made once: every command line checks its options against them)."""
        return {o.name: o for o in self.options}

    @cached_property
    def aliases(self) -> dict[str, str]:
        """Its options' older names, each to the option's name."""
        return {a: o.name for o in self.options for a in o.aliases}

    def usage(self) -> str:
        parts = [self.name]
        for o in self.options:
            hint = (
                "|".join(o.choices)
                if o.choices
                else {"integer_list": "N,N,...", "string_list": "a,b,..."}.get(o.kind, o.kind)
            )
            parts.append(f"{o.name}:{hint}" if o.required else f"[{o.name}:{hint}]")
        return " ".join(parts)


@dataclass
class Registry:
    commands: dict[tuple[str, ...], Command] = field(default_factory=dict)
    group_descriptions: dict[str, str] = field(default_factory=dict)

    def describe_group(self, group: str, description: str) -> None:
        """What a command group is for (Discord shows it; at most 100 characters)."""
        self.group_descriptions[group] = description

    def add(self, command: Command) -> None:
        if command.path in self.commands:
            raise ValueError(f"duplicate command {command.name}")
        self.commands[command.path] = command

    def find(self, words: list[str]) -> tuple[Command, int]:
        """The longest registered path that starts ``words``; returns it and how many words it used."""
        for length in (3, 2, 1):
            path = tuple(w.lower() for w in words[:length])
            if len(path) == length and path in self.commands:
                return self.commands[path], length
        group = words[0].lower() if words else ""
        subs = sorted(" ".join(p) for p in self.commands if p[0] == group)
        guess = self.closest(words)
        hint = f" Did you mean `{guess}`?" if guess else ""
        if subs:
            raise CommandError(
                f"/{' '.join(words)} is not a command.{hint} Try one of: " + ", ".join("/" + s for s in subs)
            )
        raise CommandError(f"unknown command /{' '.join(words)}.{hint} Type /help for the list of commands.")

    def closest(self, words: list[str]) -> str | None:
        """The command (or group) that ``words`` most likely misspell, word by word (``/rol tset`` is
        ``/roll test``); ``None`` when no word needed mending or one is not close to any."""
        path: tuple[str, ...] = ()
        mended = False
        for word in (w.lower() for w in words[:3]):
            level = len(path)
            nexts = sorted({p[level] for p in self.commands if len(p) > level and p[:level] == path})
            if word in nexts:
                path += (word,)
                continue
            close = close_match(word, nexts)
            if close is None:
                break
            path, mended = path + (close,), True
        return "/" + " ".join(path) if mended else None

    def groups(self) -> dict[str, list[Command]]:
        out: dict[str, list[Command]] = {}
        for cmd in self.commands.values():
            out.setdefault(cmd.path[0], []).append(cmd)
        return out


def convert(command: Command, raw: dict[str, Any]) -> dict[str, Any]:
    """Check and convert option values; unknown or missing options are refused politely."""
    specs = command.specs
    raw = _unaliased(command, raw)
    unknown = [k for k in raw if k not in specs]
    if unknown:
        names = ", ".join(o.name for o in command.options) or "none"
        close = close_match(unknown[0], list(specs))
        hint = f" (did you mean `{close}:`?)" if close else ""
        raise CommandError(
            f"{command.name} has no option {unknown[0]!r}{hint}; its options are: {names}. Usage: {command.usage()}"
        )
    out: dict[str, Any] = {}
    for spec in command.options:
        if spec.name not in raw or raw[spec.name] is None:
            if spec.required:
                raise CommandError(f"{command.name} needs {spec.name}: ({spec.description}). Usage: {command.usage()}")
            out[spec.name] = spec.default
            continue
        out[spec.name] = _value(command, spec, raw[spec.name])
    return out


def _unaliased(command: Command, raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` with an option given by an older name (an alias) under its name; refused when both are given."""
    alias = command.aliases
    if not alias or not any(k in alias for k in raw):
        return raw
    out: dict[str, Any] = {}
    for k, v in raw.items():
        name = alias.get(k, k)
        if name in out or (name != k and name in raw):
            raise CommandError(f"{command.name} takes {name}: once (`{k}:` is its older name); give only {name}:")
        out[name] = v
    return out


def _value(command: Command, spec: Option, value: Any) -> Any:
    where = f"{spec.name}: of {command.name}"
    if spec.kind == "attachment":
        if isinstance(value, Upload):
            return value
        text = str(value).strip()
        if not text or len(text) > 1000:
            raise CommandError(f"{where} needs a file: attach one (in the console: {spec.name}:PATH)")
        return read_local_upload(text, where)
    if spec.kind == "integer":
        number = _int(value, where)
        _bounds(spec, number, where)
        return number
    if spec.kind == "integer_list":
        items = value if isinstance(value, list) else [v for v in str(value).replace(" ", ",").split(",") if v]
        if not items:
            raise CommandError(f"{where} needs at least one number, e.g. {spec.name}:10,1,7")
        numbers = [_int(v, where) for v in items]
        for n in numbers:
            _bounds(spec, n, where)
        return numbers
    if spec.kind == "string_list":
        items = value if isinstance(value, list) else [v.strip() for v in str(value).split(",") if v.strip()]
        return [str(v)[:100] for v in items]
    if spec.kind == "boolean":
        if isinstance(value, bool):
            return value
        text = str(value).strip().lower()
        if text in {"true", "yes", "y", "1", "on"}:
            return True
        if text in {"false", "no", "n", "0", "off"}:
            return False
        raise CommandError(f"{where} must be true or false, not {str(value)[:40]!r}")
    text = str(value).strip()
    if len(text) > spec.max_length:
        raise CommandError(f"{where} is {len(text)} characters long; at most {spec.max_length} are allowed")
    if spec.choices and text.lower() not in spec.choices:
        raise CommandError(f"{where} must be one of {', '.join(spec.choices)}, not {text[:40]!r}")
    if spec.kind in ("user", "role"):
        return text.lstrip("@<&!").rstrip(">")
    if not text and spec.required:
        raise CommandError(f"{where} cannot be empty")
    if spec.names:
        return checked_name(text, where)
    return text.lower() if spec.choices else text


def close_match(word: str, known: list[str]) -> str | None:
    """The one of ``known`` that ``word`` most likely misspells (difflib's ratio at least 0.6), or ``None``."""
    close = get_close_matches(word, known, n=1, cutoff=0.6)
    return close[0] if close else None


def checked_name(text: str, where: str) -> str:
    """A name a player gives, in NFC; refused when it holds an invisible or direction-changing character."""
    try:
        return clean_name(text)
    except ValueError as exc:
        raise CommandError(f"{where} cannot be {text[:60]!r}: {exc}") from None


def _int(value: Any, where: str) -> int:
    if isinstance(value, bool):
        raise CommandError(f"{where} must be a whole number, not {value}")
    if isinstance(value, int):
        return value
    text = str(value).strip()
    digits = text[1:] if text[:1] in ("+", "-") else text
    # ASCII digits only: str.isdigit also takes "²" (which int() refuses) and "١٢" or "𝟓" (which int() reads)
    if len(text) > 6 or not (digits.isascii() and digits.isdigit()):
        raise CommandError(f"{where} must be a whole number, not {text[:40]!r}")
    return int(text)


def _bounds(spec: Option, number: int, where: str) -> None:
    low, high = spec.min_value, spec.max_value
    if (low is not None and number < low) or (high is not None and number > high):
        rng = (
            f"from {low} to {high}"
            if low is not None and high is not None
            else (f"at least {low}" if low is not None else f"at most {high}")
        )
        raise CommandError(f"{where} must be {rng}, not {number}")
