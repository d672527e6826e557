"""The Clash's layers (docs/architecture.md, "Layers"): the Monster Round's loop finds every Activation step in its
registry and imports none of them; the Clash never imports the Squires, which register what the Clash asks of them.
bot/tools/check_imports.py fails on any cycle; these pin the direction of the edges that used to close one."""

from __future__ import annotations

from typing import get_args

from bot.tools import check_imports
from rules.clash.activation_state import Step
from rules.clash.monster_round import STEPS

EDGES = check_imports.graph(check_imports.modules())


def test_every_step_of_an_activation_is_registered_with_the_loop() -> None:
    assert sorted(STEPS) == sorted(s for s in get_args(Step) if s != "done")


def test_the_monster_round_loop_imports_none_of_its_steps() -> None:
    assert not EDGES["rules.clash.monster_round"] & {"rules.clash.activation", "rules.clash.monster_attack"}


def test_the_clash_never_imports_the_squires_rules() -> None:
    """Only the Squire's state model (a leaf the campaign state holds) may be seen from the Clash."""
    upward = sorted(f"{m} -> {t}" for m, targets in EDGES.items() if m.startswith("rules.clash.")
                    for t in targets if t.startswith("rules.squires") and t != "rules.squires.state")
    assert upward == []


def test_what_the_steps_share_lies_below_every_step() -> None:
    below = {"rules.clash.lookups", "rules.clash.view", "rules.clash.squire_hooks", "rules.clash.harm_state",
             "rules.clash.activation_state", "rules.clash.attack_target"}
    allowed = below | {"rules.clash.state", "rules.clash.flow"}
    for module in sorted(below):
        clash = {t for t in EDGES[module] if t.startswith("rules.clash.")}
        assert clash <= allowed, f"{module} imports {sorted(clash - allowed)}"
