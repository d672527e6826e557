"""/keyword apply and /keyword tokens: the table applies a Knight-state keyword by hand (a Technique's, a Talent's, a
Kingdom card's the bot does not read), or moves the Generic tokens on a keyword Condition (rules/knights/
keyword_effects.py). In a Clash the keyword goes through the Clash's harm step (rules/clash/harm.py), so Heat over
the Heat Limit, a fall to 0 Vigor or Bane over the Bane Limit are resolved as for a card.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from content.schema.cards import Effect
from rules.dice import Dice
from rules.engine import Engine, Result, event, handles
from rules.errors import RuleError
from rules.facts import Line, joined, said
from rules.knights import conditions as cond
from rules.knights import keyword_effects as kw
from rules.knights.keyword_facts import ConditionTokensSet
from rules.knights.record_facts import KnightNothingChanges
from rules.knights.state import KnightState
from rules.knights.view import summary
from rules.state import CampaignState

KeywordName = Literal["bane", "poison", "toxify", "parasitize", "choke", "fortify", "zeal", "fleisch"]
TokenCard = Literal["poisoned", "toxified", "panzer_parasite"]
CARD_NAMES: dict[str, str] = {"poisoned": cond.POISONED, "toxified": cond.TOXIFIED,
                              "panzer_parasite": cond.PARASITE}
_EFFECT: TypeAdapter[Effect] = TypeAdapter(Effect)


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")
    knight: str = Field(min_length=1, max_length=64)


class KeywordApply(_Action):
    """Apply "<Keyword> X" to a Knight (Bane X is ``bane``)."""

    type: Literal["keyword_apply"] = "keyword_apply"
    keyword: KeywordName
    value: int = Field(ge=1, le=20)


class KeywordTokens(_Action):
    """Add or remove Generic tokens on a held keyword Condition card."""

    type: Literal["keyword_tokens"] = "keyword_tokens"
    card: TokenCard
    change: int = Field(ge=-20, le=20)


def _knight(state: CampaignState, kid: str) -> KnightState:
    k = state.knights.get(kid)
    if k is None:
        raise RuleError(f"there is no Knight {kid!r} in this campaign (/knight list shows them)")
    if k.dead:
        raise RuleError(f"{k.name} is dead: a dead Knight \"cannot be used in any way\"")
    return k


def _done(engine: Engine, state: CampaignState, k: KnightState, lines: list[Line], named: bool = False) -> Result:
    cat = engine.catalogue
    told = joined(lines) if named else joined(lines, lead=k.name)
    return Result(state=state, events=[event("knight", told)],
                  data={"knight": summary(cat, k), "keyword_status": kw.status(cat, k)})


@handles(KeywordApply)
def keyword_apply(engine: Engine, state: CampaignState, act: KeywordApply, dice: Dice) -> Result:
    from rules.clash import harm

    k = _knight(state, act.knight)
    kind = "gain_bane" if act.keyword == "bane" else act.keyword
    effect = _EFFECT.validate_python({"type": kind, "amount": act.value})
    h = harm.Harm(engine, state, dice)
    harm.resolve_effects(h, k.id, [effect], source=f"{act.keyword.title()} {act.value}")
    harm.settle(h)
    lines = h.lines or [said(KnightNothingChanges(knight=k.name))]
    return _done(engine, h.state, h.state.knights[k.id], lines, named=True)


@handles(KeywordTokens)
def keyword_tokens(engine: Engine, state: CampaignState, act: KeywordTokens, dice: Dice) -> Result:
    k, cat = _knight(state, act.knight), engine.catalogue
    name = CARD_NAMES[act.card]
    if not cond.has(cat, k, name):
        raise RuleError(f"{k.name} does not hold the {name} Condition card (its keyword gains it: "
                        f"`/keyword apply keyword:{'parasitize' if act.card == 'panzer_parasite' else act.card}`)")
    if act.change == 0:
        raise RuleError("change: must add (positive) or remove (negative) at least one token")
    have = cond.tokens(cat, k, name)
    new = max(0, have + act.change)
    k.stats.condition_tokens[name] = new
    return _done(engine, state, k, [said(ConditionTokensSet(condition=name, old=have, new=new))])
