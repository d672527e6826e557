"""Kingdom-specific Mortis cards (rulebook "Kingdom Setup"): "Shuffle the Kingdom-specific Mortis cards into the
corresponding Mortis decks (Minor, Major, and Grave)". A Kingdom's content lists them (``Kingdom.mortis``); at
``/delve start`` another Kingdom's cards leave the Mortis decks, this Kingdom's join them, and each deck that changed
is shuffled. Drawing one finds it through ``Engine.card``."""

from __future__ import annotations

from content.schema.kingdom import Kingdom
from rules import decks
from rules.coverage import implements
from rules.delve.contract_facts import KingdomMortis
from rules.dice import Dice
from rules.engine import Engine
from rules.facts import said
from rules.state import CampaignState

T = "tests/delve/test_kingdom_mortis.py::"


@implements("Kingdom Setup", tests=[T + "test_kingdom_mortis_cards_are_shuffled_in_and_drawn"],
            note="Kingdom-specific Mortis cards are shuffled into the Minor, Major and Grave decks")
def shuffle_in(engine: Engine, state: CampaignState, kingdom: Kingdom, dice: Dice) -> list[str]:
    others = {c.id for k in engine.catalogue.kingdoms.values() if k.id != kingdom.id
              for cards in k.mortis.values() for c in cards}
    lines: list[str] = []
    for deck_id in ("minor_mortis", "major_mortis", "grave_mortis"):
        mine = [c.id for key, cards in kingdom.mortis.items() if key == deck_id for c in cards]
        pile = engine.pile(state, deck_id)
        kept = [c for c in pile.draw if c not in others], [c for c in pile.discard if c not in others]
        added = [c for c in mine if c not in kept[0] and c not in kept[1]]
        if not added and kept == (pile.draw, pile.discard):
            continue
        pile = decks.shuffle(pile.model_copy(update={"draw": [*kept[0], *added], "discard": kept[1]}), dice,
                             include_discard=False)
        state.decks[deck_id] = pile
        name = engine.deck(deck_id).name
        if added:
            lines.append(said(KingdomMortis(deck=name, kingdom=kingdom.name,
                                            cards=[engine.card(deck_id, c).name for c in added])))
        else:
            lines.append(said(KingdomMortis(deck=name)))
    return lines
