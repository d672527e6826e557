"""``kfgm content check PACK``: is a valid pack playable? Warnings with the file and line they concern.

- **Odds to wound.** Each Monster of the pack, at each level, against the weapons a Knight of each Tier may carry
  (Gear of that Tier or lower: rulebook "Whenever you equip a card that is of a higher tier than your own, lose -2
  maximum Vigor"): the exact chance that one Attack wounds, with the functions ``/odds attack`` uses
  (``rules.odds.attack_odds``), against the BP 1 deck a Clash starts with (each card equally likely, its AT plus the
  level's AT bonus), with the weakest Power die of the loaded Portraits. The weapons are the pack's own, or every
  loaded weapon when the pack has none. A level that no weapon of its Tier (level 1: Mob, 2: Vassal...) can wound
  is a warning.
- **Targeting.** A Targeting line is read only when the lines above it found no Knight; a line whose criteria
  always find one (Closest, Furthest, Every, Highest/Lowest X, No Target, Zone; not Most/Least X, which skip the
  line when no Knight has the resource) makes every line below it unreachable.
- **Decks.** An AI 1 deck with fewer cards than a level's AI Activations draws in one Monster Round; starting
  Escalations with no AI 2 or BP 2 card to escalate; a Boss with a BP 1 deck of one card.
- **Kingdoms.** Tiles that no path reaches are refused by the loader already (they are listed as errors); a
  Kingdom with Deep Fog paths and no Deep Fog card is a warning.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from content.loader import STARTER_PACK, Catalogue, ContentInvalid, build_catalogue
from content.schema import TIERS, Gear, Monster
from rules.odds import AttackPlan, Dice, attack_odds

# criteria that find a Target whenever a Knight is on the board: rulebook "Typical Targeting Instructions" ("Highest X
# ... '0' is still considered a valid amount"; "Zone: ... triggers even if there are no Knights"); not Most/Least X
# ("If there is no Knight that has the specified resource, skip this targeting line")
ALWAYS_FINDS = {"closest", "furthest", "every", "highest", "lowest", "no_target", "zone"}
KNIGHT_TIERS = TIERS[:5]  # Mob to Dragon; Legendary is the Postgame's
DIE_ORDER = ("white", "black", "red")


@dataclass(frozen=True)
class Warning_:
    where: str  # file:line
    message: str

    def __str__(self) -> str:
        return f"{self.where}: {self.message}"


@dataclass(frozen=True)
class Report:
    errors: list[str]
    warnings: list[Warning_]
    odds: list[dict[str, object]]  # monster, level, tier, weapon, wound (exact fraction as text), percent


def _weakest_die(catalogue: Catalogue) -> str:
    dice = [p.power_die for k in catalogue.knights.values() for p in k.portraits]
    return min(dice, key=DIE_ORDER.index) if dice else "white"


def wound_chance(weapon: Gear, monster: Monster, level: int, catalogue: Catalogue) -> Fraction:
    """The exact chance one Attack of ``weapon`` wounds ``monster`` at ``level`` (BP 1 deck, each card alike)."""
    assert catalogue.dice is not None and weapon.attack_dice
    sheet = monster.level(level)
    ats = [c.at + sheet.at_bonus for c in monster.bp_cards if c.level == 1]
    if not ats:
        return Fraction(0)
    die = _weakest_die(catalogue)
    total = Fraction(0)
    for at in ats:
        plan = AttackPlan(dice=weapon.attack_dice, to_hit=sheet.to_hit, precision=max(-20, min(20, weapon.precision)),
                          weapon_power=Dice(**weapon.weapon_power.model_dump()),
                          bonus_power=Dice(**weapon.bonus_power.model_dump(), raw=weapon.bonus_raw_power),
                          knight_die=die, at=at)  # type: ignore[arg-type]
        total += attack_odds(plan, catalogue.dice).wound or Fraction(0)
    return total / len(ats)


def _odds(catalogue: Catalogue, monsters: list[Monster], weapons: list[Gear]) -> tuple[list[dict[str, object]],
                                                                                    list[Warning_]]:
    rows: list[dict[str, object]] = []
    warnings = []
    for monster in monsters:
        for sheet in monster.levels:
            best_at_tier: dict[str, tuple[Fraction, str]] = {}
            for t, tier in enumerate(KNIGHT_TIERS):
                usable = [w for w in weapons if TIERS.index(w.tier) <= t]
                scored = [(wound_chance(w, monster, sheet.level, catalogue), w.id) for w in usable]
                best = max(scored, default=(Fraction(0), "(no weapon of this Tier)"))
                best_at_tier[tier] = best
                rows.append({"monster": monster.id, "level": sheet.level, "tier": tier, "weapon": best[1],
                             "wound": str(best[0]), "percent": round(float(best[0]) * 100, 1)})
            tier = KNIGHT_TIERS[min(sheet.level, len(KNIGHT_TIERS)) - 1]
            if best_at_tier[tier][0] == 0:
                where = catalogue.origin.get(monster.id, monster.id)
                warnings.append(Warning_(where, f"{monster.name} level {sheet.level}: no weapon a {tier.capitalize()} "
                                         "Tier Knight may carry can wound it (0% against the BP 1 deck); lower its "
                                         "To Hit or the BP cards' AT, or add weapons"))
    return rows, warnings


def _targeting(catalogue: Catalogue, monsters: list[Monster]) -> list[Warning_]:
    warnings = []
    for monster in monsters:
        for card in [*monster.ai_cards, monster.signature, monster.routine]:
            for i, line in enumerate(card.targeting[:-1]):
                if all(c.is_ in ALWAYS_FINDS for c in line.criteria):
                    below = ", ".join(f"{j + 1}. {t.text}" for j, t in enumerate(card.targeting[i + 1:], i + 1))
                    warnings.append(Warning_(catalogue.origin.get(card.id, monster.id),
                                             f"{card.name}: Targeting line {i + 1} ({line.text!r}) always finds a "
                                             f"Knight, so the lines below it are never read ({below})"))
                    break
    return warnings


def _decks(catalogue: Catalogue, monsters: list[Monster]) -> list[Warning_]:
    warnings = []
    for monster in monsters:
        where = catalogue.origin.get(monster.id, monster.id)
        ai1 = [c for c in monster.ai_cards if c.level == 1]
        for sheet in monster.levels:
            draws = sheet.activations.count("ai")
            if len(ai1) < draws:
                warnings.append(Warning_(where, f"{monster.name} level {sheet.level} draws {draws} AI cards a Monster "
                                         f"Round but its AI 1 deck has {len(ai1)}"))
            for deck, cards in (("AI", monster.ai_cards), ("BP", monster.bp_cards)):
                if sheet.escalations and not any(c.level >= 2 for c in cards):
                    warnings.append(Warning_(where, f"{monster.name} level {sheet.level} starts with "
                                             f"{sheet.escalations} Escalation(s) but has no {deck} 2 or 3 card to "
                                             "escalate"))
        if monster.type == "boss" and len([c for c in monster.bp_cards if c.level == 1]) == 1:
            warnings.append(Warning_(where, f"{monster.name}: the BP 1 deck has one card, so every Attack meets "
                                     "the same card"))
    return warnings


def _kingdoms(catalogue: Catalogue, pack_ids: set[str]) -> list[Warning_]:
    warnings = []
    for kingdom in catalogue.kingdoms.values():
        tiles = catalogue.kingdom_tiles.get(kingdom.id, {})
        if kingdom.id in pack_ids and any(t.fog_paths for t in tiles.values()) and not kingdom.deep_fog:
            warnings.append(Warning_(catalogue.origin.get(kingdom.id, kingdom.id),
                                     f"{kingdom.name} has Deep Fog paths but no Deep Fog card to draw"))
    return warnings


def check_pack(folder: Path) -> Report:
    """The pack's validation errors (then nothing else is checked) or its warnings and odds table."""
    folders = [] if folder.resolve() == STARTER_PACK.resolve() else [STARTER_PACK]
    try:
        catalogue = build_catalogue([*folders, folder])
    except ContentInvalid as exc:
        return Report([str(e) for e in exc.errors], [], [])
    pack = catalogue.packs[-1].id
    ids = set(catalogue.ids_of(pack))
    monsters = [m for m in catalogue.monsters.values() if m.id in ids]
    own = [g for g in catalogue.gear.values() if g.id in ids and g.type == "weapon"]
    weapons = own or [g for g in catalogue.gear.values() if g.type == "weapon"]
    rows, warnings = _odds(catalogue, monsters, weapons)
    warnings += _targeting(catalogue, monsters) + _decks(catalogue, monsters) + _kingdoms(catalogue, ids)
    return Report([], warnings, rows)
