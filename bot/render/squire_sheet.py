"""Pillow picture of a Squire card on its Knight Board statistics (rulebook "Squire Card Anatomy").

``render_squire(summary) -> bytes`` takes ``rules.squires.handlers.summary(...)`` (plus optional ``weapon_name``)
and returns a PNG: the name and tier, the card's statistics (Vigor, Speed, Heat Limit, Heat Refresh, Bane
Limit), the current Vigor, Heat, Bane and Passion as tracks, Clues, the lent weapon, the Abilities and the
Heroic Arc. Synchronous: callers run it in an executor.
"""

from __future__ import annotations

import io
import textwrap
from typing import Any

from PIL import Image, ImageDraw

from bot.render.sheet import (
    ACCENT,
    F_BODY,
    F_BOLD,
    F_HEAD,
    F_SMALL,
    F_SUB,
    F_TITLE,
    HEAT,
    INK,
    MUTED,
    PAPER,
    PASSION,
    RULE,
    TITLE_BG,
    TITLE_INK,
    VIGOR,
)

WIDTH = 900
MARGIN = 32
BANE = (60, 60, 70)
CLUE_COLOURS = {"martial": (170, 40, 40), "errant": (40, 120, 60), "historic": (150, 110, 30), "mystic": (80, 60, 160)}


def _track(d: ImageDraw.ImageDraw, x: int, y: int, label: str, value: int, limit: int, colour: tuple[int, int, int],
           ) -> int:
    d.text((x, y), label, font=F_BOLD, fill=INK)
    box, gap = 34, 6
    left = x + 170
    for i in range(max(limit, 1)):
        bx = left + i * (box + gap)
        filled = i < value
        d.rectangle((bx, y, bx + box, y + box), outline=RULE, width=2, fill=colour if filled else PAPER)
        d.text((bx + box // 2, y + box // 2), str(i + 1), font=F_SMALL, anchor="mm",
               fill=TITLE_INK if filled else MUTED)
    d.text((left + max(limit, 1) * (box + gap) + 8, y + 4), f"{value}/{limit}", font=F_BODY, fill=INK)
    return y + box + 14


def _section(d: ImageDraw.ImageDraw, y: int, title: str) -> int:
    d.rectangle((MARGIN, y, WIDTH - MARGIN, y + 34), fill=TITLE_BG)
    d.text((MARGIN + 12, y + 17), title, font=F_TITLE, fill=TITLE_INK, anchor="lm")
    return y + 46


def _para(d: ImageDraw.ImageDraw, y: int, text: str, bold: str = "", width: int = 70) -> int:
    x = MARGIN + 12
    if bold:
        d.text((x, y), bold, font=F_BOLD, fill=INK)
        y += 26
    for line in textwrap.wrap(text, width) or [""]:
        d.text((x + (16 if bold else 0), y), line, font=F_BODY, fill=INK)
        y += 25
    return y + 6


def _draw(d: ImageDraw.ImageDraw, s: dict[str, Any]) -> int:
    y = MARGIN
    d.text((MARGIN, y), s["name"], font=F_HEAD, fill=INK)
    y += 52
    sub = f"{s['card']} · {s['tier'].capitalize()} Tier Squire · owner {s.get('owner_name') or s['owner']}"
    d.text((MARGIN, y), sub, font=F_SUB, fill=MUTED)
    y += 40
    stats = [("Vigor", s["max_vigor"]), ("Speed", s["speed"]), ("Heat Limit", s["heat_limit"]),
             ("Heat Refresh", s["heat_refresh"]), ("Bane Limit", s["bane_limit"])]
    cell = (WIDTH - 2 * MARGIN) // len(stats)
    for i, (label, value) in enumerate(stats):
        x = MARGIN + i * cell
        d.rounded_rectangle((x + 4, y, x + cell - 4, y + 86), radius=10, outline=ACCENT, width=3)
        d.text((x + cell // 2, y + 30), str(value), font=F_HEAD, fill=ACCENT, anchor="mm")
        d.text((x + cell // 2, y + 68), label, font=F_SMALL, fill=INK, anchor="mm")
    y += 104
    y = _section(d, y, "Statistics")
    y = _track(d, MARGIN + 12, y, "Vigor", max(s["vigor"], 0), s["max_vigor"], VIGOR)
    y = _track(d, MARGIN + 12, y, "Heat", s["heat"], s["heat_limit"], HEAT)
    y = _track(d, MARGIN + 12, y, "Bane", s["bane"], s["bane_limit"], BANE)
    y = _track(d, MARGIN + 12, y, "Passion", s["passion"], 9, PASSION)
    x = MARGIN + 12
    d.text((x, y + 4), "Clues", font=F_BOLD, fill=INK)
    x += 170
    for clue in ("martial", "errant", "historic", "mystic"):
        n = s["clues"].get(clue, 0)
        d.ellipse((x, y, x + 34, y + 34), fill=CLUE_COLOURS[clue])
        d.text((x + 17, y + 17), str(n), font=F_BOLD, fill=TITLE_INK, anchor="mm")
        d.text((x + 42, y + 6), clue.capitalize(), font=F_BODY, fill=INK)
        x += 150
    y += 50
    weapon = s.get("weapon_name") or s.get("weapon")
    y = _para(d, y, (f"{weapon} (lent by {s.get('lender_name') or s.get('lender')})" if weapon else
                     "none — without a Gear card, a Squire always attacks in melee range"), "Gear")
    y = _section(d, y + 6, "Abilities")
    for ab in s["abilities"]:
        y = _para(d, y, ab["text"], f"{ab['name']}" + (" (once per Round)" if ab["active"] else " (always on)"))
    y = _section(d, y + 6, "Heroic Arc")
    for lv in s["heroic_arc"]:
        mark = "●" if s["passion"] >= lv["passion"] else "○"
        y = _para(d, y, lv["text"], f"{mark} Passion {lv['passion']}")
    return y + MARGIN


def render_squire(summary: dict[str, Any]) -> bytes:
    probe = Image.new("RGB", (WIDTH, 3000), PAPER)
    height = _draw(ImageDraw.Draw(probe), summary)
    img = Image.new("RGB", (WIDTH, height), PAPER)
    _draw(ImageDraw.Draw(img), summary)
    out = io.BytesIO()
    img.save(out, format="PNG", optimize=True)
    return out.getvalue()
