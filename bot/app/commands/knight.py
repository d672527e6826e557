"""/knight ... — Knight Sheets, Knight Boards, Loadouts and statistics (docs/knights.md).

Knights live in the campaign state, keyed by a slug id. A command picks a Knight with ``knight:`` (its
name or id; ``name:``, the option's older name, is still taken) or, without it, the user's only Knight.
Only the owner or the GM may change a Knight; anybody may view one. Every reply has ``data.knight``.
"""

from __future__ import annotations

import asyncio
import base64
import json
import zlib
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from pydantic import BaseModel, ValidationError

from bot.app import bounded_json, names
from bot.app.context import Invocation
from bot.app.registry import MAX_UPLOAD_BYTES, Command, Option, Registry, Upload, checked_name
from bot.app.reply import CommandError, Reply
from bot.app.service import App, Loaded
from content.schema.knights import VIRTUES
from rules.errors import RuleError
from rules.knights import actions as a
from rules.knights.state import VICE_VIRTUE, KnightState
from rules.knights.view import details, summary
from rules.lookup import Candidate, resolve

CODE_PREFIX = "kfgm-knight:"
# "which Knight" is knight: in every command (issue #20); name:, what the /knight commands called it, is still taken
NAME = Option("knight", "string", "default: yours", max_length=60, autocomplete="knight", lookup="knight",
              aliases=("name",))
STATS = ("passion", "heat", "vigor", "bane", "max_vigor", "heat_limit", "bane_limit", "leads",
         "precision", "evasion", "speed", "gold")
TIERS = ("mob", "vassal", "king", "devil", "dragon", "legendary")


# -- finding the Knight and checking who may change it ---------------------------------------------------


class Owned(Protocol):
    id: str
    name: str
    owner: str


OwnedT = TypeVar("OwnedT", bound=Owned)


def find_owned(items: dict[str, OwnedT], ctx: Invocation, name: str | None, noun: str, how_to_add: str,
               option: str = "knight") -> OwnedT:
    """A Knight or a Squire named by id or name (bot/app/lookups resolves a ``lookup`` option to the id first), else
    the asker's only one (the same rules for both)."""
    if name:
        try:
            return items[resolve(name, [Candidate(i.id, i.name) for i in items.values()], noun)]
        except RuleError as exc:
            raise CommandError(str(exc)) from None
    mine = [i for i in items.values() if i.owner == ctx.user_id]
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise CommandError(f"you have no {noun} in this campaign: {how_to_add}, or name the {noun} you mean with "
                           f"{option}:")
    names = ", ".join(f'"{i.name}"' for i in mine)
    raise CommandError(f"you have several {noun}s ({names}); please say which one with {option}:")


def find(loaded: Loaded, ctx: Invocation, name: str | None) -> KnightState:
    return find_owned(loaded.state.knights, ctx, name, "Knight",
                      'create one with /knight create knight:<id> name:"..." (see /knight list)')


async def may_change(app: App, ctx: Invocation, loaded: Loaded, k: KnightState) -> None:
    if k.owner == ctx.user_id or await app.is_gm(ctx, loaded.row):
        return
    raise CommandError(
        f"{k.name} belongs to <@{k.owner}>: only their owner or the GM may change them "
        "(anybody may look with /knight show)"
    )


def _stat_action(kid: str, o: dict[str, Any]) -> BaseModel:
    """``/knight stat``: a statistic through the Knight rules, or Gold (never below 0)."""
    if o["stat"] == "gold":
        return a.KnightGold(knight=kid, change=o["change"], reason=o["reason"] or "")
    if not -99 <= o["change"] <= 99:
        raise CommandError(f"change: must be between -99 and 99 for {o['stat']} (only gold: takes more)")
    return a.KnightStat(knight=kid, stat=o["stat"], change=o["change"], reason=o["reason"] or "", cost=o["cost"],
                        temporary=o["temporary"])


async def own_knight(app: App, ctx: Invocation, name: str | None) -> str:
    """The id of the Knight named (default: the user's only one), once its owner or the GM is the one asking."""
    loaded = await app.load(ctx)
    k = find(loaded, ctx, name)
    await may_change(app, ctx, loaded, k)
    return k.id


def on_knight(build: Callable[[str, dict[str, Any]], BaseModel]) -> Any:
    """A command handler that finds the Knight named (or the player's own), checks the player may change it, and
    applies the action ``build(knight id, options)`` makes."""
    async def handler(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
        loaded = await app.load(ctx)
        k = find(loaded, ctx, o.get("knight"))
        await may_change(app, ctx, loaded, k)
        return await app.act_reply(ctx, build(k.id, o))

    return handler


# -- creating, listing, showing --------------------------------------------------------------------------


async def create(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    content = app.catalogue.knights.get(o["knight"])
    name = o["name"] or (content.name if content else o["knight"])
    same = [k.name for k in (await app.load(ctx)).state.knights.values() if names.key(k.name) == names.key(name)]
    if same:  # checked here, not in the engine: a log with such names (written before issue #20) still replays
        raise CommandError(f"a Knight named {same[0]!r} is already in this campaign, and {name!r} is the same name "
                           "once case, accents and apostrophes are set aside; choose another name (nothing was "
                           "changed)")
    return await app.act_reply(ctx, a.KnightCreate(content=o["knight"], name=name, owner=ctx.user_id))


async def list_knights(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    rows = [summary(app.catalogue, k) for k in loaded.state.knights.values()]
    lines = [f"**{r['name']}** ({r['knight']}, <@{r['owner']}>): Vigor {r['vigor']}/{r['max_vigor']}, Heat "
             f"{r['heat']}/{r['heat_limit']}, Passion {r['passion']}, Bane {r['bane']}/{r['bane_limit']}"
             + (" ☠️" if r["dead"] else "") for r in rows]
    available = ", ".join(f"`{k.id}` ({k.name})" for k in app.catalogue.knights.values())
    text = "\n".join(lines) if lines else "No Knights yet."
    return Reply(text=f"{text}\nKnights to create: {available}.", data={
        "knights": rows, "available": [{"id": k.id, "name": k.name} for k in app.catalogue.knights.values()]})


def _show_text(d: dict[str, Any]) -> str:
    s, b = d["summary"], d["board"]
    virtues = ", ".join(f"{v.capitalize()} {n:+d}" for v, n in d["virtues"].items())
    gear = ", ".join(g["name"] + (" (exhausted)" if g["exhausted"] else "") for g in d["loadout"]) or "nothing"
    return (
        f"**{s['name']}** — {b['portrait']['class']}, {s['tier'].capitalize()} Tier"
        + (" ☠️ dead" if s["dead"] else "") + "\n"
        f"Passion {s['passion']} · Heat {s['heat']}/{s['heat_limit']} · Vigor {s['vigor']}/{s['max_vigor']} "
        f"({s['peril'].capitalize()}) · Bane {s['bane']}/{s['bane_limit']} · Gold {s['gold']}\n"
        f"Virtues: {virtues}\n"
        f"Board: {b['heroic_arc']['name']}, {b['peril_arc']['name']}, Talent {b['talent']['name']}\n"
        f"Loadout: {gear}"
    )


async def show(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    d = details(app.catalogue, k)
    return Reply(text=_show_text(d), data={"knight": d["summary"], "sheet": d})


async def _picture(app: App, loaded: Loaded, k: KnightState, d: dict[str, Any]) -> str:
    from bot.render.sheet import render_sheet

    path = app.image_path(loaded.row.id, loaded.row.seq, f"knight-{k.id}")
    png = await asyncio.get_running_loop().run_in_executor(None, render_sheet, d)
    path.write_bytes(png)
    return str(path)


async def sheet(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    d = details(app.catalogue, k)
    image = await _picture(app, loaded, k, d)
    return Reply(text=_show_text(d), data={"knight": d["summary"], "sheet": d, "image": image}, images=[image])


# -- export and import ------------------------------------------------------------------------------------


def export_code(k: KnightState) -> str:
    raw = k.model_dump_json(exclude_defaults=True).encode()
    return CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode()


MAX_CODE_JSON = 200_000  # bytes a /knight import code may unpack to (a Knight with a long sheet is about 10,000)


def read_export(text: str) -> dict[str, Any]:
    text = text.strip()
    try:
        if text.startswith(CODE_PREFIX):
            unpack = zlib.decompressobj()
            raw = unpack.decompress(base64.urlsafe_b64decode(text[len(CODE_PREFIX):].encode()), MAX_CODE_JSON + 1)
            if len(raw) > MAX_CODE_JSON:
                raise CommandError(f"json: that code unpacks to more than {MAX_CODE_JSON:,} bytes; it is not an "
                                   "exported Knight")
            value = bounded_json.loads(raw.decode("utf-8"))
        else:
            value = bounded_json.loads(text)
    except (ValueError, zlib.error) as exc:
        raise CommandError(f"that is neither an exported Knight's JSON nor its {CODE_PREFIX} code ({exc})") from None
    if not isinstance(value, dict):
        raise CommandError("json: must be the JSON object of an exported Knight")
    value = value.get("knight_state", value) if isinstance(value.get("knight_state"), dict) else value
    if isinstance(value.get("name"), str):  # the name as /knight create takes it (NFC, nothing invisible)
        value["name"] = checked_name(value["name"], "json: the Knight's name")
    return value


CODE_FITS = 1900  # a code this long still fits in one Discord message with the words around it


async def export(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    """The sheet picture and the Knight's JSON, both attached to the reply (never a path of the bot's disk in the
    text); the short ``kfgm-knight:`` code in the text too when it fits in a message."""
    loaded = await app.load(ctx)
    k = find(loaded, ctx, o["knight"])
    d = details(app.catalogue, k)
    image = await _picture(app, loaded, k, d)
    state = k.model_dump(mode="json")
    json_path = app.image_path(loaded.row.id, loaded.row.seq, f"knight-{k.id}", ".json")
    json_path.write_text(json.dumps(state, indent=2, ensure_ascii=False), encoding="utf-8")
    code = export_code(k)
    text = (f"{k.name} exported: the sheet picture and the Knight's JSON file `{json_path.name}`. To bring "
            "them into another campaign: `/knight import file:` with that file")
    text += f", or `/knight import json:{code}`" if len(code) < CODE_FITS else "."
    return Reply(text=text, images=[image], files=[str(json_path)], data={
        "knight": d["summary"], "json": state, "code": code, "json_file": str(json_path), "image": image})


async def import_knight(app: App, ctx: Invocation, o: dict[str, Any]) -> Reply:
    file: Upload | None = o["file"]
    if (file is None) == (not o["json"]):
        raise CommandError("give the exported Knight either as `file:` (the JSON file /knight export attached) or "
                           f"as `json:` (its JSON or {CODE_PREFIX} code), one of the two")
    if file is not None:
        if file.data is None:
            raise CommandError(f"`{file.filename[:60]}` is {file.size:,} bytes; an exported Knight's JSON file is "
                               f"far smaller (at most {MAX_UPLOAD_BYTES:,} bytes)")
        try:
            text = file.data.decode("utf-8").removeprefix("\ufeff")
        except UnicodeDecodeError:
            raise CommandError(f"`{file.filename[:60]}` is not a text file; attach the JSON file /knight export "
                               "attached") from None
    else:
        text = o["json"]
    value = read_export(text)
    try:
        return await app.act_reply(ctx, a.KnightImport(owner=ctx.user_id, knight_json=value))
    except ValidationError as exc:
        raise CommandError(f"that is not an exported Knight: {exc.errors()[0]['msg']}") from None


# -- the registry -----------------------------------------------------------------------------------------


def _opt(name: str, kind: Any, text: str, **kw: Any) -> Option:
    return Option(name, kind, text, **kw)


def register(r: Registry) -> None:
    describe = getattr(r, "describe_group", None)
    if describe is not None:
        describe("knight", "Knights: sheets, Gear, stats; Clash turns")
    add = r.add
    add(Command(("knight", "create"), "Create your Knight", create, (
        _opt("knight", "string", "the content id (/knight list)", required=True, max_length=64,
             lookup="knight_content"),
        _opt("name", "string", "the name in this campaign", max_length=60, names=True))))
    add(Command(("knight", "list"), "Every Knight of the campaign", list_knights))
    add(Command(("knight", "show"), "Show a Knight", show, (NAME,)))
    add(Command(("knight", "sheet"), "The Knight Sheet as a picture", sheet, (NAME,)))
    add(Command(("knight", "export"), "Export the sheet picture and JSON", export, (NAME,)))
    add(Command(("knight", "import"), "Import an exported Knight", import_knight, (
        _opt("file", "attachment", "exported file"),  # /knight is near 4000 characters
        _opt("json", "string", "or JSON/code", max_length=6000))))

    add(Command(("knight", "stat"), "Change a stat or Gold", on_knight(_stat_action), (
        _opt("stat", "string", "which statistic", required=True, choices=STATS),
        _opt("change", "integer", "how much, e.g. 3 or -2", required=True, min_value=-9999, max_value=9999),
        _opt("reason", "string", "why (shown in the log)"),
        _opt("cost", "boolean", "a voluntary cost", default=False),
        _opt("temporary", "boolean", "temporary tokens", default=False),
        NAME)))
    add(Command(("knight", "tier"), "Move a Knight to another tier (GM)",
                on_knight(lambda kid, o: a.KnightTier(knight=kid, tier=o["tier"])), (
        _opt("tier", "string", "the tier", required=True, choices=TIERS), NAME), permission="gm"))
    add(Command(("knight", "mark"), "Mark a box of the Knight Sheet",
                on_knight(lambda kid, o: a.KnightMark(knight=kid, what=o["what"], chapter=o["chapter"],
                                                       number=o["number"], node=o["node"], leads=o["leads"])), (
        _opt("what", "string", "what to mark", required=True,
             choices=("quest", "investigation", "success", "choice", "cross", "first_death", "sigh", "unsigh")),
        _opt("chapter", "integer", "the Chapter (1-5)", min_value=1, max_value=5),
        _opt("number", "integer", "the Investigation (1-5)", min_value=1, max_value=5),
        _opt("node", "string", "the Choice Matrix node, e.g. 01", max_length=12),
        _opt("leads", "boolean", "spend 5 Leads", default=False),
        NAME)))
    add(Command(("knight", "virtue"), "Add a Virtue bonus",
                on_knight(lambda kid, o: a.KnightVirtue(knight=kid, virtue=o["virtue"], change=o["change"],
                                                         source=o["source"] or "")), (
        _opt("virtue", "string", "the Virtue", required=True, choices=VIRTUES),
        _opt("change", "integer", "e.g. 1 or -1", required=True, min_value=-9, max_value=9),
        _opt("source", "string", "its source"), NAME)))
    add(Command(("knight", "vice"), "Add or erase Vice tally marks",
                on_knight(lambda kid, o: a.KnightVice(knight=kid, vice=o["vice"], change=o["change"])), (
        _opt("vice", "string", "the Vice", required=True, choices=tuple(VICE_VIRTUE)),
        _opt("change", "integer", "tally marks (negative: erase)", required=True, min_value=-9, max_value=9),
        NAME)))
    add(Command(("knight", "resource"), "Gain or spend Resource tokens",
                on_knight(lambda kid, o: a.KnightResource(knight=kid, token=o["token"], change=o["change"],
                                                           reason=o["reason"] or "")), (
        _opt("token", "string", "the Resource token's id", required=True, max_length=64),
        _opt("change", "integer", "e.g. 2 or -1", required=True, min_value=-99, max_value=99),
        _opt("reason", "string", "why"), NAME)))
    for op, text in (("add", "Add Gear to the Armory"), ("remove", "Remove Gear"),
                     ("reforge", "Reforge Merchant Gear"), ("upgrade", "Attach an Upgrade card")):
        opts = [_opt("gear", "string", "Gear card id", required=True, max_length=64,
                     autocomplete="gear" if op == "add" else None, lookup="gear")]
        if op == "add":
            opts.append(_opt("buy", "boolean", "buy it at the Merchant Workshop", default=False))
        if op == "upgrade":
            opts.append(_opt("upgrade", "string", "Upgrade card id", max_length=64, lookup="upgrade"))
        add(Command(("knight", "armory", op), text, on_knight(
            lambda kid, o, op=op: a.KnightArmory(knight=kid, op=op, gear=o["gear"], buy=bool(o.get("buy")),
                                                 upgrade=o.get("upgrade"))), (*opts, NAME)))
    add(Command(("knight", "board"), "Choose the Knight Board",
                on_knight(lambda kid, o: a.KnightBoardChoice(
                    knight=kid, portrait=o["portrait"], heroic_arc=o["heroic_arc"], peril_arc=o["peril_arc"],
                    talent=o["talent"], techniques=o["techniques"])), (
        _opt("portrait", "string", "an unlocked Portrait id", max_length=64),
        _opt("heroic_arc", "string", "an unlocked Heroic Arc id", max_length=64),
        _opt("peril_arc", "string", "an unlocked Peril Arc id", max_length=64),
        _opt("talent", "string", "an unlocked Talent id", max_length=64),
        _opt("techniques", "string_list", "Technique ids (Hand Limit)", lookup="technique"), NAME)))
    add(Command(("knight", "unlock"), "Unlock a part of the Knight",
                on_knight(lambda kid, o: a.KnightUnlock(knight=kid, item=o["item"])), (
        _opt("item", "string", "the id of the part", required=True, max_length=64), NAME)))
    add(Command(("knight", "loadout"), "Equip Gear from the Armory",
                on_knight(lambda kid, o: a.KnightLoadout(knight=kid, gear=o["gear"] or [],
                                                          knighves=o["knighves"])), (
        _opt("gear", "string_list", "Gear ids, comma-separated", required=True, lookup="gear"),
        _opt("knighves", "boolean", "Knighves in the free hands", default=False), NAME)))
    add(Command(("knight", "note"), "Note a Boon, Affliction, Saint, Rapport...",
                on_knight(lambda kid, o: a.KnightNote(knight=kid, kind=o["kind"], text=o["text"],
                                                       remove=o["remove"], change=o["change"],
                                                       boon=o["boon"] or "")), (
        _opt("kind", "string", "which section", required=True,
             choices=("note", "boon", "affliction", "saint", "mercenary", "tally", "rapport")),
        _opt("text", "string", "the text (rapport: the Knight)", required=True),
        _opt("remove", "boolean", "remove it instead", default=False),
        _opt("change", "integer", "tally marks to add", default=1, min_value=1, max_value=99),
        _opt("boon", "string", "the Rapport Boon (third heart)"), NAME)))
    add(Command(("knight", "technique"), "Use, move or refresh Techniques",
                on_knight(lambda kid, o: a.KnightTechnique(knight=kid, op=o["action"], technique=o["technique"],
                                                            cards=o["cards"] or [])), (
        _opt("action", "string", "what to do", required=True,
             choices=("delve", "clash", "exert", "refresh", "end_round", "cooldown", "delay", "discard", "hand")),
        _opt("technique", "string", "Technique id", max_length=64, lookup="technique"),
        _opt("cards", "string_list", "Cooldown cards to return", lookup="technique"), NAME)))
    add(Command(("knight", "gear"), "Exhaust, discard, regain Gear; Charges",
                on_knight(lambda kid, o: a.KnightGear(knight=kid, op=o["action"], gear=o["gear"], spend=o["spend"])), (
        _opt("action", "string", "what to do", required=True,
             choices=("exhaust", "unexhaust", "discard", "regain", "charge", "unexhaust_all")),
        _opt("gear", "string", "Gear card id", max_length=64, lookup="gear"),
        _opt("spend", "string", "Clash: the action used", choices=("movement", "combat")), NAME)))
    add(Command(("knight", "condition"), "Gain or discard a Condition card",
                on_knight(lambda kid, o: a.KnightCondition(knight=kid, op=o["action"], card=o["card"])), (
        _opt("action", "string", "gain or discard", required=True, choices=("gain", "discard")),
        _opt("card", "string", "the Condition card's id or name", required=True, max_length=64), NAME)))
    add(Command(("knight", "expedition"), "Set out, Spoils Phase, or Clash Aftermath",
                on_knight(lambda kid, o: a.KnightExpedition(knight=kid, step=o["step"])), (
        _opt("step", "string", "start, spoils or aftermath", required=True, choices=("start", "spoils", "aftermath")),
        NAME)))
