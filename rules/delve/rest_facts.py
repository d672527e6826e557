"""The facts of the Rest Phase's steps (rules/delve/rest.py, rest_handlers.py): the Rest Techniques listed, the
Resource tokens discarded, the Campfire Tale; their words are bot/narration/rest.py's. Knights named as stored."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from rules.facts import Fact, fact


class Discarded(BaseModel):
    """One Knight's Resource tokens discarded (``tokens``: each token's kind and count, in the board's order)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    knight: str
    tokens: list[tuple[str, int]]


@fact
class RestAbilities(Fact):
    """Step 1, Rest Abilities: ``none`` (no Technique with the Rest keyword), ``listed`` (the list follows, one
    ``RestTechniqueListed`` each), ``done`` (the second ``/rest``), or ``waits`` (the Rest waits for them)."""

    fact: Literal["rest_abilities"] = "rest_abilities"
    step: Literal["none", "listed", "done", "waits"]


@fact
class RestTechniqueListed(Fact):
    """``knight``'s Technique ``name`` (``technique``) in ``zone`` (``playable`` from hand), its Delve ``text``."""

    fact: Literal["rest_technique_listed"] = "rest_technique_listed"
    knight: str
    name: str
    technique: str
    zone: str
    playable: bool
    text: str


@fact
class RestResourcesDiscarded(Fact):
    """Step 2: each Knight's Resource tokens discarded (none: ``knights`` empty)."""

    fact: Literal["rest_resources_discarded"] = "rest_resources_discarded"
    knights: list[Discarded]


@fact
class CampfireTale(Fact):
    """Step 4, Campfire Tales: none told (``told`` False), the ``kingdom`` has no table (``kingdom`` set), or the
    ``die`` rolled ``natural`` + the highest Rapport ``rapport`` (between ``pair``) = ``result``."""

    fact: Literal["rest_campfire_tale"] = "rest_campfire_tale"
    told: bool = True
    kingdom: str = ""
    die: str = ""
    natural: int = 0
    rapport: int = 0
    pair: list[str] = []
    result: int = 0


@fact
class CampfireTaleRead(Fact):
    """The tale ``name`` rolled (``text``), or none for that roll (``name`` empty)."""

    fact: Literal["rest_campfire_tale_read"] = "rest_campfire_tale_read"
    name: str = ""
    text: str = ""


@fact
class CampfireBonus(Fact):
    """The tale's bonus ``text``, given to each living Knight."""

    fact: Literal["rest_campfire_bonus"] = "rest_campfire_bonus"
    text: str
