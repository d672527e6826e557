"""Monster Traits with a timing (rulebook "Monster Traits", "Timing Rules", "Start of Monster Round", "End of Monster
Round", "Start of Knight Round", "End of Knight Round").

A Trait whose content names its ``timing``, ``affects`` and ``effects`` is resolved by the bot at that moment: its
``condition`` checked, its effects resolved on each Knight it affects (``rules/clash/harm.py``, Peril Checks
settled at the end). A Trait whose text names a Round's start or end without that data is shown for the players
to resolve by hand — "If there is more than one start of Round effect, the players may resolve these effects in
any order they like"; the bot resolves its own in the order the Traits were added.
"""

from __future__ import annotations

from content.schema.monsters import Trait, TraitTiming
from rules.board import measures
from rules.clash import harm
from rules.clash.activation_facts import ActivationTrait
from rules.clash.lookups import knight_state, monster_content
from rules.coverage import implements
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import Line, random_targets_said
from rules.state import CampaignState

T = "tests/clash/test_traits.py::"
WORDS: dict[TraitTiming, tuple[str, ...]] = {
    "start_of_monster_round": ("start of each monster round", "start of the monster round"),
    "end_of_monster_round": ("end of each monster round", "end of the monster round"),
    "start_of_knight_round": ("start of each knight round", "start of the knight round"),
    "end_of_knight_round": ("end of each knight round", "end of the knight round"),
    "end_of_knight_turn": ("ends their turn", "end of their turn"),
}


def _living(state: CampaignState) -> list[str]:
    return [m.id for m in state.board.knights if not m.dead and m.space is not None]


def _adjacent_monsters(state: CampaignState, kid: str, kind: str) -> int:
    mini = state.board.knight(kid)
    return sum(measures.is_adjacent(state.board, m, mini) for m in state.board.monsters if m.kind == kind)


def _met(state: CampaignState, trait: Trait, kid: str | None) -> bool:
    c, clash = trait.condition, state.clash
    if c is None or clash is None:
        return True
    if c.wounds_at_least is not None and clash.wounds() < c.wounds_at_least:
        return False
    if c.mobs_at_least is not None and sum(s is not None for s in clash.mob_track) < c.mobs_at_least:
        return False
    return c.adjacent_mobs_at_least is None or (
        kid is not None and _adjacent_monsters(state, kid, "mob") >= c.adjacent_mobs_at_least)


def _affected(state: CampaignState, trait: Trait, knight: str | None) -> tuple[list[str], ActivationTrait | None]:
    """(board ids of the Knights the effects fall on, what the table is told when the bot cannot tell)."""
    living = _living(state)
    if trait.affects == "every_knight":
        return living, None
    if trait.affects == "the_knight":
        return ([knight] if knight in living else []), None
    if trait.affects == "adjacent_knights":
        boss = [m for m in state.board.monsters if m.kind == "boss"] or list(state.board.monsters)
        return [k for k in living if any(measures.is_adjacent(state.board, m, state.board.knight(k))
                                         for m in boss)], None
    if trait.affects == "most_bane":
        bane = {k: state.squires[k].bane if k in state.squires else knight_state(state, k).stats.bane
                for k in living}  # a Squire's own Bane (docs/squires.md)
        best = max(bane.values(), default=0)
        top = [k for k, n in bane.items() if n == best]
        if len(top) > 1:
            tied = [state.board.knight(k).name for k in top]
            return [], ActivationTrait(trait=trait.name, text=trait.text, tied=tied, bane=best)
        return top, None
    return [], None  # the_monster


@implements("Monster Traits", tests=[T + "test_end_of_round_trait_gives_heat_to_adjacent_knights_only",
                                     T + "test_start_of_round_trait_with_a_condition",
                                     T + "test_most_bane_trait_and_a_tie_shown_by_hand",
                                     T + "test_end_of_turn_trait_adjacent_to_two_mobs",
                                     T + "test_a_timed_trait_without_data_is_shown_by_hand"])
@implements("Timing Rules", status="assisted",
            tests=[T + "test_end_of_round_trait_gives_heat_to_adjacent_knights_only"],
            note="Start/End of Round Traits and the end of a Knight's turn are resolved; other timings by hand")
def resolve(engine: Engine, state: CampaignState, dice: Dice, timing: TraitTiming,
            knight: str | None = None) -> list[Line]:
    """Resolve the Monster's Traits of ``timing`` (``knight``: the Knight ending their turn)."""
    clash = state.clash
    if clash is None or clash.over is not None:
        return []
    lines: list[Line] = []
    for trait in monster_content(engine, clash).traits_at(clash.level):
        if trait.timing != timing:
            if trait.timing is None and trait.card and any(w in trait.text.lower() for w in WORDS[timing]):
                lines += [ActivationTrait(trait=trait.name, text=trait.text, by_hand=True),
                          *random_targets_said(trait.text)]
            continue
        if not _met(state, trait, knight):
            continue
        h = harm.Harm(engine, state, dice)
        targets, note = _affected(state, trait, knight)
        if note is not None:
            lines += [note, *random_targets_said(trait.text)]
            continue
        h.say(ActivationTrait(trait=trait.name, text=trait.text))
        if trait.affects == "the_monster" and trait.effects:
            # a Trait on the Monster carries only the Monster's side (Escalate, Heal...): no Knight is harmed
            harm.resolve_effects(h, _any_knight(state), trait.effects, source=trait.name)
        for kid in targets:
            harm.resolve_effects(h, kid, trait.effects, source=trait.name)
        if trait.affects != "the_monster" and not targets:
            h.say(ActivationTrait(trait=trait.name, nobody=True))
        harm.settle(h)
        lines += h.lines
        if clash.over is not None:
            break
    return lines


def _any_knight(state: CampaignState) -> str:
    return next(iter(_living(state)), next(iter(state.knights)))
