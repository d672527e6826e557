"""The Kingdom map as a picture: explored tiles face up (name, district, size, symbols), face-down
neighbours showing their backs (Time, Threat, Deep Fog Intensity, Clues, size, id), revealed tiles,
the Party marker, the Encounter Monster tokens on their tiles (a disc with the Monster's initials and level; a red
ring when the Encounter with it is due), and the Kingdom track with its Hunt Spaces and the District Wheel (each
district with the Monster whose token is on it) below; during a Deep Fog traversal, the spread of Deep Fog cards
under it (the reminder token on the tile the party left)."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw, ImageFont

from content.schema.kingdom import Kingdom, KingdomTile, layout
from rules.delve.kingdom_map import GATES
from rules.delve.state import DelveState
from rules.state import KingdomTrack

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont
CELL = 190
GAP = 14
MARGIN = 24
SIZE = {"small": "S", "medium": "M", "large": "L", "extra_large": "XL", "special": "SP"}
TRACK_H = 250  # the Kingdom track, the status line and the District Wheel under the map
TOKEN_COLOURS = ("#6b2d8f", "#1f6f5c", "#8f5a1f", "#2d4f8f", "#8f2d4f", "#4f8f2d", "#5c5c5c", "#8f8f2d")


def _initials(name: str) -> str:
    words = [w for w in name.replace("-", " ").split() if w.lower() not in ("the", "of", "a")]
    return "".join(w[0].upper() for w in words[:2]) or name[:2].upper()


def _token_colour(delve: DelveState, card: str) -> str:
    cards = [m.card for m in delve.encounter_monsters]
    return TOKEN_COLOURS[cards.index(card) % len(TOKEN_COLOURS)] if card in cards else "#5c5c5c"


def _token(d: ImageDraw.ImageDraw, delve: DelveState, card: str, cx: int, cy: int, r: int = 19) -> None:
    """An Encounter Monster token: a disc in the Monster's colour, its initials and level; ringed red when due."""
    m = next((x for x in delve.encounter_monsters if x.card == card), None)
    label = _initials(m.name) if m else card[:2].upper()
    if delve.encounter_due == card:
        d.ellipse((cx - r - 6, cy - r - 6, cx + r + 6, cy + r + 6), outline="#ff2d2d", width=4)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=_token_colour(delve, card), outline="#f0e6d0", width=3)
    d.text((cx, cy - 4), label, font=_font(15), fill="white", anchor="mm")
    if m is not None:
        d.text((cx, cy + 10), f"L{m.level}", font=_font(11), fill="#f0e6d0", anchor="mm")


def _font(size: int) -> Font:
    return ImageFont.load_default(size=size)


def _wrap(draw: ImageDraw.ImageDraw, text: str, font: Font, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and draw.textlength(f"{lines[-1]} {word}", font=font) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def render_kingdom_map(
    kingdom: Kingdom, tiles: dict[str, KingdomTile], delve: DelveState, track: KingdomTrack
) -> bytes:
    cells = layout(kingdom, tiles)
    shown = delve.placed()
    xs = [cells[t][0] for t in shown]
    ys = [cells[t][1] for t in shown]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    width = max(cols * (CELL + GAP) + 2 * MARGIN, 1120)
    map_h = rows * (CELL + GAP) + 2 * MARGIN + 40
    height = map_h + TRACK_H + _fog_height(delve)
    img = Image.new("RGB", (width, height), "#1d1f24")
    d = ImageDraw.Draw(img)
    f_title, f_name, f_small = _font(24), _font(17), _font(15)
    d.text((MARGIN, 10), f"{kingdom.name} - Round {delve.round}", font=f_title, fill="#f0e6d0")
    districts = {x.id: x for x in kingdom.districts}

    def box(tile_id: str) -> tuple[int, int, int, int]:
        cx, cy = cells[tile_id]
        left = MARGIN + (cx - x0) * (CELL + GAP)
        top = MARGIN + 40 + (cy - y0) * (CELL + GAP)
        return left, top, left + CELL, top + CELL

    # paths between tiles on the table
    on_table = set(shown)
    for tile_id in shown:
        lx, t, r, b = box(tile_id)
        for path in tiles[tile_id].paths:
            if path.to in on_table and tile_id < path.to:
                l2, t2, r2, b2 = box(path.to)
                d.line(((lx + r) // 2, (t + b) // 2, (l2 + r2) // 2, (t2 + b2) // 2), fill="#8a7a55", width=8)
    for tile_id in shown:
        tile = tiles[tile_id]
        district = districts[tile.district]
        lx, t, r, b = box(tile_id)
        face_up = tile_id in delve.explored or tile_id in delve.revealed
        if face_up:
            d.rounded_rectangle((lx, t, r, b), 12, fill="#e9dfc6", outline=district.colour, width=6)
            _badge(d, lx + 26, t + 26, district.icon, district.colour)
            d.text((r - 10, t + 10), f"{SIZE[tile.size]}  {tile.id}", font=f_small, fill="#4a4030", anchor="ra")
            for i, line in enumerate(_wrap(d, tile.name, f_name, CELL - 20)[:3]):
                d.text((lx + 10, t + 52 + i * 21), line, font=f_name, fill="#1d1a14")
            notes = []
            if tile.poi is not None:
                notes.append(f"PoI {tile.poi}")
            if tile.fog_paths:
                notes.append("fog " + "".join(p[0].upper() for p in tile.fog_paths))
            d.text((lx + 10, b - 28), "  ".join(notes), font=f_small, fill="#5a4a30")
            if tile_id in delve.revealed:
                d.ellipse((r - 34, b - 34, r - 10, b - 10), fill="#777777", outline="#222222")
                d.text((r - 22, b - 22), "G", font=f_small, fill="white", anchor="mm")
        else:
            d.rounded_rectangle((lx, t, r, b), 12, fill="#3a3f4a", outline="#6c7384", width=3)
            back = tile.back
            d.text((lx + 10, t + 8), f"{SIZE[tile.size]}  {tile.id}", font=f_name, fill="#d8dce6")
            rows_text = [
                f"Time +{back.time}",
                f"Threat {back.threat:+d}",
                f"Fog {back.fog_intensity}",
                f"Clues {back.clues}",
            ]
            for i, line in enumerate(rows_text):
                d.text((lx + 12, t + 42 + i * 24), line, font=f_small, fill="#d8dce6")
            _badge(d, r - 26, b - 26, district.icon, district.colour)
        if tile_id == delve.tile and delve.fog is not None:  # the reminder token: the party is in the Deep Fog
            cx, cy = (lx + r) // 2, b - 36
            d.ellipse((cx - 20, cy - 20, cx + 20, cy + 20), fill="#777777", outline="white", width=3)
            d.text((cx, cy), "G", font=f_name, fill="white", anchor="mm")
        elif tile_id == delve.tile:
            cx, cy = (lx + r) // 2, b - 36
            d.ellipse((cx - 20, cy - 20, cx + 20, cy + 20), fill="#c8202a", outline="white", width=3)
            d.text((cx, cy), "P", font=f_name, fill="white", anchor="mm")
    # the Encounter Monster tokens on the map: clear of the tile's text, the Party marker and the district badge
    here: dict[str, list[str]] = {}
    for card, tile_id in delve.map_tokens.items():
        if tile_id in on_table:
            here.setdefault(tile_id, []).append(card)
    for tile_id, cards in here.items():
        lx, t, r, b = box(tile_id)
        if tile_id == delve.tile:
            slots = [(lx + 30, t + 134), (r - 30, t + 134), (r - 74, t + 134), (lx + 74, t + 90)]
        elif tile_id in delve.explored or tile_id in delve.revealed:
            slots = [(r - 30 - 44 * i, t + 134) for i in range(4)]
        else:
            slots = [(lx + 30 + 44 * i, b - 36) for i in range(4)]
        for card, (cx, cy) in zip(cards, slots, strict=False):
            _token(d, delve, card, cx, cy)
    # the Hindering tokens: Panzergates and Deep Fog tokens on the edge of their path, Flood/Rubble on the tile
    for n, token in enumerate(delve.hindering):
        if token.tile not in on_table:
            continue
        lx, t, r, b = box(token.tile)
        edge = {"north": ((lx + r) // 2, t), "east": (r, (t + b) // 2), "south": ((lx + r) // 2, b),
                "west": (lx, (t + b) // 2)}
        if token.direction is not None:
            cx, cy = edge[token.direction]
            if token.kind == "deep_fog":  # beside the path's middle, so a Panzergate there stays visible
                cx, cy = cx + (14 if token.direction in ("north", "south") else 0), cy + (
                    14 if token.direction in ("east", "west") else 0)
        else:
            cx, cy = r - 24, (t + b) // 2 + 10 - 36 * (n % 2)
        _hindering(d, token.kind, cx, cy, f_small)
    _draw_track(d, kingdom, track, delve, map_h, f_name, f_small)
    _draw_fog(d, kingdom, delve, map_h + TRACK_H, f_name, f_small)
    out = io.BytesIO()
    img.save(out, format="PNG")
    return out.getvalue()


FOG_W, FOG_H, FOG_GAP = 96, 110, 8
HINDER = {  # kind: (label, fill, outline)
    "single_panzergate": ("P1", "#4b5563", "#f5c542"),
    "triple_panzergate": ("P3", "#374151", "#f08a24"),
    "deep_fog": ("DF", "#9ca3af", "#f3f4f6"),
    "flood": ("Fl", "#2563eb", "#dbeafe"),
    "rubble": ("Rb", "#7c5a3a", "#f0e6d0"),
}


def _hindering(d: ImageDraw.ImageDraw, kind: str, cx: int, cy: int, f: Font) -> None:
    """A Hindering token: a Panzergate is a steel gate (square) with its count, the others round tokens."""
    label, fill, outline = HINDER[kind]
    if kind.endswith("panzergate"):
        d.rectangle((cx - 19, cy - 19, cx + 19, cy + 19), fill=fill, outline=outline, width=4)
        for x in (cx - 8, cx, cx + 8):
            d.line((x, cy - 15, x, cy + 15), fill="#9aa3ad", width=2)
        d.rectangle((cx - 13, cy - 9, cx + 13, cy + 9), fill=fill)
    else:
        d.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=fill, outline=outline, width=3)
    d.text((cx, cy), label, font=f, fill="white", anchor="mm")


def _fog_height(delve: DelveState) -> int:
    if delve.fog is None or not delve.fog.spread:
        return 0
    ys = [c.y for c in delve.fog.spread]
    return 50 + (max(ys) - min(ys) + 1) * (FOG_H + FOG_GAP)


def _draw_fog(d: ImageDraw.ImageDraw, kingdom: Kingdom, delve: DelveState, top: int, f: Font, fs: Font) -> None:
    """The Deep Fog spread: face-up cards with their value and name (the path outlined), face-down cards dark,
    the Party marker on the last card of the path."""
    fog = delve.fog
    if fog is None or not fog.spread:
        return
    path_value = sum(kingdom.fog_card(fog.spread[i].card).value for i in fog.path) + fog.full_cups
    d.text((MARGIN, top + 8), f"Deep Fog toward {fog.target}: path {len(fog.path)}/{fog.intensity}, value "
           f"{path_value}, Half-cup {fog.half_cups}, Full Cups {fog.full_cups}", font=f, fill="#d8dce6")
    x0 = min(c.x for c in fog.spread)
    y0 = min(c.y for c in fog.spread)
    for i, c in enumerate(fog.spread):
        left = MARGIN + (c.x - x0) * (FOG_W + FOG_GAP)
        up = top + 40 + (c.y - y0) * (FOG_H + FOG_GAP)
        box = (left, up, left + FOG_W, up + FOG_H)
        if not c.face_up:
            d.rounded_rectangle(box, 8, fill="#3a3f4a", outline="#6c7384", width=2)
            continue
        card = kingdom.fog_card(c.card)
        outline = "#ffcf6a" if i in fog.path else "#9aa0ad"
        d.rounded_rectangle(box, 8, fill="#d9d4c7", outline=outline, width=4)
        d.text((left + 10, up + 6), str(card.value), font=_font(30), fill="#1d1a14")
        if card.hazard is not None:
            d.text((left + FOG_W - 10, up + 8), "!", font=_font(24), fill="#c0502e", anchor="ra")
        for j, line in enumerate(_wrap(d, card.name, fs, FOG_W - 12)[:3]):
            d.text((left + 6, up + 44 + j * 17), line, font=fs, fill="#1d1a14")
        if i == fog.path[-1]:
            cx, cy = left + FOG_W - 20, up + FOG_H - 20
            d.ellipse((cx - 14, cy - 14, cx + 14, cy + 14), fill="#c8202a", outline="white", width=2)
            d.text((cx, cy), "P", font=fs, fill="white", anchor="mm")


def _draw_track(
    d: ImageDraw.ImageDraw, kingdom: Kingdom, track: KingdomTrack, delve: DelveState, top: int, f: Font, fs: Font
) -> None:
    spec = kingdom.track
    hunts = {h.threat: h.moves for h in spec.hunt_spaces}
    rows = (("Threat", track.threat, spec.threat_max, "#c0502e"), ("Curse", track.curse, spec.curse_max, "#7a4fb0"),
            ("Time", track.time, spec.time, "#3f7fbf"))
    for i, (name, value, maximum, colour) in enumerate(rows):
        y = top + i * 40
        d.text((MARGIN, y + 6), name, font=f, fill="#f0e6d0")
        for n in range(maximum + 1):
            x = MARGIN + 80 + n * 34
            fill = colour if n == value else "#2c3038"
            d.rectangle((x, y, x + 30, y + 30), fill=fill, outline="#9aa0ad")
            d.text((x + 15, y + 15), str(n), font=fs, fill="white", anchor="mm")
            if name == "Threat" and n in hunts:
                d.text((x + 15, y - 4), f"H{hunts[n]}", font=_font(11), fill="#ffcf6a", anchor="md")
            if name == "Curse" and n == maximum and spec.curse_paragraph:
                d.text((x + 40, y + 15), f"at 9: read {spec.curse_paragraph}", font=fs, fill="#d9b3ff", anchor="lm")
    status = "LOST - " + (delve.lost_reason or "") if track.lost else f"Party on {delve.tile}"
    if delve.fog is not None and not track.lost:
        status = f"Party in the Deep Fog (reminder token on {delve.tile})"
    if delve.hindering and not track.lost:  # what the Hindering tokens on the map are
        kinds = dict.fromkeys(t.kind for t in delve.hindering)
        status += "   |   " + ", ".join(f"{HINDER[k][0]}: {GATES[k]}" for k in kinds)
    d.text((MARGIN, top + 128), status, font=f, fill="#ff6b6b" if track.lost else "#f0e6d0")
    if delve.encounter_due is not None and not track.lost:
        m = next((x for x in delve.encounter_monsters if x.card == delve.encounter_due), None)
        d.text((MARGIN + 520, top + 128), f"Encounter due: {m.name if m else delve.encounter_due}", font=f,
               fill="#ff6b6b")
    # the District Wheel, clockwise, each district with the Monster whose token is on it
    x = MARGIN
    d.text((x, top + 160), "District Wheel (clockwise):", font=fs, fill="#c9c2b0")
    x += 200
    for district_id in kingdom.wheel:
        district = kingdom.district(district_id)
        _badge(d, x + 14, top + 168, district.icon, district.colour)
        d.text((x + 34, top + 168), district.name, font=fs, fill="#c9c2b0", anchor="lm")
        card = delve.wheel_tokens.get(district_id)
        m = next((e for e in delve.encounter_monsters if e.card == card), None)
        if card is not None:
            _token(d, delve, card, x + 14, top + 210, r=16)
        label = m.name.removeprefix("The ") if m else "no Monster"
        d.text((x + 42, top + 210), label, font=fs, fill="#c9c2b0" if m else "#7d7d8c", anchor="lm")
        width = max(int(d.textlength(district.name, font=fs)), int(d.textlength(label, font=fs)))
        x += 44 + width + 16


def _badge(d: ImageDraw.ImageDraw, cx: int, cy: int, icon: str, colour: str) -> None:
    """A district symbol: a coloured disc with the icon's initial."""
    d.ellipse((cx - 16, cy - 16, cx + 16, cy + 16), fill=colour, outline="#1d1a14", width=2)
    d.text((cx, cy), icon[0].upper(), font=_font(18), fill="white", anchor="mm")
