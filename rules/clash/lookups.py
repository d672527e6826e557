"""What the steps of a Clash look up and share, below all of them: the Monster's content and its AI card, the
campaign Knight of a board miniature, the acting Monster's step of harm, the Target being attacked and the Attack
gates it meets. It imports no step module (rules/clash/activation.py, monster_attack.py, rounds.py... import it)."""

from __future__ import annotations

from content.loader import Catalogue
from content.schema.monsters import Gate, MonsterAttack
from content.schema.monsters import Monster as MonsterContent
from rules.board import measures
from rules.board.naming import slug
from rules.clash.activation_state import Activation
from rules.clash.harm_state import Harm
from rules.clash.state import ClashState
from rules.dice import Dice
from rules.engine import Engine
from rules.errors import RuleError
from rules.knights.state import KnightState
from rules.state import CampaignState

# --- content lookups -------------------------------------------------------------------------------------------


def monster_content(engine: Engine, clash: ClashState) -> MonsterContent:
    return monster_in(engine.catalogue, clash)


def monster_in(cat: Catalogue, clash: ClashState) -> MonsterContent:
    """The Monster of the Clash in the loaded packs."""
    m = cat.monsters.get(clash.monster)
    if m is None:
        raise RuleError(f"the Monster {clash.monster!r} is no longer in the loaded packs")
    return m


def card_of(engine: Engine, clash: ClashState, act: Activation) -> MonsterAttack:
    m = monster_content(engine, clash)
    if act.source == "signature":
        return m.signature
    if act.source == "routine":
        return m.routine
    for card in m.ai_cards:
        if card.id == act.card:
            return card
    raise RuleError(f"{m.name} has no AI card {act.card!r}")


def knight_state(state: CampaignState, board_id: str) -> KnightState:
    """The campaign Knight of a board miniature (the board id is the slug of the name)."""
    found = state.knights.get(board_id)
    if found is not None:
        return found
    for k in state.knights.values():
        if slug(k.name) == board_id:
            return k
    raise RuleError(f"the Knight {board_id!r} on the Clash Board is not a Knight of this campaign")


def name_of(state: CampaignState, board_id: str) -> str:
    return state.board.knight(board_id).name


def alive(state: CampaignState, board_id: str) -> bool:
    try:
        return not state.board.knight(board_id).dead and not knight_state(state, board_id).dead
    except (KeyError, RuleError):
        return False


def harm_by(engine: Engine, state: CampaignState, dice: Dice, act: Activation) -> Harm:
    """A step of harm done by the acting Monster (the source of its Knockback, Pushback and Drag)."""
    h = Harm(engine, state, dice)
    h.monster = act.monster
    return h


# --- the Attack's Target ---------------------------------------------------------------------------------------


def current(act: Activation) -> str | None:
    return act.targets[act.index] if act.index < len(act.targets) else None


def gates_met(state: CampaignState, card: MonsterAttack, act: Activation, knight: str) -> list[Gate]:
    """The Attack gates the Target meets: "if your Heat was 3 or higher, you'd have to roll an additional Evasion
    die". A gate before the Movement or the Attack adds its Evasion dice; its effects, like those of a gate before
    the Consequences, join the Attack effects; a gate before the After Attack joins the After Attack
    (docs/rulings.md)."""
    assert state.clash is not None
    k = knight_state(state, knight)
    monster = state.board.monster(act.monster)
    adjacent = sum(1 for mini in state.board.knights
                   if not mini.dead and measures.is_adjacent(state.board, monster, mini))
    values = {"heat": k.stats.heat, "passion": k.stats.passion, "vigor": k.stats.vigor, "bane": k.stats.bane,
              "wounds": state.clash.wounds(), "knights_adjacent": adjacent}
    return [g for g in card.gates if values[g.stat] >= g.at_least]
