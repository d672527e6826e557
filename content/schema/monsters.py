"""Monsters: the Monster Sheet, Traits, Signature, Routine, AI and BP cards, Clash Setups, Terrain tiles.

Rulebook, "Monster Sheet" to "Mob Track" and "Clash Phase" to "Spawning Mobs". One ``kind: monster``
document holds everything of one Monster (like its box): the sheet with its levels, the Trait cards, the
Signature and Routine, every AI and BP card (the level on each card's back is ``level``), and one Clash
Setup per Monster level. ``kind: terrain`` documents are the Terrain tiles the setups name.

Structure is typed (Evasion dice, Targeting lines, movement, Attack types, Responses, gates, REACT!
windows); what a card *does* is a list of effects: the typed vocabulary of ``content.schema.cards`` plus
the Monster effects of ``content.schema.monster_effects``, and ``text`` for anything the players apply by hand.

``problems()`` returns the cross-field mistakes of a Monster with their YAML path, so that the loader can
point at the exact line (``kfgm content validate``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Literal

from pydantic import Field, model_validator

from content.schema.board import BoardSpec, MonsterDiagram, TerrainSpec
from content.schema.cards import Direction, Id
from content.schema.dice import Strict
from content.schema.monster_effects import AdditionalWound as AdditionalWound
from content.schema.monster_effects import EscalateDeck as EscalateDeck
from content.schema.monster_effects import FollowUp as FollowUp
from content.schema.monster_effects import Heal as Heal
from content.schema.monster_effects import MonsterEffect as MonsterEffect
from content.schema.monster_effects import Perform as Perform
from content.schema.monster_effects import Suppress as Suppress

MonsterType = Literal["boss", "mob"]
ActivationKind = Literal["ai", "signature"]
CardLevel = Annotated[int, Field(ge=1, le=3)]
Loc = tuple[int | str, ...]
Problem = tuple[Loc, str]

# --- Targeting, movement and Attack types (rulebook "Typical Targeting Instructions" ...) ----------

Criterion = Literal[
    "adjacent", "engaged", "non_engaged", "closest", "furthest", "grouped", "highest", "lowest", "most",
    "least", "in_front", "in_range", "in_sight", "in", "not_in", "last_to_wound", "lone", "no_target",
    "priority_target", "with", "knights", "zone", "text", "every",
]
Stat = Literal["passion", "heat", "vigor", "bane", "speed", "conditions", "knight_tokens"]
Area = Literal["blindspot", "rear", "front", "vantage_point", "weakspot", "terrain"]
_NEEDS: dict[str, str] = {
    "highest": "stat", "lowest": "stat", "most": "stat", "least": "stat", "in_range": "value",
    "knights": "value", "zone": "value", "in": "area", "not_in": "area", "with": "text", "text": "text",
}


class TargetCriterion(Strict):
    """One requirement of a Targeting line: ``{is: every}`` (every Knight meeting the line's other criteria),
    ``{is: closest}``, ``{is: highest, stat: heat}``,
    ``{is: in_range, value: 3}``, ``{is: not_in, area: rear}``, ``{is: zone, value: 2}``,
    ``{is: with, text: a Condition card}``, or ``{is: text, text: ...}`` for a Monster's own instruction."""

    is_: Criterion = Field(alias="is")
    stat: Stat | None = None
    value: int | None = Field(None, ge=0, le=20)
    area: Area | None = None
    text: str = Field("", max_length=200)

    @model_validator(mode="after")
    def _parameters(self) -> TargetCriterion:
        need = _NEEDS.get(self.is_)
        if need == "text" and not self.text:
            raise ValueError(f"'{self.is_}' needs 'text'")
        if need in ("stat", "value", "area") and getattr(self, need) is None:
            raise ValueError(f"'{self.is_}' needs '{need}'")
        return self


class TargetingLine(Strict):
    """A Targeting line, read top to bottom; a Knight must meet every criterion of one line."""

    text: str = Field(min_length=1, max_length=200, description="the line as printed")
    criteria: list[TargetCriterion] = Field(min_length=1, max_length=6)


MovementType = Literal[
    "none", "move", "move_to", "move_behind", "move_lateral", "jump", "land_on_top", "appear", "appear_behind",
    "dwell",  # Sunken Kingdom keyword: rules.board.dwell
]


class Movement(Strict):
    type: MovementType = "move"
    speed: int | None = Field(None, ge=0, le=20, description="empty: until adjacent (or in range)")
    text: str = Field("", max_length=200, description="where to, for Move to X and Appear X")


AttackType = Literal["melee", "range", "simultaneous", "sequential", "zone", "wave", "judgement", "command"]
Virtue = Literal["bravery", "tenacity", "sagacity", "fortitude", "might", "insight"]


def _melee() -> list[AttackType]:
    return ["melee"]


class AttackSpec(Strict):
    types: list[AttackType] = Field(default_factory=_melee, min_length=1)
    range: int | None = Field(None, ge=1, le=20, description="Range Attack X")
    zone: int | None = Field(None, ge=0, le=20, description="Zone X")
    virtues: list[Virtue] = Field(default_factory=list, max_length=2, description="Judgement: the Virtue tested")
    difficulty: int | None = Field(None, ge=1, le=20, description="Judgement: the test's difficulty")
    obey: str = Field("", max_length=300, description="Command: what obeying means")
    disobey: list[MonsterEffect] = Field(default_factory=list, description="Command: the penalty")

    @model_validator(mode="after")
    def _type_parameters(self) -> AttackSpec:
        if "range" in self.types and self.range is None:
            raise ValueError("a Range Attack needs 'range'")
        if "zone" in self.types and self.zone is None:
            raise ValueError("a Zone Attack needs 'zone'")
        if "judgement" in self.types and not self.virtues:
            raise ValueError("a Judgement needs 'virtues' (one, or two for the Target's choice)")
        if "command" in self.types and not (self.obey and self.disobey):
            raise ValueError("a Command needs 'obey' and 'disobey'")
        return self


Step = Literal["targeting", "movement", "attack", "consequences", "after_attack"]
GateStat = Literal["heat", "passion", "vigor", "bane", "knights_adjacent", "wounds"]


class Gate(Strict):
    """An Attack gate banner, e.g. "Heat 3+, +1 Evasion die", placed before ``before``."""

    stat: GateStat
    at_least: int = Field(ge=0, le=30)
    before: Step
    evasion_dice: int = Field(0, ge=0, le=5)
    effects: list[MonsterEffect] = Field(default_factory=list)
    text: str = Field(min_length=1, max_length=200, description="the banner as printed")


class AttackKeyword(Strict):
    """A keyword printed on a Monster Attack (rulebook Keyword List): ``{name: Doomed}``, ``{name: Swarm, value: 1}``
    ("The attacked Knight loses -X Vigor for each other adjacent Monster"), ``{name: Splinter, value: 1}`` ("Knights
    adjacent to the Target of the Attack lose -X Vigor"). rules/clash/attack_keywords.py applies them."""

    name: Literal["Doomed", "Swarm", "Splinter"]
    value: int | None = Field(None, ge=1, le=20)

    @model_validator(mode="after")
    def _x(self) -> AttackKeyword:
        if (self.name == "Doomed") != (self.value is None):
            raise ValueError("Swarm X and Splinter X need a value; Doomed has none")
        return self


class MonsterAttack(Strict):
    """What an AI card, the Signature and an attacking Routine share (rulebook "1. Draw AI or Resolve
    Signature": "Each AI card has a Name, Evasion Dice, Evasion Difficulty, Targeting lines, Move & Attack
    instruction, Heat Gate, Windows of Opportunity markers, Attack Consequences, After Attack Instruction,
    After Attack Effects, and Attack Type")."""

    id: Id
    name: str = Field(min_length=1, max_length=100)
    text: str = Field("", max_length=1000, description="flavour, or the card as printed")
    evasion_dice: int | None = Field(None, ge=1, le=10)
    evasion_difficulty: int | None = Field(None, ge=2, le=11)
    targeting: list[TargetingLine] = Field(default_factory=list, max_length=8)
    movement: Movement = Movement(type="none")
    attack: AttackSpec | None = None
    react: list[Step] = Field(default_factory=list, description="REACT! windows, before these steps")
    gates: list[Gate] = Field(default_factory=list)
    consequences: list[MonsterEffect] = Field(default_factory=list, description="Attack effects, in order")
    after_attack: list[MonsterEffect] = Field(default_factory=list)
    after_final_attack: list[MonsterEffect] = Field(default_factory=list)
    keywords: list[AttackKeyword] = Field(default_factory=list, max_length=5, description="Doomed, Swarm X, Splinter X")

    @model_validator(mode="after")
    def _attack_parts(self) -> MonsterAttack:
        if (self.evasion_dice is None) != (self.evasion_difficulty is None):
            raise ValueError("give both evasion_dice and evasion_difficulty, or neither")
        if self.attack is not None:
            judgement = "judgement" in self.attack.types
            if self.evasion_dice is None and not judgement:
                raise ValueError("an Attack needs evasion_dice and evasion_difficulty (a Judgement may omit them)")
            if not self.targeting:
                raise ValueError("an Attack needs at least one Targeting line")
        if len(set(self.react)) != len(self.react):
            raise ValueError("a REACT! window is listed twice")
        return self


AIZeroThen = Literal["remove_from_game", "discard", "shuffle_into_deck", "bottom_of_deck"]


class AICard(MonsterAttack):
    level: int = Field(ge=0, le=3, description="the number on the card's back; 0 for an AI 0 card")
    then: AIZeroThen | None = Field(None, description="AI 0 only: what to do with it once resolved")

    @model_validator(mode="after")
    def _ai_zero(self) -> AICard:
        if self.level == 0 and self.then is None:
            raise ValueError("an AI 0 card needs 'then' (what to do with it once it is resolved)")
        if self.level != 0 and self.then is not None:
            raise ValueError("only an AI 0 card has 'then'")
        return self


class Signature(MonsterAttack):
    """"A Signature is the creature's iconic default Attack. It behaves like an AI card, but it is not an
    AI card.\""""


class Routine(MonsterAttack):
    """Performed "when there is no eligible Target for any of the targeting lines"; some are Attacks."""


ResponseTrigger = Literal["wound", "fail", "instinct", "ultrainstinct", "critical"]


class Response(Strict):
    trigger: ResponseTrigger
    effects: list[MonsterEffect] = Field(min_length=1)


class PowerThreshold(Strict):
    """Overcome X+ / Overpower X+."""

    at: int = Field(ge=1, le=30)
    effects: list[MonsterEffect] = Field(min_length=1)


class BPCard(Strict):
    """A BP card (rulebook "5. Determine BP Card"): a body part of a Boss, or one Mob."""

    id: Id
    name: str = Field(min_length=1, max_length=100)
    level: CardLevel
    at: int = Field(ge=1, le=30, description="Armor Threshold")
    text: str = Field("", max_length=1000)
    responses: list[Response] = Field(default_factory=list, description="in card order, top to bottom")
    overcome: PowerThreshold | None = None
    overpower: PowerThreshold | None = None
    when_revealing: list[MonsterEffect] = Field(default_factory=list, description="Mob only")
    when_revealed: list[MonsterEffect] = Field(default_factory=list, description="Mob only")
    double_wound: bool | None = Field(None, description="empty: a BP 3 card is a Double Wound, others Single")

    def wounds(self) -> int:
        double = self.level == 3 if self.double_wound is None else self.double_wound
        return 2 if double else 1

    @model_validator(mode="after")
    def _one_critical(self) -> BPCard:
        if sum(r.trigger == "critical" for r in self.responses) > 1:
            raise ValueError("a BP card has at most one Critical")
        return self


TraitTiming = Literal["start_of_monster_round", "end_of_monster_round", "start_of_knight_round",
                      "end_of_knight_round", "end_of_knight_turn"]


class TraitCondition(Strict):
    """When a timed Trait applies at all ("if the Wound Stack holds 6 or more Wounds"...); every field set must
    hold."""

    wounds_at_least: int | None = Field(None, ge=1, le=40, description="Wounds in the Wound Stack")
    mobs_at_least: int | None = Field(None, ge=1, le=10, description="Mobs on the Mob track")
    adjacent_mobs_at_least: int | None = Field(None, ge=1, le=10,
                                               description="Mobs adjacent to the Knight it affects")


class Trait(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=100)
    text: str = Field(min_length=1, max_length=1000)
    effects: list[MonsterEffect] = Field(default_factory=list)
    card: bool = Field(True, description="a Trait card; false when it is described on the Monster Sheet")
    timing: TraitTiming | None = Field(None, description="a Start/End of Round (or end of a Knight's turn) Trait: "
                                       "the bot resolves its effects then (rules/clash/traits.py)")
    affects: Literal["every_knight", "adjacent_knights", "most_bane", "the_knight", "the_monster"] | None = Field(
        None, description="who the effects of a timed Trait fall on (the_knight: the Knight ending the turn)")
    condition: TraitCondition | None = None

    @model_validator(mode="after")
    def _timed(self) -> Trait:
        if self.timing is not None and self.effects and self.affects is None:
            raise ValueError(f"the timed Trait {self.id} has effects: say who they fall on with affects:")
        if self.affects is not None and self.timing is None:
            raise ValueError(f"the Trait {self.id} has affects: but no timing: (when it is resolved)")
        return self


class MonsterLevel(Strict):
    """A Monster Level box: Main Attributes, Bonuses, Traits added and removed."""

    level: int = Field(ge=1, le=9)
    to_hit: int = Field(ge=1, le=10)
    wounds: int = Field(ge=1, le=40)
    exhibition_wounds: int = Field(ge=0, le=39)
    activations: list[ActivationKind] = Field(min_length=1, max_length=10, description="in placement order")
    at_bonus: int = Field(0, ge=0, le=10)
    vigor_loss_bonus: int = Field(0, ge=0, le=10)
    evasion_dice_bonus: int = Field(0, ge=0, le=5)
    escalations: int = Field(0, ge=0, le=10)
    traits_added: list[Id] = Field(default_factory=list)
    traits_removed: list[Id] = Field(default_factory=list)
    ai_zero: Id | None = Field(None, description="the AI 0 card put on top of the AI deck at setup")

    @model_validator(mode="after")
    def _exhibition_below_wounds(self) -> MonsterLevel:
        if self.exhibition_wounds >= self.wounds:
            raise ValueError(
                f"exhibition_wounds ({self.exhibition_wounds}) must be less than wounds ({self.wounds}): "
                "an Exhibition Clash would be won before it starts"
            )
        return self


SpawnType = Literal["immediate", "interval", "odd", "nevermore"]


class Spawn(Strict):
    """A Mob's spawning Basic Ability (rulebook "Spawning Mobs")."""

    type: SpawnType
    every: int | None = Field(None, ge=1, le=20, description="Interval Spawn: every this many Wounds")
    placement: str = Field("", max_length=300, description="where the new Mob miniature goes")
    place: Literal["by_hand", "edge_near_attacker"] = Field(
        "by_hand", description="edge_near_attacker: the closest empty Board Edge space to the Knight who dealt the "
        "Wound (the bot places it); by_hand: the GM places it as `placement` says")
    attack: Literal["signature", "routine", "ai"] | None = Field(None, description="a Spawn Attack")
    text: str = Field("", max_length=500)

    @model_validator(mode="after")
    def _interval(self) -> Spawn:
        if (self.type == "interval") != (self.every is not None):
            raise ValueError("'every' is given for an Interval Spawn, and only for it")
        return self


SPACE = re.compile(r"^([A-Z])([1-9][0-9]?)$")


def parse_space(label: str) -> tuple[int, int] | None:
    """``"C4"`` -> (row 2, column 3), 0-based; None when it is not a space label."""
    m = SPACE.match(label)
    return (ord(m.group(1)) - ord("A"), int(m.group(2)) - 1) if m else None


Space = Annotated[str, Field(pattern=SPACE.pattern, description="a space label: row letter, column number")]


class TerrainPlacement(Strict):
    tile: Id = Field(description="the id of a kind: terrain document")
    at: Space = Field(description="the tile's top-left space")


class MonsterPlacement(Strict):
    at: Space = Field(description="the Monster's top-left space")
    facing: Direction
    mob_level: CardLevel | None = Field(None, description="Mob Clash: the level of the BP card on the Mob track")


class ClashSetup(Strict):
    """A Clash Setup for one Monster level (rulebook "2. Locating Setups", "3. Performing Setup")."""

    level: int = Field(ge=1, le=9)
    board: BoardSpec = BoardSpec()
    terrain: list[TerrainPlacement] = Field(default_factory=list, max_length=20)
    knights: list[Space] = Field(min_length=4, max_length=8, description="Knight starting spaces")
    monster: list[MonsterPlacement] = Field(min_length=1, max_length=10, description="Boss: one; Mob: one per Mob")
    rules: list[str] = Field(default_factory=list, description="special rules of this setup, as printed")


class TerrainTile(TerrainSpec):
    """``kind: terrain``: a Terrain tile with its keywords (rulebook "Terrain")."""

    kind: Literal["terrain"] = "terrain"
    id: Id


class Monster(Strict):
    """``kind: monster``: a Monster Sheet with everything its box holds."""

    kind: Literal["monster"] = "monster"
    id: Id
    name: str = Field(min_length=1, max_length=100)
    type: MonsterType
    flavour: str = Field("", max_length=1000)
    diagram: MonsterDiagram = MonsterDiagram()
    unavoidable_knockback: int | None = Field(None, ge=0, le=10)
    lumbering: bool = False
    always_there: bool = False
    bypass: bool = False
    ignore_difficult_terrain: bool = False
    climb: Virtue | None = Field(None, description="Vantage Points: the Virtue tested to climb")
    abilities: list[str] = Field(default_factory=list, description="other Basic Abilities, as printed")
    spawn: Spawn | None = None
    levels: list[MonsterLevel] = Field(min_length=1, max_length=9)
    traits: list[Trait] = Field(default_factory=list)
    signature: Signature
    routine: Routine
    ai_cards: list[AICard] = Field(min_length=1)
    bp_cards: list[BPCard] = Field(min_length=1)
    setups: list[ClashSetup] = Field(min_length=1)

    def level(self, number: int) -> MonsterLevel:
        for lv in self.levels:
            if lv.level == number:
                return lv
        raise KeyError(number)

    def setup(self, number: int) -> ClashSetup:
        for st in self.setups:
            if st.level == number:
                return st
        raise KeyError(number)

    def traits_at(self, number: int) -> list[Trait]:
        """"Remember to always check Traits added and removed at the current level as well as all previous
        levels": the Traits in force at level ``number``, in the order they were added."""
        active: list[str] = []
        for lv in sorted(self.levels, key=lambda x: x.level):
            if lv.level > number:
                break
            active = [t for t in active if t not in lv.traits_removed]
            active += [t for t in lv.traits_added if t not in active]
        by_id = {t.id: t for t in self.traits}
        return [by_id[t] for t in active if t in by_id]

    def card_levels(self) -> dict[str, int]:
        return {c.id: c.level for c in self.ai_cards} | {c.id: c.level for c in self.bp_cards}

    def all_ids(self) -> list[tuple[str, Loc]]:
        ids: list[tuple[str, Loc]] = [(self.id, ("id",))]
        ids += [(t.id, ("traits", i, "id")) for i, t in enumerate(self.traits)]
        ids += [(self.signature.id, ("signature", "id")), (self.routine.id, ("routine", "id"))]
        ids += [(c.id, ("ai_cards", i, "id")) for i, c in enumerate(self.ai_cards)]
        ids += [(c.id, ("bp_cards", i, "id")) for i, c in enumerate(self.bp_cards)]
        return ids

    def problems(self) -> list[Problem]:
        """Every cross-field mistake, with the YAML path to point at."""
        out: list[Problem] = []
        seen: dict[str, Loc] = {}
        for ident, loc in self.all_ids():
            if ident in seen:
                out.append((loc, f"id {ident!r} is already used in this Monster"))
            seen.setdefault(ident, loc)
        numbers = [lv.level for lv in self.levels]
        if numbers != list(range(1, len(numbers) + 1)):
            out.append((("levels",), f"levels must be 1, 2, 3... in order, once each (found {numbers})"))
        traits = {t.id for t in self.traits}
        ai = {c.id: c for c in self.ai_cards}
        for i, lv in enumerate(self.levels):
            for part in ("traits_added", "traits_removed"):
                for j, tid in enumerate(getattr(lv, part)):
                    if tid not in traits:
                        out.append((("levels", i, part, j), f"no Trait of this Monster has the id {tid!r}"))
            if lv.ai_zero is not None and (lv.ai_zero not in ai or ai[lv.ai_zero].level != 0):
                out.append((("levels", i, "ai_zero"), f"{lv.ai_zero!r} is not an AI 0 card of this Monster"))
        out += self._deck_problems()
        out += self._type_problems()
        out += self._setup_problems(set(numbers))
        return out

    def _deck_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if not any(c.level == 1 for c in self.ai_cards):
            out.append((("ai_cards",), "the AI 1 deck is empty: at least one AI card needs level 1"))
        if self.type == "boss" and not any(c.level == 1 for c in self.bp_cards):
            out.append((("bp_cards",), "the BP 1 deck is empty: at least one BP card needs level 1"))
        return out

    def _type_problems(self) -> list[Problem]:
        out: list[Problem] = []
        if self.type == "mob" and self.spawn is None:
            out.append((("spawn",), "a Mob Monster needs its spawning Basic Ability ('spawn')"))
        if self.type == "boss":
            if self.spawn is not None:
                out.append((("spawn",), "only Mob Monsters spawn"))
            for i, c in enumerate(self.bp_cards):
                for part in ("when_revealing", "when_revealed"):
                    if getattr(c, part):
                        out.append((("bp_cards", i, part), f"'{part}' is for Mob BP cards only"))
        return out

    def _setup_problems(self, numbers: set[int]) -> list[Problem]:
        out: list[Problem] = []
        given = [st.level for st in self.setups]
        for i, st in enumerate(self.setups):
            if st.level not in numbers:
                out.append((("setups", i, "level"), f"the Monster has no level {st.level}"))
            if given.count(st.level) > 1:
                out.append((("setups", i, "level"), f"level {st.level} has two Clash Setups"))
            out += _setup_spaces(self, i, st)
        for n in sorted(numbers - set(given)):
            out.append((("setups",), f"level {n} has no Clash Setup"))
        return out


def _on_board(spec: BoardSpec, label: str) -> bool:
    rc = parse_space(label)
    return rc is not None and rc[0] < spec.rows and rc[1] < spec.columns


def _setup_spaces(monster: Monster, i: int, st: ClashSetup) -> list[Problem]:
    out: list[Problem] = []
    for j, label in enumerate(st.knights):
        if not _on_board(st.board, label):
            out.append((("setups", i, "knights", j), f"{label} is not a space of a {_size(st.board)} board"))
        if st.knights.index(label) != j:
            out.append((("setups", i, "knights", j), f"{label} is listed twice"))
    side = monster.diagram.side
    for j, mp in enumerate(st.monster):
        rc = parse_space(mp.at)
        far = (rc[0] + side - 1, rc[1] + side - 1) if rc else None
        if rc is None or far is None or far[0] >= st.board.rows or far[1] >= st.board.columns:
            out.append((("setups", i, "monster", j, "at"), f"the Monster does not fit on the board at {mp.at}"))
        if (monster.type == "mob") != (mp.mob_level is not None):
            what = "each Mob needs 'mob_level'" if monster.type == "mob" else "a Boss has no 'mob_level'"
            out.append((("setups", i, "monster", j), what))
    if monster.type == "boss" and len(st.monster) != 1:
        out.append((("setups", i, "monster"), "a Boss Clash places exactly one Monster"))
    if monster.type == "mob":
        for lvl in (1, 2, 3):
            wanted = sum(mp.mob_level == lvl for mp in st.monster)
            have = sum(c.level == lvl for c in monster.bp_cards)
            if wanted > have:
                out.append((("setups", i, "monster"), f"{wanted} Mobs of level {lvl} but only {have} BP {lvl} cards"))
    return out


def _size(spec: BoardSpec) -> str:
    return f"{spec.rows}x{spec.columns}"


def terrain_problems(monster: Monster, tiles: Mapping[str, TerrainSpec]) -> list[Problem]:
    """Setups naming a Terrain tile that no pack defines, or placing one off the board."""
    out: list[Problem] = []
    for i, st in enumerate(monster.setups):
        for j, tp in enumerate(st.terrain):
            loc: Loc = ("setups", i, "terrain", j)
            tile = tiles.get(tp.tile)
            if tile is None:
                known = ", ".join(sorted(tiles)) or "none"
                out.append(((*loc, "tile"), f"no Terrain tile has the id {tp.tile!r} (known: {known})"))
                continue
            rc = parse_space(tp.at)
            assert rc is not None  # the pattern was checked
            cells = [(rc[0] + r, rc[1] + c) for r, c in tile.offsets()]
            if any(r >= st.board.rows or c >= st.board.columns for r, c in cells):
                out.append(((*loc, "at"), f"Terrain {tp.tile!r} at {tp.at} runs off the {_size(st.board)} board"))
    return out
