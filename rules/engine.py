"""The engine: ``Engine(catalogue).apply(state, action, dice) -> Result``.

``apply`` never changes the state its caller holds: it works on a deep copy and returns the new
state, the events that narrate what happened (each with a short human sentence) and the structured
data of the reply. An action that is not legal raises RuleError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, Field, TypeAdapter

from content.loader import Catalogue
from content.schema import Card
from rules import actions as a
from rules import decks, rolls
from rules.dice import Dice
from rules.errors import RuleError
from rules.state import CampaignState, DeckState, LastRoll

ACTION_ADAPTER: TypeAdapter[a.Action] = TypeAdapter(a.Action)


class Event(BaseModel):
    kind: str
    text: str


class Decision(BaseModel):
    """A question the rules leave to the players; answering it is another action."""

    id: str
    prompt: str
    who: list[str] = Field(default_factory=list, description="user ids who may answer; empty: anyone")
    options: list[str]


class Result(BaseModel):
    state: CampaignState
    events: list[Event]
    data: dict[str, Any] = Field(default_factory=dict)
    pending: Decision | None = None


def card_data(card: Card) -> dict[str, Any]:
    return {
        "id": card.id,
        "name": card.name,
        "text": card.text,
        "direction": card.direction,
        "tags": list(card.tags),
        "effects": [e.model_dump() for e in card.effects],
    }


def _dirs(text: str) -> str:
    return {"north": "north ↑", "east": "east →", "south": "south ↓", "west": "west ←"}.get(text, text)


class Engine:
    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._handlers: dict[type[BaseModel], Callable[[CampaignState, Any, Dice], Result]] = {
            a.RollTest: self._roll_test,
            a.RollDice: self._roll_dice,
            a.RollD100: self._roll_d100,
            a.RollPower: self._roll_power,
            a.RollSave: self._roll_save,
            a.Reroll: self._reroll,
            a.RollRandom: self._roll_random,
            a.RandomDirection: self._random_direction,
            a.DeckDraw: self._deck_draw,
            a.DeckShuffle: self._deck_shuffle,
            a.DeckSearch: self._deck_search,
            a.DeckReturn: self._deck_return,
            a.DeckRemove: self._deck_remove,
            a.ForceNext: self._force_next,
        }

    # -- the contract ---------------------------------------------------------------------------

    def new_state(self, name: str, seed: int) -> tuple[CampaignState, Dice]:
        dice = Dice(seed=seed)
        state = CampaignState(
            name=name,
            seed=seed,
            decks={d.id: decks.new_deck_state(d, dice) for d in self.catalogue.decks.values()},
        )
        return state.model_copy(update={"dice_position": dice.position}), dice

    def dice_for(self, state: CampaignState, amend: list[int] | None = None) -> Dice:
        """The dice port positioned where the campaign's dice stand, with the GM's forced queue."""
        return Dice(
            seed=state.seed, position=state.dice_position, forced=list(state.forced_dice), amend=list(amend or [])
        )

    def apply(self, state: CampaignState, action: BaseModel, dice: Dice) -> Result:
        handler = self._handlers.get(type(action))
        if handler is None:
            raise RuleError(f"the engine does not know the action {type(action).__name__}")
        result = handler(state.model_copy(deep=True), action, dice)
        # the port owns the dice stream while the action runs: write back where it stopped
        new_state = result.state.model_copy(update={"dice_position": dice.position, "forced_dice": list(dice.forced)})
        return result.model_copy(update={"state": new_state})

    # -- rolls ------------------------------------------------------------------------------------

    def _roll_test(self, state: CampaignState, act: a.RollTest, dice: Dice) -> Result:
        r = rolls.roll_test(dice, act.difficulty, act.bonus, act.purpose)
        state.last_roll = LastRoll(
            kind="test", purpose=act.purpose, naturals=[r.natural], bonus=act.bonus, difficulty=act.difficulty
        )
        return Result(
            state=state,
            events=[Event(kind="roll", text=_test_text(r.natural, r.bonus, r.difficulty, r.success))],
            data={
                "naturals": [r.natural],
                "result": r.result,
                "difficulty": r.difficulty,
                "bonus": r.bonus,
                "success": r.success,
            },
        )

    def _roll_dice(self, state: CampaignState, act: a.RollDice, dice: Dice) -> Result:
        naturals = [dice.d10(f"d10 {i + 1} of {act.count}") for i in range(act.count)]
        state.last_roll = LastRoll(kind="dice", purpose="d10s", naturals=naturals)
        data: dict[str, Any] = {"naturals": naturals}
        if act.count == 1:
            data["result"] = naturals[0]
        return Result(
            state=state, events=[Event(kind="roll", text=f"Rolled {act.count}d10: {_list(naturals)}.")], data=data
        )

    def _roll_d100(self, state: CampaignState, act: a.RollD100, dice: Dice) -> Result:
        white, black, value = rolls.d100(dice)
        state.last_roll = LastRoll(kind="d100", purpose="d100", naturals=[white, black])
        text = f"Rolled a d100: white (tens) {white}, black (ones) {black} → **{value}**."
        return Result(
            state=state,
            events=[Event(kind="roll", text=text)],
            data={"naturals": [white, black], "result": value, "white": white, "black": black},
        )

    def _roll_power(self, state: CampaignState, act: a.RollPower, dice: Dice) -> Result:
        if self.catalogue.dice is None:
            raise RuleError("no dice are defined by the loaded content packs")
        if act.white + act.black + act.red == 0:
            raise RuleError("the pool is empty: give at least one die, e.g. `/roll power red:2 white:1`")
        kind = "armor" if act.armor else "power"
        r = rolls.power(dice, self.catalogue.dice, act.white, act.black, act.red, f"{kind} roll")
        state.last_roll = LastRoll(kind=kind, purpose=f"{kind} roll", naturals=[f.face for f in r.faces])
        asked = f"{act.red} red, {act.black} black, {act.white} white"
        pool = r.pool
        rolled = f"{pool.red} red, {pool.black} black, {pool.white} white"
        sentences = [f"{kind.capitalize()} Roll ({asked}"]
        if (pool.red, pool.black, pool.white) != (act.red, act.black, act.white):
            sentences[0] += f"; the box allows {rolled}"
        sentences[0] += ")."
        if pool.raw_power:
            many = "die" if pool.raw_power == 1 else "dice"
            sentences.append(
                f"{pool.raw_power} {many} beyond the box limit → "
                f"+{pool.raw_power} Power and +{pool.raw_potential} Potential."
            )
        faces = ", ".join(f"{f.colour} {_face(f.power, f.potential, f.hope)}" for f in r.faces)
        sentences.append(f"Faces: {faces}.")
        data: dict[str, Any] = {
            "naturals": [f.face for f in r.faces],
            "dice": [f.model_dump() for f in r.faces],
            "pool": pool.model_dump(),
            "power": r.power,
        }
        if act.armor:
            sentences.append(f"**{r.power} Armor** (Power symbols only) to subtract from the Vigor loss.")
            data["armor"] = r.power
        else:
            sentences.append(f"**{r.power} Power**, {r.potential} Potential, {r.hope} Hope.")
            data.update(potential=r.potential, hope=r.hope)
        return Result(state=state, events=[Event(kind="roll", text=" ".join(sentences))], data=data)

    def _roll_save(self, state: CampaignState, act: a.RollSave, dice: Dice) -> Result:
        level = act.level if act.level is not None else getattr(state.track, act.kind)
        r = rolls.save(dice, act.kind, level, act.modifier)
        state.last_roll = LastRoll(
            kind="save", purpose=f"{act.kind} save", naturals=[r.natural], difficulty=r.difficulty
        )
        name = act.kind.capitalize()
        verdict = "Success" if r.success else "Fail: resolve the negative effect"
        text = (
            f"{name} Save ({name} Level {level} {act.modifier:+d} → {r.difficulty}+): rolled {r.natural} — "
            f"**{verdict}**. (Saves are not tests: no Heat re-roll.)"
        )
        return Result(
            state=state,
            events=[Event(kind="roll", text=text)],
            data={
                "naturals": [r.natural],
                "result": r.natural,
                "difficulty": r.difficulty,
                "level": level,
                "modifier": act.modifier,
                "kind": act.kind,
                "success": r.success,
            },
        )

    def _reroll(self, state: CampaignState, act: a.Reroll, dice: Dice) -> Result:
        new, old = rolls.heat_reroll(dice, state.last_roll, act.dice)
        state.last_roll = new
        heat = len(act.dice)
        data: dict[str, Any] = {"naturals": new.naturals, "rerolled": sorted(act.dice), "previous": old, "heat": heat}
        many = "die" if heat == 1 else "dice"
        text = f"Heat re-roll of {heat} {many} (+{heat} Heat): {_list(old)} → {_list(new.naturals)}."
        if new.kind == "test" and new.difficulty is not None:
            natural = new.naturals[0]
            success = rolls.d10_success(natural, new.bonus, new.difficulty)
            data.update(result=natural + new.bonus, difficulty=new.difficulty, bonus=new.bonus, success=success)
            text += " " + _test_text(natural, new.bonus, new.difficulty, success)
        text += f" The rolling Knight gains +{heat} Heat (mark it on their Knight Board)."
        return Result(state=state, events=[Event(kind="roll", text=text)], data=data)

    def _roll_random(self, state: CampaignState, act: a.RollRandom, dice: Dice) -> Result:
        chosen, rounds = rolls.random_element(dice, act.among, "random element")
        state.last_roll = LastRoll(kind="random", purpose="random element", naturals=[v for r in rounds for _, v in r])
        shown = " / ".join(", ".join(f"{n} {v}" for n, v in r) for r in rounds)
        ties = ", ties rolled again" if len(rounds) > 1 else ""
        text = f"Random choice (one d10 each, lowest chosen{ties}): {shown} → **{chosen}**."
        return Result(
            state=state,
            events=[Event(kind="roll", text=text)],
            data={
                "naturals": [v for r in rounds for _, v in r],
                "chosen": chosen,
                "rounds": [[{"name": n, "natural": v} for n, v in r] for r in rounds],
            },
        )

    def _random_direction(self, state: CampaignState, act: a.RandomDirection, dice: Dice) -> Result:
        """Rulebook: "Random direction: Draw the top card from the Minor Mortis deck. The arrow in the
        bottom left corner designates the randomly chosen direction. Place the drawn card at the
        bottom of the deck."."""
        deck = self._deck("minor_mortis")
        card_id, pile = decks.draw(state.decks[deck.id], deck.name)
        state.decks[deck.id] = decks.put_on_bottom(pile, card_id)
        card = self._card(deck.id, card_id)
        if card.direction is None:
            raise RuleError(f"the Minor Mortis card {card.id} has no direction arrow; fix the content pack")
        text = (
            f"Random direction: the top Minor Mortis card ({card.name}) points **{_dirs(card.direction)}**; "
            "it goes to the bottom of the deck."
        )
        return Result(
            state=state,
            events=[Event(kind="draw", text=text)],
            data={"direction": card.direction, "card": card_data(card)},
        )

    # -- decks ------------------------------------------------------------------------------------

    def _deck(self, deck_id: str) -> Any:
        deck = self.catalogue.decks.get(deck_id)
        if deck is None:
            known = ", ".join(sorted(self.catalogue.decks))
            raise RuleError(f"there is no deck {deck_id!r}; the decks are: {known}")
        return deck

    def _card(self, deck_id: str, card_id: str) -> Card:
        for card in self._deck(deck_id).cards:
            if card.id == card_id:
                return card  # type: ignore[no-any-return]
        raise RuleError(f"the {deck_id} deck has no card {card_id!r}")

    def _pile(self, state: CampaignState, deck_id: str) -> DeckState:
        self._deck(deck_id)
        return state.decks.setdefault(deck_id, DeckState(draw=[]))

    def _deck_draw(self, state: CampaignState, act: a.DeckDraw, dice: Dice) -> Result:
        deck = self._deck(act.deck)
        pile = self._pile(state, deck.id)
        events: list[Event] = []
        data: dict[str, Any] = {"deck": deck.id}
        if act.vigor is not None:
            if deck.id != "judicium":
                raise RuleError("`vigor:` only applies to Judicium draws (Massive Peril); leave it out for other decks")
            added, pile = decks.add_massive_peril(pile, deck, act.vigor)
            data["massive_peril_added"] = added
            for card_id in added:
                events.append(
                    Event(
                        kind="massive_peril",
                        text=f"Massive Peril (Vigor {act.vigor}): **{self._card(deck.id, card_id).name}** "
                        "is added to the Judicium deck until the end of the Clash.",
                    )
                )
        cards = []
        for _ in range(act.count):
            if (
                deck.after_draw == "shuffle_in"
            ):  # "To draw a Judicium, shuffle the Judicium deck and draw the top card."
                pile = decks.shuffle(pile, dice)
            card_id, pile = decks.draw(pile, deck.name, from_bottom=act.bottom)
            card = self._card(deck.id, card_id)
            cards.append(card_data(card))
            after = {
                "bottom": "it goes to the bottom of the deck",
                "shuffle_in": "it is shuffled back into the deck",
                "hold": "keep it by your Knight Board",
                "discard": "it goes to the discard pile",
            }[deck.after_draw]
            pile = (
                {"bottom": decks.put_on_bottom, "hold": decks.hold, "discard": decks.discard}[deck.after_draw](
                    pile, card_id
                )
                if deck.after_draw != "shuffle_in"
                else decks.shuffle_in(pile, card_id, dice)
            )
            events.append(
                Event(kind="draw", text=f"Drew **{card.name}** from the {deck.name} deck: {card.text} ({after}).")
            )
        state.decks[deck.id] = pile
        data["card"] = cards[0]
        data["cards"] = cards
        return Result(state=state, events=events, data=data)

    def _deck_shuffle(self, state: CampaignState, act: a.DeckShuffle, dice: Dice) -> Result:
        deck = self._deck(act.deck)
        pile = decks.shuffle(self._pile(state, deck.id), dice)
        state.decks[deck.id] = pile
        return Result(
            state=state,
            events=[
                Event(
                    kind="shuffle",
                    text=f"Shuffled the {deck.name} deck with its discard pile ({len(pile.draw)} cards).",
                )
            ],
            data={"deck": deck.id, "count": len(pile.draw)},
        )

    def _deck_search(self, state: CampaignState, act: a.DeckSearch, dice: Dice) -> Result:
        deck = self._deck(act.deck)
        card = self._card(deck.id, act.card)
        where, pile = decks.search(self._pile(state, deck.id), card.id, dice)
        state.decks[deck.id] = decks.hold(pile, card.id)
        place = "deck (then shuffled it)" if where == "deck" else "discard pile"
        text = f"Searched the {deck.name} {place} and took **{card.name}**."
        return Result(
            state=state,
            events=[Event(kind="search", text=text)],
            data={"deck": deck.id, "card": card_data(card), "found_in": where},
        )

    def _deck_return(self, state: CampaignState, act: a.DeckReturn, dice: Dice) -> Result:
        deck = self._deck(act.deck)
        card = self._card(deck.id, act.card)
        _, pile = decks.take(self._pile(state, deck.id), card.id)
        put = {"top": decks.put_on_top, "bottom": decks.put_on_bottom, "discard": decks.discard}
        pile = decks.shuffle_in(pile, card.id, dice) if act.to == "shuffle" else put[act.to](pile, card.id)
        state.decks[deck.id] = pile
        where = {
            "top": "on top of the deck",
            "bottom": "at the bottom of the deck",
            "discard": "in the discard pile",
            "shuffle": "shuffled into the deck",
        }[act.to]
        return Result(
            state=state,
            events=[Event(kind="deck", text=f"**{card.name}** is now {where} ({deck.name}).")],
            data={"deck": deck.id, "card": card_data(card), "to": act.to},
        )

    def _deck_remove(self, state: CampaignState, act: a.DeckRemove, dice: Dice) -> Result:
        deck = self._deck(act.deck)
        card = self._card(deck.id, act.card)
        state.decks[deck.id] = decks.remove_from_game(self._pile(state, deck.id), card.id)
        return Result(
            state=state,
            events=[Event(kind="deck", text=f"**{card.name}** is removed from the game ({deck.name}).")],
            data={"deck": deck.id, "card": card_data(card)},
        )

    # -- GM -----------------------------------------------------------------------------------------

    def _force_next(self, state: CampaignState, act: a.ForceNext, dice: Dice) -> Result:
        dice.forced.extend(act.values)
        which = "die" if len(act.values) == 1 else f"{len(act.values)} dice"
        text = f"🎲 GM override: the next {which} rolled will show {_list(act.values)} (d6 dice by face number)."
        return Result(state=state, events=[Event(kind="gm", text=text)], data={"forced_dice": list(dice.forced)})


def _list(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


def _face(power: int, potential: int, hope: int) -> str:
    parts = ["Power"] * power + ["Potential"] * potential + ["Hope"] * hope
    return "+".join(parts) if parts else "blank"


def _test_text(natural: int, bonus: int, difficulty: int, success: bool) -> str:
    why = " (a natural 10 always succeeds)" if natural == 10 else " (a natural 1 always fails)" if natural == 1 else ""
    shown = f"{natural}{bonus:+d} = {natural + bonus}" if bonus else f"{natural}"
    return f"Test {difficulty}+: rolled {shown} — **{'Success' if success else 'Fail'}**{why}."
