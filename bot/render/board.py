"""Pillow picture of the Clash Board.

``render_board(state, highlight=None, path=None) -> bytes`` returns a PNG about 1000 px wide:
row letters and column numbers, Terrain, Monsters (footprint, facing arrow, Front/Rear/Blindspot/
Weakspot marks, Vantage Points, Mob numbers), Knights as labelled coloured tokens (knocked down
Knights are drawn on their side: a flattened grey-rimmed token marked "KD").  Synchronous: callers
run it in an executor.
"""

from __future__ import annotations

import io
from collections.abc import Collection, Sequence

from PIL import Image, ImageDraw, ImageFont

from content.schema.board import TerrainKeyword
from rules.board.geometry import Coord, Direction
from rules.board.state import BoardState, Knight, Monster, Terrain

TARGET_WIDTH = 1040
MARGIN = 44
BG = (245, 240, 228)
GRID = (120, 110, 95)
LABEL = (40, 35, 30)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont


def _font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def _terrain_fill(t: Terrain) -> tuple[int, int, int, int]:
    kw = t.keywords
    if TerrainKeyword.CHASM in kw:
        return (20, 20, 28, 235)
    if TerrainKeyword.BOUNDLESS in kw:
        return (90, 40, 120, 200)
    if TerrainKeyword.OBSTACLE in kw:
        return (105, 100, 95, 230) if TerrainKeyword.DESTRUCTIBLE in kw else (60, 58, 55, 235)
    if TerrainKeyword.DIFFICULT_TERRAIN in kw:
        return (90, 150, 70, 150)
    if TerrainKeyword.OBSCURING in kw:
        return (150, 120, 80, 190)
    return (170, 160, 140, 150)


def _initials(name: str) -> str:
    parts = [p for p in name.replace("-", " ").split() if p.lower() not in ("ser", "the", "of")]
    if not parts:
        return name[:2]
    if len(parts) == 1:
        return parts[0][:2].capitalize()
    return (parts[0][0] + parts[-1][0]).upper()


class _Canvas:
    def __init__(self, state: BoardState) -> None:
        self.state = state
        cols, rows = state.spec.columns, state.spec.rows
        self.cell = max(40, min(84, (TARGET_WIDTH - 2 * MARGIN) // cols))
        self.w = MARGIN * 2 + self.cell * cols
        self.h = MARGIN * 2 + self.cell * rows + 34
        self.img = Image.new("RGBA", (self.w, self.h), BG + (255,))
        self.f_label = _font(max(14, self.cell // 4))
        self.f_small = _font(max(11, self.cell // 6))
        self.f_token = _font(max(14, self.cell // 3))
        self.f_big = _font(max(18, self.cell // 2))

    def box(self, c: Coord) -> tuple[int, int, int, int]:
        x0 = MARGIN + c.col * self.cell
        y0 = MARGIN + c.row * self.cell
        return (x0, y0, x0 + self.cell, y0 + self.cell)

    def centre(self, c: Coord) -> tuple[float, float]:
        x0, y0, x1, y1 = self.box(c)
        return ((x0 + x1) / 2, (y0 + y1) / 2)

    def layer(self) -> tuple[Image.Image, ImageDraw.ImageDraw]:
        """A drawing context that blends translucent colours straight onto the picture (cheaper than
        compositing a full-size layer for every group of shapes)."""
        return self.img, ImageDraw.Draw(self.img, "RGBA")

    def merge(self, lay: Image.Image) -> None:
        """Nothing to do: ``layer`` draws in place."""

    def text(
        self,
        d: ImageDraw.ImageDraw,
        xy: tuple[float, float],
        s: str,
        font: Font,
        fill: tuple[int, ...] = LABEL,
        stroke: tuple[int, ...] | None = None,
    ) -> None:
        kw: dict[str, object] = {}
        if stroke is not None:
            kw = {"stroke_width": 2, "stroke_fill": stroke}
        d.text(xy, s, font=font, fill=fill, anchor="mm", **kw)  # type: ignore[arg-type]


def _grid(cv: _Canvas) -> None:
    lay, d = cv.layer()
    spec = cv.state.spec
    for r in range(spec.rows):
        for c in range(spec.columns):
            shade = (255, 252, 244, 255) if (r + c) % 2 == 0 else (236, 230, 216, 255)
            d.rectangle(cv.box(Coord(r, c)), fill=shade, outline=GRID + (255,), width=1)
    x1 = MARGIN + spec.columns * cv.cell
    y1 = MARGIN + spec.rows * cv.cell
    edge_w = 4
    for side, coords in (
        ("top", (MARGIN, MARGIN, x1, MARGIN)),
        ("bottom", (MARGIN, y1, x1, y1)),
        ("left", (MARGIN, MARGIN, MARGIN, y1)),
        ("right", (x1, MARGIN, x1, y1)),
    ):
        boundless = any(e.value == side for e in spec.boundless_edges)
        d.line(coords, fill=(150, 40, 160, 255) if boundless else (60, 50, 40, 255), width=edge_w)
    for c in range(spec.columns):
        x = MARGIN + c * cv.cell + cv.cell / 2
        cv.text(d, (x, MARGIN / 2), str(c + 1), cv.f_label)
        cv.text(d, (x, y1 + MARGIN / 2), str(c + 1), cv.f_label)
    for r in range(spec.rows):
        y = MARGIN + r * cv.cell + cv.cell / 2
        cv.text(d, (MARGIN / 2, y), chr(ord("A") + r), cv.f_label)
        cv.text(d, (x1 + MARGIN / 2, y), chr(ord("A") + r), cv.f_label)
    cv.merge(lay)


def _highlight(cv: _Canvas, spaces: Collection[Coord], path: Sequence[Coord]) -> None:
    lay, d = cv.layer()
    for c in spaces:
        x0, y0, x1, y1 = cv.box(c)
        d.rectangle((x0 + 2, y0 + 2, x1 - 2, y1 - 2), fill=(255, 210, 0, 90), outline=(220, 150, 0, 255), width=3)
    if len(path) > 1:
        pts = [cv.centre(c) for c in path]
        d.line(pts, fill=(0, 140, 200, 230), width=max(4, cv.cell // 12), joint="curve")
        r = max(5, cv.cell // 10)
        for x, y in pts:
            d.ellipse((x - r, y - r, x + r, y + r), fill=(0, 140, 200, 230))
        ex, ey = pts[-1]
        d.ellipse((ex - 2 * r, ey - 2 * r, ex + 2 * r, ey + 2 * r), outline=(0, 100, 160, 255), width=3)
    cv.merge(lay)


def _terrain(cv: _Canvas) -> None:
    lay, d = cv.layer()
    for t in cv.state.terrain:
        fill = _terrain_fill(t)
        cells = set(t.cells)
        for c in t.cells:
            x0, y0, x1, y1 = cv.box(c)
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), fill=fill)
            if TerrainKeyword.DIFFICULT_TERRAIN in t.keywords:
                for k in range(-cv.cell, cv.cell, max(8, cv.cell // 6)):
                    d.line(
                        (
                            x0 + max(0, k),
                            y0 + max(0, -k),
                            x0 + min(cv.cell, cv.cell + k),
                            y0 + min(cv.cell, cv.cell - k),
                        ),
                        fill=(40, 100, 30, 160),
                        width=2,
                    )
            # outline only the tile's outer edges
            for dr, dc, seg in (
                (-1, 0, (x0, y0, x1, y0)),
                (1, 0, (x0, y1, x1, y1)),
                (0, -1, (x0, y0, x0, y1)),
                (0, 1, (x1, y0, x1, y1)),
            ):
                if Coord(c.row + dr, c.col + dc) not in cells:
                    d.line(seg, fill=(30, 25, 20, 255), width=3)
        first = min(t.cells)
        x, y = cv.centre(first)
        light = fill[0] + fill[1] + fill[2] < 330
        words = t.name.split()
        lines = [" ".join(words)] if len(t.name) <= 9 else [w[:9] for w in words[:2]]
        for i, line in enumerate(lines):
            off = cv.cell * (0.12 + 0.2 * i) if len(lines) > 1 else cv.cell * 0.25
            cv.text(d, (x, y + off), line, cv.f_small, fill=(255, 255, 255) if light else LABEL)
        tags = "".join(
            ch
            for kw, ch in (
                (TerrainKeyword.OBSTACLE, "O"),
                (TerrainKeyword.DESTRUCTIBLE, "d"),
                (TerrainKeyword.INDESTRUCTIBLE, "i"),
                (TerrainKeyword.OBSCURING, "S"),
                (TerrainKeyword.DIFFICULT_TERRAIN, "DT"),
                (TerrainKeyword.CHASM, "X"),
                (TerrainKeyword.BOUNDLESS, "B"),
            )
            if kw in t.keywords
        )
        cv.text(d, (x, y - cv.cell * 0.3), tags, cv.f_small, fill=(255, 255, 255) if light else LABEL)
    cv.merge(lay)


def _marks(cv: _Canvas, m: Monster) -> None:
    lay, d = cv.layer()
    spec = cv.state.spec

    def ok(c: Coord) -> bool:
        return 0 <= c.row < spec.rows and 0 <= c.col < spec.columns

    for c in m.blindspot_marks():
        if ok(c):
            x0, y0, x1, y1 = cv.box(c)
            d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), fill=(60, 60, 70, 70))
            cv.text(d, (x0 + cv.cell * 0.22, y0 + cv.cell * 0.2), "BS", cv.f_small, fill=(40, 40, 50))
    for c in m.rear_marks():
        if ok(c):
            x0, y0, x1, y1 = cv.box(c)
            d.rectangle((x0 + 3, y0 + 3, x1 - 3, y1 - 3), outline=(230, 120, 20, 255), width=3)
            cv.text(d, (x1 - cv.cell * 0.2, y0 + cv.cell * 0.2), "R", cv.f_small, fill=(200, 90, 0))
    for c in m.front_marks():
        if ok(c):
            x0, y0, x1, y1 = cv.box(c)
            cv.text(d, (x1 - cv.cell * 0.2, y1 - cv.cell * 0.2), "F", cv.f_small, fill=(170, 20, 20))
    for c in m.weakspot_marks():
        if ok(c):
            x0, y0, x1, y1 = cv.box(c)
            cv.text(d, (x0 + cv.cell * 0.22, y1 - cv.cell * 0.2), "WS", cv.f_small, fill=(150, 0, 150))
    cv.merge(lay)


def _monster(cv: _Canvas, m: Monster, riders: dict[int, Knight]) -> None:
    lay, d = cv.layer()
    cells = sorted(m.cells)
    x0, y0, _, _ = cv.box(cells[0])
    _, _, x1, y1 = cv.box(cells[-1])
    boss = m.is_boss
    fill = (180, 40, 40, 215) if boss else (205, 120, 30, 220)
    pad = 4
    d.rounded_rectangle(
        (x0 + pad, y0 + pad, x1 - pad, y1 - pad), radius=cv.cell // 5, fill=fill, outline=(70, 10, 10, 255), width=3
    )
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    # facing arrow on the front edge
    a = cv.cell * 0.28
    tip = {
        Direction.N: ((cx, y0 + pad + 2), (cx - a, y0 + pad + a + 2), (cx + a, y0 + pad + a + 2)),
        Direction.S: ((cx, y1 - pad - 2), (cx - a, y1 - pad - a - 2), (cx + a, y1 - pad - a - 2)),
        Direction.W: ((x0 + pad + 2, cy), (x0 + pad + a + 2, cy - a), (x0 + pad + a + 2, cy + a)),
        Direction.E: ((x1 - pad - 2, cy), (x1 - pad - a - 2, cy - a), (x1 - pad - a - 2, cy + a)),
    }[m.facing]
    d.polygon(tip, fill=(255, 235, 120, 255), outline=(60, 20, 0, 255))
    if m.mob_number is not None:
        r = cv.cell * 0.26
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(255, 255, 255, 240), outline=(60, 20, 0, 255), width=2)
        cv.text(d, (cx, cy), str(m.mob_number), cv.f_token, fill=(20, 20, 20))
    else:
        label = m.name if m.side > 1 else _initials(m.name)
        font = cv.f_token if m.side > 1 else cv.f_small
        cv.text(
            d, (cx, cy + (cv.cell * 0.15 if m.side > 1 else 0)), label, font, fill=(255, 255, 255), stroke=(60, 10, 10)
        )
    for i, c in enumerate(m.vp_cells()):
        vx, vy = cv.centre(c)
        vx, vy = vx + cv.cell * 0.25, vy - cv.cell * 0.25
        r = cv.cell * 0.16
        rider = riders.get(i)
        unlocked = i in m.unlocked_vps
        colour = (255, 255, 255, 230) if unlocked else (120, 120, 120, 200)
        if rider is not None:
            colour = _rgb(rider.colour) + (255,)
        d.ellipse((vx - r, vy - r, vx + r, vy + r), fill=colour, outline=(0, 0, 0, 255), width=2)
        cv.text(d, (vx, vy), _initials(rider.name) if rider else "VP", cv.f_small, fill=(0, 0, 0))
    cv.merge(lay)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    try:
        return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))
    except (ValueError, IndexError):
        return (59, 130, 246)


def _knight(cv: _Canvas, k: Knight) -> None:
    if k.space is None:
        return
    lay, d = cv.layer()
    x, y = cv.centre(k.space)
    r = cv.cell * 0.36
    colour = _rgb(k.colour)
    text_fill = (0, 0, 0) if sum(colour) > 450 else (255, 255, 255)
    if k.knocked_down:
        d.ellipse((x - r, y - r * 0.6, x + r, y + r * 0.6), fill=colour + (200,), outline=(90, 90, 90, 255), width=4)
        cv.text(d, (x, y - cv.cell * 0.05), _initials(k.name), cv.f_token, fill=text_fill)
        cv.text(d, (x, y + cv.cell * 0.33), "KD", cv.f_small, fill=(200, 0, 0), stroke=(255, 255, 255))
    else:
        d.ellipse((x - r, y - r, x + r, y + r), fill=colour + (255,), outline=(20, 20, 20, 255), width=3)
        cv.text(d, (x, y), _initials(k.name), cv.f_token, fill=text_fill)
    cv.merge(lay)


def _legend(cv: _Canvas) -> None:
    lay, d = cv.layer()
    y = cv.h - 20
    text = "Arrow = facing   F front   R rear   BS blindspot   WS weakspot   VP vantage point   KD knocked down"
    text2 = (
        "Terrain tags: O obstacle  d destructible  i indestructible  S obscuring  DT difficult  X chasm  B boundless"
    )
    d.text((MARGIN, y - 14), text, font=cv.f_small, fill=LABEL, anchor="lm")
    d.text((MARGIN, y + 4), text2, font=cv.f_small, fill=LABEL, anchor="lm")
    cv.merge(lay)


def render_board(
    state: BoardState,
    highlight: Collection[Coord] | None = None,
    path: Sequence[Coord] | None = None,
) -> bytes:
    """Draw the board as PNG bytes.  ``highlight`` shades spaces (a Zone, reachable spaces...);
    ``path`` draws a movement path (e.g. ``Outcome.path``)."""
    cv = _Canvas(state)
    _grid(cv)
    _terrain(cv)
    if highlight:
        _highlight(cv, highlight, ())
    for m in state.monsters:
        _marks(cv, m)
    for m in state.monsters:
        riders = {k.vp.index: k for k in state.knights if k.vp is not None and k.vp.monster == m.id and not k.dead}
        _monster(cv, m, riders)
    if path:
        _highlight(cv, (), path)
    for k in state.knights:
        if not k.dead:
            _knight(cv, k)
    _legend(cv)
    out = io.BytesIO()
    cv.img.convert("RGB").save(out, format="PNG", compress_level=1)  # fast; about 50 KB for a busy board
    return out.getvalue()
