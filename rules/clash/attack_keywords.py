"""Keywords printed on a Monster Attack (content ``keywords`` of an AI card, Signature or Routine; rulebook Keyword
List): Doomed, Swarm X, Splinter X. rules/clash/monster_attack.py calls them.

- Doomed: "During this Monster Attack, Knights cannot re-roll the Evasion Roll or Judgement test using Heat." Free
  Evasion Re-rolls of the Gear and Guard X still work.
- Swarm X and Splinter X are resolved when the Attack hits, just before its Attack Consequences (docs/rulings.md):
  a Vigor loss caused by a Monster Attack, so an Armor Roll reduces it (not for a Judgement, whose Vigor loss
  "cannot be mitigated"); the Monster's Vigor Loss bonus ("once per Attack") is left to the card's own Vigor loss.
"""

from __future__ import annotations

from content.schema.cards import LoseVigor
from content.schema.monsters import MonsterAttack
from rules.board import measures
from rules.clash import harm
from rules.clash.activation_facts import ActivationSwarmSplinter
from rules.clash.activation_state import Activation
from rules.clash.lookups import harm_by, knight_state
from rules.clash.peril import vigor_loss
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import Line
from rules.state import CampaignState, one_attack


def value(card: MonsterAttack, name: str) -> int:
    """X of the card's keyword ``name`` (summed: "every keyword followed by a number is a stackable keyword")."""
    return sum(kw.value or 0 for kw in card.keywords if kw.name == name)


def doomed(card: MonsterAttack) -> bool:
    return any(kw.name == "Doomed" for kw in card.keywords)


DOOMED = "Doomed: during this Monster Attack, Knights cannot re-roll the Evasion Roll or Judgement test using Heat"


def on_hit(engine: Engine, state: CampaignState, dice: Dice, act: Activation, card: MonsterAttack, knight: str,
           judgement: bool) -> list[Line]:
    """"Swarm X: The attacked Knight loses -X Vigor for each other adjacent Monster." and "Splinter X: Knights
    adjacent to the Target of the Attack lose -X Vigor." ``knight`` is the Target's board id: a Knight or a Squire
    ("During a Clash, Squires are considered Knights unless stated otherwise"; campaigns created at version 3+, see
    rules.state.one_attack — before, a Squire Target had neither, and Splinter passed over adjacent Squires)."""
    swarm, splinter = value(card, "Swarm"), value(card, "Splinter")
    if not (swarm or splinter):
        return []
    squires = one_attack(state)
    board = state.board
    target = board.knight(knight)
    losses: list[tuple[str, int, str, ActivationSwarmSplinter]] = []  # who, Vigor, the source, the fact
    if swarm:
        others = [m for m in board.monsters if m.id != act.monster and measures.is_adjacent(board, m, target)]
        told = ActivationSwarmSplinter(keyword="Swarm", x=swarm, target=target.name, others=len(others))
        if others:
            losses.append((knight, swarm * len(others), f"Swarm {swarm}: {len(others)} other adjacent Monster(s)",
                           told))
        else:
            losses.append((knight, 0, "", told))
    if splinter:
        near = [b for b in board.knights if b.id != knight and not b.dead
                and (squires or b.id not in state.squires) and measures.knights_adjacent(board, b, target)]
        losses += [(b.id, splinter, f"Splinter {splinter}: adjacent to {target.name}",
                    ActivationSwarmSplinter(keyword="Splinter", x=splinter, target=target.name, knight=b.name))
                   for b in near]
        if not near:
            losses.append((knight, 0, "", ActivationSwarmSplinter(keyword="Splinter", x=splinter, target=target.name)))
    h = harm_by(engine, state, dice, act)
    for who, n, why, told in losses:
        if n <= 0:
            h.say(told)
            continue
        loss = LoseVigor(type="lose_vigor", amount=n)
        if who in state.squires:  # its own statistics, no Armor Roll (rules/squires/clash.harm_squire)
            h.bonus_paid.append(who)
            harm.resolve_effects(h, who, [loss], monster_attack=not judgement, judgement=judgement, source=why)
            continue
        k = knight_state(state, who)
        if k.dead:
            continue
        h.bonus_paid.append(k.id)  # the Vigor Loss bonus goes with the card's own Vigor loss
        h.say(told.model_copy(update={"knight": k.name, "loss": n}))
        vigor_loss(h, k, loss, 1, True, judgement)
    harm.settle(h)
    return h.lines
