"""The Power Roll of a Knight Attack (rulebook "6. Power Roll", 6.1-6.5) and the Knight tokens of the Knight Pool
(rulebook "Knight Pool and Knight Tokens").

Pure functions: the Power Pool is counted with ``rules.odds.wanted_dice`` (the same count ``/odds attack`` uses),
rolled with ``rules.rolls.power`` (the box limits of ``rules.power.apply_box_limits``), then the Knight tokens turn
Potentials ("Miss symbols") and Hope symbols ("critical symbols") into Power, the way ``rules.odds.converted``
counts them, with Fire tokens last ("You may use other tokens to turn Miss into Hit first, but if you can't, you
must always use as many Fire tokens from the Pool as possible").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Literal, cast

from content.loader import Catalogue
from content.schema import POWER_TIERS, DiceSet, PowerColour
from content.schema.gear import GearFace, Keyword, PowerDice
from content.schema.knights import HeroicLevel
from rules import odds
from rules.clash.attack_facts import PowerOutcome, PowerRollResolved
from rules.clash.knight_attack_facts import (
    AttackPoolCleared,
    AttackPotentialUnused,
    AttackPowerPool,
    AttackTimedAbility,
    AttackWindowByHand,
    AttackWindowTokens,
)
from rules.coverage import implements
from rules.dice import Dice
from rules.facts import Line
from rules.keywords.model import KNIGHT_ATTACK, Context
from rules.keywords.registry import shown
from rules.knights import keyword_effects
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.power import PowerFace, PowerPool
from rules.rolls import power as roll_power
from rules.rolls.facts import Face

T = "tests/clash/test_knight_attack.py::"
# Keyword List name -> the Knight token it places ("Opening X: ... place X Opening tokens in the Knight Pool").
TOKEN_KEYWORDS: dict[str, str] = {
    "Opening": "opening", "Break": "break", "Fire": "fire", "Black": "black", "Closing": "closing", "Hope": "hope",
    "Sunder": "sunder", "Rouse": "rouse", "Power": "power", "Cantrip": "cantrip", "Spell": "spell",
    "Diversion": "diversion", "Improved Diversion": "improved_diversion",
}
# "Diversion tokens cannot stack." / "Improved Diversion tokens cannot stack."
NO_STACK = ("diversion", "improved_diversion")
ADDITIONAL_DIE = re.compile(r"Additional Power Die \((white|black|red)\)", re.IGNORECASE)
PROMOTION = re.compile(r"Power Dice Promotion", re.IGNORECASE)


# --- the Knight Pool at declaration ----------------------------------------------------------------------


@dataclass(frozen=True)
class PoolTokens:
    """What the attacking Knight takes from the Knight Pool: Cantrips already changed as declared."""

    precision: int = 0  # Opening + Closing + Spell (+ Cantrips declared as Opening)
    rerolls: int = 0  # Closing: "grants a re-roll of one Attack die"
    breaks: int = 0  # Break + Spell (+ Cantrips declared as Break)
    fire: int = 0
    black: int = 0
    hope: int = 0
    sunder: int = 0
    power: int = 0
    rouse: int = 0
    diversion: bool = False
    improved_diversion: bool = False


@implements(
    "Knight Pool and Knight Tokens",
    tests=[T + "test_opening_closing_and_spell_add_precision", T + "test_cantrip_is_opening_or_break_as_declared",
           T + "test_break_hope_and_sunder_turn_potentials_into_power", T + "test_power_tokens_add_power",
           T + "test_fire_is_used_last_and_all_but_one_unused_fire_stay"],
)
def pool_tokens(pool: dict[str, int], cantrip: str | None) -> PoolTokens:
    """"Opening: ... adds +1 to the result of each Attack die"; "Closing: ... adds +1 to the result of each Attack
    die ..., and grants a re-roll of one Attack die"; "Cantrip: ... either 1 Opening or 1 Break token. You must
    state which token to change it into when declaring an Attack"; "Spell: ... both 1 Opening and 1 Break token"."""
    n = {t: max(0, int(pool.get(t, 0))) for t in TOKEN_KEYWORDS.values()}
    cantrip_opening = n["cantrip"] if cantrip == "opening" else 0
    cantrip_break = n["cantrip"] if cantrip == "break" else 0
    return PoolTokens(
        precision=n["opening"] + n["closing"] + n["spell"] + cantrip_opening, rerolls=n["closing"],
        breaks=n["break"] + n["spell"] + cantrip_break, fire=n["fire"], black=n["black"], hope=n["hope"],
        sunder=n["sunder"], power=n["power"], rouse=n["rouse"], diversion=n["diversion"] > 0,
        improved_diversion=n["improved_diversion"] > 0,
    )


def conversions(potential: int, hope: int, t: PoolTokens) -> tuple[int, dict[str, int]]:
    """Power gained from the tokens and the tokens used: Sunder on Potentials (2 Power each), Hope on Hope symbols,
    Break on Potentials, Hope on the Potentials left, then Fire on the Potentials still left."""
    used: dict[str, int] = {}
    used["sunder"] = min(t.sunder, potential)
    potential -= used["sunder"]
    used["hope"] = min(t.hope, hope)
    used["break"] = min(t.breaks, potential)
    potential -= used["break"]
    hope_left = t.hope - used["hope"]
    on_potential = min(hope_left, potential)
    used["hope"] += on_potential
    potential -= on_potential
    used["fire"] = min(t.fire, potential)
    gained = 2 * used["sunder"] + used["hope"] + used["break"] + used["fire"]
    return gained, {k: v for k, v in used.items() if v}


# --- 6.1 Create the Power Pool ---------------------------------------------------------------------------


@dataclass
class PoolPlan:
    """The Power Pool asked for (before the box limits) and where each part comes from (``source``: the Power Pool's
    fact, the box's dice not counted yet). ``parts`` are those sources in words for an Encounter's Attack, whose
    family (rules/delve/encounter_attack.py) is not converted yet."""

    white: int
    black: int
    red: int
    raw: int
    parts: list[str] = field(default_factory=list)
    source: AttackPowerPool | None = None


def _colours(d: PowerDice) -> dict[str, int]:
    return {"red": d.red, "black": d.black, "white": d.white}


def _dice(p: PowerDice) -> odds.Dice:
    return odds.Dice(white=p.white, black=p.black, red=p.red)


def arc_levels(cat: Catalogue, k: KnightState, passion: int) -> list[HeroicLevel]:
    """"You can apply bonuses from each Heroic Arc level equal to or lower than your current Passion.\""""
    knight = st.content(cat, k)
    arc = next((a for a in knight.heroic_arcs if a.id == k.board.heroic_arc), None)
    return [lv for lv in arc.levels if lv.passion <= min(9, passion)] if arc else []


def promoted(colour: PowerColour) -> PowerColour:
    """"Power Dice Promotion: Treat your Knight Power Dice as one tier higher (up to red).\""""
    i = POWER_TIERS.index(colour)
    return POWER_TIERS[min(i + 1, len(POWER_TIERS) - 1)]


@implements(
    "6.1 Create the Power Pool",
    tests=[T + "test_power_pool_counts_weapon_power_per_hit_bonus_power_and_the_knight_die",
           T + "test_power_dice_promotion_and_additional_power_die"],
    note="Weapon Power per hit, Bonus Power, the Knight's Power die, Heroic Arc levels with one option "
    "(Additional Power Die), Power Dice Promotion, the box limits",
)
def knight_dice(cat: Catalogue, k: KnightState, passion: int) -> tuple[PowerColour, list[PowerColour], bool]:
    """The Knight's Power die (promoted by Power Dice Promotion), the Heroic Arc's Additional Power Dice at this
    Passion (levels with one option; a choice of two is the player's), and whether the die was promoted."""
    die: PowerColour = st.portrait(cat, k).power_die
    texts = [a.text for a in st.content(cat, k).abilities]
    extra: list[PowerColour] = []
    for lv in arc_levels(cat, k, passion):
        if len(lv.options) == 1:
            texts.append(lv.options[0].text)
            extra += [cast(PowerColour, m.lower()) for m in ADDITIONAL_DIE.findall(lv.options[0].text)]
    promotion = any(PROMOTION.search(t) for t in texts)
    return (promoted(die) if promotion else die), extra, promotion


def create_pool(cat: Catalogue, k: KnightState, face: GearFace, hits: int, passion: int) -> PoolPlan:
    """"Each successful hit grants you as many Power dice as your active weapon's Weapon Power attribute ... Some
    weapons also have the Bonus Power attribute, which is added to the Pool if you score at least one hit. Then,
    add your Knight's Power die and any other bonuses from your Heroic Arc\"."""
    knight_die, extra, promotion = knight_dice(cat, k, passion)
    extra_dice = odds.Dice(**{c: extra.count(c) for c in POWER_TIERS})
    bonus = odds.Dice(white=face.bonus_power.white, black=face.bonus_power.black, red=face.bonus_power.red,
                      raw=face.bonus_raw_power) if hits else odds.Dice()  # "if you score at least one hit"
    plan = odds.AttackPlan(dice=max(1, hits), to_hit=1, weapon_power=_dice(face.weapon_power), bonus_power=bonus,
                           knight_die=knight_die, extra_power=extra_dice)
    white, black, red, raw = odds.wanted_dice(plan, hits)
    parts = [f"{hits} × Weapon Power ({face.weapon_power.label()})"]
    if hits and (face.bonus_power.total or face.bonus_raw_power):
        dice_text = face.bonus_power.label() if face.bonus_power.total else ""
        raw_text = f"+{face.bonus_raw_power} Power" if face.bonus_raw_power else ""
        parts.append("Bonus Power " + ", ".join(x for x in (dice_text, raw_text) if x))
    parts.append(f"the Knight's {knight_die} Power die" + (" (Power Dice Promotion)" if promotion else ""))
    parts += [f"Additional Power Die ({c}, Heroic Arc)" for c in extra]
    bonused = bool(hits and (face.bonus_power.total or face.bonus_raw_power))
    source = AttackPowerPool(hits=hits, weapon_power=_colours(face.weapon_power), knight_die=knight_die,
                             bonus_power=_colours(face.bonus_power) if bonused else {},
                             bonus_raw=face.bonus_raw_power if bonused else 0, promotion=promotion, extra=list(extra))
    return PoolPlan(white=white, black=black, red=red, raw=raw, parts=parts, source=source)


# --- 6.2-6.5 ----------------------------------------------------------------------------------------------


@dataclass
class PowerResult:
    pool: PowerPool
    faces: list[PowerFace]
    rerolled: list[int]  # 0-based indexes of the dice re-rolled (Black tokens, Power Re-roll X)
    symbols: int  # Power symbols on the dice
    raw: int  # raw Power points: Bonus Power, dice beyond the box, Power tokens
    potential: int
    hope: int
    converted: int  # Power from Break/Fire/Hope/Sunder/Black tokens
    used: dict[str, int]
    total: int


def _count(faces: list[PowerFace], rerolled: list[int], pool: PowerPool, t: PoolTokens) -> tuple[int, dict[str, int]]:
    """Power from tokens; Black: "turns 1 Miss on a die re-rolled this way into 1 Hit"."""
    black = sum(1 for i in rerolled if faces[i].potential > 0)
    potential = sum(f.potential for f in faces) + pool.raw_potential - black
    gained, used = conversions(potential, sum(f.hope for f in faces), t)
    if black:
        used["black_conversion"] = black
    return gained + black, used


def _idle(faces: list[PowerFace], pool: PowerPool, t: PoolTokens, count: int) -> list[int]:
    """Dice a Black token may re-roll at no risk: no Power symbol, and nothing the tokens would turn into Power
    (the Total Power without them is the same). The strongest dice first (docs/rulings.md)."""
    order = sorted(range(len(faces)), key=lambda i: -POWER_TIERS.index(faces[i].colour))
    chosen: list[int] = []
    best, _ = _count(faces, [], pool, t)
    for i in order:
        if len(chosen) >= count:
            break
        if faces[i].power:
            continue
        blanked = [f.model_copy(update={"potential": 0, "hope": 0}) if j in (*chosen, i) else f
                   for j, f in enumerate(faces)]
        if _count(blanked, [], pool, t)[0] == best:
            chosen.append(i)
    return chosen


@implements(
    "6. Power Roll",
    tests=[T + "test_a_wound_runs_the_ten_steps", T + "test_wound_when_total_power_reaches_at"],
    note="6.1-6.5 in order: the pool, the roll, Black re-rolls, the tokens on Potentials, the Total Power",
)
@implements(
    "6.2 Roll the Dice",
    tests=[T + "test_power_pool_counts_weapon_power_per_hit_bonus_power_and_the_knight_die"],
    note="the Power Roll of a Knight Attack (rules.rolls.power)",
)
@implements(
    "6.3 Power Re-rolls",
    tests=[T + "test_black_tokens_reroll_idle_dice_and_turn_their_potential_into_power",
           T + "test_power_reroll_rerolls_idle_dice_once"],
    note="Black tokens and the weapon's Power Re-roll X re-roll dice that count for nothing, declared together",
)
@implements(
    "6.4 Use Potentials",
    tests=[T + "test_break_hope_and_sunder_turn_potentials_into_power",
           T + "test_fire_is_used_last_and_all_but_one_unused_fire_stay"],
    note="Knight tokens turn Potentials into Power; other effects that use Potentials are narrated",
)
@implements(
    "6.5 Resolve the Power Roll",
    tests=[T + "test_wound_when_total_power_reaches_at", T + "test_fail_below_at_discards_the_bp_card"],
)
def power_rerolls(keywords: list[Keyword]) -> int:
    """How many Power dice the weapon's "Power Re-roll X" keywords re-roll (the Clash's and the Encounter's Attack)."""
    return sum(kw.value or 0 for kw in keywords if kw.name == "Power Re-roll")


def roll(dice: Dice, dice_set: DiceSet, plan: PoolPlan, t: PoolTokens, power_rerolls: int = 0) -> PowerResult:
    """Roll the pool, re-roll with Black tokens and Power Re-roll X, use the tokens, and sum the Total Power.
    "each die can be re-rolled only once and you must declare all dice you wish to re-roll before re-rolling any of
    them": the Black tokens' dice and the Power Re-rolls' are chosen together, among the dice that count for
    nothing (a re-roll cannot make them worse)."""
    dice.next_throw()  # how many Power dice there are depends on the Attack dice
    r = roll_power(dice, dice_set, plan.white, plan.black, plan.red, "Power Roll")
    faces = list(r.faces)
    idle = _idle(faces, r.pool, t, t.black + power_rerolls)
    rerolled, plain = idle[:t.black], idle[t.black:]
    if idle:
        dice.next_throw()
        for i in idle:
            colour = faces[i].colour
            why = "Black token re-roll" if i in rerolled else "Power Re-roll"
            n = dice.d6(f"Power Roll ({why} of a {colour} die)", colour=colour, reroll=True)
            shown = dice_set.die(colour).faces[n - 1]
            faces[i] = PowerFace(colour=colour, face=n, power=shown.power, potential=shown.potential, hope=shown.hope)
    gained, used = _count(faces, rerolled, r.pool, t)
    if rerolled:
        used["black"] = len(rerolled)
    if plain:
        used["power_reroll"] = len(plain)
    symbols = sum(f.power for f in faces)
    raw = r.pool.raw_power + plan.raw + t.power
    if t.power:
        used["power"] = t.power
    return PowerResult(
        pool=r.pool, faces=faces, rerolled=idle, symbols=symbols, raw=raw,
        potential=sum(f.potential for f in faces) + r.pool.raw_potential, hope=sum(f.hope for f in faces),
        converted=gained, used=used, total=symbols + raw + gained,
    )


def power_rolled(res: PowerResult, at: int, outcome: PowerOutcome, used: dict[str, int], gained: int = 0,
                 pool: Literal["knight", "encounter"] = "knight") -> PowerRollResolved:
    """The fact of a Power Roll: its faces, the tokens used, the Total Power against ``at`` and the ``outcome``."""
    faces = [Face(colour=f.colour, power=f.power, potential=f.potential, hope=f.hope) for f in res.faces]
    return PowerRollResolved(faces=faces, rerolled=res.rerolled, used=used, gained=gained, pool=pool,
                             total=res.total, at=at, outcome=outcome)


# --- 9. Clear the Knight Pool / 10. tokens placed -----------------------------------------------------------


@implements(
    "9. Clear the Knight Pool",
    tests=[T + "test_fire_is_used_last_and_all_but_one_unused_fire_stay", T + "test_full_miss_clears_the_pool"],
)
def clear_pool(pool: dict[str, int], fire_used: int, before: dict[str, int] | None = None,
               keep: dict[str, int] | None = None, where: str = "Knight Pool") -> tuple[dict[str, int], list[Line]]:
    """"remove all Knight tokens from the Knight Pool, unless explicitly instructed otherwise"; Fire: "During the
    Clear the Knight Pool step, leave all but one unused Fire tokens in the Knight Pool". Resource tokens "remain
    in the Pool until they're used". Tokens the Monster's cards placed after ``before`` (the pool the Attack used)
    stay for the next Attack (docs/rulings.md). ``where`` names the pool: the Knight Pool, or an Encounter's
    Encounter Pool ("The Encounter Pool and the Knight Pool are separate!")."""
    knight_tokens = set(TOKEN_KEYWORDS.values())
    added = {t: n - before.get(t, 0) for t, n in pool.items() if n > before.get(t, 0)} if before is not None else {}
    used = {t: n - added.get(t, 0) for t, n in pool.items()}
    kept = {t: n for t, n in used.items() if t not in knight_tokens and n > 0}
    fire_left = max(0, used.get("fire", 0) - fire_used - 1)
    if fire_left:
        kept["fire"] = fire_left
    removed = {t: n for t, n in used.items() if t in knight_tokens and n > 0}
    lines: list[Line] = []
    passed = {t: min(n, removed.get(t, 0)) for t, n in (keep or {}).items() if min(n, removed.get(t, 0)) > 0}
    if passed:
        kept = place(kept, passed)
        removed = {t: n - passed.get(t, 0) for t, n in removed.items() if n - passed.get(t, 0) > 0}
        lines.append(AttackPoolCleared(step="passed", where=where, tokens=passed))
    if removed:
        lines.append(AttackPoolCleared(step="cleared", where=where, tokens=dict(sorted(removed.items())),
                                       fire_left=fire_left))
    if added and any(t in knight_tokens for t in added):
        kept = place(kept, {t: n for t, n in added.items() if t in knight_tokens})
        lines.append(AttackPoolCleared(step="stayed", where=where, tokens=added))
    return kept, lines or [AttackPoolCleared(step="empty", where=where)]


def token_keywords(keywords: list[Keyword], *, auto: bool) -> dict[str, int]:
    """Tokens a list of keywords places: "Opening X" (second ability window) or, with ``auto``, "Auto-X Y" ("Place a
    number of tokens in the Knight Pool during the first ability window")."""
    out: dict[str, int] = {}
    for kw in keywords:
        if auto:
            if not kw.name.startswith("Auto-"):
                continue
            token = kw.name[5:].lower()
        else:
            token = TOKEN_KEYWORDS.get(kw.name, "")
        if not token:
            continue
        out[token] = out.get(token, 0) + (kw.value if kw.value is not None else 1)
    return out


def place(pool: dict[str, int], tokens: dict[str, int]) -> dict[str, int]:
    out = dict(pool)
    for token, n in tokens.items():
        out[token] = min(1, out.get(token, 0) + n) if token in NO_STACK else out.get(token, 0) + n
    return out


# --- the ability windows (narrated, except the Knight tokens a keyword must place) ---------------------------

# Resource tokens a keyword places in the Knight Pool: "Magic X: During the second ability window, place X Magic tokens
# in the Knight Pool." They "remain in the Pool until they're used" (``clear_pool`` keeps them).
RESOURCE_KEYWORDS: dict[str, str] = {"Magic": "magic"}


def timed_abilities(face: GearFace, when: str) -> list[Line]:
    """"Full Hit" / "Full Miss" abilities of the active weapon, shown to be applied by hand."""
    if not when:
        return []
    found = [a.text for a in face.abilities if when.lower() in f"{a.timing or ''} {a.text}".lower()]
    return [AttackTimedAbility(when=when, weapon=face.name, text=text) for text in found]


@implements(
    "4. First Ability Window", status="assisted", tests=[T + "test_auto_break_is_used_in_the_same_attack"],
    note="Auto-X tokens of the active weapon are placed; other abilities are shown for the players",
)
def first_window(face: GearFace, keywords: list[Keyword], pool: dict[str, int], where: str = "Knight Pool",
                 context: Context = KNIGHT_ATTACK) -> tuple[dict[str, int], list[Line]]:
    """"Some rare abilities may also allow you to add Knight tokens for yourself (such as Auto-break X)"; the rest
    ("Vault or Pushback X"...) are the attacking Knight's choice, shown to be applied by hand: each keyword the bot
    does not resolve in this ``context`` (rules/keywords) with its rulebook text and the command, then the
    weapon's ability texts."""
    lines: list[Line] = []
    auto = token_keywords(keywords, auto=True)
    if auto:
        pool = place(pool, auto)
        lines.append(AttackWindowTokens(window="first", who=face.name, tokens=auto, where=where))
    lines += shown(keywords, context, face.name)
    texts = [f"{a.name + ': ' if a.name else ''}{a.text}" for a in face.abilities if a.text]
    if texts:
        lines.append(AttackWindowByHand(what="first", texts=texts))
    return pool, lines


def power_lines(plan: PoolPlan, res: PowerResult, at: int, outcome: PowerOutcome) -> list[Line]:
    pool = res.pool
    dice = {c: n for c, n in (("red", pool.red), ("black", pool.black), ("white", pool.white)) if n}
    assert plan.source is not None  # create_pool's
    lines: list[Line] = [plan.source.model_copy(update={"dice": dice, "raw": res.raw})]
    used = {k: v for k, v in res.used.items() if k not in ("black_conversion", "power_reroll")}
    lines.append(power_rolled(res, at, outcome, used, gained=res.converted + res.used.get("power", 0)))
    left = res.potential - res.used.get("sunder", 0) - res.used.get("break", 0) - res.used.get("fire", 0) \
        - res.used.get("black_conversion", 0) - max(0, res.used.get("hope", 0) - res.hope)
    if left > 0:
        lines.append(AttackPotentialUnused(left=left))
    return lines


@implements("10. Second Ability Window", status="assisted",
            tests=[T + "test_weapon_and_heroic_arc_tokens_are_placed_for_the_next_knight"],
            note="token keywords of the active weapon and of single-option Heroic Arc levels are placed; choices shown")
def second_window(cat: Catalogue, k: KnightState, face: GearFace, keywords: list[Keyword], pool: dict[str, int],
                  passion: int, margin: int, where: str = "Knight Pool") -> tuple[dict[str, int], list[Line]]:
    """"you must always resolve keywords that place Knight tokens in the Knight Pool (like Opening X or Break X)";
    Heroic Arc: "When you reach the second ability window of your Attack, you must apply relevant effects from each
    level of the Heroic Arc that is still available" — a level with two options is the player's choice (shown).
    Overbreak X: "if your Total Power exceeds AT by 1 or more, place X Break tokens"; Envenomed X
    (rules/clash/envenomed.py); Magic X places Magic tokens, Resource tokens that stay in the Pool until used."""
    from rules.clash.envenomed import envenomed_breaks

    placed = token_keywords(keywords, auto=False)
    over = sum(kw.value or 0 for kw in keywords if kw.name == "Overbreak")
    if over and margin >= 1:
        placed["break"] = placed.get("break", 0) + over
    venom = envenomed_breaks(keywords, margin)
    if venom:
        placed["break"] = placed.get("break", 0) + venom
    for kw in keywords:
        if kw.name in RESOURCE_KEYWORDS and kw.value:
            placed[RESOURCE_KEYWORDS[kw.name]] = placed.get(RESOURCE_KEYWORDS[kw.name], 0) + kw.value
    choices: list[tuple[int, list[str]]] = []
    resource_keywords = list(keywords)  # Zeal X and Fleisch X, from the weapon and single-option Arc levels
    for lv in arc_levels(cat, k, passion):
        if len(lv.options) == 1:
            resource_keywords += lv.options[0].keywords
            for token, n in token_keywords(lv.options[0].keywords, auto=False).items():
                placed[token] = placed.get(token, 0) + n
        else:
            choices.append((lv.passion, [o.label() for o in lv.options]))
    lines: list[Line] = []
    if placed:
        pool = place(pool, placed)
        lines.append(AttackWindowTokens(window="second", who=k.name, tokens=placed, where=where))
    pool = dict(pool)
    lines += keyword_effects.second_window(cat, k, resource_keywords, pool, where)
    if choices:
        lines.append(AttackWindowByHand(what="arc", levels=choices))
    if any("exhaust" in f"{a.cost or ''} {a.text}".lower() for a in face.abilities):
        lines.append(AttackWindowByHand(what="exhausts", weapon=face.name))
    return pool, lines
