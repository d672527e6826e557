"""Pillow pictures of one card as the bot understood it, laid out like the physical card's areas, so a transcriber
compares it with the real card (``kfgm content show --image``, ``/content card``).

``render_card(layout, sections) -> bytes`` takes the areas of bot/authoring/show.py (``sections(found)``): an AI,
Signature or Routine card (the Evasion box in the corner, the Targeting lines numbered top to bottom, the movement
and the attack bands, the consequences), a BP card (the AT shield, the Response lines), a Gear card (type and tier,
statistics, keywords, abilities), a Monster level's sheet (the Level box, the Traits in play, the decks) and a Kingdom
tile (the paths drawn on their edges, the back's numbers). Any other content is a plain card of its fields.
"""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from bot.render.sheet import (
    F_BODY,
    F_BOLD,
    F_HEAD,
    F_SMALL,
    F_TITLE,
    INK,
    MUTED,
    PAPER,
    RULE,
    TITLE_BG,
    TITLE_INK,
    Font,
)

CARD = (640, 900)  # a portrait card
SHEET = (1000, 460)  # a Monster Sheet's level
TILE = (760, 760)  # a Kingdom tile
LONG = (700, 1150)  # any other content: its fields
MAX_SIZE = (1200, 1200)  # no picture is larger (tests/content/test_card_pictures.py)
BAND = {"evasion": (70, 110, 160), "targeting": (120, 60, 40), "movement": (60, 110, 70), "attack": (150, 40, 30),
        "consequences": (90, 80, 70), "at": (40, 40, 40), "responses": (120, 60, 40), "stats": (70, 90, 120),
        "keywords": (120, 60, 40), "abilities": (60, 110, 70), "level": (62, 48, 40), "traits": (120, 60, 40),
        "decks": (70, 110, 160), "paths": (60, 110, 70), "back": (70, 90, 120), "front": (62, 48, 40)}
SIZE_WIDTH = {"small": 26, "medium": 40, "large": 56, "extra_large": 70, "special": 48}


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: Font, width: int) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            trial = f"{line} {word}".strip()
            if draw.textlength(trial, font=font) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


class _Card:
    def __init__(self, size: tuple[int, int], title: str, subtitle: str = "") -> None:
        self.image = Image.new("RGB", size, PAPER)
        self.d = ImageDraw.Draw(self.image)
        self.w, self.h = size
        self.d.rounded_rectangle((6, 6, self.w - 7, self.h - 7), radius=22, outline=TITLE_BG, width=5)
        self.d.rounded_rectangle((14, 14, self.w - 15, 84), radius=14, fill=TITLE_BG)
        font = F_HEAD if self.d.textlength(title, font=F_HEAD) < self.w - 60 else F_TITLE
        self.d.text((30, 49), title, font=font, fill=TITLE_INK, anchor="lm")
        self.y = 96
        if subtitle:
            for line in _wrap(self.d, subtitle, F_SMALL, self.w - 60):
                self.d.text((30, self.y), line, font=F_SMALL, fill=MUTED)
                self.y += 22
            self.y += 6

    def area(self, name: str, lines: list[str], x: int = 24, width: int | None = None, numbered: bool = False) -> None:
        """A band with the area's name, then its lines wrapped to the card (cut with … at the card's bottom)."""
        if not lines:
            return
        width = width or self.w - 2 * x
        colour = BAND.get(name, RULE)
        self.d.rectangle((x, self.y, x + width, self.y + 26), fill=colour)
        self.d.text((x + 10, self.y + 13), name.upper(), font=F_SMALL, fill=TITLE_INK, anchor="lm")
        self.y += 32
        for text in lines:
            indent = 10 * (len(text) - len(text.lstrip(" ")))  # nested fields keep their indentation
            for i, line in enumerate(_wrap(self.d, text.lstrip(" "), F_BODY, width - 24 - indent)):
                if self.y > self.h - 50:
                    self.d.text((x + 12, self.y), "…", font=F_BODY, fill=MUTED)
                    return
                font = F_BOLD if numbered and i == 0 else F_BODY
                self.d.text((x + 12 + indent + (0 if i == 0 else 16 * (not numbered)), self.y), line, font=font,
                            fill=INK)
                self.y += 25
            self.y += 2
        self.y += 10

    def corner(self, label: str, value: str, colour: tuple[int, int, int]) -> None:
        """A box in the top-right corner under the title (the Evasion box, the AT shield)."""
        box = (self.w - 190, 96, self.w - 24, 170)
        self.d.rounded_rectangle(box, radius=12, fill=colour)
        self.d.text(((box[0] + box[2]) // 2, 116), label, font=F_SMALL, fill=TITLE_INK, anchor="mm")
        self.d.text(((box[0] + box[2]) // 2, 148), value, font=F_TITLE, fill=TITLE_INK, anchor="mm")
        self.y = max(self.y, 180)

    def png(self) -> bytes:
        out = io.BytesIO()
        self.image.save(out, format="PNG", optimize=True)
        return out.getvalue()


def _attack(s: dict[str, list[str]]) -> bytes:
    card = _Card(CARD, s["title"][0].split(" — ")[0], s["title"][0].split(" — ", 1)[-1])
    evasion = s["evasion"][0].removeprefix("Evasion: ")
    card.corner("EVASION", evasion.replace(" dice, ", "× ").replace("none", "—"), BAND["evasion"])
    for area in ("targeting", "movement", "attack", "consequences"):
        card.area(area, s[area], numbered=area == "targeting")
    card.area("text", s.get("text", []))
    return card.png()


def _bp(s: dict[str, list[str]]) -> bytes:
    card = _Card(CARD, s["title"][0].split(" — ")[0], s["title"][0].split(" — ", 1)[-1])
    card.corner("AT", s["at"][0].removeprefix("AT "), BAND["at"])
    card.area("responses", s["responses"])
    card.area("text", s.get("text", []))
    return card.png()


def _gear(s: dict[str, list[str]]) -> bytes:
    card = _Card(CARD, s["title"][0], s["type"][0])
    for area in ("stats", "keywords", "abilities", "traits", "flavour"):
        card.area(area, s.get(area, []))
    return card.png()


def _sheet(s: dict[str, list[str]]) -> bytes:
    card = _Card(SHEET, s["title"][0], s["decks"][0])
    top = card.y
    card.area("level", s["level"], x=24, width=430)
    card.y = top
    card.area("traits", s["traits"], x=474, width=SHEET[0] - 498)
    return card.png()


def _tile(s: dict[str, list[str]]) -> bytes:
    card = _Card(TILE, s["title"][0], (s.get("kingdom") or [""])[0])
    d, cx, cy, half = card.d, TILE[0] // 2, 390, 180
    d.rectangle((cx - half, cy - half, cx + half, cy + half), fill=(232, 225, 205), outline=TITLE_BG, width=4)
    ends = {"north": (cx, cy - half), "south": (cx, cy + half), "east": (cx + half, cy), "west": (cx - half, cy)}
    labels: dict[str, list[str]] = {}
    for line in s["paths"]:
        direction, _, rest = line.partition(": ")
        if direction not in ends:
            continue
        fog = rest == "Deep Fog"
        x, y = ends[direction]
        width = 12 if fog else SIZE_WIDTH.get(rest.rpartition("(")[2].rstrip(")"), 30)
        d.line((cx, cy, x, y), fill=(120, 120, 135) if fog else BAND["paths"], width=width)
        labels.setdefault(direction, []).append(rest)
    for direction, texts in labels.items():
        x, y = ends[direction]
        for i, text in enumerate(texts):
            if direction in ("north", "south"):
                at = (x, y + (-16 - 20 * (len(texts) - 1 - i) if direction == "north" else 16 + 20 * i))
            else:
                at = (x + (88 if direction == "east" else -88), y - 10 * (len(texts) - 1) + 20 * i)
            for j, part in enumerate(_wrap(d, text, F_SMALL, 240 if direction in ("north", "south") else 170)[:1]):
                d.text((at[0], at[1] + j * 18), part, font=F_SMALL, fill=INK, anchor="mm")
    d.ellipse((cx - 60, cy - 60, cx + 60, cy + 60), fill=PAPER, outline=TITLE_BG, width=3)
    for i, line in enumerate(_wrap(d, s["front"][0], F_SMALL, 110)[:4]):
        d.text((cx, cy - 27 + 18 * i), line, font=F_SMALL, fill=INK, anchor="mm")
    card.y = cy + half + 36
    card.area("back", s["back"])
    return card.png()


def _other(s: dict[str, list[str]]) -> bytes:
    card = _Card(LONG, s["title"][0])
    card.area("fields", s.get("fields", []))
    return card.png()


def render_card(layout: str, s: dict[str, list[str]]) -> bytes:
    """The PNG of one card's areas (``layout`` as bot.authoring.show.Found names it)."""
    draw = {"ai": _attack, "signature": _attack, "routine": _attack, "bp": _bp, "gear": _gear, "monster": _sheet,
            "tile": _tile}.get(layout, _other)
    return draw(s)
