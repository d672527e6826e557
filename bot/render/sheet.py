"""Pillow picture of a whole Knight Sheet, with the current Knight Board and Loadout.

``render_sheet(details) -> bytes`` takes ``rules.knights.view.details(...)`` and returns a printable PNG
(1600 px wide, white paper, dark ink) with every section of the rulebook's Knight Sheet: statistics
tracks, Virtues and Vices, the Tale, Leads, Gold, Sigh of the Graal, First Death, Rapport, Armory,
Saints, Mercenaries, Choice Matrix, Successful Investigations, Boons/Afflictions/tally marks/notes, and
the Board (Portrait, Heroic Arc, Peril Arc, Talent, Techniques) and Loadout. Synchronous: callers run it
in an executor.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

WIDTH = 1600
MARGIN = 36
GAP = 24
COL_W = (WIDTH - 2 * MARGIN - GAP) // 2
PAPER = (255, 253, 247)
INK = (28, 24, 20)
MUTED = (105, 95, 85)
RULE = (150, 135, 115)
TITLE_BG = (62, 48, 40)
TITLE_INK = (250, 245, 235)
ACCENT = (150, 40, 30)
HEAT = (205, 95, 30)
VIGOR = (40, 120, 60)
PASSION = (120, 50, 140)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
_FONT_DIRS = (Path("/usr/share/fonts/truetype/dejavu"), Path("/usr/share/fonts/dejavu"))


def _font(size: int, bold: bool = False) -> Font:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    for folder in _FONT_DIRS:
        if (folder / name).is_file():
            return ImageFont.truetype(str(folder / name), size)
    return ImageFont.load_default(size=size)


F_BODY = _font(19)
F_SMALL = _font(16)
F_BOLD = _font(19, bold=True)
F_TITLE = _font(21, bold=True)
F_HEAD = _font(40, bold=True)
F_SUB = _font(22)
LINE = 26


class _Column:
    """Draws sections one under the other; ``y`` is where the next thing goes."""

    def __init__(self, draw: ImageDraw.ImageDraw, x: int, y: int, width: int) -> None:
        self.d, self.x, self.y, self.w = draw, x, y, width

    def width_of(self, text: str, font: Font) -> float:
        return self.d.textlength(text, font=font)

    def wrap(self, text: str, font: Font, width: float) -> list[str]:
        words, lines, line = text.split(), [], ""
        for word in words:
            trial = f"{line} {word}".strip()
            if self.width_of(trial, font) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        return lines + ([line] if line else [])

    def title(self, text: str) -> None:
        self.y += 6
        self.d.rectangle((self.x, self.y, self.x + self.w, self.y + 32), fill=TITLE_BG)
        self.d.text((self.x + 10, self.y + 5), text.upper(), font=F_TITLE, fill=TITLE_INK)
        self.y += 40

    def text(self, text: str, font: Font = F_BODY, fill: tuple[int, int, int] = INK, indent: int = 8) -> None:
        for line in self.wrap(text, font, self.w - indent - 8):
            self.d.text((self.x + indent, self.y), line, font=font, fill=fill)
            self.y += LINE if font is not F_SMALL else 22

    def pair(self, label: str, value: str, indent: int = 8) -> None:
        self.d.text((self.x + indent, self.y), label, font=F_BOLD, fill=INK)
        lw = self.width_of(label + " ", F_BOLD)
        lines = self.wrap(value, F_BODY, self.w - indent - lw - 8) or ["—"]
        for i, line in enumerate(lines):
            self.d.text((self.x + indent + (lw if i == 0 else 24), self.y), line, font=F_BODY, fill=INK)
            self.y += LINE

    def box(self, x: float, checked: bool, crossed: bool = False, size: int = 18) -> None:
        y = self.y + 3
        self.d.rectangle((x, y, x + size, y + size), outline=INK, width=2)
        if checked:
            self.d.line((x + 3, y + 3, x + size - 3, y + size - 3), fill=ACCENT, width=3)
            self.d.line((x + 3, y + size - 3, x + size - 3, y + 3), fill=ACCENT, width=3)
        if crossed:
            self.d.ellipse((x - 4, y - 4, x + size + 4, y + size + 4), outline=MUTED, width=2)

    def track(self, label: str, value: int, top: int, limit: int | None, colour: tuple[int, int, int]) -> None:
        """A statistics track 0..top; the cube at ``value`` and a black limit bar after ``limit``."""
        self.d.text((self.x + 8, self.y + 4), label, font=F_BOLD, fill=INK)
        x0, cell = self.x + 120, min(40, (self.w - 130) // (top + 1))
        for n in range(top + 1):
            x = x0 + n * cell
            over = limit is not None and n > limit
            fill = (225, 220, 212) if over else PAPER
            if n == value:
                fill = colour
            self.d.rectangle((x, self.y, x + cell - 4, self.y + 30), fill=fill, outline=RULE, width=1)
            ink = TITLE_INK if n == value else (MUTED if over else INK)
            self.d.text((x + (cell - 4) / 2, self.y + 15), str(n), font=F_SMALL, fill=ink, anchor="mm")
        if limit is not None and limit < top:
            x = x0 + (limit + 1) * cell - 3
            self.d.rectangle((x - 2, self.y - 4, x + 1, self.y + 34), fill=INK)
        self.y += 40

    def gap(self, n: int = 8) -> None:
        self.y += n


def _header(draw: ImageDraw.ImageDraw, d: dict[str, Any]) -> int:
    s, p = d["summary"], d["board"]["portrait"]
    draw.text((MARGIN, MARGIN), s["name"], font=F_HEAD, fill=INK)
    sub = f"{p['class']} · {d['knight_name']} · {s['tier'].capitalize()} Tier · owner {s['owner']}"
    if s["locked"]:
        sub += " · on an Expedition (Loadout locked)"
    draw.text((MARGIN, MARGIN + 52), sub, font=F_SUB, fill=MUTED)
    if s["dead"]:
        draw.text((WIDTH - MARGIN, MARGIN + 6), "DEAD", font=F_HEAD, fill=ACCENT, anchor="ra")
    y = MARGIN + 92
    draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=INK, width=3)
    return y + 10


def _statistics(c: _Column, d: dict[str, Any]) -> None:
    s = d["summary"]
    c.title("Knight Statistics")
    c.track("Passion", s["passion"], 9, None, PASSION)
    c.track("Heat", s["heat"], 9, s["heat_limit"], HEAT)
    c.track("Vigor", s["vigor"], 15, s["max_vigor"], VIGOR)
    c.pair("Peril:", f"{s['peril'].capitalize()} · Heat Limit {s['heat_limit']} · maximum Vigor {s['max_vigor']}"
           + (f" (tier penalty −{d['tier_penalty']})" if d["tier_penalty"] else ""))
    c.pair("Bane:", f"{s['bane']} / Bane Limit {s['bane_limit']}   (noted on the sheet: {d['sheet_bane']})")
    mods = ", ".join(f"{k.capitalize()} {v:+d}" for k, v in d["modifiers"].items()) or "none"
    c.pair("Conditions:", ", ".join(d["conditions"]) or "none")
    if d.get("keyword_status"):
        c.pair("Keyword tokens:", "; ".join(d["keyword_status"]))
    c.pair("Modifier tokens:", mods)
    res = ", ".join(f"{k} {v}" for k, v in d["board"]["resources"].items())
    if res:
        c.pair("Resource tokens:", res)


def _virtues(c: _Column, d: dict[str, Any]) -> None:
    c.title("Virtues and Vices")
    vices = {v["virtue"]: (name, v["tally"]) for name, v in d["vices"].items()}
    half = c.w // 2
    for i, (virtue, value) in enumerate(d["virtues"].items()):
        x = c.x + 8 + (i % 2) * half
        c.d.text((x, c.y), f"{virtue.capitalize()}", font=F_BOLD, fill=INK)
        c.d.text((x + 140, c.y), f"{value:+d}", font=F_BOLD, fill=ACCENT if value < 0 else INK)
        vice = vices.get(virtue)
        if vice:
            c.d.text((x + 190, c.y), f"{vice[0].capitalize()} {'|' * vice[1]}", font=F_BODY, fill=ACCENT)
        if i % 2:
            c.y += LINE + 4
    sources = "; ".join(f"{b['virtue'].capitalize()} {b['amount']:+d} ({b['source']})" for b in d["virtue_sources"])
    if sources:
        c.text("Sources: " + sources, F_SMALL, MUTED)


def _tale(c: _Column, d: dict[str, Any]) -> None:
    c.title(f"Your Tale · {d['chapters_unlocked']} of 5 Chapters unlocked")
    c.d.text((c.x + 150, c.y), "Quest", font=F_SMALL, fill=MUTED)
    c.d.text((c.x + 240, c.y), "Investigations 1–5 (resolved | success)", font=F_SMALL, fill=MUTED)
    c.y += 24
    for i, ch in enumerate(d["tale"]):
        locked = i + 1 > d["chapters_unlocked"]
        c.d.text((c.x + 8, c.y), f"Chapter {i + 1}", font=F_BOLD, fill=MUTED if locked else INK)
        c.box(c.x + 160, ch["quest"])
        for j, inv in enumerate(ch["investigations"]):
            x = c.x + 240 + j * 88
            c.box(x, inv["resolved"])
            c.box(x + 26, inv["success"])
        c.y += LINE + 6
    c.pair("Leads:", str(d["leads"]))
    c.pair("Successful Investigations:", ", ".join(d["successful_investigations"]) or "none")
    c.d.text((c.x + 8, c.y), "Sigh of the Graal", font=F_BOLD, fill=INK)
    c.box(c.x + 200, d["sigh_of_the_graal"])
    c.d.text((c.x + 260, c.y), "First Death", font=F_BOLD, fill=INK)
    c.box(c.x + 390, d["first_death"])
    c.d.text((c.x + 450, c.y), f"Gold {d['summary']['gold']}", font=F_BOLD, fill=INK)
    c.y += LINE + 6


def _lists(c: _Column, d: dict[str, Any]) -> None:
    c.title("Rapport")
    if not d["rapport"]:
        c.text("No Rapport yet.", fill=MUTED)
    for r in d["rapport"]:
        hearts = "♥" * r["hearts"] + "♡" * (3 - r["hearts"])
        c.pair(f"{r['knight']}:", hearts + (f" · Boon: {r['boon']}" if r["boon"] else ""))
    c.title("Armory")
    for a in d["armory"]:
        extra = (" (reforged)" if a["reforged"] else "") + (f" + {a['upgrade']}" if a["upgrade"] else "")
        c.text(f"• {a['name']} — {a['tier'].capitalize()}{extra}")
    if not d["armory"]:
        c.text("Empty.", fill=MUTED)
    c.title("Saints · Mercenaries")
    c.pair("Saints:", ", ".join(d["saints"]) or "none")
    c.pair("Mercenaries:", ", ".join(d["mercenaries"]) or "none")
    c.title("Choice Matrix")
    nodes = d["choice_matrix"]
    if not nodes:
        c.text("No node marked.", fill=MUTED)
    x = c.x + 8
    for node, how in nodes.items():
        if x + 90 > c.x + c.w:
            x, c.y = c.x + 8, c.y + LINE + 6
        c.box(x, how == "marked", crossed=how == "crossed")
        c.d.text((x + 26, c.y), node, font=F_BODY, fill=MUTED if how == "crossed" else INK)
        x += 90
    if nodes:
        c.y += LINE + 6
    c.title("Boons, Tally Marks, and Notes")
    for label, items in (("Boons:", d["boons"]), ("Afflictions:", d["afflictions"]), ("Notes:", d["notes"])):
        c.pair(label, "; ".join(items) or "none")
    c.pair("Tally marks:", "; ".join(f"{k} {'|' * min(v, 30)} ({v})" for k, v in d["tallies"].items()) or "none")


def _board(c: _Column, d: dict[str, Any]) -> None:
    b = d["board"]
    p = b["portrait"]
    c.title(f"Portrait · {p['name']}, {p['class']}")
    c.text(f"Knight Power Die {p['power_die']} · Card Refresh {p['card_refresh']} · Heat Refresh "
           f"{p['heat_refresh']} · Hand Limit {p['hand_limit']} · Speed {p['speed']} · Bane Limit {p['bane_limit']}")
    h = b["heroic_arc"]
    c.title(f"Heroic Arc · {h['name']}")
    if h["effect"]:
        c.text(h["effect"], F_SMALL, MUTED)
    passion = d["summary"]["passion"]
    for i, options in enumerate(h["levels"]):
        fill = INK if i + 1 <= passion else MUTED
        mark = "▶" if i + 1 <= passion else " "
        c.text(f"{mark} {i + 1}: " + "  |  ".join(options), F_BODY, fill)
    pa = b["peril_arc"]
    c.title(f"Peril Arc · {pa['name']} · maximum Vigor {pa['max_vigor']}")
    if pa["effect"]:
        c.text(pa["effect"], F_SMALL, MUTED)
    now = d["summary"]["peril"]
    for t in pa["thresholds"]:
        label = "Vigor 0 or less" if t["peril"] == "judicium" else f"Vigor {t['min_vigor']} or more"
        here = t["peril"] == now
        font, fill = (F_BOLD, ACCENT) if here else (F_BODY, INK)
        c.d.text((c.x + 8, c.y), ("▶ " if here else "   ") + t["peril"].capitalize(), font=font, fill=fill)
        c.d.text((c.x + 170, c.y), label, font=font, fill=fill)
        c.d.text((c.x + 380, c.y), f"Heat Limit {t['heat_limit']}", font=font, fill=fill)
        c.y += LINE
    t = b["talent"]
    c.title(f"Talent · {t['name']}")
    for e in t["effects"]:
        c.text(f"{e['name']}" + (f" ({e['cost']})" if e["cost"] else "") + f": {e['text']}")
    c.title("Techniques")
    for zone in ("hand", "instant", "cooldown", "delay", "discard"):
        cards = [x["name"] for x in b["techniques"] if x["zone"] == zone]
        if cards or zone == "hand":
            c.pair(f"{zone.capitalize()}:", ", ".join(cards) or "empty")


def _loadout(c: _Column, d: dict[str, Any]) -> None:
    c.title("Loadout")
    if not d["loadout"]:
        c.text("Nothing equipped.", fill=MUTED)
    for g in d["loadout"]:
        state = ", ".join(s for s, on in (("exhausted", g["exhausted"]), ("discarded", g["discarded"])) if on)
        head = f"{g['name']} ({g['type']}, {g['tier'].capitalize()}" + (
            f", {g['hands']} hand{'s' if g['hands'] != 1 else ''}" if g["hands"] else "") + ")"
        c.text(head + (f" — {state.upper()}" if state else ""), F_BOLD, ACCENT if state else INK)
        stats = []
        if g["attack_dice"] is not None:
            stats.append(f"Attack dice {g['attack_dice']}, Precision {g['precision']:+d}, Power {g['weapon_power']}")
        if g["bonus_power"] != "—" or g["bonus_raw_power"]:
            stats.append(f"Bonus Power {g['bonus_power']}" + (f" +{g['bonus_raw_power']}" if g["bonus_raw_power"]
                                                                 else ""))
        if g["evasion"] or g["evasion_rerolls"] or g["armor_dice"] != "—":
            stats.append(f"Evasion {g['evasion']:+d}, re-rolls {g['evasion_rerolls']}, Armor {g['armor_dice']}")
        if g["reach"]:
            stats.append(f"Reach {g['reach']}")
        if g["ranged"]:
            stats.append(f"Ranged {g['ranged'][0]}–{g['ranged'][1]}")
        if g["keywords"]:
            stats.append(", ".join(g["keywords"]))
        if g["charges"] is not None:
            stats.append(f"Charges {g['charges']}")
        if g["upgrade"]:
            stats.append(f"Upgrade: {g['upgrade']}")
        if stats:
            c.text("; ".join(stats), F_SMALL, INK, indent=24)
        for ability in g["abilities"]:
            c.text(ability, F_SMALL, MUTED, indent=24)


def render_sheet(d: dict[str, Any]) -> bytes:
    # draw on a tall page, then crop to the longer column
    img = Image.new("RGB", (WIDTH, 4000), PAPER)
    draw = ImageDraw.Draw(img)
    top = _header(draw, d)
    left = _Column(draw, MARGIN, top, COL_W)
    right = _Column(draw, MARGIN + COL_W + GAP, top, COL_W)
    _statistics(left, d)
    _virtues(left, d)
    _tale(left, d)
    _lists(left, d)
    _board(right, d)
    _loadout(right, d)
    height = min(4000, max(left.y, right.y) + MARGIN)
    draw.line((MARGIN + COL_W + GAP // 2, top, MARGIN + COL_W + GAP // 2, height - MARGIN), fill=RULE, width=1)
    out = io.BytesIO()
    img.crop((0, 0, WIDTH, height)).save(out, format="PNG", compress_level=1)  # fast to write and send
    return out.getvalue()
