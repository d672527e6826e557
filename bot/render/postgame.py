"""The Rites of the Apocrypha as a picture (`/postgame map`): the inverted tower of Hunts, row by row from the top
(the Hunts with no predecessors) down, lines from each Hunt to those it leads into. A beaten Hunt is green with a
tick, an unlocked Hunt is ringed in gold, a locked Hunt is grey with a padlock, the Hunt being played is ringed in red;
each shows its Monster, level (Roman) and a crown when it offers Legendary rewards. While a Hunt is under way, its
Dungeon is drawn on the right: rooms, passages, the party's room (red ring), the rooms it may enter (gold rings),
rooms visited (green), the lair, Clues and Encounters still to meet, the Threat."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from content.schema.postgame import Apocrypha, Dungeon
from rules.postgame.hunts import status_of
from rules.postgame.state import PostgameState

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
TOWER_W, DUNGEON_W, H = 1000, 560, 820
TOP, BOTTOM = 90, 110
BOX_W, BOX_H = 190, 92
ROMAN = ["", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]
BG, INK, DIM = "#1d1f24", "#f0e6d0", "#6b6f78"
GOLD, GREEN, RED, LOCKED = "#ffd34d", "#3f8f4f", "#ff3b3b", "#3a3c42"


def _font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def _status(sheet: Apocrypha, p: PostgameState) -> dict[str, str]:
    return {h.id: status_of(sheet, p, h) for h in sheet.hunts}


def render_postgame(sheet: Apocrypha, p: PostgameState, monster_names: dict[str, str],
                    dungeon: Dungeon | None = None) -> bytes:
    width = TOWER_W + (DUNGEON_W if dungeon is not None else 0)
    img = Image.new("RGB", (width, H), BG)
    d = ImageDraw.Draw(img)
    d.text((24, 20), f"{sheet.name}", font=_font(30), fill=INK)
    depth = sheet.depths()
    rows = max(depth.values()) + 1
    status = _status(sheet, p)
    pos: dict[str, tuple[int, int]] = {}
    row_h = (H - TOP - BOTTOM) / rows
    for r in range(rows):
        ids = [h.id for h in sheet.hunts if depth[h.id] == r]
        for i, hunt_id in enumerate(ids):
            pos[hunt_id] = (int(TOWER_W * (i + 1) / (len(ids) + 1)), int(TOP + row_h * (r + 0.5)))
    for h in sheet.hunts:  # the lines first, under the boxes
        for before in h.after:
            done = status[before] == "beaten"
            (x0, y0), (x1, y1) = pos[before], pos[h.id]
            d.line((x0, y0 + BOX_H // 2, x1, y1 - BOX_H // 2), fill=GOLD if done else DIM, width=5 if done else 3)
    for h in sheet.hunts:
        x, y = pos[h.id]
        s = status[h.id]
        box = (x - BOX_W // 2, y - BOX_H // 2, x + BOX_W // 2, y + BOX_H // 2)
        fill = {"beaten": GREEN, "locked": LOCKED}.get(s, "#2f4d6b")
        ring = {"unlocked": GOLD, "current": RED}.get(s)
        if ring:
            d.rounded_rectangle((box[0] - 8, box[1] - 8, box[2] + 8, box[3] + 8), 16, outline=ring, width=6)
        d.rounded_rectangle(box, 12, fill=fill, outline=INK if s != "locked" else DIM, width=3)
        text = INK if s != "locked" else "#9a9da5"
        d.text((x, y - 26), f"{h.id}  {ROMAN[h.level]}", font=_font(24), fill=text, anchor="mm")
        d.text((x, y + 4), monster_names.get(h.monster, h.monster)[:22], font=_font(17), fill=text, anchor="mm")
        d.text((x, y + 28), h.name[:24], font=_font(14), fill=text, anchor="mm")
        if h.legendary:
            _crown(d, box[2] - 22, box[1] + 14)
        if s == "beaten":
            d.line((box[0] + 10, box[1] + 16, box[0] + 18, box[1] + 26), fill=INK, width=4)
            d.line((box[0] + 18, box[1] + 26, box[0] + 34, box[1] + 6), fill=INK, width=4)
        elif s == "locked":
            _padlock(d, box[0] + 20, box[1] + 18)
    _legend(d, sheet, p)
    if dungeon is not None:
        _dungeon(d, dungeon, p)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def _crown(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    d.polygon([(x - 12, y + 8), (x - 12, y - 4), (x - 6, y + 2), (x, y - 8), (x + 6, y + 2), (x + 12, y - 4),
               (x + 12, y + 8)], fill=GOLD, outline=BG)


def _padlock(d: ImageDraw.ImageDraw, x: int, y: int) -> None:
    d.arc((x - 8, y - 12, x + 8, y + 4), 180, 360, fill="#9a9da5", width=3)
    d.rectangle((x - 11, y - 4, x + 11, y + 12), fill="#9a9da5")


def _legend(d: ImageDraw.ImageDraw, sheet: Apocrypha, p: PostgameState) -> None:
    y = H - BOTTOM + 20
    d.line((24, y - 10, TOWER_W - 24, y - 10), fill=DIM, width=2)
    x = 24
    for label, fill, ring in (("beaten", GREEN, None), ("unlocked", "#2f4d6b", GOLD), ("locked", LOCKED, None),
                              ("being played", "#2f4d6b", RED)):
        if ring:
            d.rounded_rectangle((x - 4, y + 2, x + 30, y + 30), 6, outline=ring, width=3)
        d.rounded_rectangle((x, y + 6, x + 26, y + 26), 4, fill=fill)
        d.text((x + 38, y + 16), label, font=_font(18), fill=INK, anchor="lm")
        x += 60 + int(d.textlength(label, font=_font(18)))
    _crown(d, x + 12, y + 16)
    d.text((x + 32, y + 16), "Legendary rewards", font=_font(18), fill=INK, anchor="lm")
    won = f"Hunts won: {len(p.marked)}/{len(sheet.hunts)}"
    if p.run is not None:
        who = f"Hunt {p.run.hunt}" if p.run.hunt else "Custom Hunt"
        won += f"   Under way: {who}, {p.run.monster_name} level {p.run.level}"
    d.text((24, y + 48), won, font=_font(22), fill=INK)


def _dungeon(d: ImageDraw.ImageDraw, dungeon: Dungeon, p: PostgameState) -> None:
    run = p.run
    x0, y0, w, h = TOWER_W + 10, TOP, DUNGEON_W - 40, H - TOP - BOTTOM
    d.line((TOWER_W, 20, TOWER_W, H - 20), fill=DIM, width=2)
    d.text((x0 + 10, 30), dungeon.name, font=_font(24), fill=INK)
    pos = {r.id: (int(x0 + 40 + r.at[0] * (w - 80)), int(y0 + 20 + r.at[1] * (h - 40))) for r in dungeon.rooms}
    visited = set(run.visited) if run else set()
    for r in dungeon.rooms:
        for link in r.links:
            walked = r.id in visited and link in visited
            d.line((*pos[r.id], *pos[link]), fill=GOLD if walked else DIM, width=5 if walked else 3)
    exits = set(dungeon.neighbours(run.room)) if run and not run.dungeon_won else set()
    for r in dungeon.rooms:
        x, y = pos[r.id]
        rad = 30
        fill = "#6b2b2b" if r.lair else ("#3f5f4f" if r.id in visited else "#3a3c42")
        if r.id in exits:
            d.ellipse((x - rad - 7, y - rad - 7, x + rad + 7, y + rad + 7), outline=GOLD, width=4)
        d.ellipse((x - rad, y - rad, x + rad, y + rad), fill=fill, outline=INK, width=2)
        if run and run.room == r.id:
            d.ellipse((x - rad - 7, y - rad - 7, x + rad + 7, y + rad + 7), outline=RED, width=6)
        marks = ("C" * r.clues) + ("E" if r.encounter else "")
        d.text((x, y - 6), r.id[:9], font=_font(13), fill=INK, anchor="mm")
        if marks:
            d.text((x, y + 12), marks, font=_font(14), fill=DIM if r.id in visited else GOLD, anchor="mm")
    if run:
        line = f"Threat {run.threat}/{dungeon.threat_max}   Clues {run.clues}"
        if run.dungeon_won:
            line += "   Dungeon won"
        d.text((x0 + 10, H - BOTTOM + 10), line, font=_font(20), fill=INK)
        d.text((x0 + 10, H - BOTTOM + 40), "red ring: the party   gold ring: passages   C: Clue   E: Encounter",
               font=_font(15), fill=INK)
