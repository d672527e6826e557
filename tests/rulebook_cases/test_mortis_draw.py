"""A "When you draw a Mortis card" Gear ability (rulebook line 1504) resolved between the draw and the card's
resolution, played through command lines from a content pack."""

from __future__ import annotations

from pathlib import Path

from tests.rulebook_cases.pack import answer_all, monster, pack_table

COIN = """\
kind: gear
id: gear_lucky_coin
name: Lucky Coin
type: support
tier: mob
abilities:
- trigger: draw_mortis
  text: When you draw a Mortis card, gain +1 Passion.
  effects: [{type: gain_passion, amount: 1}]
- trigger: draw_mortis
  cost: Exhaust
  text: When you draw a Mortis card, you may exhaust this card to gain +1 Vigor.
"""
BRUTE = monster(
    "brute", "Brute",
    ai="""\
- id: brute_ai_maul
  name: Maul
  level: 1
  evasion_dice: 1
  evasion_difficulty: 6
  targeting:
  - text: Closest Knight
    criteria: [{is: closest}]
  movement: {type: none}
  attack: {types: [melee]}
  consequences: [{type: lose_vigor, amount: 1}, {type: peril_check}]""",
    setup="""\
  knights: [D6, H1, H5, H12]
  monster:
  - {at: D5, facing: east}""",
)


async def test_a_when_you_draw_a_mortis_card_ability_resolves_before_the_card(tmp_path: Path) -> None:
    """Rulebook (line 1504): Example: If an effect triggers a "When you draw a Mortis card," it activates immediately
    after you draw the card but before you resolve it.

    Rulebook (line 530): Constant abilities continuously seek specific timing conditions and must be resolved any
    time the specified condition is met, unless the ability text itself specifically says that "you may" resolve its
    effect."""
    async with pack_table(tmp_path, {"coin.yaml": COIN, "brute.yaml": BRUTE}) as t:
        await t.ok("@kara /knight create knight:lanternbearer name:Kara")
        await t.ok("@kara /knight armory add gear:gear_lucky_coin")
        await t.ok("@kara /knight loadout gear:gear_lucky_coin")
        await t.ok("/clash start monster:brute level:1 type:full")
        await t.ok("/clash adjust knight:Kara stat:vigor value:9")  # a Minor Peril threshold after the hit
        passion = next(iter((await t.state())["knights"].values()))["stats"]["passion"]
        await t.ok("/gm force-next values:3")  # the Evasion die: hit
        text = (await answer_all(t, await t.ok("/monster round")))[-1].text
        drawn = text.index("Kara draws **")
        coin = text.index("⚡ Lucky Coin: When you draw a Mortis card, gain +1 Passion.")
        offer = text.index("✋ Lucky Coin (Exhaust): When you draw a Mortis card, you may exhaust this card")
        assert drawn < coin < offer
        assert "Kara draws **Cold Sweat** from the Minor Mortis deck" in text  # this seed's card: -1 Vigor, +1 Heat
        assert offer < text.index("Kara: Vigor 8 → **7**")  # the card resolves after the abilities
        after = next(iter((await t.state())["knights"].values()))["stats"]["passion"]
        assert after >= passion + 1
