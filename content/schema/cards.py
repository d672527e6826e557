"""Cards, decks and the typed effect vocabulary.

An effect the bot can resolve is typed; anything else is a ``text`` effect that the bot shows to the
players with the command to apply it by hand. Nothing on a card is ever silently dropped.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, model_validator

from content.schema.dice import Strict

Direction = Literal["north", "east", "south", "west"]
Id = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_]*$", max_length=64)]


class Amount(Strict):
    amount: int = Field(ge=1, le=99)


class LoseVigor(Amount):
    type: Literal["lose_vigor"]
    per_hit: bool = Field(False, description="a Monster Attack: lose X Vigor for each hit that was not evaded")


class GainVigor(Amount):
    type: Literal["gain_vigor"]


class GainHeat(Amount):
    type: Literal["gain_heat"]


class LoseHeat(Amount):
    type: Literal["lose_heat"]


class GainPassion(Amount):
    type: Literal["gain_passion"]


class GainBane(Amount):
    type: Literal["gain_bane"]


class GainThreat(Amount):
    type: Literal["gain_threat"]


class GainCurse(Amount):
    type: Literal["gain_curse"]


class Escalate(Amount):
    type: Literal["escalate"]


class Knockback(Amount):
    type: Literal["knockback"]
    unavoidable: bool = False


class Pushback(Amount):
    type: Literal["pushback"]


class Drag(Amount):
    type: Literal["drag"]


class PerilCheck(Strict):
    type: Literal["peril_check"]


class GainCondition(Strict):
    type: Literal["gain_condition"]
    condition: Id | None = Field(None, description="a Condition card id; empty draws the top card")


# Rulebook, "Knight Tokens. The types of Knight tokens include: Break, Opening, Fire, Black, Closing,
# Hope, Sunder, Rouse, Diversion, Improved Diversion, Power, Cantrip, Spell".
KnightToken = Literal[
    "break", "opening", "fire", "black", "closing", "hope", "sunder", "rouse", "diversion",
    "improved_diversion", "power", "cantrip", "spell",
]


class PlaceKnightTokens(Amount):
    type: Literal["place_knight_tokens"]
    token: KnightToken


class KnockedDown(Strict):
    type: Literal["knocked_down"]


class Die(Strict):
    """The Knight dies (a death card such as a Disemboweled-like Mortis or You Died)."""

    type: Literal["die"]


class Survive(Strict):
    """The Knight survives (You Live!): Vigor stays at 0."""

    type: Literal["survive"]


# Technique hand keywords (Keyword List; rules/knights/techniques.py, ``hand_effect``).


class CooldownCard(Strict):
    """"Cooldown: Place 1 random card from your hand into the Cooldown area.\""""

    type: Literal["cooldown"]


class DelayCard(Strict):
    """"Delay: Place 1 random card from your Hand into the Delay Area.\""""

    type: Literal["delay"]


class DiscardCard(Strict):
    """"Discard: Place 1 random card from your Hand into the Discard area.\""""

    type: Literal["discard"]


class Restrain(Strict):
    """"Restrain: Delay all cards in your Cooldown area (move them to the Delay area).\""""

    type: Literal["restrain"]


class RefreshCards(Amount):
    """"Refresh X: Move X cards from the Delay area to the Cooldown area, OR from the Cooldown area to your hand."
    ``from_area`` empty: the Knight chooses (shown to the table)."""

    type: Literal["refresh"]
    from_area: Literal["delay", "cooldown"] | None = None


HandEffect = CooldownCard | DelayCard | DiscardCard | Restrain | RefreshCards


# Movement keyword variants (Keyword List; rules/board: knockback_to_the_side, pushback/drag with ``toward``).
BoardSpace = Annotated[str, Field(pattern=r"^[A-Z][1-9][0-9]?$", description="a space label, e.g. D6")]


class KnockbackSide(Amount):
    """"Knockback to the side: ... move perpendicularly from the straight line a normal Knockback would use in the
    direction that leads the target directly away from the source.\""""

    type: Literal["knockback_side"]


class PushbackToward(Amount):
    """"Pushback toward: Instead of pushing the Target in a straight line, push them along the shortest path to the
    specified space.\""""

    type: Literal["pushback_toward"]
    toward: BoardSpace


class DragToward(Amount):
    """"Drag toward: Instead of moving straight from the target, the Source moves toward and past the specified
    space ...\""""

    type: Literal["drag_toward"]
    toward: BoardSpace


class Herd(Amount):
    """"Herd X: Move up to X spaces toward the Target. Then, move the Targeted Knight the remaining number of spaces,
    ignoring the source, toward another closest Knight along the shortest path, or until adjacent.\""""

    type: Literal["herd"]


class Gangup(Amount):
    """"Gangup X: Move up to X spaces toward the Target. Then, move the Targeted Knight the remaining number of
    spaces, ignoring the source, toward another closest Monster along the shortest path, or until adjacent.\""""

    type: Literal["gangup"]


MoveVariant = KnockbackSide | PushbackToward | DragToward | Herd | Gangup


# --- Knight-state keywords (rules/knights/keyword_effects.py applies them) ----------------------------------


class Poison(Amount):
    """Keyword "Poison X": gain the Poisoned Condition card (if not held), then place X Poison tokens on it."""

    type: Literal["poison"]


class Toxify(Amount):
    """Keyword "Toxify X": gain the Toxified Condition card (a held Poisoned card is flipped to it), then place X
    Poison tokens on it."""

    type: Literal["toxify"]


class Parasitize(Amount):
    """Keyword "Parasitize X": gain the Panzer Parasite Condition card (if not held), then place X Generic tokens
    on it."""

    type: Literal["parasitize"]


class Choke(Amount):
    """Keyword "Choke X": gain the Choked Condition card and raise the Choke Limit on the Heat track."""

    type: Literal["choke"]


class Fortify(Amount):
    """Keyword "Fortify X": gain X Vigor, or at maximum Vigor X additional Vigor (lost first)."""

    type: Literal["fortify"]


class Zeal(Amount):
    """Keyword "Zeal X": place X Zeal tokens on the Knight Board (over the Zeal Threshold: in the Knight Pool)."""

    type: Literal["zeal"]


class Fleisch(Amount):
    """Keyword "Fleisch X": place X Fleisch tokens in the Knight Pool."""

    type: Literal["fleisch"]


# The Knight-state keyword effects, for the code that dispatches them (isinstance) and for other effect unions.
KnightStateEffect = Poison | Toxify | Parasitize | Choke | Fortify | Zeal | Fleisch
KNIGHT_STATE_EFFECTS = (Poison, Toxify, Parasitize, Choke, Fortify, Zeal, Fleisch)


class TextEffect(Strict):
    type: Literal["text"]
    text: str = Field(min_length=1, max_length=1000)
    bonus_attack: bool | None = Field(None, description="the text grants the Knight a Bonus Attack, which the bot "
                                      "records as owed; not given: a text naming a \"Bonus Attack\" grants one")

    def grants_bonus_attack(self) -> bool:
        """Whether the effect owes its Knight a Bonus Attack: the field, else the card's printed words (packs written
        before the field keep what they did)."""
        return self.bonus_attack if self.bonus_attack is not None else "bonus attack" in self.text.lower()


Effect = Annotated[
    LoseVigor | GainVigor | GainHeat | LoseHeat | GainPassion | GainBane | GainThreat | GainCurse
    | Escalate | Knockback | Pushback | Drag | PerilCheck | GainCondition | PlaceKnightTokens
    | KnockedDown | Die | Survive | TextEffect | Poison | Toxify | Parasitize | Choke | Fortify | Zeal | Fleisch
    | CooldownCard | DelayCard | DiscardCard | Restrain | RefreshCards | KnockbackSide | PushbackToward | DragToward,
    Field(discriminator="type"),
]


class Holding(Strict):
    """What a Condition card does while a Knight holds it (rules/knights/conditions.py): statistic modifiers, the
    moment it is discarded by itself, and effects at the end of each of the holder's turns."""

    speed: int = Field(0, ge=-5, le=5)
    evasion: int = Field(0, ge=-5, le=5)
    precision: int = Field(0, ge=-5, le=5)
    heat_refresh: int = Field(0, ge=-5, le=5)
    min_passion: int | None = Field(None, ge=1, le=10, description="the modifiers count only at this Passion or more")
    discard_after: Literal["evasion_roll", "attack"] | None = Field(
        None, description="discarded after the holder's next Evasion Roll or next Attack")
    end_of_turn: list[Effect] = Field(default_factory=list, description="resolved at the end of each of the "
                                      "holder's turns in a Clash")
    per_tokens: int | None = Field(None, ge=1, le=20, description="the end_of_turn effects count once for each full "
                                   "this many Generic tokens on the card (0 times: nothing)")


class Card(Strict):
    id: Id
    name: str = Field(min_length=1, max_length=100)
    text: str = Field(min_length=1, max_length=1000, description="the card as printed, shown to players")
    effects: list[Effect] = Field(default_factory=list)
    tags: list[Literal["positive", "negative", "death", "comeback", "massive_peril", "body", "mind"]] = Field(
        default_factory=list, description="body / mind: a Body or Mind Condition card (Immune to Body/Mind ...)"
    )
    direction: Direction | None = Field(None, description="the arrow in the bottom left corner")
    tier: int | None = Field(None, ge=0, le=5)
    massive_peril: int | None = Field(
        None, le=-1, description="Judicium only: the negative Vigor that adds this card to the deck"
    )
    holding: Holding | None = Field(None, description="Conditions: what the card does while held")
    set_aside: bool = Field(False, description="kept out of the deck: only gained by name (the Condition a keyword "
                            "such as Poison X names), never drawn")


AfterDraw = Literal["bottom", "shuffle_in", "hold", "discard"]


class Deck(Strict):
    """A deck of cards. ``after_draw`` says where a drawn card goes once resolved:
    Mortis cards to the bottom ("place it at the bottom of the corresponding Mortis deck"),
    Judicium cards shuffled back in ("you always shuffle it back into the deck"), Conditions are
    held by the Knight who gained them."""

    kind: Literal["deck"] = "deck"
    id: Id
    name: str = Field(min_length=1, max_length=100)
    back: str = Field(min_length=1, max_length=100)
    after_draw: AfterDraw
    cards: list[Card] = Field(min_length=1)

    @model_validator(mode="after")
    def _unique_card_ids(self) -> Deck:
        seen: set[str] = set()
        for card in self.cards:
            if card.id in seen:
                raise ValueError(f"card id {card.id!r} appears twice in deck {self.id!r}")
            seen.add(card.id)
        return self

    def base_cards(self) -> list[str]:
        """Card ids that start in the deck (Massive Peril cards wait outside it, and so do set-aside cards)."""
        return [c.id for c in self.cards if c.massive_peril is None and not c.set_aside]
