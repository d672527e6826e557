"""The application: the only place that knows both the engine and storage.

A command is: load the campaign -> check permissions -> build an engine action -> ``Engine.apply`` ->
append to the log in one transaction (once more, on the newer state read under the campaign's write lock, if
another command landed first) -> a transport-neutral Reply.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, nullcontext
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from bot.app import lookups, names, table
from bot.app.context import Invocation
from bot.app.parse import parse_line
from bot.app.registry import Command, Registry, convert
from bot.app.reply import CommandError, Reply
from bot.narration import reply_text, told
from bot.narration.decisions import told_decision, told_pending
from bot.narration.registry import carried
from content.loader import Catalogue, ContentInvalid, extend_catalogue
from rules.dice import ForcedDieError, RolledDie
from rules.engine import Engine, Event, Result
from rules.errors import RuleError
from rules.friendly import as_answer
from rules.state import CampaignState
from storage.db import CampaignRow, Database, GuildPack, StaleState, StorageUnavailable, pack_revision

log = logging.getLogger("kfgm.app")
BUSY = "the campaign is very busy right now; please try that command again"
NO_CAMPAIGN = 'there is no campaign in this channel yet; start one with /campaign new name:"..."'
MAX_CACHED_GUILDS = 512  # guilds whose content (catalogue + engine) is kept in memory
CONTENT_RECHECK_S = 1.0  # a guild's cached content is checked against the database's pack revision this often
# the log's JSON of a command's dice and events, written straight from the models (the same JSON data as
# json.dumps of their model_dump, in one pass; serialize_as_any keeps a subclass's own fields, as model_dump does)
_ROLLS = TypeAdapter(list[RolledDie])
_EVENTS = TypeAdapter(list[Event])
MAX_CACHED_HEADS = 256  # channels whose campaign head (the state last written by this process) is kept parsed
_R = TypeVar("_R")


@dataclass(frozen=True)
class GuildContent:
    """The content one guild plays with: the bot's catalogue plus the guild's own packs (/content upload)."""

    catalogue: Catalogue
    engine: Engine
    packs: tuple[GuildPack, ...] = ()  # stored, in load order (broken ones included)
    broken: dict[str, str] = field(default_factory=dict)  # pack name -> why it cannot be loaded any more
    revision: str = ""  # the packs' revision in the database (storage.db.pack_revision) when this was built


def pack_label(name: str) -> str:
    """How a stored pack is named in content errors (``id 'x' is already defined at our_cards.yaml:4``)."""
    return f"{name}.yaml"


def build_guild_content(base: Catalogue, base_engine: Engine, packs: list[GuildPack]) -> GuildContent:
    """Load a guild's packs in upload order on top of ``base``. Each was valid when uploaded; one that no
    longer is (the bot's own content changed since) is left out and reported by /content list, so the
    guild keeps playing with the rest."""
    if not packs:
        return GuildContent(base, base_engine)
    catalogue, broken = base, {}
    for pack in packs:
        try:
            catalogue = extend_catalogue(catalogue, [(pack_label(pack.name), pack.yaml)])
        except ContentInvalid as exc:
            more = len(exc.errors) - 1
            broken[pack.name] = str(exc.errors[0]) + (f" (and {more} more problems)" if more else "")
            log.warning("guild pack %s cannot be loaded: %s", pack.name, broken[pack.name])
    return GuildContent(catalogue, Engine(catalogue), tuple(packs), broken, pack_revision(packs))


# The guild content of the command being run (set by App.run, per asyncio task).
_CURRENT: ContextVar[tuple[App, GuildContent] | None] = ContextVar("kfgm_guild_content", default=None)


class _Gate:
    """Commands of one guild run side by side; removing a pack waits until the commands that may use it
    have finished, and holds new ones back until it is done (so none logs an action with content that
    has just gone)."""

    def __init__(self) -> None:
        self.readers = 0
        self.writing = False
        self.cond = asyncio.Condition()

    @asynccontextmanager
    async def read(self) -> AsyncIterator[None]:
        if self.writing:  # (no await between this test and the count: no other task runs in between)
            async with self.cond:
                await self.cond.wait_for(lambda: not self.writing)
                self.readers += 1
        else:
            self.readers += 1
        try:
            yield
        finally:
            self.readers -= 1
            if self.writing and self.readers == 0:  # a removal waits for the last reader
                async with self.cond:
                    self.cond.notify_all()

    @asynccontextmanager
    async def write(self) -> AsyncIterator[None]:
        async with self.cond:
            await self.cond.wait_for(lambda: not self.writing)
            self.writing = True
            try:
                await self.cond.wait_for(lambda: self.readers == 0)
            except BaseException:
                self.writing = False
                self.cond.notify_all()
                raise
        try:
            yield
        finally:
            async with self.cond:
                self.writing = False
                self.cond.notify_all()


@dataclass(frozen=True)
class ImagePolicy:
    """How many of the pictures and exports written to the image folder are kept (KFGM_IMAGE_KEEP,
    KFGM_IMAGE_MAX_AGE_HOURS): the folder is swept when the first picture is written and then every
    ``sweep_every`` pictures; a sweep removes the bot's files older than ``max_age_s`` and, beyond the newest
    ``keep``, the rest, but never one younger than ``grace_s`` (a reply may still be sending it). So the folder
    holds at most ``keep + sweep_every`` of them, plus what was written in the last ``grace_s`` seconds."""

    keep: int = 1000
    max_age_s: float = 24 * 3600.0
    grace_s: float = 300.0
    sweep_every: int = 50


# what App.image_path names: campaign<id>-<seq>-<what><suffix>; nothing else in the folder is ever removed
_OUR_FILE = re.compile(r"campaign\d+-\d+-[^/\\]+")


def sweep_images(folder: Path, policy: ImagePolicy, now: float | None = None) -> list[Path]:
    """Remove the bot's old pictures and exports from ``folder`` as ``policy`` says; returns what was removed.
    Files whose names the bot does not write are left alone, whatever their age."""
    now = time.time() if now is None else now
    found: list[tuple[float, Path]] = []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_file(follow_symlinks=False) and _OUR_FILE.fullmatch(entry.name):
                    try:
                        found.append((entry.stat(follow_symlinks=False).st_mtime, Path(entry.path)))
                    except FileNotFoundError:  # removed meanwhile
                        continue
    except FileNotFoundError:
        return []
    found.sort(reverse=True)  # newest first
    removed = []
    for rank, (mtime, path) in enumerate(found):
        age = now - mtime
        if age < policy.grace_s or (rank < policy.keep and age <= policy.max_age_s):
            continue
        try:
            path.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:  # a file we may not remove: say so, go on
            log.warning("could not remove the old picture %s: %s", path, exc)
            continue
        removed.append(path)
    return removed


@dataclass
class Loaded:
    row: CampaignRow
    state: CampaignState


class App:
    def __init__(
        self, db: Database, catalogue: Catalogue, registry: Registry, seed: int | None = None,
        image_dir: Path = Path("data/images"), images: ImagePolicy | None = None,
    ) -> None:
        self.db = db
        self.image_dir = image_dir
        self.images = images or ImagePolicy()
        self._images_until_sweep = 0  # the first picture sweeps the folder
        self.base_catalogue = catalogue  # the bot's own content: starter pack + KFGM_CONTENT_PACKS
        self.base_engine = Engine(catalogue)
        self.registry = registry
        self._next_seed = seed
        self._locks: dict[tuple[str, str], asyncio.Lock] = {}
        self._special_names: dict[int, tuple[int, list[str]]] = {}  # campaign id: (seq, names to escape)
        self._content: dict[str, GuildContent] = {}  # guild id -> its content, cached
        self._content_generation: dict[str, int] = {}
        self._content_checked: dict[str, float] = {}  # guild id -> when its cached content's revision was checked
        self.content_recheck_s = CONTENT_RECHECK_S
        self._content_locks: dict[str, asyncio.Lock] = {}
        self._gates: dict[str, _Gate] = {}
        # (guild, channel) -> the campaign head this process wrote last, parsed: the next action of the channel
        # starts from it instead of reading and parsing the head again (see _act for why that is safe)
        self._heads: dict[tuple[str, str], Loaded] = {}
        # (guild, channel) -> the database's write count just after its cached head was written (Database.writes)
        self._head_writes: dict[tuple[str, str], int] = {}

    def forget_heads(self) -> None:
        """Drop every cached campaign head: each channel's next action reads its head from the database (for a
        tool or a test that changed a stored state under a running App)."""
        self._heads.clear()
        self._head_writes.clear()

    # -- the guild's content ------------------------------------------------------------------------

    @property
    def catalogue(self) -> Catalogue:
        """The content of the guild whose command is running (the bot's own content outside a command)."""
        current = _CURRENT.get()
        return current[1].catalogue if current is not None and current[0] is self else self.base_catalogue

    @property
    def engine(self) -> Engine:
        """The engine over ``catalogue``: a campaign is played, and its log replayed, with its guild's content."""
        current = _CURRENT.get()
        return current[1].engine if current is not None and current[0] is self else self.base_engine

    async def content_for(self, guild_id: str) -> GuildContent:
        """A guild's content, cached until its packs change: at once when this process changed them
        (``forget_content``); when another process did (another bot on the same database file), as soon as the
        cached content's pack revision, checked at most every ``content_recheck_s`` seconds, is not the
        database's any more."""
        cached = self._content.get(guild_id)
        if cached is not None:
            now = time.monotonic()
            if now - self._content_checked.get(guild_id, now) < self.content_recheck_s:
                return cached
            if await self.db.guild_pack_revision(guild_id) == cached.revision:
                self._content_checked[guild_id] = now
                return cached
            log.info("the content packs of guild %s changed in the database; reloading them", guild_id)
            self._content.pop(guild_id, None)
        generation = self._content_generation.get(guild_id, 0)
        checked = time.monotonic()
        packs = await self.db.guild_packs(guild_id)
        if packs:  # parsing and validating YAML: off the event loop
            content = await asyncio.get_running_loop().run_in_executor(
                None, build_guild_content, self.base_catalogue, self.base_engine, packs)
        else:
            content = GuildContent(self.base_catalogue, self.base_engine)
        if self._content_generation.get(guild_id, 0) == generation:  # no upload/remove meanwhile
            if len(self._content) >= MAX_CACHED_GUILDS:
                self._content.pop(next(iter(self._content)))
            self._content[guild_id] = content
            self._content_checked[guild_id] = checked
        return content

    def forget_content(self, guild_id: str) -> None:
        self._content_generation[guild_id] = self._content_generation.get(guild_id, 0) + 1
        self._content.pop(guild_id, None)

    def content_lock(self, guild_id: str) -> asyncio.Lock:
        """One change of a guild's packs at a time (ids are checked against the packs already stored)."""
        return self._content_locks.setdefault(guild_id, asyncio.Lock())

    def content_gate(self, guild_id: str) -> _Gate:
        return self._gates.setdefault(guild_id, _Gate())

    # -- entry points -------------------------------------------------------------------------------

    async def run_line(self, ctx: Invocation, line: str) -> Reply:
        """Run one command typed as text (the console and the script runner)."""
        try:
            words, raw = parse_line(line)
            command, used = self.registry.find(words)
            if used < len(words):
                raise CommandError(
                    f"{' '.join(words[used:])!r} is not an option of {command.name}; "
                    f"options look like name:value. Usage: {command.usage()}"
                )
        except CommandError as exc:
            return Reply.fail(str(exc))
        return await self.run(ctx, command, raw)

    async def run(self, ctx: Invocation, command: Command, raw: dict[str, Any]) -> Reply:
        # every command plays with its guild's content; /content commands change it and so stay outside the gate
        gate = nullcontext() if command.path[0] == "content" else self.content_gate(ctx.guild_id).read()
        async with gate:
            token = _CURRENT.set((self, await self.content_for(ctx.guild_id)))
            try:
                return await self._run(ctx, command, raw)
            finally:
                _CURRENT.reset(token)

    async def _run(self, ctx: Invocation, command: Command, raw: dict[str, Any]) -> Reply:
        writes = self.db.writes
        try:
            options = convert(command, raw)
            # a player command loads the campaign itself (and says so politely if there is none);
            # only a GM command needs it here, to check the GM
            if command.permission == "gm":
                loaded = await self.load(ctx)
                if not await self.is_gm(ctx, loaded.row):
                    raise CommandError(
                        f"only the campaign's GM may use {command.name}; ask your GM, "
                        "or have them give you the GM role with /campaign gm-role"
                    )
            if any(o.lookup for o in command.options):  # a name for an id: the id (bot/app/lookups)
                options = await self._resolved(ctx, command, options)
            return await self._escaped(ctx, await command.handler(self, ctx, options), writes)
        except (CommandError, RuleError, ForcedDieError) as exc:
            return Reply.fail(carried(str(exc)))  # a refusal may name the step to take next as a fact
        except ValidationError as exc:
            return Reply.fail(_validation_message(exc))
        except StorageUnavailable as exc:  # a full or read-only disk: nothing was written, the next write tries again
            log.error("a write failed: %s", exc)
            return Reply.fail(str(exc))

    async def _resolved(self, ctx: Invocation, command: Command, options: dict[str, Any]) -> dict[str, Any]:
        """The options that take an id given by the id or by the name shown on the card, as ids (bot/app/lookups);
        what the current content does not know is looked up again in the edition the campaign plays."""
        state = (await self.load(ctx)).state if lookups.needs_state(command.options, options) else None
        try:
            return lookups.resolve_options(command.name, command.options, options, self.catalogue, state)
        except RuleError:
            state = state or (await self.load(ctx)).state  # no campaign: that is said first
            older = self.engine.at(state).catalogue
            if older is self.catalogue:
                raise
            return lookups.resolve_options(command.name, command.options, options, older, state)

    # -- campaigns and permissions ---------------------------------------------------------------------

    async def _escaped(self, ctx: Invocation, reply: Reply, writes: int | None) -> Reply:
        """The reply with the campaign's Knight names that hold Markdown or mention characters escaped
        (bot/app/names.py); the names are read again only when the campaign's state changed. ``writes``: the
        database's write count when the command began. When this command wrote the channel's head itself, and this
        process wrote nothing after it, that head is the stored one: its names are read from its state, without
        reading the campaign again (one trip to the database per command fewer)."""
        if not reply.text:
            return reply
        key = (ctx.guild_id, ctx.channel_id)
        head = self._heads.get(key)
        written = self._head_writes.get(key)
        if head is not None and writes is not None and written is not None and writes < written == self.db.writes:
            special = names.special_names_of(head.state)
        else:
            row = await self.db.active_campaign(ctx.guild_id, ctx.channel_id)
            if row is None:
                return reply
            cached = self._special_names.get(row.id)
            if cached is None or cached[0] != row.seq:
                cached = (row.seq, names.special_names(row.state_json))
                self._special_names[row.id] = cached
            special = cached[1]
        if special:
            reply.text = names.escape_names(reply.text, special)
        return reply

    async def load(self, ctx: Invocation) -> Loaded:
        return self._loaded(await self.db.active_campaign(ctx.guild_id, ctx.channel_id))

    async def is_gm(self, ctx: Invocation, row: CampaignRow) -> bool:
        if ctx.is_admin:
            return True
        if row.gm_role_id and row.gm_role_id in ctx.role_ids:
            return True
        return await self.db.member_role(row.id, ctx.user_id) == "gm"

    def new_seed(self) -> int:
        if self._next_seed is not None:
            seed, self._next_seed = self._next_seed, self._next_seed + 1
            return seed
        return secrets.randbits(48)

    def image_path(self, campaign_id: int, seq: int, what: str, suffix: str = ".png") -> Path:
        """Where a picture (or an export) of a campaign at a given log position is written: the same
        name each time, so a script prints the same paths. The folder is kept bounded (``ImagePolicy``)."""
        self.image_dir.mkdir(parents=True, exist_ok=True)
        if self._images_until_sweep <= 0:
            self._images_until_sweep = self.images.sweep_every
            removed = sweep_images(self.image_dir, self.images)
            if removed:
                log.info("removed %d old pictures from %s", len(removed), self.image_dir)
        self._images_until_sweep -= 1
        return self.image_dir / f"campaign{campaign_id}-{seq}-{what}{suffix}"

    @staticmethod
    def now() -> str:
        return datetime.now(UTC).isoformat(timespec="seconds")

    # -- engine actions --------------------------------------------------------------------------------

    def serial(self, ctx: Invocation) -> asyncio.Lock:
        """One command at a time per channel within this process (no retry storms under load); the
        sequence-number check in storage still guards against other processes."""
        return self._locks.setdefault((ctx.guild_id, ctx.channel_id), asyncio.Lock())

    async def act(self, ctx: Invocation, action: BaseModel) -> tuple[Result, int]:
        """Apply an action to the channel's campaign and log it; if another command (another process's) landed
        first, applied again on the newer head, read under the campaign's write lock. The result's state is kept as
        the channel's cached head: read it, never change it."""
        async with self.serial(ctx):
            return await self._act(ctx, action)

    async def _act(self, ctx: Invocation, action: BaseModel) -> tuple[Result, int]:
        key = (ctx.guild_id, ctx.channel_id)
        # First, optimistically: the head this process wrote last for the channel, if any, else a fresh read. It is
        # taken out of the cache while the action is applied to it in place, so an error of any kind leaves no cached
        # head behind (the next command reads the stored one). It is checked, not trusted: append writes only if the
        # campaign is still at this seq AND its stored head is still this very text, in the same transaction that
        # replaces it; another process's write (or any other write) means StaleState.
        cached = self._heads.pop(key, None)
        loaded = cached or await self.load(ctx)
        try:
            writes = self.db.writes
            result, seq, head = await self._apply(ctx, loaded, action)
            # its one write the only one of this process meanwhile: the stored head, known (see _escaped)
            only = writes is not None and self.db.writes == writes + 1
            self._remember_head(key, head, self.db.writes if only else None)
            return result, seq
        except StaleState:
            log.info("campaign %s moved on; retrying %s under its write lock", loaded.row.id, type(action).__name__)
        except Exception:
            if cached is None:
                raise
            # a refusal decided on the cached head: decide again on the stored one, which may have moved on (an
            # undo, another process) and say otherwise
        # Then the fair hand-over: the campaign's write lock is taken BEFORE its head is read, so this attempt cannot
        # lose again: another process's writes wait meanwhile, instead of this one retrying for ever against a
        # process that keeps the head in memory and so is always quicker (storage Database.hold).
        try:
            async with self.db.hold(ctx.guild_id, ctx.channel_id) as row:
                result, seq, head = await self._apply(ctx, self._loaded(row), action)
        except StaleState:  # every writer waits for the hold: only a log row someone wrote by hand gets here
            raise CommandError(BUSY) from None
        self._remember_head(key, head)  # committed: the hold has ended without an error
        return result, seq

    async def _apply(self, ctx: Invocation, loaded: Loaded, action: BaseModel) -> tuple[Result, int, Loaded]:
        """Apply ``action`` to ``loaded`` (in place: it must be this command's own) and append it, checked against
        the head it was read from; the result, its seq, and the new head to cache once it is committed."""
        # a friendly answer (/fog stay, /encounter choose...) is the one Answer, then table dice may ask for the dice
        answer = as_answer(self.engine.at(loaded.state), loaded.state, action)
        applied = table.route(self.engine, ctx, loaded.state, answer)
        dice = self.engine.dice_for(loaded.state)
        result = told(self.engine.apply(loaded.state, applied, dice, in_place=True))
        state_json = result.state.model_dump_json()
        seq = await self.db.append(
            loaded.row.id,
            loaded.row.seq,
            "action",
            ctx.user_id,
            ctx.command_line,
            f'{{"action": {applied.model_dump_json()}, "amend": []}}',
            _ROLLS.dump_json(dice.rolls, serialize_as_any=True).decode(),
            _EVENTS.dump_json(result.events, serialize_as_any=True).decode(),
            state_json,
            self.now(),
            expected_state=loaded.row.state_json,
        )
        return result, seq, Loaded(replace(loaded.row, seq=seq, state_json=state_json), result.state)

    @staticmethod
    def _loaded(row: CampaignRow | None) -> Loaded:
        if row is None:
            raise CommandError(NO_CAMPAIGN)
        return Loaded(row=row, state=CampaignState.model_validate_json(row.state_json))

    async def change_campaign(
        self, ctx: Invocation, *, status: str | None = None, gm_role_id: str | None | Literal[False] = False,
    ) -> CampaignRow:
        """Log a ``campaign`` entry that changes the campaign row but not its state (``/campaign end``: the
        status; ``/campaign gm-role``: the GM role) through the same path as an action: under the channel lock,
        checked against the head it read and, if another command landed first, logged again under the campaign's
        write lock; the cached head follows the change."""
        key = (ctx.guild_id, ctx.channel_id)
        async with self.serial(ctx):
            loaded = self._heads.pop(key, None) or await self.load(ctx)
            try:
                row = await self._change(ctx, loaded.row, status, gm_role_id)
            except StaleState:
                log.info("campaign %s moved on; retrying %s under its write lock", loaded.row.id, ctx.command_line[:40])
                try:
                    async with self.db.hold(ctx.guild_id, ctx.channel_id) as held:
                        loaded = self._loaded(held)
                        row = await self._change(ctx, loaded.row, status, gm_role_id)
                except StaleState:  # as in _act
                    raise CommandError(BUSY) from None
            if row.status == "active":
                self._remember_head(key, Loaded(row, loaded.state))
            return row

    async def _change(
        self, ctx: Invocation, head: CampaignRow, status: str | None, gm_role_id: str | None | Literal[False],
    ) -> CampaignRow:
        seq = await self.db.append(
            head.id, head.seq, "campaign", ctx.user_id, ctx.command_line, None, [], [], head.state_json, self.now(),
            status=status, gm_role_id=gm_role_id, expected_state=head.state_json,
        )
        return replace(head, seq=seq, status=status or head.status,
                       gm_role_id=head.gm_role_id if gm_role_id is False else gm_role_id)

    async def write_twice(self, ctx: Invocation, attempt: Callable[[Loaded], Awaitable[tuple[_R, Loaded]]]) -> _R:
        """The path of an action (``_act``) for a command that writes its own log entry (/gm undo, /gm amend-last,
        /clash sigh): ``attempt`` reads what it needs from the campaign it is given and appends; it returns its
        reply and the new head. First on the stored head; if another writer landed first (StaleState), once more
        under the campaign's write lock (``Database.hold``), where it cannot lose again. The new head is cached once
        committed. Call it within ``serial(ctx)``."""
        key = (ctx.guild_id, ctx.channel_id)
        loaded = await self.load(ctx)
        try:
            done, head = await attempt(loaded)
        except StaleState:
            log.info("campaign %s moved on; retrying %s under its write lock", loaded.row.id, ctx.command_line[:40])
            try:
                async with self.db.hold(ctx.guild_id, ctx.channel_id) as row:
                    done, head = await attempt(self._loaded(row))
            except StaleState:  # as in _act
                raise CommandError(BUSY) from None
        self._remember_head(key, head)
        return done

    def _remember_head(self, key: tuple[str, str], loaded: Loaded, written: int | None = None) -> None:
        """``written``: the database's write count just after ``loaded`` was written, when no other write of this
        process began meanwhile (``_escaped`` then knows it is the stored head); None: not known."""
        if key not in self._heads and len(self._heads) >= MAX_CACHED_HEADS:
            oldest = next(iter(self._heads))  # the channel that acted longest ago
            del self._heads[oldest]
            self._head_writes.pop(oldest, None)
        self._heads[key] = loaded
        if written is None:
            self._head_writes.pop(key, None)
        else:
            self._head_writes[key] = written

    async def act_reply(self, ctx: Invocation, action: BaseModel) -> Reply:
        result, seq = await self.act(ctx, action)
        return reply_from(result, seq)


def reply_from(result: Result, seq: int, extra: dict[str, Any] | None = None) -> Reply:
    data = told_pending({**result.data, "seq": seq, **(extra or {})})
    return Reply(
        text=reply_text(result.events),
        data=data,
        pending=told_decision(result.pending).model_dump() if result.pending else None,
    )


def _validation_message(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:3]:
        field = ".".join(str(p) for p in err["loc"] if not str(p).startswith(("roll_", "deck_")))
        parts.append(f"{field}: {err['msg']}" if field else err["msg"])
    return "that did not work: " + "; ".join(parts)
