"""The Rosegraal Sheet as a picture (`/rogue map`): the nodes with their level (S, I-V), section colour, reward
symbols (short letters, see the legend), resurrections and Sigh of the Graal; crossed-out nodes struck with a red X,
reachable nodes ringed in gold, the node being tackled ringed in red; and a status line with resurrections, round
and the Monster faced."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from content.schema.rosegraal import REWARD_NAMES, ROMAN, Rosegraal
from rules.rogue.state import RogueState

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
W, H = 1400, 780
MAP_TOP, MAP_H = 70, 560
R = 40
SECTION_COLOURS = ("#2f5d50", "#3d4f7a", "#6b4a2b", "#5a3b6b", "#4a6b2b")
SYMBOL = {"class": "C", "heroic_arc": "H", "peril_arc": "P", "technique": "T", "gear": "G", "virtue": "V",
          "wild": "W"}


def _font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def render_rosegraal(sheet: Rosegraal, r: RogueState, section_names: dict[str, str]) -> bytes:
    img = Image.new("RGB", (W, H), "#1d1f24")
    d = ImageDraw.Draw(img)
    pos = {n.id: (int(60 + n.at[0] * (W - 120)), int(MAP_TOP + 30 + n.at[1] * (MAP_H - 60))) for n in sheet.nodes}
    sections = sorted({n.section for n in sheet.nodes if n.section})
    colour = {s: SECTION_COLOURS[i % len(SECTION_COLOURS)] for i, s in enumerate(sections)}
    crossed = set(r.crossed)
    tackled = r.tackling.node if r.tackling else None
    open_nodes = {m for c in crossed for m in sheet.neighbours(c)} - crossed if r.outcome is None else set()
    d.text((24, 20), f"{sheet.name} - Rogue's Path", font=_font(30), fill="#f0e6d0")
    for n in sheet.nodes:  # links first, under the nodes
        for link in n.links:
            done = n.id in crossed and link in crossed
            d.line((*pos[n.id], *pos[link]), fill="#c9a227" if done else "#6b6f78", width=6 if done else 3)
    for n in sheet.nodes:
        x, y = pos[n.id]
        fill = "#8a7a50" if n.id == sheet.start else colour.get(n.section or "", "#444")
        if n.id in crossed:
            fill = "#45484f"  # dimmed: done
        if n.id in open_nodes:
            d.ellipse((x - R - 9, y - R - 9, x + R + 9, y + R + 9), outline="#ffd34d", width=6)
        if n.id == tackled:
            d.ellipse((x - R - 9, y - R - 9, x + R + 9, y + R + 9), outline="#ff3b3b", width=6)
        d.ellipse((x - R, y - R, x + R, y + R), fill=fill, outline="#f0e6d0", width=3)
        if n.last:
            d.ellipse((x - R + 5, y - R + 5, x + R - 5, y + R - 5), outline="#f0e6d0", width=2)
        d.text((x, y - 10), ROMAN[n.level], font=_font(28), fill="white", anchor="mm")
        d.text((x, y + 20), n.id, font=_font(16), fill="#f0e6d0", anchor="mm")
        marks = [SYMBOL[k] for k in n.rewards] + (["+" + str(n.gained)] if n.level else []) + (
            ["Sigh"] if n.sigh else [])
        if marks:
            label = " ".join(marks)
            tw = d.textlength(label, font=_font(18))
            d.rounded_rectangle((x - tw / 2 - 6, y + R + 8, x + tw / 2 + 6, y + R + 34), 6, fill="#f0e6d0")
            d.text((x, y + R + 21), label, font=_font(18), fill="#1d1f24", anchor="mm")
        if n.id in crossed:
            k = R - 6
            d.line((x - k, y - k, x + k, y + k), fill="#e03030", width=5)
            d.line((x - k, y + k, x + k, y - k), fill="#e03030", width=5)
    _legend(d, sheet, r, colour, section_names)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


def _legend(d: ImageDraw.ImageDraw, sheet: Rosegraal, r: RogueState, colour: dict[str, str],
            section_names: dict[str, str]) -> None:
    y = MAP_TOP + MAP_H + 20
    d.line((24, y - 10, W - 24, y - 10), fill="#6b6f78", width=2)
    status = f"Resurrections: {r.resurrections}   Round: {r.round}   Crossed: {len(r.crossed)}/{len(sheet.nodes)}"
    if r.tackling:
        status += f"   Facing: {r.tackling.monster_name} (level {r.tackling.level}) at {r.tackling.node}"
    if r.outcome:
        status += f"   The Rogue's Path is {r.outcome.upper()}"
    d.text((24, y), status, font=_font(24), fill="#f0e6d0")
    x = 24
    for s, c in colour.items():
        d.rectangle((x, y + 44, x + 22, y + 66), fill=c)
        label = section_names.get(s, s)
        d.text((x + 30, y + 55), label, font=_font(18), fill="#f0e6d0", anchor="lm")
        x += 50 + int(d.textlength(label, font=_font(18)))
    d.ellipse((x, y + 42, x + 26, y + 68), outline="#ffd34d", width=4)
    d.text((x + 34, y + 55), "reachable", font=_font(18), fill="#f0e6d0", anchor="lm")
    x += 130
    d.line((x, y + 44, x + 22, y + 66), fill="#e03030", width=5)
    d.line((x, y + 66, x + 22, y + 44), fill="#e03030", width=5)
    d.text((x + 30, y + 55), "crossed out", font=_font(18), fill="#f0e6d0", anchor="lm")
    x += 150
    d.ellipse((x, y + 42, x + 26, y + 68), outline="#ff3b3b", width=4)
    d.text((x + 34, y + 55), "being tackled", font=_font(18), fill="#f0e6d0", anchor="lm")
    keys = "   ".join(f"{v} {REWARD_NAMES[k]}" for k, v in SYMBOL.items())
    d.text((24, y + 86), f"Rewards: {keys}   +N resurrections   Sigh: Sigh of the Graal", font=_font(18),
           fill="#f0e6d0")
