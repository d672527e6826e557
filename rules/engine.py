"""The engine: ``Engine(catalogue).apply(state, action, dice) -> Result``.

``apply`` never changes the state its caller holds: it works on a deep copy and returns the new
state, the events that say what happened (typed facts, rendered to words by ``bot/narration`` at the edge; a
family not converted yet still gives its sentence) and the structured data of the reply. An action that is not
legal raises RuleError and changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, Union

from pydantic import (
    BaseModel,
    Field,
    SerializeAsAny,
    TypeAdapter,
    model_validator,
)

from content import editions
from content.loader import Catalogue
from content.schema import Card, Deck
from rules import decks
from rules.dice import Dice
from rules.errors import RuleError
from rules.facts import Fact, Line, parse_fact, unpack
from rules.rolls.facts import DiceForcedWaiting
from rules.state import EDITION_VERSION, CampaignState, DeckState


class Event(BaseModel):
    """What one step of an action did. ``fact``: the typed fact (rules/facts.py), whose words ``bot/narration``
    renders at the edge into ``text``; a family not converted yet gives ``text`` itself and no fact."""

    kind: str
    text: str = ""
    # an event with no fact is written as before facts existed: ``{"kind", "text"}`` (the log's JSON)
    fact: SerializeAsAny[Fact] | None = Field(None, exclude_if=lambda fact: fact is None)

    @model_validator(mode="before")
    @classmethod
    def known_fact(cls, data: Any) -> Any:
        """A fact read back from JSON (the log) is its registered model again; a line given as the text is its fact:
        a fact itself (a family whose lists hold facts), or a sentence that carries one (``rules.facts.said``, a
        converted step in a family's list of sentences). Both are found before the fields are validated (no attribute
        is set twice, no validator runs for a fact given as a model)."""
        if not isinstance(data, dict):
            return data
        fact = data.get("fact")
        if isinstance(fact, dict):
            return {**data, "fact": parse_fact(fact)}
        if fact is None and isinstance(text := data.get("text"), (str, Fact)) and (found := unpack(text)) is not None:
            return {**data, "fact": found, "text": ""}  # a line given as the text: a fact, or a sentence carrying one
        return data



def event(kind: str, line: Line) -> Event:
    """The event of one line of a report: a fact, or a sentence."""
    return Event(kind=kind, text=line) if isinstance(line, str) else Event(kind=kind, fact=line)


class Decision(BaseModel):
    """A question the rules leave to the players; answering it is another action."""

    id: str
    prompt: str
    who: list[str] = Field(default_factory=list, description="user ids who may answer; empty: anyone")
    options: list[str]
    labels: list[str] = Field(default_factory=list, description="what each option is called, in order")
    helps: list[str] = Field(default_factory=list, description="what each option does, in order")
    pick: int = Field(1, description="how many options one answer may name")
    min_pick: int = 1
    kind: str = ""
    answer: str = Field("choose", description=(
        "the command path that answers it, taking decision:<id> option:<keys> (a button runs it as the presser)"))


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


Handler = Callable[["Engine", CampaignState, Any, Dice], Result]
HANDLERS: dict[type[BaseModel], Handler] = {}


_adapters: dict[int, TypeAdapter[Any]] = {}


def parse_action(data: dict[str, Any]) -> BaseModel:
    """An action from its JSON form (the log), by its ``type``, among every registered action."""
    adapter = _adapters.get(len(HANDLERS))
    if adapter is None:
        union = Union[tuple(HANDLERS)]  # type: ignore[valid-type]  # noqa: UP007
        adapter = _adapters[len(HANDLERS)] = TypeAdapter(Annotated[union, Field(discriminator="type")])  # type: ignore[arg-type]
    action: BaseModel = adapter.validate_python(data)
    return action


# Observers run after every handler on the new state (rules/expedition/phases.py follows the Expedition's phases
# from what the Delve, the Clash and the Rest did); each returns the events it adds.
Observer = Callable[["Engine", CampaignState], list[Event]]
# An observer that rolls or shuffles (rules/squires/investigation.py draws the Squires' Clue cards) is given the
# action's own dice port and the action's events so far: its dice are the action's (in the log, reached by /gm
# force-next and /gm amend-last, replayed exactly). A reviewer (rules/modes/true_solo.py names the random Knights
# an effect targets, from the facts ``RandomKnightsTargeted``) is the same, run after every observer, so it sees
# every event of the action. No observer or reviewer reads an event's text: they read its fact.
RollingObserver = Callable[["Engine", CampaignState, Dice, list[Event]], list[Event]]


@dataclass(frozen=True)
class Rolling:
    fn: RollingObserver


OBSERVERS: list[Observer | Rolling] = []
REVIEWERS: list[RollingObserver] = []


def observes(fn: Observer) -> Observer:
    OBSERVERS.append(fn)
    return fn


def observes_rolling(fn: RollingObserver) -> RollingObserver:
    OBSERVERS.append(Rolling(fn))
    return fn


def reviews(fn: RollingObserver) -> RollingObserver:
    REVIEWERS.append(fn)
    return fn


# Offers run after the observers: one may give the reply a Decision that the new state has just earned, when the
# handler asked none (rules/squires/unlock.py offers the Mettle cards an Expedition's end earned).
Offer = Callable[["Engine", CampaignState], "Decision | None"]
OFFERS: list[Offer] = []


def offers(fn: Offer) -> Offer:
    OFFERS.append(fn)
    return fn


# Gates run before the handler, on the state as it is: one may refuse the action with the words to show
# (rules/waiting.py refuses every action not declared ``while_waiting`` while a question waits).
Gate = Callable[["Engine", CampaignState, BaseModel], "str | None"]
GATES: list[Gate] = []


def gates(fn: Gate) -> Gate:
    GATES.append(fn)
    return fn


def handles(action_type: type[BaseModel]) -> Callable[[Handler], Handler]:
    """Register the function that applies one action type. Each feature module registers its own
    handlers; ``rules/__init__`` imports them all."""

    def register(fn: Handler) -> Handler:
        if action_type in HANDLERS:
            raise ValueError(f"two handlers for {action_type.__name__}")
        HANDLERS[action_type] = fn
        return fn

    return register


def edition_of(state: CampaignState) -> int:
    """The edition of the starter pack a campaign plays (content/editions.py)."""
    if state.content_edition is not None:
        return state.content_edition
    return 1 if state.version < EDITION_VERSION else editions.CURRENT_EDITION


class Engine:
    def __init__(self, catalogue: Catalogue, edition: int = editions.CURRENT_EDITION) -> None:
        self.catalogue = catalogue
        self.edition = edition
        self._editions: dict[int, Engine] = {edition: self}

    def at(self, state: CampaignState) -> Engine:
        """The engine over the same content at the edition of the starter pack ``state`` plays (built once)."""
        edition = edition_of(state)
        found = self._editions.get(edition)
        if found is None:
            found = Engine(editions.at_edition(self.catalogue, edition), edition)
            self._editions[edition] = found
        return found

    # -- the contract ---------------------------------------------------------------------------

    def new_state(self, name: str, seed: int) -> tuple[CampaignState, Dice]:
        dice = Dice(seed=seed)
        state = CampaignState(
            name=name,
            seed=seed,
            content_edition=self.edition,
            decks={d.id: decks.new_deck_state(d, dice) for d in self.catalogue.decks.values()},
        )
        return state.model_copy(update={"dice_position": dice.position}), dice

    def dice_for(self, state: CampaignState, amend: list[int] | None = None) -> Dice:
        """The dice port positioned where the campaign's dice stand, with the GM's forced queue."""
        return Dice(
            seed=state.seed, position=state.dice_position, forced=list(state.forced_dice), amend=list(amend or [])
        )

    def apply(self, state: CampaignState, action: BaseModel, dice: Dice, in_place: bool = False) -> Result:
        """Apply ``action``. The caller's ``state`` is left as it was, unless the caller says with
        ``in_place`` that it will never look at that object again (a state just read from storage, a
        replay's working copy): then the copy is skipped, for speed."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            raise RuleError(f"the engine does not know the action {type(action).__name__}")
        engine = self.at(state)
        if engine is not self:  # an older campaign: its own edition of the starter pack plays it
            return engine.apply(state, action, dice, in_place)
        for gate in GATES:
            refused = gate(self, state, action)
            if refused is not None:
                raise RuleError(refused)
        result = handler(self, state if in_place else state.model_copy(deep=True), action, dice)
        events = list(result.events)
        for observer in OBSERVERS:
            events += (observer.fn(self, result.state, dice, list(events)) if isinstance(observer, Rolling)
                       else observer(self, result.state))
        for reviewer in REVIEWERS:  # a reviewer reads every fact of the action, the observers' too
            events += reviewer(self, result.state, dice, list(events))
        pending = result.pending
        for offer in OFFERS:
            offered = offer(self, result.state)
            if offered is not None and pending is None:
                pending = offered
        before, left = len(state.forced_dice), len(dice.forced)
        if 0 < left < before:  # this action used forced dice and left some: say so, they apply to later rolls
            events.append(Event(kind="gm", fact=DiceForcedWaiting(values=list(dice.forced))))
        # the port owns the dice stream while the action runs: write back where it stopped. The result and its state
        # are the handler's own (made from the copy, or from the state given ``in_place``): they are completed as
        # they are, not copied once more
        result.state.dice_position, result.state.forced_dice = dice.position, list(dice.forced)
        result.events, result.pending = events, pending
        return result

    # -- content lookups used by the handlers ----------------------------------------------

    def deck(self, deck_id: str) -> Deck:
        deck = self.catalogue.decks.get(deck_id)
        if deck is None:
            known = ", ".join(sorted(self.catalogue.decks))
            raise RuleError(f"there is no deck {deck_id!r}; the decks are: {known}")
        return deck

    def card(self, deck_id: str, card_id: str) -> Card:
        for card in self.deck(deck_id).cards:
            if card.id == card_id:
                return card
        for kingdom in self.catalogue.kingdoms.values():  # Kingdom Mortis cards (rules/delve/kingdom_mortis.py)
            for key, cards in kingdom.mortis.items():
                found = next((c for c in cards if c.id == card_id), None) if key == deck_id else None
                if found is not None:
                    return found
        raise RuleError(f"the {deck_id} deck has no card {card_id!r}")

    def pile(self, state: CampaignState, deck_id: str) -> DeckState:
        self.deck(deck_id)
        return state.decks.setdefault(deck_id, DeckState(draw=[]))
