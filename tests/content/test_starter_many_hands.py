"""The starter Lantern-Drowned's Many Hands card plays its Gangup 3 as the keyword (issue #20, "Bugs met"): the card
was written with a text effect, which the bot only showed for the table to apply by hand.

The card is taken as it is from the starter pack (content/packs/starter/monsters/lantern_drowned.yaml) into a small
Boss of a test pack, so the Clash can draw it first and meet another Monster to be ganged up against."""

from __future__ import annotations

from pathlib import Path

import yaml

from content.loader import STARTER_PACK
from content.schema.cards import Gangup
from tests.conftest import CATALOGUE
from tests.rulebook_cases.pack import answer_all, monster, pack_table

MANY_HANDS = "drowned_ai_gangup"


def _starter_card() -> dict[str, object]:
    data = yaml.safe_load((STARTER_PACK / "monsters" / "lantern_drowned.yaml").read_text(encoding="utf-8"))
    return next(c for c in data["ai_cards"] if c["id"] == MANY_HANDS)


def test_many_hands_is_gangup_3_in_the_starter_pack() -> None:
    """Rulebook (line 1976): - Gangup X: Move up to X spaces toward the Target. Then, move the Targeted Knight the
    remaining number of spaces, ignoring the source, toward another closest Monster along the shortest path, or
    until adjacent. Treat this as involuntary movement."""
    card = next(c for c in CATALOGUE.monsters["drowned"].ai_cards if c.id == MANY_HANDS)
    assert card.name == "Many Hands"
    assert [e for e in card.consequences if isinstance(e, Gangup)] == [Gangup(type="gangup", amount=3)]
    assert not [e for e in card.consequences if getattr(e, "type", "") == "text"], "no Gangup left as text"


async def test_many_hands_moves_the_target_toward_another_monster(tmp_path: Path) -> None:
    """Rulebook (line 1976): - Gangup X: Move up to X spaces toward the Target. Then, move the Targeted Knight the
    remaining number of spaces, ignoring the source, toward another closest Monster along the shortest path, or
    until adjacent. Treat this as involuntary movement."""
    card = _starter_card()
    # the starter card's own consequences, on a Boss that does not move before attacking (the test's board)
    consequences = yaml.safe_dump(card["consequences"], default_flow_style=True, width=10_000).strip()
    ai = f"""\
- id: shepherd_ai_many_hands
  name: Many Hands
  level: 1
  evasion_dice: 1
  evasion_difficulty: 6
  targeting:
  - text: Closest Knight
    criteria: [{{is: closest}}]
  movement: {{type: none}}
  attack: {{types: [melee]}}
  consequences: {consequences}"""
    setup = "  knights: [D6, D11, H1, H12]\n  monster:\n  - {at: D5, facing: east}"
    async with pack_table(tmp_path, {"shepherd.yaml": monster("shepherd", "Shepherd", ai=ai, setup=setup)}) as t:
        for name in ("Kara", "Ubar"):
            await t.ok(f"@{name.lower()} /knight create knight:lanternbearer name:{name}")
        await t.ok("/clash start monster:shepherd level:1 type:full")
        await t.ok("/clash place kind:knight name:Ubar space:H12")
        await t.ok("/clash place kind:monster name:Ram space:D11")  # another Monster, where Ubar was
        await t.ok("/gm force-next values:3")  # the Evasion die: not evaded
        text = "\n".join(r.text for r in await answer_all(t, await t.ok("/monster round")))
        state = await t.state()
        where = {k["name"]: k["space"] for k in state["board"]["knights"]}
        where |= {m["name"]: m["anchor"] for m in state["board"]["monsters"]}
        assert "Kara ends on D9" in text  # toward the Ram, until adjacent or the 3 spaces are spent
        assert where["Kara"] == "D9" and where["Shepherd"] == "D8"
