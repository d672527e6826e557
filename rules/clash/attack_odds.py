"""The exact odds of a Knight's planned Attack in the running Clash (issue "Odds": "the exact probability
(computed, not sampled) to hit and to wound given the chosen weapon, the Knight Pool, Passion effects and the BP
level shown on the deck's back").

The plan is the one ``/knight attack`` would roll: the weapon's Attack dice and Precision (with its Upgrade), the
Knight's Precision tokens, the Knight Pool's Opening/Closing/Spell/Cantrip tokens, the Monster's To Hit, the free
re-rolls (Closing, Attack Re-roll X), the Power Pool of rules/clash/power_roll.create_pool (Weapon Power, Bonus
Power, the Knight's Power die, Heroic Arc levels at the Knight's Passion after the Attack's +1) and the Break,
Fire, Hope, Sunder and Power tokens. The BP card is unknown: the odds to wound average over the cards the top of
the BP deck can be — the cards of the level on its back still in the deck, each equally likely. A Mob's card is
its own (revealed or not, the bot averages over the Mob cards of that level still unseen only when it is face
down).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from content.loader import Catalogue
from content.schema import DiceSet
from rules import odds
from rules.clash import active_weapon as aw
from rules.clash import attack_roll as ar
from rules.clash import power_roll as pw
from rules.clash.knight_attack import place_precision
from rules.clash.lookups import knight_state, monster_in
from rules.coverage import implements
from rules.errors import RuleError
from rules.knights import statistics as st
from rules.state import CampaignState

T = "tests/clash/test_attack_odds.py::"


@dataclass(frozen=True)
class PlannedAttack:
    plan: odds.AttackPlan  # without ``at``
    ats: dict[int, Fraction]  # the AT of the BP card -> its probability
    level: int | None  # the BP level shown
    heat_rerolls: int  # missed dice the Knight could still re-roll with Heat


def _candidates(cat: Catalogue, state: CampaignState, target: str | None) -> tuple[list[str], int | None, int]:
    """The BP cards the Attack may meet, the level the players see, and the Mob track space (0: the Boss)."""
    clash = state.clash
    assert clash is not None
    if clash.monster_type == "boss":
        if not clash.bp_deck and not clash.bp_discard:
            raise RuleError("the BP deck and its discard pile are empty")
        deck = clash.bp_deck or clash.bp_discard  # an empty deck is formed again from the discard pile
        level = clash.levels[deck[0]]
        return [c for c in deck if clash.levels[c] == level], level, 0
    minis = [m for m in state.board.monsters if m.kind == "mob" and (target is None or m.id == target)]
    if not minis:
        raise RuleError("name the Mob you would attack with target:")
    space = minis[0].mob_number or 1
    slot = clash.mob_track[space - 1]
    if slot is None:
        raise RuleError(f"{minis[0].name} has no BP card on the Mob track")
    if slot.revealed:
        return [slot.card], clash.levels[slot.card], space
    level = clash.levels[slot.card]
    unseen = [s.card for s in clash.mob_track if s is not None and not s.revealed and clash.levels[s.card] == level]
    return unseen + [c for c in clash.bp_deck if clash.levels[c] == level], level, space


@implements("6. Power Roll", tests=[T + "test_planned_attack_equals_the_plain_odds_with_the_same_numbers"],
            note="/odds weapon: the odds of the Knight's Attack in the running Clash")
def planned_attack(cat: Catalogue, state: CampaignState, knight: str, weapon: str, cantrip: str | None = None,
                   target: str | None = None) -> PlannedAttack:
    clash = state.clash
    if clash is None:
        raise RuleError("no Clash is running: /odds attack takes the numbers by hand")
    k = knight_state(state, knight)
    if not any(i.gear == weapon and not i.discarded for i in k.loadout):
        raise RuleError(f"{k.name} has no {weapon!r} in the Loadout")
    face, keywords, weapon_precision = aw.weapon_face(cat, k, weapon)
    if face.attack_dice is None:
        raise RuleError(f"{face.name} is not a weapon")
    t = pw.pool_tokens(clash.flow.pool, cantrip)
    precision = ar.precision(cat, k, weapon_precision, t) + _place(state, knight, target)  # as the Attack counts
    free = ar.free_rerolls(t, keywords)
    passion = min(9, k.stats.passion + 1) + t.rouse  # "Raise your Passion by 1" comes first
    knight_die, additional, _ = pw.knight_dice(cat, k, passion)
    per_hit = odds.Dice(white=face.weapon_power.white, black=face.weapon_power.black, red=face.weapon_power.red)
    bonus = odds.Dice(white=face.bonus_power.white, black=face.bonus_power.black, red=face.bonus_power.red,
                      raw=face.bonus_raw_power)
    extra = odds.Dice(**{c: additional.count(c) for c in ("white", "black", "red")})
    cards, level, space = _candidates(cat, state, target)
    plan = odds.AttackPlan(
        dice=face.attack_dice or 1, to_hit=clash.effective_to_hit(space), precision=max(-20, min(20, precision)),
        rerolls=min(free, face.attack_dice or 1), weapon_power=per_hit, bonus_power=bonus, knight_die=knight_die,
        extra_power=extra,
        tokens=odds.Tokens(break_=t.breaks + t.fire, hope=t.hope, sunder=t.sunder, power=t.power),
    )
    known = {c.id: c for c in monster_in(cat, clash).bp_cards}
    ats: dict[int, Fraction] = {}
    for c in cards:
        at = known[c].at + clash.effective_at_bonus(space)
        ats[at] = ats.get(at, Fraction(0)) + Fraction(1, len(cards))
    heat_left = max(0, st.heat_limit(cat, k) - k.stats.heat)
    return PlannedAttack(plan=plan, ats=ats, level=level, heat_rerolls=heat_left)


def _place(state: CampaignState, knight: str, target: str | None) -> int:
    """The Board's Precision (a Blindspot, Hidden) as the Attack counts it, when the Knight and the Target are on the
    board (the Target named, or the only Monster)."""
    mini = next((b for b in state.board.knights if b.id == knight and b.space is not None), None)
    monsters = [m for m in state.board.monsters if target is None or m.id == target]
    if mini is None or len(monsters) != 1:
        return 0
    return place_precision(state, mini, monsters[0])


def wound_odds(planned: PlannedAttack, dice_set: DiceSet) -> tuple[odds.AttackOdds, Fraction, Fraction]:
    """The Attack Roll's odds, and P(Wound), P(Critical Wound) averaged over the possible BP cards."""
    plain = odds.attack_odds(planned.plan, dice_set)
    wound = critical = Fraction(0)
    for at, p in planned.ats.items():
        o = odds.attack_odds(planned.plan.model_copy(update={"at": at}), dice_set)
        assert o.wound is not None and o.critical_wound is not None
        wound += p * o.wound
        critical += p * o.critical_wound
    return plain, wound, critical


__all__ = ["PlannedAttack", "planned_attack", "wound_odds"]
