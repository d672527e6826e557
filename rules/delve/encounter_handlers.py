"""Engine actions of an Encounter (docs/delve.md, "Encounters"): start it, answer its decisions, the Knights' Attack
and Help Actions, and the GM's hand (move a miniature, stop the Encounter).

The Encounter Sequence is rules/delve/encounter_flow.py; the Knight Round's actions rules/delve/encounter_attack.py;
the board rules/delve/encounter.py.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema.encounters import EncounterCard
from content.schema.kingdom import Kingdom
from rules.clash.flow import RESUME
from rules.coverage import declare, implements
from rules.delve import encounter as geo
from rules.delve import encounter_attack as atk
from rules.delve import encounter_facts as ef
from rules.delve import encounter_flow as flow
from rules.delve.encounter_state import EncounterKnight, EncounterState, Facing, Step
from rules.delve.results import current
from rules.delve.state import DelveState
from rules.dice import Dice
from rules.engine import Engine, Result, handles
from rules.errors import RuleError
from rules.facts import Line, said
from rules.state import CampaignState

T = "tests/delve/test_encounter.py::"
Name = Annotated[str, Field(min_length=1, max_length=64)]


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class EncounterStart(_Action):
    """Start the Encounter due (a token met the party), or one a card or Quest calls for."""

    type: Literal["encounter_start"] = "encounter_start"
    card: Name | None = Field(None, description="an Encounter Monster card (id, Monster id or name); None: the one "
                                                "due, else the Monster of the party's district")
    level: int | None = Field(None, ge=1, le=9, description="the side of the card; None: the level drawn at setup")
    ambush: bool = Field(False, description="an Ambush: Knight Positioning first")
    quest: bool = Field(False, description="a Quest paragraph asked for it: Partial counts as Success")


class EncounterChoose(_Action):
    type: Literal["encounter_choose"] = "encounter_choose"
    while_waiting: ClassVar[bool] = True
    options: list[Annotated[str, Field(min_length=1, max_length=40)]] = Field(min_length=1, max_length=25)
    decision: str | None = Field(None, max_length=16, description=(
        "the decision answered (``enc<n>``): refused when another one waits (a stale button or a late typist)"))


class EncounterAttack(_Action):
    type: Literal["encounter_attack"] = "encounter_attack"
    knight: Name | None = None
    weapon: Name
    target: int | None = Field(None, ge=1, le=8, description="the Monster miniature's number (Mobs)")
    cantrip: Literal["opening", "break"] | None = None


class EncounterHelp(_Action):
    type: Literal["encounter_help"] = "encounter_help"
    knight: Name | None = None


class EncounterPlace(_Action):
    """GM: move a miniature on the Encounter Board by hand (Knockback, a placement tie, a mistake)."""

    type: Literal["encounter_place"] = "encounter_place"
    kind: Literal["knight", "monster"]
    name: Name = Field(description="a Knight's name or id, or a Monster miniature's number")
    space: str = Field(min_length=2, max_length=3, description="the space (a Monster: its top-left space)")
    facing: Facing | None = None


class EncounterEnd(_Action):
    """GM: stop the Encounter under way without its Resolution."""

    type: Literal["encounter_end"] = "encounter_end"
    while_waiting: ClassVar[bool] = True


# -- Encounter Setup -----------------------------------------------------------------------------------------


def _find_card(kingdom: Kingdom, wanted: str) -> EncounterCard:
    w = wanted.strip().lower()
    for c in kingdom.encounter_cards:
        if w in (c.id, c.monster, c.name.lower()):
            return c
    shown = ", ".join(f"{c.id} ({c.name})" for c in kingdom.encounter_cards) or "none"
    raise RuleError(f"{kingdom.name} has no Encounter Monster card {wanted!r}; the cards are: {shown}")


def _district_card(engine: Engine, delve: DelveState, kingdom: Kingdom) -> str | None:
    try:
        from rules.delve import monsters as mon
    except ImportError:  # pragma: no cover
        return None
    district = engine.catalogue.kingdom_tiles[kingdom.id][delve.tile].district
    return mon.district_monster(delve, kingdom, district)


def _choose_card(engine: Engine, delve: DelveState, kingdom: Kingdom, act: EncounterStart) -> tuple[EncounterCard, str]:
    due = delve.encounter_due
    if act.card is not None:
        card = _find_card(kingdom, act.card)
        if due is not None and card.id != due:
            raise RuleError(f"an Encounter with {due} is due: resolve it first (`/encounter start`), or the GM "
                            "cancels it with `/delve adjust clear_encounter:true`")
        return card, "named"
    if due is not None:
        return flow.card_of(kingdom, due), "due"
    district = _district_card(engine, delve, kingdom)
    if district is None:
        raise RuleError("no Encounter is due and no Encounter Monster token is on the District Wheel: the GM names the "
                        "Monster with `/encounter start monster:<card id>`")
    return flow.card_of(kingdom, district), "district"


def _why_due(delve: DelveState, card: str) -> Literal["token", "cause", "due"]:
    """Why the Encounter is due, as the announcement says it: "Encounters trigger from multiple sources"."""
    if delve.encounter_token == card:
        return "token"
    if delve.encounter_cause:
        return "cause"
    return "due"


@implements("Encounter Setup", tests=[T + "test_start_reads_the_encounter_due_and_the_card",
                                      T + "test_without_a_trigger_the_district_monster_is_faced"])
@implements("Encounters and Clashes", tests=[T + "test_without_a_trigger_the_district_monster_is_faced"],
            note="an Encounter uses the Encounter Monster card in lieu of a Monster Sheet")
@implements("Encounters", tests=[T + "test_a_whole_encounter_runs_its_steps_in_order",
                                 T + "test_travel_waits_while_an_encounter_runs"])
@handles(EncounterStart)
def encounter_start(engine: Engine, state: CampaignState, act: EncounterStart, dice: Dice) -> Result:
    """"First, check the type of Monster you're facing. If the Encounter trigger does not specify the Monster, you
    face the Monster in your current district, as indicated by the District Wheel. Find the Encounter Monster card of
    that Monster and place the corresponding Encounter Board on the table"."""
    delve, kingdom, _ = current(engine, state)
    cat = engine.catalogue
    if delve.encounter is not None:
        raise RuleError("an Encounter is already under way (`/encounter status`)")
    if delve.fog is not None:
        raise RuleError("the party is in the Deep Fog: an Encounter waits until it is out")
    if state.clash is not None:
        raise RuleError("a Clash is under way: end it first (`/clash end`)")
    if state.track.lost:
        raise RuleError(f"the Expedition is lost ({delve.lost_reason or 'GM'}): no more Encounters this Delve")
    if cat.dice is None:
        raise RuleError("no dice are defined by the loaded content packs: Encounters need the d6 symbols")
    card, why = _choose_card(engine, delve, kingdom, act)
    drawn = next((m for m in delve.encounter_monsters if m.card == card.id), None)
    level = act.level or (drawn.level if drawn else card.sides[0].level if len(card.sides) == 1 else None)
    if level is None or level not in card.levels():
        raise RuleError(f"{card.name}'s card shows levels {', '.join(map(str, card.levels()))}: give `level:`")
    side = card.side(level)
    board = cat.encounter_boards.get(side.board)
    if board is None:
        raise RuleError(f"the Encounter Board {side.board!r} of {card.name} is in no loaded content pack")
    party = [k for k in state.knights.values() if not k.dead]
    if not party:
        raise RuleError("there is no living Knight in this campaign to face the Encounter")
    sheet = cat.monsters.get(card.monster)
    steps: list[Step] = ["knights", "monsters"] if act.ambush else ["monsters", "knights"]
    enc = EncounterState(
        card=card.id, level=level, monster=card.monster, name=card.name, tier=side.tier, board=board.id,
        placing=geo.placing(side, sheet.type if sheet else None), ambush=act.ambush, quest=act.quest,
        token=why == "due" and delve.encounter_token == card.id, called=delve.encounter_due is None,
        steps=[*steps, "monster_round", "knight_round", "resolution"],
        knights=[EncounterKnight(knight=k.id) for k in party],
    )
    if delve.encounter_due is None:  # a card, a Quest or the GM called for it: it is due until it is over
        delve = delve.model_copy(update={"encounter_due": card.id})
    state.delve = delve.model_copy(update={"encounter": enc})
    partial = side.resolution.partial
    whence = _why_due(delve, card.id) if why == "due" else why
    texts: list[Line] = [said(ef.EncounterBegins(
        monster=card.name, level=level, tier=side.tier, why=whence, cause=delve.encounter_cause or "",
        board=board.name, to_hit=side.to_hit, at=side.at, count=side.count, success=side.resolution.success.scrapes,
        partial=partial.scrapes if partial else None, ambush=act.ambush))]
    if side.other is not None:
        texts.append(said(ef.EncounterByHand(text=side.other.text)))
    if act.ambush:
        texts.append(said(ef.AmbushPositioning()))
    return flow.run(engine, state, dice, texts)


declare("Encounter Monster Card Anatomy", module=__name__,
        tests=[T + "test_scrapes_give_failure_partial_success_as_the_card_defines",
               T + "test_a_scrape_and_the_critical_once_per_encounter"],
        note="To Hit, AT, Monster Count, Critical, Attack diagram and effect, Resolution, Overpower, Scrape and other "
        "effects of content/schema/encounters.py; the board from content/schema/encounter_boards.py")


# -- the party's answers and actions -------------------------------------------------------------------------


@handles(EncounterChoose)
def encounter_choose(engine: Engine, state: CampaignState, act: EncounterChoose, dice: Dice) -> Result:
    live = state.delve.encounter if state.delve is not None else None
    if act.decision is not None and (live is None or live.pending is None or live.pending.id != act.decision):
        now = f" (the Encounter waits for {live.pending.id} now)" if live is not None and live.pending else ""
        raise RuleError(f"decision {act.decision} is no longer waiting{now}: it was answered, or its Encounter is "
                        "over; nothing was changed")
    _, _, enc, _, _ = flow.context(engine, state)
    pending = enc.pending
    if pending is None:
        raise RuleError("the Encounter waits for no decision now (`/encounter status`)")
    keys = [o.key for o in pending.options]
    wrong = [o for o in act.options if o not in keys]
    if wrong:
        raise RuleError(f"{wrong[0]!r} is not an answer to: {pending.prompt} The answers are: {', '.join(keys)}")
    chosen = list(dict.fromkeys(act.options))
    if not pending.min_pick <= len(chosen) <= pending.pick:
        raise RuleError(f"name {pending.min_pick} to {pending.pick} answer(s), separated by commas")
    enc.pending = None
    return RESUME[pending.kind](engine, state, pending, chosen, dice)


@handles(EncounterAttack)
def encounter_attack(engine: Engine, state: CampaignState, act: EncounterAttack, dice: Dice) -> Result:
    return atk.attack_action(engine, state, act.knight, act.weapon, act.target, act.cantrip, dice)


@handles(EncounterHelp)
def encounter_help(engine: Engine, state: CampaignState, act: EncounterHelp, dice: Dice) -> Result:
    return atk.help_action(engine, state, act.knight, dice)


# -- the GM --------------------------------------------------------------------------------------------------


@handles(EncounterPlace)
def encounter_place(engine: Engine, state: CampaignState, act: EncounterPlace, dice: Dice) -> Result:
    _, _, enc, side, board = flow.context(engine, state)
    try:
        space = geo.parse(board, act.space)
    except ValueError as exc:
        raise RuleError(str(exc)) from None
    who = flow.names(state)
    if act.kind == "knight":
        wanted = act.name.strip().lower()
        ek = next((k for k in enc.knights if wanted in (k.knight, who.get(k.knight, "").lower())), None)
        if ek is None:
            raise RuleError(f"{act.name!r} is not a Knight of this Encounter")
        others = {s for kid, s in geo.knight_spaces(enc).items() if kid != ek.knight}
        if space in geo.monster_cells(enc) or space in others:
            raise RuleError(f"{act.space} is occupied")
        ek.space, ek.status, ek.why_out = space, "placed", None
        text = said(ef.GmKnightMoved(knight=who[ek.knight], space=geo.label(space)))
    else:
        m = next((x for x in enc.monsters if act.name.strip() == str(x.number)), None)
        if m is None:
            raise RuleError(f"name a Monster miniature by its number: {', '.join(str(x.number) for x in enc.monsters)}")
        facing = act.facing or m.facing
        occ, tgt = geo.shape(side.attack.diagram, facing)
        cells = [(space[0] + r, space[1] + c) for r, c in occ]
        taken = set(geo.knight_spaces(enc).values()) | {s for x in enc.monsters if x is not m for s in x.cells}
        if not all(geo.on_board(board, s) for s in cells) or taken & set(cells):
            raise RuleError(f"{enc.name} facing {facing} does not fit on free spaces from {act.space}")
        m.cells, m.facing = sorted(cells), facing
        m.targets = sorted((space[0] + r, space[1] + c) for r, c in tgt if geo.on_board(board, (space[0] + r,
                                                                                                  space[1] + c)))
        text = said(ef.GmMonsterPlaced(monster=enc.name, number=m.number, cells=geo.labels(m.cells), facing=facing,
                                       targets=geo.labels(m.targets)))
    return flow.result(engine, state, [text])


@handles(EncounterEnd)
def encounter_end(engine: Engine, state: CampaignState, act: EncounterEnd, dice: Dice) -> Result:
    delve, _, enc, _, _ = flow.context(engine, state)
    update: dict[str, object] = {"encounter": None}
    if enc.called:  # nothing else made it due
        update["encounter_due"] = None
        update["encounter_cause"] = None
    state.delve = delve.model_copy(update=update)
    return flow.result(engine, state, [said(ef.EncounterStopped(monster=enc.name, still_due=not enc.called))])
