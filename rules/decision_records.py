"""The records of a decision waiting for the players: its options (``Option``), the decision itself (``Pending``) and
what the step that asked needs to go on once it is answered (its *continuation*, ``Pending.then``).

A bottom-layer module of plain pydantic models: it imports nothing of the engine (only the leaf records it holds,
rules/clash/activation_state.py and rules/clash/attack_state.py), so every state — the Clash's ``flow.pending``, the
Deep Fog's ``delve.fog.pending``, the Encounter's ``delve.encounter.pending`` — holds a ``Pending`` without an import
cycle. The functions that ask and resume live with their rules (rules/clash/flow.py ``ask``/``@resumes``).

One small model per kind of continuation, told apart by ``step``:

- ``KnightAttackThen``: a Clash Knight Attack between its steps (``attack_reroll``, ``bp_choice``...);
- ``EncounterAttackThen``: an Encounter's Attack Action between its steps (``enc_reroll``...);
- ``DeployThen``: Deploy X at Clash Setup, the Knight asked and the Knights still to deploy;
- ``JudgementGroupThen``: a Judgement the Targets test together (the Target choosing a Virtue, or the group);
- ``SquireRunThen``: a Squire ability's effects, stopped where the players choose a target;
- ``FogCardsThen``: the Deep Fog cards a decision chooses among (and why);
- ``EncounterKnightThen``, ``EncounterRoarThen``: the Encounter's Knight Positioning and Dragon's Roar.

Besides its continuation, a Clash decision asked while a Monster Activation resolves keeps that Activation
(``activation``, resumed once answered), and the ability names used in its Window of Opportunity (``named``).

Stored states of older releases kept all of this in one JSON dict, ``data``: ``Pending``'s ``mode="before"``
validator turns that dict into these fields on load, and :meth:`Pending.shown` gives the reply the ``data`` dict it
always had (replies stay byte-identical).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from rules.clash.activation_state import Activation
from rules.clash.attack_state import ClashAttack, EncounterAttack
from rules.facts import unpack
from rules.flat import flat_copy

Key = Annotated[str, Field(min_length=1, max_length=40)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Then(_Model):
    def legacy(self) -> dict[str, Any]:
        """The continuation as the ``data`` dict of older releases (what replies show): its fields, by default."""
        return self.model_dump(exclude={"step"})


HELP = 200  # the longest help in words


class Option(_Model):
    """One answer to a decision: ``key`` is what ``/choose option:`` takes; ``help`` says what it does: words (at
    most ``HELP`` characters), or a line that carries a fact (``rules.facts.said``: a Monster's path option carries
    its move), told and cut to ``HELP`` characters where the decision is shown (bot/narration/decisions.py)."""

    key: Key
    label: str = Field(max_length=80)
    help: str = ""

    @field_validator("help")
    @classmethod
    def _short_words(cls, value: str) -> str:
        if len(value) > HELP and unpack(value) is None:
            raise ValueError(f"an option's help is at most {HELP} characters")
        return value


# --- the continuations -----------------------------------------------------------------------------------------


class KnightAttackThen(_Then):
    """A Knight's Attack in a Clash waits between its steps (rules/clash/knight_attack.py)."""

    step: Literal["knight_attack"] = "knight_attack"
    attack: ClashAttack
    shuffle: bool | None = Field(None, description="bp_choice: the BP deck is shuffled after (Soulseeker's look)")

    def legacy(self) -> dict[str, Any]:
        out: dict[str, Any] = {"attack": self.attack.model_dump()}
        return out if self.shuffle is None else {**out, "shuffle": self.shuffle}


class EncounterAttackThen(_Then):
    """An Encounter's Attack Action waits between its steps (rules/delve/encounter_attack.py)."""

    step: Literal["encounter_attack"] = "encounter_attack"
    attack: EncounterAttack

    def legacy(self) -> dict[str, Any]:
        # a campaign created before version 3 kept no Falsity in its decision
        return {"attack": self.attack.model_dump(exclude=None if self.attack.falsity else {"falsity"})}


class DeployThen(_Then):
    """Deploy X (rules/clash/deploy.py): the Knight who may move ``x`` spaces, and the Knights still to deploy."""

    step: Literal["deploy"] = "deploy"
    knight: str
    x: int
    left: list[str]


class JudgementGroupThen(_Then):
    """A Judgement the Targets test together (rules/clash/monster_attack.py): ``knight`` is the Target choosing a
    Virtue; None is the group's re-roll decision, declared by every Target at once."""

    step: Literal["judgement_group"] = "judgement_group"
    knight: str | None = None

    def legacy(self) -> dict[str, Any]:
        return {"group": self.knight if self.knight is not None else True}


SquireStep = tuple[str, str, int]  # (kind, key, effect group): rules/squires/abilities.py ``Step``


class SquireRunThen(_Then):
    """A Squire ability's effects (rules/squires/abilities.py), stopped at step ``index`` for the players to choose a
    target; the Squire's turn ends once they answered when ``end_turn``."""

    step: Literal["squire_run"] = "squire_run"
    squire: str
    steps: list[SquireStep]
    index: int
    memo: dict[str, str] = Field(default_factory=dict)
    end_turn: bool = False
    strict: bool = False

    def legacy(self) -> dict[str, Any]:
        return {"squire": self.squire, "steps": [list(x) for x in self.steps], "index": self.index,
                "memo": dict(self.memo), "end_turn": self.end_turn, "strict": self.strict}


class FogCardsThen(_Then):
    """The Deep Fog cards a decision's options name (rules/delve/fog_handlers.py); ``purpose`` says what the lowest
    card is chosen for (``fog_lowest``)."""

    step: Literal["fog_cards"] = "fog_cards"
    cards: list[str]
    purpose: str | None = None

    def legacy(self) -> dict[str, Any]:
        out: dict[str, Any] = {} if self.purpose is None else {"purpose": self.purpose}
        return {**out, "cards": list(self.cards)}


class EncounterKnightThen(_Then):
    """Knight Positioning of an Encounter (rules/delve/encounter_flow.py): the Knight whose space is chosen."""

    step: Literal["encounter_knight"] = "encounter_knight"
    knight: str


class EncounterRoarThen(_Then):
    """Dragon's Roar (rules/delve/encounter_flow.py): the Knights on the board and the option key of each."""

    step: Literal["encounter_roar"] = "encounter_roar"
    knights: list[str]
    keys: list[str]


Then = Annotated[KnightAttackThen | EncounterAttackThen | DeployThen | JudgementGroupThen | SquireRunThen
                 | FogCardsThen | EncounterKnightThen | EncounterRoarThen, Field(discriminator="step")]


def _then_of(data: dict[str, Any]) -> dict[str, Any] | None:
    """The continuation an old ``data`` dict held (its keys tell which), or None; what is left stays in ``data``."""
    if "attack" in data:
        attack = data.pop("attack")
        if "mini" not in attack:
            return {"step": "encounter_attack", "attack": attack}
        return {"step": "knight_attack", "attack": attack,
                **({"shuffle": data.pop("shuffle")} if "shuffle" in data else {})}
    if "squire" in data:
        return {"step": "squire_run", **{k: data.pop(k) for k in ("squire", "steps", "index", "memo", "end_turn",
                                                                     "strict") if k in data}}
    if "x" in data:
        return {"step": "deploy", **{k: data.pop(k) for k in ("knight", "x", "left")}}
    if "cards" in data:
        return {"step": "fog_cards", **{k: data.pop(k) for k in ("cards", "purpose") if k in data}}
    if "keys" in data:
        return {"step": "encounter_roar", **{k: data.pop(k) for k in ("knights", "keys")}}
    if "knight" in data:
        return {"step": "encounter_knight", "knight": data.pop("knight")}
    if "group" in data:
        group = data.pop("group")
        return {"step": "judgement_group", "knight": None if group is True else group}
    return None


class Pending(_Model):
    """A decision the game waits for. ``knights`` are the Knights whose owners may answer (empty: any player);
    a GM may always answer. ``pick`` is how many options one answer names at most (``min_pick`` at least)."""

    id: str
    kind: str
    prompt: str
    knights: list[str] = Field(default_factory=list)
    options: list[Option]
    pick: int = 1
    min_pick: int = 1
    then: Then | None = Field(None, description="what the asking step needs to go on once answered")
    activation: Activation | None = Field(None, description="the Monster Activation this decision interrupts: "
                                          "it resumes once the decision is answered")
    lines_before: int | None = Field(None, description="narration lines of the Activation before it stopped here")
    named: list[str] | None = Field(None, description="abilities used in this decision's Window of Opportunity, "
                                    "by name (knight:name): the same name is not used twice in one window")

    @model_validator(mode="before")
    @classmethod
    def _from_data(cls, values: Any) -> Any:
        """A state of an older release kept the continuation in one JSON dict, ``data``: read it into the fields."""
        if not isinstance(values, dict) or "data" not in values:
            return values
        values = dict(values)
        data = dict(values.pop("data") or {})
        then = _then_of(data)
        if then is not None:
            values["then"] = then
        for name in ("activation", "lines_before", "named"):
            if name in data:
                values[name] = data.pop(name)
        if data:
            raise ValueError(f"a stored decision holds data this release does not know: {sorted(data)}")
        return values

    def resumed(self) -> Activation:
        """The Monster Activation this decision interrupts, to resume (a copy: the decision keeps its own)."""
        if self.activation is None:
            raise ValueError(f"the decision {self.id} ({self.kind}) interrupts no Monster Activation")
        return flat_copy(self.activation)

    def legacy_data(self) -> dict[str, Any]:
        """The continuation as the JSON dict replies have always shown (``data``)."""
        out = self.then.legacy() if self.then is not None else {}
        if self.activation is not None:
            out["activation"] = self.activation.model_dump()
        if self.lines_before is not None:
            out["lines_before"] = self.lines_before
        if self.named is not None:
            out["named"] = list(self.named)
        return out

    def shown(self, *, data: bool = True) -> dict[str, Any]:
        """The decision in a reply: its fields as they always were, with (or without) the ``data`` dict."""
        out = self.model_dump(exclude={"then", "activation", "lines_before", "named"})
        return {**out, "data": self.legacy_data()} if data else out
