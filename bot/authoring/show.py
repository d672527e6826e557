"""A card as the bot understood it: found by id in a catalogue and described area by area, in the order of the
physical card, so a transcriber can hold it next to the real one (``kfgm content show``, ``/content card``).

Monster Attack cards (AI, Signature, Routine), BP cards, Gear, a Monster's sheet (``<monster>`` or one level:
``<monster>:<level>``) and Kingdom tiles have their own layout (the picture is bot/render/cards.py); any other id
shows the fields it was read with.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml
from pydantic import BaseModel

from content.listing import MERGED, entries
from content.loader import Catalogue
from content.schema import Gear, KingdomTile, Monster
from content.schema.monsters import AICard, BPCard, MonsterLevel, Routine, Signature


@dataclass(frozen=True)
class Found:
    """What an id names: its layout (``ai``, ``signature``, ``routine``, ``bp``, ``gear``, ``monster``, ``tile`` or
    ``other``), the model, the Monster or Kingdom it belongs to, and for a Monster sheet the level shown."""

    layout: str
    model: BaseModel
    owner: BaseModel | None = None
    level: int | None = None
    type: str = ""


class NotFound(LookupError):
    pass


def find(catalogue: Catalogue, card_id: str) -> Found:
    """The card, sheet or tile of ``card_id`` (``<monster>:<level>`` for one level of a Monster's sheet)."""
    base, _, level_text = card_id.partition(":")
    if base in catalogue.monsters:
        monster = catalogue.monsters[base]
        levels = [lv.level for lv in monster.levels]
        level = int(level_text) if level_text.isdigit() else levels[0]
        if level not in levels:
            raise NotFound(f"{monster.name} has no level {level_text!r}; its levels are "
                           f"{', '.join(map(str, levels))} (write {base}:{levels[0]})")
        return Found("monster", monster, level=level, type="monster sheet")
    for monster in catalogue.monsters.values():
        for layout, cards in (("ai", monster.ai_cards), ("bp", monster.bp_cards),
                              ("signature", [monster.signature]), ("routine", [monster.routine])):
            for card in cards:
                if card.id == card_id:
                    return Found(layout, card, monster, type=f"{layout} card")
    if card_id in catalogue.gear:
        return Found("gear", catalogue.gear[card_id], type="gear")
    for kingdom_id, tiles in catalogue.kingdom_tiles.items():
        if card_id in tiles:
            return Found("tile", tiles[card_id], catalogue.kingdoms.get(kingdom_id), type="kingdom tile")
    for row in entries(catalogue):
        if row["id"] == card_id and row["type"] == MERGED:
            raise NotFound(f"{card_id!r} names a set of tiles or cards (kind: kingdom_tiles or kingdom_cards) that "
                           "joined its Kingdom; show one of its tiles or cards by its own id")
        if row["id"] == card_id:
            model = _model_of(catalogue, card_id)
            if model is not None:
                return Found("other", model, type=row["type"])
    raise NotFound(f"no content has the id {card_id!r}; `kfgm content list` (or /content list) shows every id")


def _model_of(catalogue: Catalogue, wanted: str) -> BaseModel | None:
    """The model with the id ``wanted`` anywhere in the catalogue (a document or one of its parts)."""
    def search(value: Any) -> BaseModel | None:
        if isinstance(value, BaseModel):
            if getattr(value, "id", None) == wanted:
                return value
            return search([getattr(value, f) for f in type(value).model_fields])
        if isinstance(value, (list, tuple)):
            for item in value:
                found = search(item)
                if found is not None:
                    return found
        if isinstance(value, dict):
            return search(list(value.values()))
        return None

    from content.listing import content_fields

    for name in content_fields(catalogue):
        found = search(getattr(catalogue, name))
        if found is not None:
            return found
    return None


# --- words ----------------------------------------------------------------------------------------------------


def effect_words(effect: BaseModel) -> str:
    """One effect as the card would say it: a ``text`` effect is its text, a typed one its type and amounts."""
    data = effect.model_dump(exclude_defaults=True)
    kind = str(getattr(effect, "type", "")).replace("_", " ")
    if kind == "text":
        return str(data.get("text", ""))
    amount = f" {data['amount']}" if "amount" in data else ""
    rest = ", ".join(f"{k.replace('_', ' ')}: {str(v).lower() if isinstance(v, bool) else v}"
                     for k, v in data.items() if k not in ("type", "amount"))
    return f"{kind.capitalize()}{amount}" + (f" ({rest})" if rest else "")


def effects_words(effects: list[Any]) -> str:
    return "; ".join(effect_words(e) for e in effects) or "—"


def attack_lines(card: AICard | Signature | Routine, monster: Monster) -> dict[str, list[str]]:
    """The areas of a Monster Attack card, top to bottom."""
    label = {"AICard": f"AI {getattr(card, 'level', '')}", "Signature": "Signature", "Routine": "Routine"}
    evasion = (f"Evasion: {card.evasion_dice} dice, {card.evasion_difficulty}+"
               if card.evasion_dice is not None else "Evasion: none")
    targeting = [f"{i}. {line.text}  ({', '.join(c.is_ for c in line.criteria)})"
                 for i, line in enumerate(card.targeting, 1)] or ["(no Targeting)"]
    move = card.movement
    movement = [f"{move.type.replace('_', ' ')}" + (f" {move.speed}" if move.speed is not None else "")
                + (f" — {move.text}" if move.text else "")]
    attack = card.attack
    attack_text = ["no attack"] if attack is None else [
        " + ".join(attack.types) + (f", range {attack.range}" if attack.range else "")
        + (f", zone {attack.zone}" if attack.zone is not None else "")
        + (f", {' / '.join(attack.virtues)} {attack.difficulty}+" if attack.virtues else "")]
    return {
        "title": [f"{card.name} — {monster.name}, {label[type(card).__name__]}"],
        "evasion": [evasion],
        "targeting": targeting,
        "movement": movement,
        "attack": attack_text,
        "consequences": [effects_words(card.consequences)],
        "text": [card.text] if card.text else [],
    }


def bp_lines(card: BPCard, monster: Monster) -> dict[str, list[str]]:
    responses = [f"{r.trigger.capitalize()}: {effects_words(r.effects)}" for r in card.responses] or ["(no Response)"]
    for name in ("overcome", "overpower"):
        box = getattr(card, name)
        if box is not None:
            responses.append(f"{name.capitalize()} {box.at}: {effects_words(box.effects)}")
    return {"title": [f"{card.name} — {monster.name}, BP {card.level}"], "at": [f"AT {card.at}"],
            "responses": responses, "text": [card.text] if card.text else []}


def gear_lines(gear: Gear) -> dict[str, list[str]]:
    stats = []
    if gear.attack_dice is not None:
        stats.append(f"Attack dice {gear.attack_dice}, Precision {gear.precision:+d}")
    if gear.weapon_power.total:
        stats.append(f"Weapon Power {gear.weapon_power.label()}")
    if gear.bonus_power.total or gear.bonus_raw_power:
        stats.append(f"Bonus Power {gear.bonus_power.label()}" + (f" +{gear.bonus_raw_power}" if gear.bonus_raw_power
                                                                  else ""))
    if gear.armor_dice.total:
        stats.append(f"Armor dice {gear.armor_dice.label()}")
    if gear.evasion:
        stats.append(f"Evasion {gear.evasion:+d}")
    if gear.reach:
        stats.append(f"Reach {gear.reach}")
    if gear.ranged:
        stats.append(f"Ranged {gear.ranged[0]}–{gear.ranged[1]}")
    keywords = [f"{k.name}" + (f" {k.value}" if getattr(k, "value", None) is not None else "") for k in gear.keywords]
    abilities = [(f"{a.cost}: " if getattr(a, "cost", None) else "") + a.text for a in gear.abilities]
    hands = f", {gear.hands}-handed" if gear.hands else ""
    return {"title": [gear.name], "type": [f"{gear.type.capitalize()}{hands} — {gear.tier.capitalize()} tier"],
            "stats": stats or ["—"], "keywords": [", ".join(keywords)] if keywords else [],
            "abilities": abilities, "traits": [", ".join(gear.traits)] if gear.traits else [],
            "flavour": [gear.flavour] if gear.flavour else []}


def level_lines(monster: Monster, level: MonsterLevel) -> dict[str, list[str]]:
    traits = {t.id: t for t in monster.traits}
    active: list[str] = []
    for lv in monster.levels:
        if lv.level > level.level:
            break
        active = [t for t in active if t not in lv.traits_removed] + lv.traits_added
    return {
        "title": [f"{monster.name} — level {level.level} ({monster.type})"],
        "level": [f"To Hit {level.to_hit}", f"Wounds {level.wounds} (Exhibition {level.exhibition_wounds})",
                  "Activations: " + ", ".join("AI" if a == "ai" else "Signature" for a in level.activations),
                  f"AT +{level.at_bonus}, Vigor loss +{level.vigor_loss_bonus}, "
                  f"Evasion dice +{level.evasion_dice_bonus}",
                  f"Starting Escalations {level.escalations}" + (f", AI 0: {level.ai_zero}" if level.ai_zero else "")],
        "traits": [f"{traits[t].name}: {traits[t].text}" for t in active if t in traits] or ["(no Traits)"],
        "decks": [f"AI cards {len(monster.ai_cards)}, BP cards {len(monster.bp_cards)}; levels "
                  + ", ".join(str(lv.level) for lv in monster.levels)],
    }


def tile_lines(tile: KingdomTile, kingdom: BaseModel | None) -> dict[str, list[str]]:
    back = tile.back
    return {
        "title": [f"{tile.name} ({tile.id})"],
        "front": [f"Size {tile.size}, district {tile.district}"
                  + (f", Point of Interest {tile.poi}" if tile.poi else "")
                  + (f", cipher {tile.cipher}" if tile.cipher else "")],
        "paths": [f"{p.direction}: to {p.to} ({p.size})" for p in tile.paths]
        + [f"{d}: Deep Fog" for d in tile.fog_paths],
        "back": [f"Time {back.time:+d}, Threat {back.threat:+d}, Deep Fog intensity {back.fog_intensity}, "
                 f"Clues {back.clues}"],
        "kingdom": [getattr(kingdom, "name", "")],
    }


def sections(found: Found) -> dict[str, list[str]]:
    """The card's areas as lines of text, in the order of the card."""
    model, owner = found.model, found.owner
    if isinstance(model, (AICard, Signature, Routine)) and isinstance(owner, Monster):
        return attack_lines(model, owner)
    if isinstance(model, BPCard) and isinstance(owner, Monster):
        return bp_lines(model, owner)
    if isinstance(model, Gear):
        return gear_lines(model)
    if isinstance(model, Monster):
        return level_lines(model, model.level(found.level or model.levels[0].level))
    if isinstance(model, KingdomTile):
        return tile_lines(model, owner)
    dumped = yaml.safe_dump(model.model_dump(mode="json", exclude_defaults=True), sort_keys=False,
                            allow_unicode=True, width=10_000)
    return {"title": [str(getattr(model, "name", None) or getattr(model, "id", ""))],
            "fields": dumped.splitlines()[:60]}


def as_text(found: Found) -> str:
    parts = sections(found)
    lines = [f"{parts['title'][0]}  [{found.type}]"]
    for area, texts in parts.items():
        if area != "title" and texts:
            lines.append(f"{area.upper()}:")
            lines += [f"  {t}" for t in texts]
    return "\n".join(lines)
