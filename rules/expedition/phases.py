"""The Expedition Sequence: the steps in their exact order, what each needs before the next, and the command to
type next. The phase follows the table by itself (an engine observer, `follow`): the Delve's Story step at Time 8
and 16, a Clash started and ended, the Rest taken. `/expedition next` moves on where only the players know the
step is finished (Vision, Outpost, Spoils); see docs/expedition.md."""

from __future__ import annotations

from typing import Any, get_args

from rules.coverage import implements
from rules.delve.monsters import district_monster
from rules.delve.track import EXHIBITION_TIME, FULL_CLASH_TIME
from rules.engine import Engine, Event
from rules.errors import RuleError
from rules.expedition import next_step as ns
from rules.expedition.next_step import Cmd, NextStep, Opt, PhaseLacks, QuestPacesStory, StepEntered, Why
from rules.expedition.state import PHASE_OF, STEPS, Choice, Done, ExpeditionState, Phase, Step
from rules.facts import said
from rules.state import QUEST_PACE_VERSION, CampaignState

T = "tests/expedition/test_phases.py::"
Q = "tests/expedition/test_quest_pace.py::"
DONE_BY_STEP: dict[Step, Done] = {"clash_exhibition": "exhibition", "clash_full": "full", "rest": "rest"}
LABEL: dict[Step, str] = {
    "vision": "the Vision Phase", "outpost": "the Outpost Phase", "delve1": "the Delve Phase",
    "clash_exhibition": "the Clash Phase (Exhibition Clash)", "rest": "the Rest Phase",
    "delve2": "the second Delve Phase", "clash_full": "the second Clash Phase (Full Clash)",
    "spoils": "the Spoils Phase", "over": "the end of the Expedition",
}


def expedition(state: CampaignState) -> ExpeditionState:
    if state.expedition is None:
        raise RuleError("there is no Expedition under way: the GM starts one with /expedition start")
    return state.expedition


def following(exp: ExpeditionState, step: Step) -> Step:
    """The step after ``step``, skipping a Clash or the Rest already resolved: "This does not mean you will
    resolve extra Phases, like two Rests or two Clashes!"."""
    i = STEPS.index(step) + 1
    while i < len(STEPS) - 1 and DONE_BY_STEP.get(STEPS[i]) in exp.done:
        i += 1
    return STEPS[min(i, len(STEPS) - 1)]


def _knight_name(state: CampaignState, kid: str | None) -> str:
    if kid is None or kid not in state.knights:
        return "the Party Leader"
    return state.knights[kid].name


def clash_command(engine: Engine, state: CampaignState, kind: str) -> Cmd:
    """The `/clash start` to type: the Monster of the party's district on the District Wheel when the Delve knows
    it ("check the District Wheel for the corresponding Encounter Monster token")."""
    monster, level = _fill("monster"), _fill("level")
    delve = state.delve
    if delve is not None:
        tile = engine.catalogue.kingdom_tiles.get(delve.kingdom, {}).get(delve.tile)
        kingdom = engine.catalogue.kingdoms.get(delve.kingdom)
        # a district with no token meets the next token clockwise (rules.delve.monsters.district_monster)
        card = district_monster(delve, kingdom, tile.district) if tile is not None and kingdom is not None else None
        found = next((m for m in delve.encounter_monsters if m.card == card), None)
        if found is not None:
            monster, level = Opt(name="monster", value=found.monster), Opt(name="level", value=str(found.level))
    return Cmd(name="clash", subcommands=["start"], options=[monster, level, Opt(name="type", value=kind)])


@implements("4. Story Step", status="assisted", tests=[Q + "test_time_8_with_a_knight_on_a_quest_calls_no_clash",
                                                     Q + "test_without_a_quest_time_8_still_calls_the_clash",
                                                     Q + "test_an_older_campaign_keeps_its_time_8_clash"],
            note="with a Knight on a Quest, Time 8 and 16 call no Clash: the GM moves on when the Quest says")
def quest_paces(state: CampaignState, exp: ExpeditionState) -> str | None:
    """The name of the Knight on a Quest, whose paragraphs pace the Clashes and the Rest (campaigns of state version
    ``QUEST_PACE_VERSION`` and later): rulebook, "4. Story Step": "If no Knight is on a Quest: If the current Time
    is 8, resolve an Exhibition Clash. ... If the current Time is 16, resolve a Full Clash."; "During a Quest,
    however, you will be instructed when to proceed to the Clashes and Rest."."""
    if state.version < QUEST_PACE_VERSION:
        return None
    quester = next((kid for kid, v in exp.visions.items() if v.choice == "quest"), None)
    return None if quester is None else _knight_name(state, quester)


def next_command(engine: Engine, state: CampaignState, exp: ExpeditionState) -> NextStep:
    """What to type next, for `/expedition status` and every reply that moves the phase."""
    step = exp.step
    if step == "vision":
        if any(k.id not in exp.visions for k in state.knights.values() if not k.dead) or not state.knights:
            choice = Opt(name="choice", choices=list(get_args(Choice)))
            return one(_cmd("expedition vision", _fill("knight", "name"), choice), Why(reason="each_knight"))
        if exp.party_leader is None:
            return one(_cmd("expedition leader", _fill("knight", "name")))
        if exp.destination is None:
            return one(_cmd("expedition destination", _fill("kingdom")))
        return one(_cmd("expedition next"), Why(reason="on_to", step="outpost"))
    if step == "outpost":
        return one(_cmd("outpost done"), Why(reason="outpost_done"))
    if step in ("delve1", "delve2"):
        if state.delve is None:
            kingdom = Opt(name="kingdom", value=exp.destination) if exp.destination else _fill("kingdom")
            leader = Opt(name="leader", value=_knight_name(state, exp.party_leader), quoted=True)
            return one(_cmd("delve start", kingdom, leader))
        waiting = delve_waits(state)
        if waiting is not None:
            return waiting
        time = EXHIBITION_TIME if step == "delve1" else FULL_CLASH_TIME
        quester = quest_paces(state, exp)
        if quester is None:
            return one(_cmd("delve travel"), Why(reason="story_time", time=time, now=state.track.time))
        if state.track.time < time:
            return one(_cmd("delve travel"), Why(reason="quest_travel", knight=quester, now=state.track.time))
        return one(_cmd("expedition next"), Why(reason="quest_next", knight=quester, step=following(exp, step)))
    if step in ("clash_exhibition", "clash_full"):
        if state.clash is not None:
            return in_clash(state)
        return one(clash_command(engine, state, "exhibition" if step == "clash_exhibition" else "full"))
    if step == "rest":
        if state.delve is not None and state.delve.resting:
            return one(_cmd("rest"), Why(reason="rest_again"))
        return one(_cmd("rest"))
    if step == "spoils":
        return NextStep(commands=[_cmd("spoils status"), _cmd("spoils done")], join="then", why=Why(reason="spoils"))
    return one(_cmd("expedition start"), Why(reason="new_expedition"))


def one(command: Cmd, why: Why | None = None) -> NextStep:
    return NextStep(commands=[command], why=why)


def _cmd(line: str, *options: Opt) -> Cmd:
    """A command by its name and subcommand (``"delve travel"``) and its options."""
    name, *sub = line.split(" ")
    return Cmd(name=name, subcommands=sub, options=list(options))


def _fill(name: str, value: str = "") -> Opt:
    """An option the player fills in: ``name:<value>`` (``value`` defaults to the option's name)."""
    return Opt(name=name, value=value or name, fill=True)


def _decision(decision: str, keys: list[str]) -> list[Opt]:
    return [Opt(name="decision", value=decision), Opt(name="option", choices=keys, fill=True)]


def delve_waits(state: CampaignState) -> NextStep | None:
    """The Delve's next command when it waits for something other than the Travel step: an Encounter due or under
    way (its question, or the Knights still to act), or the round's steps after it (``/delve continue``)."""
    delve = state.delve
    if delve is None:
        return None
    enc = delve.encounter
    if enc is not None and enc.outcome is None:
        if enc.pending is not None:
            options = _decision(enc.pending.id, [o.key for o in enc.pending.options])
            return one(Cmd(name="encounter", subcommands=["choose"], options=options),
                       Why(reason="encounter_question"))
        left = [state.knights[e.knight].name for e in enc.knights
                if e.status == "placed" and e.action is None and e.knight in state.knights]
        if left:
            return NextStep(commands=[_cmd("encounter attack", _fill("weapon", "gear")), _cmd("encounter help")],
                            why=Why(reason="encounter_to_act", knights=left))
        return one(_cmd("encounter status"))
    if delve.encounter_due is not None and enc is None:
        return one(_cmd("encounter start"), Why(reason="encounter_due"))
    if delve.resume is not None:
        return one(_cmd("delve continue"), Why(reason="delve_resume"))
    return None


def in_clash(state: CampaignState) -> NextStep:
    """The next command of the Clash under way: its waiting question, the Monster Round, the Knights still to act,
    or `/clash end` once the Clash is won or lost."""
    clash = state.clash
    assert clash is not None
    if clash.over is not None:
        return one(_cmd("clash end"), Why(reason="clash_over", won=clash.over == "victory"))
    flow = clash.flow
    if flow.pending is not None:
        options = _decision(flow.pending.id, [o.key for o in flow.pending.options])
        return one(Cmd(name="choose", options=options), Why(reason="clash_question"))
    if flow.phase == "monster":
        return one(_cmd("monster round"))
    if flow.turn is not None:
        turn = flow.turn
        name = state.board.knight(turn.knight).name
        left = [a for a, done in (("move", turn.moved), ("attack", turn.attacked)) if not done]
        if not left:
            return one(_cmd("knight end-turn"), Why(reason="turn_done", knight=name))
        return NextStep(commands=[Cmd(name="knight", subcommands=left, more=True), _cmd("knight end-turn")],
                        why=Why(reason="turn", knight=name))
    left = [k.name for k in state.board.knights if not k.dead and k.id not in flow.acted]
    return one(Cmd(name="knight", subcommands=["move", "attack", "end-turn"]), Why(reason="knight_round", knights=left))


def enter(engine: Engine, state: CampaignState, exp: ExpeditionState, step: Step) -> list[str]:
    exp.step = step
    return [said(StepEntered(number=exp.number, step=step, next=next_command(engine, state, exp)))]


@implements("Expedition Sequence", tests=[T + "test_the_whole_sequence_follows_the_table",
                                         T + "test_a_quest_clash_is_not_doubled"])
def follow(engine: Engine, state: CampaignState) -> list[Event]:
    """Rulebook, "Expedition Sequence": Delve, "Clash Phase: Resolve an Exhibition Clash", "Rest Phase", "Second
    Delve Phase", "Second Clash Phase: Resolve a Full Clash", "Spoils Phase". Runs after every action: a Clash
    seen starting and then gone is resolved; a Rest taken is resolved; the Story step's Time 8 and 16 call the
    Clashes. A Clash or Rest the GM moved (a Quest) returns to the Delve it interrupted."""
    exp = state.expedition
    if exp is None or exp.step in ("vision", "outpost", "over"):
        return []
    texts: list[str] = []
    if state.clash is not None and exp.clash_running is None:
        exp.clash_running = state.clash.type
    elif state.clash is None and exp.clash_running is not None:
        if exp.clash_running not in exp.done:
            exp.done.append(exp.clash_running)
        texts.append(said(ns.ClashPhaseResolved(kind=exp.clash_running)))
        exp.clash_running = None
    if state.delve is not None and state.delve.rested and "rest" not in exp.done:
        exp.done.append("rest")
    for _ in range(len(STEPS)):
        moved = _move_once(engine, state, exp)
        if not moved:
            break
        texts += moved
    return [Event(kind="expedition", text=t) for t in texts]


def _move_once(engine: Engine, state: CampaignState, exp: ExpeditionState) -> list[str]:
    step = exp.step
    if DONE_BY_STEP.get(step) in exp.done:
        back, exp.return_to = exp.return_to, None
        return enter(engine, state, exp, back if back is not None else following(exp, step))
    if state.track.lost and step in ("delve1", "delve2", "clash_exhibition", "clash_full", "rest"):
        return enter(engine, state, exp, "spoils") + [said(ns.LostToSpoils())]
    for delve, time, kind in (("delve1", EXHIBITION_TIME, "Exhibition"), ("delve2", FULL_CLASH_TIME, "Full")):
        if step != delve or state.delve is None or state.track.time < time:
            continue
        quester = quest_paces(state, exp)
        if quester is None:
            return [said(ns.StoryCallsClash(time=time, kind=kind))] + enter(
                engine, state, exp, following(exp, step))
        if time in exp.quest_paced:
            return []
        exp.quest_paced.append(time)
        return [said(QuestPacesStory(time=time, knight=quester, kind=kind, next=next_command(engine, state, exp)))]
    return []


def missing(engine: Engine, state: CampaignState, exp: ExpeditionState) -> list[PhaseLacks]:
    """What the current step still needs before `/expedition next`."""
    from rules.expedition.vision import vision_missing

    step = exp.step
    if step == "vision":
        return vision_missing(engine, state, exp)
    if step in ("delve1", "delve2"):
        if state.delve is None:
            return [PhaseLacks(what="delve_not_started")]
        time = EXHIBITION_TIME if step == "delve1" else FULL_CLASH_TIME
        if state.track.time >= time and quest_paces(state, exp) is not None:
            return []  # the Quest's paragraph sends the party on
        return [PhaseLacks(what="story_time", time=time, now=state.track.time)]
    if step in ("clash_exhibition", "clash_full"):
        if state.clash is not None and state.clash.over is not None:
            return [PhaseLacks(what="clash_over")]
        return [PhaseLacks(what="clash_running" if state.clash is not None else "clash_not_played")]
    if step == "rest":
        return [PhaseLacks(what="not_rested")]
    if step == "over":
        return [PhaseLacks(what="over")]
    return []


def advance(engine: Engine, state: CampaignState, exp: ExpeditionState) -> list[str]:
    lacking = missing(engine, state, exp)
    if lacking:
        raise RuleError(f"{LABEL[exp.step]} is not finished: {'; '.join(said(x) for x in lacking)}. "
                        + said(next_command(engine, state, exp)))
    return enter(engine, state, exp, following(exp, exp.step))


def move_to(engine: Engine, state: CampaignState, exp: ExpeditionState, phase: Phase, reason: str) -> list[str]:
    """Rulebook, "Quests": "certain Quests influencing the regular pace of the Expedition, triggering Exhibition
    Clashes, Full Clashes, and Rests at various moments. Note: This does not mean you will resolve extra Phases,
    like two Rests or two Clashes!". A moved Clash or Rest goes back to the Delve it interrupted."""
    target: Step
    if phase == "clash":
        if state.clash is not None or exp.clash_running is not None:
            raise RuleError("a Clash is under way already; end it with /clash end first")
        if "exhibition" not in exp.done:
            target = "clash_exhibition"
        elif "full" not in exp.done:
            target = "clash_full"
        else:
            raise RuleError("both Clashes of this Expedition are resolved: a Quest never adds a third (the rulebook: "
                            "no extra Phases, like two Clashes)")
    elif phase == "rest":
        if "rest" in exp.done:
            raise RuleError("the party has already rested this Expedition: a Quest never adds a second Rest (the "
                            "rulebook: no extra Phases, like two Rests)")
        target = "rest"
    elif phase == "delve":
        target = "delve2" if ("exhibition" in exp.done or "rest" in exp.done) else "delve1"
    else:
        target = next(s for s in STEPS if PHASE_OF[s] == phase)
    if target == exp.step:
        raise RuleError(f"the party is in {LABEL[target]} already")
    exp.return_to = exp.step if target in DONE_BY_STEP and exp.step in ("delve1", "delve2") else None
    exp.moves.append(f"{LABEL[exp.step]} → {LABEL[target]}: {reason}")
    texts = [said(ns.ExpeditionMoved(step=target, reason=reason))]
    texts += enter(engine, state, exp, target)
    if exp.return_to is not None:
        texts.append(said(ns.ReturnsAfter(step=exp.return_to)))
    return texts


def status_data(engine: Engine, state: CampaignState) -> dict[str, Any]:
    exp = state.expedition
    if exp is None:
        return {"expedition": None, "next": one(_cmd("expedition start"))}
    data = exp.model_dump()
    data.update(phase=exp.phase, label=LABEL[exp.step], next=next_command(engine, state, exp),
                missing=missing(engine, state, exp) if exp.step != "over" else [],
                party_leader_name=_knight_name(state, exp.party_leader) if exp.party_leader else None)
    return {"expedition": data, "next": data["next"]}
