"""The Knight attack sequence (rulebook "Combat Action", steps 1-10; docs/clash.md, "The Knight attack").

``KnightAttack`` runs the ten steps in order: Declare Attack and Active Weapon, Raise Passion and check Priority
Target, Attack Roll (Heat re-rolls stop for the attacking Knight's decision ``attack_reroll``), First Ability
Window (narrated), Determine BP Card, Power Roll (rules/clash/power_roll.py), Monster Responses
(rules/clash/harm.py), Wounds and Escalation (rules/clash/wound_stack.py), Clear the Knight Pool, Second Ability
Window. The Attack's progress while a decision is open is kept in ``pending.data["attack"]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.loader import Catalogue
from content.schema.gear import GearFace, Keyword
from content.schema.monsters import BPCard
from rules.attack_rolls import roll_crit_pool
from rules.board import measures
from rules.board.state import Knight as Mini
from rules.board.state import Monster as Mini_M
from rules.board_handlers import slug
from rules.clash import area, attention, harm, rounds, rush
from rules.clash import power_roll as pw
from rules.clash.activation import monster_content
from rules.clash.area import AreaHit
from rules.clash.armor_piercing import pierce
from rules.clash.decks import draw_bp, draw_chosen_bp, fail_bp
from rules.clash.falsity import falsity_reroll, has_falsity
from rules.clash.flow import Option, Pending, ask, decision, resumes
from rules.clash.mob_track import interval_spawns_due, spawn
from rules.clash.spawning import place_spawned
from rules.clash.weapon_range import effective_range
from rules.clash.wound_stack import wound_boss, wound_mob
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine, Event, Result, handles
from rules.errors import RuleError
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights.find import find_knight
from rules.knights.state import KnightState
from rules.knights.view import summary as knight_summary
from rules.modes import five_player
from rules.rolls import d10_success
from rules.state import CampaignState

T = "tests/clash/test_knight_attack.py::"
G = "tests/clash/test_clash_gaps.py::"
Id = Annotated[str, Field(min_length=1, max_length=64)]
HANDLED = {"Deadly", "Attack Re-roll", "Reach", "Ranged", "Overbreak", *pw.TOKEN_KEYWORDS}


class KnightAttack(BaseModel):
    model_config = ConfigDict(extra="forbid")
    type: Literal["knight_attack"] = "knight_attack"
    knight: Id
    weapon: Id = Field(description="the active weapon: a Gear id or name from the Knight's Loadout")
    target: Id | None = Field(None, description="the Monster miniature; None: the only Monster or the adjacent one")
    cantrip: Literal["opening", "break"] | None = Field(None, description="what the Cantrip tokens become")
    bonus: bool = Field(False, description="spend the Bonus Attack the Knight is owed (a Follow-up Knight Attack or a "
                        "card's Bonus Attack) instead of the Combat Action")
    keep: list[Literal["opening", "break", "cantrip", "fire", "black", "closing", "hope", "rouse", "spell"]] = Field(
        default_factory=list, max_length=10, description="Pass X / Greater Pass X: the Knight tokens to leave in the "
        "Knight Pool at the Clear the Knight Pool step, one entry per token")
    rush: Annotated[str, Field(min_length=2, max_length=4)] | None = Field(
        None, description="Rush (a Complicated Action): the space the Knight rushes to before this Attack")


class AttackRoll(BaseModel):
    """An Attack Roll in progress (rulebook "3. Attack Roll"): the Clash's Knight attack and the Encounter's Attack
    Action share it, with their Heat re-rolls."""

    model_config = ConfigDict(extra="forbid")
    precision: int
    to_hit: int
    naturals: list[int]
    rerolled: list[int] = Field(default_factory=list)
    crit_misses: int = 0
    free_rerolls: int = 0
    deadly: bool = False

    def hits(self) -> list[bool]:
        return [d10_success(n, self.precision, self.to_hit) for n in self.naturals]

    def missed(self) -> list[int]:
        """1-based positions of the dice that missed."""
        return [i + 1 for i, ok in enumerate(self.hits()) if not ok]

    def shown(self) -> str:
        out = " ".join(str(n) for n in self.naturals)
        return f"{out} (Precision {self.precision:+d})" if self.precision else out

    def verdict(self) -> str:
        hits = sum(self.hits())
        if hits == len(self.naturals):
            return f"{hits} hit{'s' if hits != 1 else ''}, **Full Hit**"
        return "**Full Miss**" if hits == 0 else f"{hits} hit{'s' if hits != 1 else ''}"

    def reroll_options(self, missed: list[int]) -> list[Option]:
        options = [Option(key=f"die{i}", label=f"die {i}{' (Crit die)' if i == 1 else ''}: {self.naturals[i - 1]}",
                          help="re-roll this missed die") for i in missed]
        return [*options, Option(key="keep", label="keep the roll", help="no re-roll")]

    def reroll(self, dice: Dice, positions: list[int]) -> list[int]:
        """Re-roll these dice (a natural 1 again on the Crit die counts another Crit Miss); returns the old values."""
        old = [self.naturals[i - 1] for i in positions]
        for i in positions:
            self.naturals[i - 1] = dice.d10(f"Attack Roll (re-roll of die {i})", crit=i == 1)
            if i == 1 and self.naturals[0] == 1:
                self.crit_misses += 1
        self.rerolled = positions
        return old


class Progress(AttackRoll):
    """An Attack between its Attack Roll and the rest (``pending.data["attack"]``)."""

    knight: str
    mini: str
    weapon: str
    monster: str
    cantrip: Literal["opening", "break"] | None = None
    bonus: bool = False
    spawned: list[str] = Field(default_factory=list, description="board ids of the Mobs this Attack spawned")
    passion: int | None = Field(None, description="the Passion this Attack counts (Rouse included), from step 4 on")
    bp_chosen: str | None = Field(None, description="Heartseeker, Soulseeker, Precise: the BP card chosen")
    bp_shuffle: bool = Field(False, description="the BP deck is shuffled when the chosen card is drawn")
    keep: dict[str, int] = Field(default_factory=dict, description="Pass X: the tokens left in the Knight Pool")
    falsity: bool = Field(False, description="the active weapon has Falsity: a free re-roll of the Crit die")


# --- lookups --------------------------------------------------------------------------------------------------


def _knight(state: CampaignState, name: str) -> tuple[KnightState, Mini]:
    k = find_knight(state, name)
    mini = next((m for m in state.board.knights if m.id in (k.id, slug(k.name))), None)
    if mini is None:
        raise RuleError(f"{k.name} is not on the Clash Board, so they cannot attack")
    if k.dead or mini.dead:
        raise RuleError(f"{k.name} is dead: a dead Knight \"cannot be used in any way\"")
    return k, mini


def _target(state: CampaignState, mini: Mini, wanted: str | None) -> Mini_M:
    monsters = list(state.board.monsters)
    if not monsters:
        raise RuleError("there is no Monster on the Clash Board to attack")
    names = ", ".join(f"{m.name} ({m.id})" for m in monsters)
    if wanted is not None:
        w = wanted.strip().lower()
        for m in monsters:
            if w in (m.id, m.name.lower(), slug(m.name)) or (m.mob_number is not None and w in (
                    str(m.mob_number), f"mob {m.mob_number}", f"mob{m.mob_number}")):
                return m
        raise RuleError(f"there is no Monster {wanted!r} on the Clash Board; the Monsters are: {names}")
    if len(monsters) == 1:
        return monsters[0]
    near = [m for m in monsters if measures.is_adjacent(state.board, m, mini, for_monster=False)]
    if len(near) == 1:
        return near[0]
    raise RuleError(f"name the Monster to attack with target: (the Monsters are: {names})")


def _face(cat: Catalogue, k: KnightState, gid: str) -> tuple[GearFace, list[Keyword], int]:
    """The face of an equipped Gear card, its keywords and precision with its Upgrade's."""
    face = lo.face(cat, k, gid)
    item = lo.armory_item(k, gid)
    up = cat.upgrades.get(item.upgrade) if item and item.upgrade else None
    return face, list(face.keywords) + (list(up.keywords) if up else []), face.precision + (up.precision if up else 0)


def _weapon(cat: Catalogue, k: KnightState, wanted: str, bonus: bool = False) -> str:
    w = wanted.strip().lower()
    for e in k.loadout:
        name = lo.face(cat, k, e.gear).name
        if w not in (e.gear, name.lower(), slug(name)):
            continue
        if lo.gear(cat, e.gear).type != "weapon":
            raise RuleError(f"{name} is not a weapon: choose one of {k.name}'s weapon Gear cards")
        if e.discarded:
            raise RuleError(f"{name} is discarded (unusable until the end of this Clash): choose another weapon")
        if e.exhausted and not bonus:
            raise RuleError(f"{name} is exhausted: choose one of your unexhausted weapon Gear cards, or unexhaust it "
                            "with a Movement Action")
        return e.gear
    shown = ", ".join(lo.face(cat, k, e.gear).name for e in k.loadout if lo.gear(cat, e.gear).type == "weapon")
    raise RuleError(f"{wanted!r} is not in {k.name}'s Loadout; their weapons are: {shown or 'none'}")


@implements("Reach X", tests=[T + "test_reach_and_ranged_measure_the_effective_range"])
@implements("Ranged X–Y", tests=[T + "test_reach_and_ranged_measure_the_effective_range"])
@implements("Line of Sight", tests=[T + "test_no_line_of_sight_no_attack"], note="a Knight's Attack needs LoS")
def _in_range(state: CampaignState, mini: Mini, m: Mini_M, face: GearFace, keywords: list[Keyword]) -> str:
    what, problem = effective_range(state.board, mini, m, face, keywords)
    if problem is not None:
        raise RuleError(problem)
    return what


# --- steps 1-3 ---------------------------------------------------------------------------------------------


@implements("Combat Action", tests=[T + "test_a_wound_runs_the_ten_steps", T + "test_one_attack_per_turn"])
@implements("1. Declare Attack and Active Weapon",
            tests=[T + "test_exhausted_or_missing_weapon_is_refused",
                   T + "test_reach_and_ranged_measure_the_effective_range", T + "test_no_line_of_sight_no_attack",
                   T + "test_another_knights_turn_is_refused"])
@implements("2. Raise Passion and Check Priority Target",
            tests=[T + "test_passion_rises_and_the_priority_target_moves"])
@implements("Priority Target", tests=[T + "test_passion_rises_and_the_priority_target_moves"],
            note="the token moves when an attacking Knight's Passion passes the holder's")
@handles(KnightAttack)
def knight_attack(engine: Engine, state: CampaignState, act: KnightAttack, dice: Dice) -> Result:
    cat = engine.catalogue
    if cat.dice is None:
        raise RuleError("no dice are defined by the loaded content packs: there is no Power Roll to make")
    clash = rounds.running(state)
    k, mini = _knight(state, act.knight)
    paused = clash.flow.pending
    if act.bonus and paused is not None and paused.kind == "bonus_attack" and mini.id in paused.knights:
        # the Round waited for this Bonus Attack: it goes on once the Attack ends (_go_on)
        clash.flow.pending = None
        clash.flow.queue.insert(0, paused.data["activation"])
    rounds.not_waiting(clash)
    if act.bonus:
        _owed_bonus(clash.flow.bonus_attacks, k)
    elif clash.flow.phase != "knight":
        raise RuleError("it is the Monster Round: Knights attack in the Knight Round (run the Monster Round with "
                        "/monster round)")
    opened = [] if act.bonus else rounds.open_if_standing(engine, state, mini.id)
    mini = state.board.knight(mini.id)
    if mini.knocked_down:  # Knockdown: "you cannot move voluntarily, perform any actions, reactions, or free actions"
        raise RuleError(f"{k.name} is knocked down and cannot perform any actions (Knockdown); a Knight stands up at "
                        f"the start of their turn once the Knockdown card shows its standing-up side — the GM stands "
                        f"them up with /clash place kind:knight name:\"{k.name}\" space:<their space>")
    m = _target(state, mini, act.target)
    five_player.must_attack(engine, state, m)  # Five-Player Mode: the Accursed Persistence Mob first (docs/modes.md)
    gid = _weapon(cat, k, act.weapon, act.bonus)
    face, keywords, precision = _face(cat, k, gid)
    if act.rush is not None and act.bonus:
        raise RuleError("Rush is a Complicated Action of the Knight's own turn, not a Bonus Attack")
    reach = "" if act.rush is not None else _in_range(state, mini, m, face, keywords)
    if clash.monster_type == "mob":
        space = m.mob_number or 0
        if not 1 <= space <= len(clash.mob_track) or clash.mob_track[space - 1] is None:
            raise RuleError(f"{m.name} has no BP card on space {space} of the Mob track")
    if clash.flow.pool.get("cantrip", 0) and act.cantrip is None:
        raise RuleError("the Knight Pool holds Cantrip tokens: say what they become when declaring the Attack "
                        "(cantrip:opening or cantrip:break)")
    flow = clash.flow
    if act.bonus:
        lines = _spend_bonus(cat, flow.bonus_attacks, k, gid, face.name)
    else:
        lines = opened + rounds.open_turn(engine, state, mini.id)
        assert flow.turn is not None
        if flow.turn.attacked:
            hint = " (the Bonus Attack owed is spent with bonus:true)" if k.id in flow.bonus_attacks else ""
            raise RuleError(f"{k.name} has already attacked this turn: a Knight gets one Combat Action per turn{hint}")
        if act.rush is not None:
            lines += rush.rush(cat, state, k, mini.id, m, face, keywords, act.rush)
            mini = state.board.knight(mini.id)
            reach = _in_range(state, mini, m, face, keywords)
        flow.turn.attacked = True
    lines.append(f"⚔️ {k.name} declares {'a **Bonus Attack**' if act.bonus else 'an Attack'} on {m.name}; active "
                 f"weapon: the {face.name} ({reach}).")
    lines += _commit(cat, k, face, keywords)
    # 2. Raise Passion and check Priority Target
    lines.append(f"{k.name}: " + " ".join(st.change_passion(cat, k, 1)))
    h = harm.Harm(engine, state, dice)
    harm.priority_after_passion(h, k)
    lines += h.lines
    # 3. Attack Roll
    t = pw.pool_tokens(flow.pool, act.cantrip)
    blind = blindspot_bonus(state, mini, m)
    if blind:
        lines.append(f"{k.name} stands in a Blindspot of {m.name}: +{blind} Precision.")
    precision += t.precision + st.precision_bonus(cat, k) + attention.bonus(clash, mini.id) + blind \
        + (rush.precision(keywords) if act.rush is not None else 0)
    count = face.attack_dice or 1
    naturals = roll_crit_pool(dice, count, "Attack Roll")
    p = Progress(knight=k.id, mini=mini.id, weapon=gid, monster=m.id, cantrip=act.cantrip, precision=precision,
                 keep=_pass(cat, k, keywords, act.keep),
                 to_hit=clash.effective_to_hit(m.mob_number or 0), naturals=naturals, crit_misses=int(naturals[0] == 1),
                 free_rerolls=t.rerolls + sum(kw.value or 0 for kw in keywords if kw.name == "Attack Re-roll"),
                 deadly=any(kw.name == "Deadly" for kw in keywords), bonus=act.bonus, falsity=has_falsity(keywords))
    lines.append(f"🎯 {k.name} attacks {m.name} with the {face.name}: {p.shown()} vs To Hit {p.to_hit} → "
                 f"{p.verdict()}.")
    pending = _offer_rerolls(engine, state, k, p, lines)
    if pending is not None:
        return _result(engine, state, k, lines, _attack_data(p), pending)
    return _go_on(engine, state, dice, p, lines)


@implements("Basic Abilities", tests=[T + "test_a_knight_in_a_blindspot_gains_one_precision",
                                      "tests/board/test_knight_abilities.py::test_always_there_is_adjacent_for_the_monster_only",
                                      "tests/board/test_rules.py::test_stalwart_braced_lumbering_and_reduction"],
            note="Blindspot +1 Precision here; Unavoidable Knockback, Lumbering, Always There, Bypass and Vantage "
                 "Points in rules/board; Weakspots as the Monster's own text")
def blindspot_bonus(state: CampaignState, mini: Mini, m: Mini_M) -> int:
    """Basic Abilities: "Blindspots are spaces the Monster cannot see. Knights in Blindspots are not considered to be
    In Sight of the Monster. A Knight in a Blindspot space gains a +1 Precision bonus"."""
    return int(measures.in_blindspot(state.board, m, mini))


@implements("Commit", tests=[T + "test_commit_costs_one_heat_to_attack"])
def _commit(cat: Catalogue, k: KnightState, face: GearFace, keywords: list[Keyword]) -> list[str]:
    """"Commit: To attack with this weapon, gain +1 Heat." — a cost: refused beyond the Heat Limit."""
    if not any(kw.name == "Commit" for kw in keywords):
        return []
    return [f"Commit ({face.name}): " + " ".join(st.change_heat(cat, k, 1, voluntary=True))]


@implements("Cumbersome", tests=[T + "test_cumbersome_exhausts_the_weapon_after_a_wound_unless_tireless"])
@implements("Tireless", tests=[T + "test_cumbersome_exhausts_the_weapon_after_a_wound_unless_tireless"],
            note="the bot always ignores Cumbersome for a Knight with Tireless (exhausting never helps)")
def _cumbersome(cat: Catalogue, k: KnightState, gid: str, face: GearFace, keywords: list[Keyword],
                wound: bool) -> list[str]:
    """"Cumbersome: During the second ability window, if you successfully wounded with this weapon, exhaust it."
    "Tireless: When you are about to activate the Cumbersome keyword, you may ignore it." """
    if not wound or not any(kw.name == "Cumbersome" for kw in keywords):
        return []
    if any(kw.name == "Tireless" for e in k.loadout if not e.discarded for kw in lo.face(cat, k, e.gear).keywords):
        return [f"Tireless: {k.name} ignores the {face.name}'s Cumbersome."]
    entry = next(e for e in k.loadout if e.gear == gid)
    entry.exhausted = True
    return [f"Cumbersome: the {face.name} is exhausted after wounding."]


PASS_TOKENS = {"opening", "break", "cantrip"}  # "You can only choose Opening, Break, or Cantrip tokens."


@implements("Pass X", tests=[T + "test_pass_keeps_declared_tokens_and_greater_pass_any_but_sunder_and_power"])
@implements("Greater Pass X", tests=[T + "test_pass_keeps_declared_tokens_and_greater_pass_any_but_sunder_and_power"])
def _pass(cat: Catalogue, k: KnightState, keywords: list[Keyword], keep: Sequence[str]) -> dict[str, int]:
    """"Pass X: During the Clear the Knight Pool step, choose up to X Knight tokens to remain in the Knight Pool. You
    can only choose Opening, Break, or Cantrip tokens." "Greater Pass X: ... except Sunder and Power tokens." The
    attacker declares them with the Attack (``keep:``); those still in the Pool at that step stay."""
    if not keep:
        return {}
    found = {kw.name: kw.value or 1 for kw in keywords if kw.name in ("Pass", "Greater Pass")}
    if not found:
        raise RuleError("keep: is for a weapon with Pass X or Greater Pass X; this weapon has neither")
    greater = "Greater Pass" in found
    most = max(found.values())
    if len(keep) > most:
        raise RuleError(f"{'Greater Pass' if greater else 'Pass'} {most}: at most {most} token(s) can stay")
    if not greater and any(t not in PASS_TOKENS for t in keep):
        raise RuleError("Pass: \"You can only choose Opening, Break, or Cantrip tokens\" (Greater Pass allows others "
                        "but Sunder and Power)")
    out: dict[str, int] = {}
    for t in keep:
        out[t] = out.get(t, 0) + 1
    return out


def _owed_bonus(owed: list[str], k: KnightState) -> None:
    if k.id not in owed:
        raise RuleError(f"{k.name} is owed no Bonus Attack: a Bonus Attack comes from a Follow-up Response or a card "
                        "that grants one (a Mortis card...). Attack with the Combat Action of your turn instead: "
                        "/knight attack without bonus:true")


@implements("Bonus Attacks", tests=[G + "test_follow_up_is_owed_and_spent_outside_the_turn",
                                    G + "test_bonus_attack_unexhausts_an_exhausted_weapon",
                                    G + "test_bonus_attack_ignores_attack_responses",
                                    G + "test_bonus_attack_refused_when_none_is_owed",
                                    G + "test_mortis_bonus_attack_is_owed_during_the_monster_round"])
def _spend_bonus(cat: Catalogue, owed: list[str], k: KnightState, gid: str, name: str) -> list[str]:
    """"For a Bonus Attack you may declare an exhausted weapon as your active weapon. If you do, unexhaust it, then
    continue the Attack." It is not the Combat Action: the turn (if any) is left as it is; "All other restrictions
    and rules of a Combat Action apply" (range, LoS, Knockdown)."""
    owed.remove(k.id)
    entry = next(e for e in k.loadout if e.gear == gid)
    if entry.exhausted:
        entry.exhausted = False
        return [f"{k.name} declares the exhausted {name} for the Bonus Attack and unexhausts it."]
    return []








@implements("Heat Re-rolls", tests=[T + "test_heat_reroll_decision_and_resume"],
            note="the Knight Attack stops for the attacking Knight's choice of missed dice, +1 Heat each")
@implements("Dice Re-rolls", tests=[T + "test_heat_reroll_decision_and_resume", T + "test_a_die_is_rerolled_only_once"])
@implements("Closing X", tests=[T + "test_closing_tokens_give_free_rerolls"])
@implements("Attack Re-roll X", tests=[T + "test_closing_tokens_give_free_rerolls"])
def _offer_rerolls(engine: Engine, state: CampaignState, k: KnightState, p: Progress,
                   lines: list[str]) -> Pending | None:
    """"You must gain +1 Heat for each die you decide to re-roll"; "each die can be re-rolled only once and you
    must declare all dice you wish to re-roll before re-rolling any of them". Closing tokens and Attack Re-roll X
    re-roll without Heat; Heat is a voluntary gain, never above the Heat Limit (docs/rulings.md)."""
    missed = p.missed()
    crit_free = p.falsity and 1 not in p.rerolled  # Falsity: the Crit die, hit or miss, without Heat
    offer = sorted({*missed, 1} if crit_free else set(missed))
    if not offer:
        return None
    assert state.clash is not None
    cat = engine.catalogue
    room = max(0, st.heat_limit(cat, k) - k.stats.heat)
    others = [i for i in offer if i != 1] if crit_free else offer
    can = min(len(others), p.free_rerolls + room) + int(crit_free)
    if can == 0:
        lines.append(f"{k.name} is at the Heat Limit ({k.stats.heat}): no Heat re-roll.")
        return None
    options = p.reroll_options(offer)
    if crit_free:
        hit = 1 not in missed
        options[0] = Option(key="die1", label=f"die 1 (Crit die, Falsity): {p.naturals[0]}",
                            help="Falsity: re-roll the Crit die without Heat" + (" — it is a hit: Zeal 1" if hit
                                                                                 else ""))
    free = f"{p.free_rerolls} free (Closing, Attack Re-roll), then " if p.free_rerolls else ""
    free = ("the Crit die free (Falsity); " if crit_free else "") + free
    prompt = (f"{k.name}: re-roll missed Attack dice? Pick up to {can} ({free}+1 Heat each; Heat {k.stats.heat}"
              f"/{st.heat_limit(cat, k)}). Each die can be re-rolled only once and you must declare all dice you "
              "wish to re-roll before re-rolling any of them.")
    return ask(state.clash.flow, "attack_reroll", prompt, options, knights=[k.id],
               data={"attack": p.model_dump()}, pick=can)


@implements("3. Attack Roll",
            tests=[T + "test_hits_count_precision_and_tokens", T + "test_natural_10_hits_and_1_misses"])
@implements("Crit Die During Attack Rolls",
            tests=[T + "test_crit_chance_on_the_crit_die_only", T + "test_a_rerolled_crit_miss_counts_again"])
@implements("Deadly", tests=[T + "test_deadly_gives_crit_chance_on_9"])
@resumes("attack_reroll")
def resume_reroll(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    p = Progress.model_validate(pending.data["attack"])
    k = state.knights[p.knight]
    lines: list[str] = []
    if "keep" in chosen:
        if len(chosen) > 1:
            raise RuleError("choose the dice to re-roll, or keep — not both")
        lines.append(f"{k.name} keeps the roll.")
        return _go_on(engine, state, dice, p, lines)
    positions = sorted({int(c.removeprefix("die")) for c in chosen})
    missed = p.missed()
    crit_free = p.falsity and 1 not in p.rerolled
    if any((i not in missed and not (crit_free and i == 1)) or i in p.rerolled for i in positions):
        raise RuleError(f"only missed dice not yet re-rolled can be re-rolled: {missed}"
                        + (" (and the Crit die, with Falsity)" if crit_free else ""))
    saved = 0
    if crit_free and 1 in positions:
        saved, said = falsity_reroll(engine.catalogue, k, 1 not in missed,
                                     state.clash.flow.pool if state.clash is not None else None)
        lines += said
    heat = max(0, len(positions) - saved - p.free_rerolls)
    if heat:
        lines.append(f"{k.name}: " + " ".join(st.change_heat(engine.catalogue, k, heat, voluntary=True)))
    old = p.reroll(dice, positions)
    cost = f"+{heat} Heat" if heat else "free"
    new = " ".join(str(p.naturals[i - 1]) for i in positions)
    lines.append(f"🔁 Re-roll ({cost}): {' '.join(map(str, old))} → {new}; now {p.shown()} → {p.verdict()}.")
    return _go_on(engine, state, dice, p, lines)


# --- steps 3 (end) to 10 -------------------------------------------------------------------------------------


def _attack_data(p: Progress) -> dict[str, Any]:
    hit = p.hits()
    return {
        "naturals": list(p.naturals), "results": [n + p.precision for n in p.naturals], "precision": p.precision,
        "to_hit": p.to_hit, "hit": hit, "hits": sum(hit), "full_hit": all(hit), "full_miss": not any(hit),
        "crit_chance": p.naturals[0] == 10 or (p.deadly and p.naturals[0] >= 9), "crit_misses": p.crit_misses,
        "rerolled": list(p.rerolled), "weapon": p.weapon, "target": p.monster, "bp": None, "power": None,
        "outcome": None, "responses": [],
    }


def _harm(engine: Engine, state: CampaignState, dice: Dice, p: Progress, effects: list[Any], source: str,
          lines: list[str]) -> list[Any]:
    """Resolve effects "by the Monster against the Knight" (rules/clash/harm.py); returns the Attack Responses."""
    h = harm.Harm(engine, state, dice, monster=p.monster)
    h.weapons[p.knight] = p.weapon
    harm.resolve_effects(h, p.knight, effects, source=source, knight_attack=True)
    harm.settle(h)
    lines.extend(h.lines)
    return list(h.attacks)


def _go_on(engine: Engine, state: CampaignState, dice: Dice, p: Progress, lines: list[str]) -> Result:
    """Steps 3 (the verdict) to 10 once the Attack dice are final; then a Monster Round that waited for this Bonus
    Attack goes on."""
    return _resume_round(engine, _steps(engine, state, dice, p, lines), dice)


def _resume_round(engine: Engine, result: Result, dice: Dice) -> Result:
    """"When the Attack ends, continue resolving the Round that was interrupted by the Bonus Attack": the Monster
    Round is under way with nothing waiting only when it waited for a Bonus Attack (``activation._bonus_window``)."""
    from rules.clash.activation import run

    state, clash = result.state, result.state.clash
    if result.pending is not None or clash is None or clash.over is not None or clash.flow.pending is not None \
            or clash.flow.phase != "monster" or not clash.flow.started:
        return result
    lines = ["The Bonus Attack is over: the Monster Round goes on."]
    more = run(engine, state, dice, lines, None)
    if more.pending is None and state.clash is not None and state.clash.over is None:
        more = rounds.continue_round(engine, state, dice, lines)
    return Result(state=more.state, events=result.events + more.events, data={**result.data, **more.data},
                  pending=more.pending)


def _steps(engine: Engine, state: CampaignState, dice: Dice, p: Progress, lines: list[str]) -> Result:
    cat = engine.catalogue
    k = state.knights[p.knight]
    assert state.clash is not None and cat.dice is not None
    face, keywords, _ = _face(cat, k, p.weapon)
    attack = _attack_data(p)
    crit = attack["crit_chance"]
    if crit:
        lines.append("✨ **Crit Chance** (natural " + ("9–10 with Deadly" if p.naturals[0] == 9 else "10")
                     + " on the Crit die): Ultrainstinct is ignored and a Wound becomes a Critical Wound.")
    if p.crit_misses:
        times = "" if p.crit_misses == 1 else f" {p.crit_misses} times"
        lines.append(f"Crit Miss{times} (natural 1 on the Crit die): resolve Crit Miss effects{times}, if any.")
    lines += pw.timed_abilities(face, "Full Hit" if attack["full_hit"] else "Full Miss" if attack["full_miss"] else "")
    if attack["full_miss"]:  # "Go straight to step 9 (Clear the Knight Pool) ... and immediately end the Attack."
        attack["outcome"] = "miss"
        state.clash.flow.pool, cleared = pw.clear_pool(state.clash.flow.pool, 0)
        lines += cleared + [f"Full Miss: {k.name}'s Attack ends."] + st.after(cat, k, "attack")
        return _result(engine, state, k, lines, attack, None)
    # 4. First Ability Window
    t = pw.pool_tokens(state.clash.flow.pool, p.cantrip)
    passion = k.stats.passion + t.rouse
    if t.rouse:
        lines.append(f"Rouse: {k.name}'s Passion counts as {passion} until the end of this Attack.")
    state.clash.flow.pool, window = pw.first_window(face, keywords, state.clash.flow.pool)
    lines += window + _attention(state, k, p, keywords)
    p.passion = passion
    pending = _bp_choice(engine, state, k, p, face, keywords)
    if pending is not None:
        return _result(engine, state, k, lines, attack, pending)
    return _from_bp(engine, state, dice, p, lines)


def _from_bp(engine: Engine, state: CampaignState, dice: Dice, p: Progress, lines: list[str]) -> Result:
    """Steps 5 (the BP card) to 10."""
    cat = engine.catalogue
    k = state.knights[p.knight]
    assert state.clash is not None and cat.dice is not None and p.passion is not None
    face, keywords, _ = _face(cat, k, p.weapon)
    attack = _attack_data(p)
    crit = attack["crit_chance"]
    passion = p.passion
    # 5. Determine BP Card
    before_pool = dict(state.clash.flow.pool)
    m = state.board.monster(p.monster)
    bp, space = _determine_bp(engine, state, dice, p, m, lines)
    t = pw.pool_tokens(state.clash.flow.pool, p.cantrip)
    at = bp.at + state.clash.effective_at_bonus(m.mob_number or 0)
    attack["bp"] = {"id": bp.id, "name": bp.name, "level": bp.level, "at": at}
    responses: list[dict[str, Any]] = []
    attacks: list[Any] = []
    if not crit:
        responses, attacks = _respond(engine, state, dice, p, bp, {"ultrainstinct"}, t, lines)
    if k.dead or state.clash.over is not None:  # "When a Knight dies ... cannot be used in any way"
        attack["responses"] = responses
        if state.clash.bp_revealed == bp.id:
            state.clash = fail_bp(state.clash, dice)
        state.clash.flow.pool, cleared = pw.clear_pool(state.clash.flow.pool, 0, before_pool)
        lines += cleared + [f"{k.name}'s Attack ends before the Power Roll."]
        return _end(engine, state, dice, k, p, lines, attack, attacks)
    # 6. Power Roll
    plan = pw.create_pool(cat, k, face, attack["hits"], passion)
    res = pw.roll(dice, cat.dice, plan, t, sum(kw.value or 0 for kw in keywords if kw.name == "Power Re-roll"))
    wound = res.total >= at
    outcome = "critical" if wound and crit else "wound" if wound else "fail"
    attack.update(power=res.total, outcome=outcome, power_dice=[f.model_dump() for f in res.faces],
                  potential=res.potential, tokens_used=res.used)
    lines += pw.power_lines(plan, res, at, outcome)
    wounds = (2 if bp.level == 3 and outcome == "wound" else bp.wounds()) if state.clash.monster_type == "boss" \
        else bp.wounds()
    victory = wound and state.clash.wounds() + wounds >= state.clash.wounds_needed
    area_hits = [] if victory else _area_rolls(engine, state, dice, p, m, keywords, res.total, attack, lines)
    before = state.clash.wounds()
    if victory:  # "The Clash immediately ends ... you still gain every tangible reward from that Critical"
        _wound(engine, state, dice, p, bp, space, outcome == "critical", lines)
        if outcome == "critical":
            more, _ = _respond(engine, state, dice, p, bp, {"critical"}, t, lines, tangible=True)
            responses += more
    else:
        # 7. Monster Responses
        wanted = {"critical"} if outcome == "critical" else {"wound" if wound else "fail", "instinct"}
        more, extra = _respond(engine, state, dice, p, bp, wanted, t, lines)
        responses += more + _thresholds(engine, state, dice, p, bp, wound, res.total, at, lines)
        attacks += extra
        # 8. Wounds and Escalation
        if wound:
            _wound(engine, state, dice, p, bp, space, outcome == "critical", lines)
        elif state.clash.monster_type == "boss":
            state.clash = fail_bp(state.clash, dice)
            lines.append(f"{bp.name} goes to the BP discard pile (Fail).")
        else:
            lines.append(f"{bp.name} stays revealed on space {space} of the Mob track (Fail).")
        _area_wounds(engine, state, dice, p, area_hits, outcome == "critical", lines)
    attack["responses"] = responses
    # 9. Clear the Knight Pool
    assert state.clash is not None
    state.clash.flow.pool, cleared = pw.clear_pool(state.clash.flow.pool, res.used.get("fire", 0), before_pool,
                                                   p.keep)
    lines += cleared
    # 10. Second Ability Window
    if not k.dead and state.clash.over is None:
        state.clash.flow.pool, window = pw.second_window(cat, k, face, keywords, state.clash.flow.pool, passion,
                                                             res.total - at)
        lines += window + pierce(state.clash, None if space and wound else space, keywords, m.name)
        lines += attention.stop(state.clash, p.mini, k.name, "after the second ability window of the Attack")
        lines += _cumbersome(cat, k, p.weapon, face, keywords, wound)
    if state.clash.over is None:
        _interval_spawns(engine, state, p, before, lines)
    return _end(engine, state, dice, k, p, lines, attack, attacks)


def _area_rolls(engine: Engine, state: CampaignState, dice: Dice, p: Progress, m: Mini_M, keywords: list[Keyword],
                total: int, attack: dict[str, Any], lines: list[str]) -> list[tuple[AreaHit, BPCard]]:
    """Area: the Power Roll resolved against each other Monster on the Area's spaces, "revealing/drawing their BP
    cards if needed", against its own AT; the Monsters it wounds (dealt their Wounds at step 8, with no Response)."""
    assert state.clash is not None
    lines += area.by_hand(keywords)
    hits = area.area_targets(state.clash, state.board, state.board.knight(p.mini), m, keywords)
    if not hits:
        return []
    content = monster_content(engine, state.clash)
    wounded: list[tuple[AreaHit, BPCard]] = []
    shown: list[dict[str, Any]] = []
    for h in hits:
        slot = state.clash.mob_track[h.space - 1]
        assert slot is not None
        first, slot.revealed = not slot.revealed, True
        bp = next(c for c in content.bp_cards if c.id == h.card)
        at = bp.at + state.clash.effective_at_bonus(h.space)
        name = state.board.monster(h.monster).name
        verdict = "**Wound**" if total >= at else "Fail"
        lines.append(f"💥 Area — {name}: BP card {'revealed' if first else '(revealed)'} **{bp.name}** (BP {bp.level}, "
                     f"AT {at}); Total Power {total}: {verdict} (no Responses).")
        shown.append({"monster": h.monster, "space": h.space, "bp": bp.id, "at": at, "wound": total >= at})
        if first and bp.when_revealing:
            _harm(engine, state, dice, p, list(bp.when_revealing), f"{bp.name} (When Revealing)", lines)
        if total >= at:
            wounded.append((h, bp))
    attack["area"] = shown
    return wounded


def _area_wounds(engine: Engine, state: CampaignState, dice: Dice, p: Progress, hits: list[tuple[AreaHit, BPCard]],
                 critical: bool, lines: list[str]) -> None:
    """Step 8 for the Mobs the Area wounded, each still on its space, until the Clash is won."""
    for h, bp in hits:
        clash = state.clash
        assert clash is not None
        slot = clash.mob_track[h.space - 1]
        if clash.over is not None or slot is None or slot.card != h.card \
                or all(x.id != h.monster for x in state.board.monsters):
            continue
        p.spawned += deal_wound(engine, state, dice, bp, h.space, critical, h.monster, p.mini, p.knight, lines)


@implements("5. Determine BP Card", tests=[T + "test_a_wound_runs_the_ten_steps", T + "test_mob_wound_removes_the_mob",
                                          T + "test_ultrainstinct_is_ignored_with_a_crit_chance"])
def _attention(state: CampaignState, k: KnightState, p: Progress, keywords: list[Keyword]) -> list[str]:
    """Provoke and Spotlight of the active weapon, "During the first ability window"."""
    assert state.clash is not None
    names = {kw.name for kw in keywords}
    lines = attention.provoke(state, k, p.mini, p.monster) if "Provoke" in names else []
    if "Spotlight" in names:
        power, said = attention.spotlight(state.clash, k)
        if power:
            state.clash.flow.pool["power"] = state.clash.flow.pool.get("power", 0) + power
        lines += said
    return lines


SEEKERS = {"Heartseeker": 2, "Soulseeker": 3}


@implements("Heartseeker", tests=[T + "test_heartseeker_chooses_between_the_top_two_bp_cards"])
@implements("Soulseeker", tests=[T + "test_soulseeker_looks_at_three_and_precise_adds_the_discard_top"])
@implements("Precise", tests=[T + "test_soulseeker_looks_at_three_and_precise_adds_the_discard_top"])
def _bp_choice(engine: Engine, state: CampaignState, k: KnightState, p: Progress, face: GearFace,
               keywords: list[Keyword]) -> Pending | None:
    """"Heartseeker: During the Draw BP card step of the Attack, you may look at the top two BP cards and choose which
    one to attack. Shuffle the other card back into the deck." (Soulseeker: three.) "Precise: ... after you draw the
    card, you may target the top card of the discard pile instead. If you do, shuffle the card you've drawn into the
    BP deck." A Boss Clash only (a Mob's BP card is the Mob's own)."""
    clash = state.clash
    assert clash is not None
    if clash.monster_type != "boss" or not clash.bp_deck or p.bp_chosen is not None:
        return None
    names = {kw.name for kw in keywords}
    look = max((n for name, n in SEEKERS.items() if name in names), default=1)
    cards = clash.bp_deck[:look]
    discard = clash.bp_discard[-1:] if "Precise" in names else []
    if len(cards) + len(discard) < 2:
        return None
    content = monster_content(engine, clash)
    by_id = {c.id: c for c in content.bp_cards}
    if five_player.is_accursed(by_id[cards[0]]):  # "Heartseeker, Precise, and similar abilities do not affect" it
        return None
    at = clash.effective_at_bonus()
    options = [Option(key=c, label=f"{by_id[c].name} (BP {by_id[c].level}, AT {by_id[c].at + at})"[:80],
                      help="attack this card of the BP deck") for c in cards]
    options += [Option(key=c, label=f"{by_id[c].name} (discard pile, AT {by_id[c].at + at})"[:80],
                       help="Precise: attack the top card of the discard pile") for c in discard]
    how = " and ".join(x for x in (*[n for n in SEEKERS if n in names], "Precise" if discard else "") if x)
    return ask(clash.flow, "bp_choice", f"🃏 {how} ({face.name}): {k.name} looks at the BP cards — which one does "
               f"the Attack target?", options, knights=[p.mini], data={"attack": p.model_dump(),
                                                                        "shuffle": look > 1})


@resumes("bp_choice")
def _resume_bp_choice(engine: Engine, state: CampaignState, pending: Pending, chosen: list[str], dice: Dice) -> Result:
    p = Progress.model_validate(pending.data["attack"])
    clash = state.clash
    assert clash is not None
    from_discard = chosen[0] not in clash.bp_deck
    p.bp_chosen, p.bp_shuffle = chosen[0], bool(pending.data.get("shuffle")) or from_discard
    k = state.knights[p.knight]
    lines = [f"{k.name} attacks " + ("the top card of the BP discard pile (Precise)." if from_discard
                                     else "the BP card they chose.")]
    return _resume_round(engine, _from_bp(engine, state, dice, p, lines), dice)


def _determine_bp(engine: Engine, state: CampaignState, dice: Dice, p: Progress, m: Mini_M,
                  lines: list[str]) -> tuple[BPCard, int]:
    """"Boss Clash: Draw the top card from the BP deck and reveal it." "Mob Clash: If it's not already revealed,
    reveal the BP card corresponding to the Mob miniature you are attacking.\""""
    assert state.clash is not None
    content = monster_content(engine, state.clash)
    space = 0
    if state.clash.monster_type == "boss" and p.bp_chosen is not None:
        card, first = p.bp_chosen, True
        state.clash = draw_chosen_bp(state.clash, card, dice, p.bp_shuffle)
    elif state.clash.monster_type == "boss":
        card, state.clash = draw_bp(state.clash, dice)
        first = True
    else:
        space = m.mob_number or 0
        slot = state.clash.mob_track[space - 1]
        assert slot is not None
        card, first, slot.revealed = slot.card, not slot.revealed, True
    bp = next(c for c in content.bp_cards if c.id == card)
    where = "drawn from the BP deck" if space == 0 else f"of Mob {space} " + ("revealed" if first else "(revealed)")
    at = bp.at + state.clash.effective_at_bonus(space)
    lines.append(f"🃏 BP card {where}: **{bp.name}** (BP {bp.level}, AT {at}).")
    if space and first and bp.when_revealing:
        _harm(engine, state, dice, p, list(bp.when_revealing), f"{bp.name} (When Revealing)", lines)
    if space and bp.when_revealed:
        lines.append(f"✋ While {bp.name} stays revealed: " + "; ".join(
            getattr(e, "text", "") or e.type.replace("_", " ") for e in bp.when_revealed) + " (by hand).")
    return bp, space


@implements("7. Monster Responses",
            tests=[T + "test_fail_below_at_discards_the_bp_card", T + "test_critical_ignores_other_responses",
                   T + "test_instinct_resolves_with_a_wound", T + "test_attack_response_is_handed_on"])
@implements("Diversion", tests=[T + "test_diversion_ignores_fail_responses"])
@implements("Improved Diversion", tests=[T + "test_improved_diversion_ignores_every_response"])
def _respond(engine: Engine, state: CampaignState, dice: Dice, p: Progress, bp: BPCard, wanted: set[str],
             t: pw.PoolTokens, lines: list[str], tangible: bool = False) -> tuple[list[dict[str, Any]], list[Any]]:
    """"If you deal a Wound, you resolve the Wound Response. If you failed to deal a Wound, you resolve the Fail
    Response. If you scored a Critical Wound, resolve the Critical (and ignore all other Responses)"; Instinct "in
    addition to any other normal Responses"; "If multiple Responses apply, resolve them from top to bottom of the BP
    card." Diversion ignores Fail Responses, Improved Diversion every Response (never the Critical,
    docs/rulings.md)."""
    out: list[dict[str, Any]] = []
    attacks: list[Any] = []
    for r in bp.responses:
        if r.trigger not in wanted:
            continue
        label = f"{bp.name} ({r.trigger.title()})"
        why = ("Mercy Rule" if state.knights[p.knight].dead
               else "Improved Diversion" if t.improved_diversion and r.trigger != "critical"
               else "Diversion" if t.diversion and r.trigger == "fail" else None)
        effects = [e for e in r.effects if not (tangible and e.type in ("perform", "follow_up"))]
        out.append({"trigger": r.trigger, "effects": [e.type for e in r.effects], "ignored": why})
        if why:
            lines.append(f"🛡️ {label} is ignored ({why}).")
        elif effects:
            lines.append(f"↩️ Response — {label}:")
            attacks += _harm(engine, state, dice, p, effects, label, lines)
    return out, attacks


@implements("Overcome and Overpower", tests=[T + "test_overcome_on_a_fail_with_enough_power",
                                            T + "test_overpower_needs_a_wound_exceeding_at"])
@implements("Overcome X+", tests=[T + "test_overcome_on_a_fail_with_enough_power"])
@implements("Overpower X+", tests=[T + "test_overpower_needs_a_wound_exceeding_at"])
def _thresholds(engine: Engine, state: CampaignState, dice: Dice, p: Progress, bp: BPCard, wound: bool, total: int,
                at: int, lines: list[str]) -> list[dict[str, Any]]:
    """"Overcome X+: If you failed to deal a Wound, but your Total Power was X or more, resolve the Overcome effect.
    If you dealt a Wound and your Total Power exceeded the AT value by X or more, also resolve the Overcome effect."
    "Overpower X+: If you dealt a Wound and your Total Power exceeded the AT value by X or more\"."""
    out: list[dict[str, Any]] = []
    for kind, thr in (("overcome", bp.overcome), ("overpower", bp.overpower)):
        if thr is None:
            continue
        met = (wound and total - at >= thr.at) or (kind == "overcome" and not wound and total >= thr.at)
        out.append({"trigger": kind, "at": thr.at, "met": met, "effects": [e.type for e in thr.effects]})
        if met:
            lines.append(f"💥 {kind.title()} {thr.at}+ — {bp.name}:")
            _harm(engine, state, dice, p, list(thr.effects), f"{bp.name} ({kind.title()})", lines)
    return out


@implements("8. Wounds and Escalation",
            tests=[T + "test_a_wound_runs_the_ten_steps", T + "test_mob_wound_removes_the_mob",
                   T + "test_victory_at_the_last_wound"])
def _wound(engine: Engine, state: CampaignState, dice: Dice, p: Progress, bp: BPCard, space: int, critical: bool,
           lines: list[str]) -> None:
    p.spawned += deal_wound(engine, state, dice, bp, space, critical, p.monster, p.mini, p.knight, lines)


def deal_wound(engine: Engine, state: CampaignState, dice: Dice, bp: BPCard, space: int, critical: bool,
               monster: str, near: str, attacker: str, lines: list[str]) -> list[str]:
    """Boss: the BP card becomes a Wound, then the Escalation (``wound_boss``); Mob: "The Monster is killed as soon
    as the Wound is dealt" (``wound_mob``, the miniature ``monster`` leaves the Clash Board, a spawned Mob rises near
    the miniature ``near``). Returns the board ids of the Mobs spawned (a Squire's Attack uses it too)."""
    assert state.clash is not None
    spawned: list[str] = []
    if space == 0:
        state.clash, more = wound_boss(state.clash, critical, dice, double=bp.double_wound)
    else:
        content = monster_content(engine, state.clash)
        immediate = content.spawn is not None and content.spawn.type == "immediate"
        state.clash, more = wound_mob(state.clash, space, dice, immediate, double=bp.double_wound)
        board = state.board
        gone = board.monster(monster)
        state.board = board.model_copy(update={"monsters": tuple(x for x in board.monsters if x.id != gone.id)})
        more.append(f"{gone.name}'s miniature leaves the Clash Board.")
        placed, spawned = _placed(engine, state, near)
        more += placed
    kind = "**Critical Wound**" if critical else "Wound"
    lines.append(f"🩸 {kind}: " + " ".join(more))
    state.clash.flow.last_to_wound = attacker
    return spawned


def _placed(engine: Engine, state: CampaignState, near: str | None) -> tuple[list[str], list[str]]:
    """Place the Mobs just spawned: the narration, and their board ids (they may owe a Spawn Attack, ``_end``)."""
    before = {m.id for m in state.board.monsters}
    lines = place_spawned(engine, state, near)
    return lines, [m.id for m in state.board.monsters if m.id not in before and m.kind == "mob"]


def _interval_spawns(engine: Engine, state: CampaignState, p: Progress, before: int, lines: list[str]) -> None:
    """Interval Spawn: "the spawning happens after you fully resolve the current action (like a Knight Attack)"."""
    assert state.clash is not None
    content = monster_content(engine, state.clash)
    dealt = state.clash.wounds() - before
    if content.spawn is None or content.spawn.type != "interval" or content.spawn.every is None or dealt <= 0:
        return
    state.clash, due = interval_spawns_due(state.clash, content.spawn.every, dealt)
    for _ in range(due):
        state.clash, more = spawn(state.clash, None)
        lines += more
    placed, spawned = _placed(engine, state, state.clash.flow.last_to_wound)
    lines += placed
    p.spawned += spawned


@implements("End of a Knight Attack and Attack Responses", tests=[T + "test_attack_response_is_handed_on"])
@implements("Bonus Attacks During Knight Attacks (Follow-up Attacks)",
            tests=[T + "test_attack_response_is_handed_on", G + "test_follow_up_is_owed_and_spent_outside_the_turn"],
            note="owed in clash.flow.bonus_attacks; /knight attack bonus:true spends it")
@implements("Mercy Rule", tests=[G + "test_mercy_rule_a_knight_dying_in_their_attack_ignores_the_responses"],
            note="Attack against a Monster: Responses and Attack Responses after the death are ignored")
def _end(engine: Engine, state: CampaignState, dice: Dice, k: KnightState, p: Progress, lines: list[str],
         attack: dict[str, Any], attacks: list[Any]) -> Result:
    """"If the attack triggered an Attack Response, like a Monster Attack, a Follow-up Knight Attack, or a Spawn
    Attack, it will happen next, starting a new attack sequence." A won Clash has no more Attacks."""
    assert state.clash is not None
    lines += st.after(engine.catalogue, k, "attack")
    over = state.clash.over is not None
    responses = [] if over or k.dead else [{"attack": a.attack, "target": p.mini, "monster": p.monster}
                                           for a in attacks if a.type == "perform"] + _spawn_attacks(engine, state, p)
    if k.dead and not over and any(a.type == "perform" for a in attacks):
        lines.append(f"{k.name} died during the Attack: its Attack Responses are ignored (Mercy Rule).")
    follow_up = not over and not k.dead and any(a.type == "follow_up" for a in attacks)
    if p.bonus and (responses or follow_up):
        lines.append("During a Bonus Attack its Attack Responses are ignored.")
        responses, follow_up = [], False
    if follow_up and k.id not in state.clash.flow.bonus_attacks:
        state.clash.flow.bonus_attacks.append(k.id)
    if follow_up:
        lines.append(f"⚔️ Follow-up Knight Attack: {k.name} is owed a Bonus Attack, resolved now: "
                     f"`/knight attack knight:{k.id} weapon:{p.weapon} bonus:true` (any weapon of the Loadout; an "
                     "exhausted weapon may be declared and is unexhausted; its Attack Responses are ignored).")
    extra: dict[str, Any] = {"attack_responses": responses, "follow_up": follow_up}
    run = _runner()
    if run is None or not responses:
        lines += rounds.end_dead_turn(engine, state, dice)
    result = _result(engine, state, k, lines, attack, None, extra)
    if run is None or not responses:
        return result
    after = run(engine, result.state, dice, responses)
    if not isinstance(after, Result):  # pragma: no cover
        return result
    events = result.events + after.events
    if after.pending is None:
        events += [Event(kind="knight", text=x) for x in rounds.end_dead_turn(engine, after.state, dice)]
    data = {**result.data, **after.data, "knight": knight_summary(engine.catalogue, k)}
    return Result(state=after.state, events=events, data=data, pending=after.pending)


@implements("Spawn Attacks", tests=[T + "test_a_spawn_attack_is_an_attack_response_of_the_new_mob"])
def _spawn_attacks(engine: Engine, state: CampaignState, p: Progress) -> list[dict[str, Any]]:
    """"If the Monster's spawning Trait indicates it is going to perform any sort of Attack, it is treated as an
    Attack Response, i.e. it happens after the current Attack ends (if any)": each Mob this Attack spawned (and the
    bot placed) performs it against the attacking Knight."""
    assert state.clash is not None
    spawn = monster_content(engine, state.clash).spawn
    if spawn is None or spawn.attack is None:
        return []
    on_board = {m.id for m in state.board.monsters}
    return [{"attack": spawn.attack, "target": p.mini, "monster": mid} for mid in p.spawned if mid in on_board]


def _runner() -> Any:
    try:
        from rules.clash import activation
    except ImportError:  # pragma: no cover
        return None
    return getattr(activation, "run_attack_responses", None)


def _result(engine: Engine, state: CampaignState, k: KnightState, lines: list[str], attack: dict[str, Any],
            pending: Pending | None, extra: dict[str, Any] | None = None) -> Result:
    from rules.clash_handlers import clash_data

    assert state.clash is not None
    events = [Event(kind="attack", text=line) for line in lines]
    data: dict[str, Any] = {"attack": attack, "knight": knight_summary(engine.catalogue, k),
                            "clash": clash_data(state.clash, gm=False), "pool": dict(state.clash.flow.pool)}
    data.update(extra or {})
    if pending is not None:
        events.append(Event(kind="decision", text=pending.prompt))
        data["pending"] = pending.model_dump(exclude={"data"})
    return Result(state=state, events=events, data=data,
                  pending=decision(state, pending) if pending is not None else None)
