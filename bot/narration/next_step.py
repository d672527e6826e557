"""The words of the step to take next (rules/expedition/next_step.py): the command line a table types
(``data["next"]`` of `/expedition status` and `/now`), and "Next: `/command` (why)" in a reply; ``told_data`` tells
every fact a reply's ``data`` holds (the step to take next as its command line, any other fact as its words).

Names stay as the players typed them, as they did when the rules wrote these lines: the application escapes a
Knight's name that holds Markdown in the whole reply (bot/app/names.py)."""

from __future__ import annotations

from typing import Any

from bot.narration.registry import command, renders, words
from rules.expedition.next_step import (
    ClashPhaseResolved,
    Cmd,
    ExpeditionMoved,
    LostToSpoils,
    NextStep,
    Opt,
    PhaseLacks,
    QuestPacesStory,
    ReturnsAfter,
    StepEntered,
    StoryCallsClash,
    Why,
)
from rules.expedition.phases import LABEL
from rules.expedition.state import Step
from rules.facts import Fact

JOIN = {"or": " or ", "then": ", then "}


def option_text(o: Opt) -> str:
    body = "|".join(o.choices) if o.choices else o.value
    if o.fill:
        body = f"<{body or '...'}>"
    elif o.quoted:
        body = f'"{body}"'
    return f"{o.name}:{body}"


def command_line(c: Cmd) -> str:
    """One command as typed: ``/knight move|attack ...``, ``/clash start monster:<monster> level:<level>``."""
    words = ["/" + c.name]
    if c.subcommands:
        words.append("|".join(c.subcommands))
    words += [option_text(o) for o in c.options]
    if c.more:
        words.append("...")
    return " ".join(words)


def _label(step: Step | None) -> str:
    return LABEL[step] if step is not None else "the next Phase"


def why_text(w: Why) -> str:
    r = w.reason
    if r == "each_knight":
        return "each Knight"
    if r == "on_to":
        return f"on to {_label(w.step)}"
    if r == "outpost_done":
        return "the GM, when the Outpost activities are done and the Loadouts prepared; see /outpost status"
    if r == "story_time":
        return f"the Story step calls the next Phase at Time {w.time}; Time is {w.now}"
    if r == "quest_travel":
        return (f"{w.knight} is on a Quest: its paragraphs say when to proceed to the Clashes and the Rest; "
                f"Time is {w.now}")
    if r == "quest_next":
        return (f"the GM, when {w.knight}'s Quest paragraph sends the party to {_label(w.step)}; another order: "
                '/expedition next phase:clash|rest reason:"..."')
    if r == "encounter_to_act":
        return f"still to act: {', '.join(w.knights)}"
    if r == "knight_round":
        return f"still to act this Knight Round: {', '.join(w.knights) or 'nobody'}"
    if r == "clash_over":
        return f"the Clash is over: {'the Knights won' if w.won else 'the Knights lost'}; the GM ends it"
    if r == "turn_done":
        return f"it is {w.knight}'s turn: the Movement and Combat Actions are made"
    if r == "turn":
        return f"it is {w.knight}'s turn"
    return FIXED[r]


FIXED: dict[str, str] = {
    "encounter_question": "the Encounter waits for this answer",
    "encounter_due": "the Delve waits for the Encounter",
    "delve_resume": "the round's steps after the Encounter",
    "clash_question": "the Clash waits for this answer",
    "rest_again": "again, once the Rest Techniques are played with /knight technique action:delve technique:<id>",
    "spoils": "divide the Loot: docs/spoils.md",
    "new_expedition": "the next Expedition begins with a new Vision Phase",
}


def _why(n: NextStep) -> str:
    return f" ({why_text(n.why)})" if n.why is not None else ""


def command_text(n: NextStep) -> str:
    """The whole step as one line of text (``data["next"]``): "/rest (again, once ...)"."""
    return JOIN[n.join].join(command_line(c) for c in n.commands) + _why(n)


@renders(NextStep)
def next_line(n: NextStep) -> str:
    """"Next: " and the commands, only the commands in backticks: "Next: `/spoils status`, then `/spoils done`
    (...)"."""
    return "Next: " + JOIN[n.join].join(command(command_line(c)) for c in n.commands) + _why(n)


@renders(StepEntered)
def _entered(f: StepEntered) -> str:
    return f"🧭 Expedition {f.number}: **{_label(f.step)}**. {next_line(f.next)}"


@renders(QuestPacesStory)
def _quest_paces(f: QuestPacesStory) -> str:
    return (f"📖 Time {f.time}: {f.knight} is on a Quest, so the Story step calls no {f.kind} Clash — the Quest's "
            f"paragraphs say when the party proceeds to the Clashes and the Rest. "
            f"Next: {command(command_text(f.next))}")


@renders(PhaseLacks)
def lacks_text(f: PhaseLacks) -> str:
    """What the step still needs, as ``data["expedition"]["missing"]`` lists it (names as typed)."""
    if f.what == "callings":
        return f"no calling chosen yet for {', '.join(f.knights)} (/expedition vision)"
    if f.what == "story_time":
        return (f"the Story step has not reached Time {f.time} (Time is {f.now}); a Quest that calls a "
                "Clash or a Rest now: `/expedition next phase:clash|rest reason:\"...\"`")
    return LACKS[f.what]


LACKS = {
    "no_knight": "no Knight is in the campaign yet (/knight create)",
    "party_leader": "no Party Leader (/expedition leader)",
    "destination": "no Destination Kingdom (/expedition destination)",
    "delve_not_started": "the Delve has not started",
    "clash_over": "the Clash is over: the GM ends it with /clash end",
    "clash_running": "the Clash is still under way",
    "clash_not_played": "the Clash has not been played",
    "not_rested": "the party has not rested",
    "over": "the Expedition is over",
}


def told_data(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with every fact it holds told, at any depth of its dicts and lists: a step to take next
    (``data["expedition"]["next"]``) as its command line, any other fact as its words (`/clash end`'s
    ``data["aftermath"]``), a silent one as ``""`` (left out of a list); ``data`` itself when it holds none."""
    told = _told(data)
    return told if isinstance(told, dict) else data


_PLAIN = frozenset({str, int, float, bool, type(None)})  # what most of a reply's data is: nothing to tell


def _told(v: Any) -> Any:
    """``v`` with its facts told; ``v`` itself (the same object) when it holds none, so nothing is copied. A dict
    or a list of plain values (most of a reply's data: a roll's dice, a card) is passed over by one test in C."""
    if type(v) in _PLAIN:
        return v
    if isinstance(v, dict):
        if _PLAIN.issuperset(map(type, v.values())):
            return v
        out: dict[Any, Any] | None = None
        for k, x in v.items():
            y = _told(x)
            if y is not x:
                out = out if out is not None else dict(v)
                out[k] = y
        return v if out is None else out
    if isinstance(v, (list, tuple)):
        if _PLAIN.issuperset(map(type, v)):
            return v
        items = [_told(x) for x in v]
        if all(y is x for x, y in zip(items, v, strict=True)):
            return v
        kept = [y for x, y in zip(v, items, strict=True) if not (isinstance(x, Fact) and y == "")]
        return kept if isinstance(v, list) else tuple(kept)
    if isinstance(v, NextStep):
        return command_text(v)
    if isinstance(v, Fact):
        return words(v) or ""
    return v


@renders(ClashPhaseResolved)
def _clash_resolved(f: ClashPhaseResolved) -> str:
    return f"The {f.kind.capitalize()} Clash of this Expedition is resolved."


@renders(LostToSpoils)
def _lost(f: LostToSpoils) -> str:
    return "The Expedition is lost: the party returns for the Spoils."


@renders(StoryCallsClash)
def _story_calls(f: StoryCallsClash) -> str:
    return f"📖 Time {f.time}: the Story step calls the {f.kind} Clash."


@renders(ExpeditionMoved)
def _moved(f: ExpeditionMoved) -> str:
    return f"The GM moves the Expedition to {LABEL[f.step]}: {f.reason}"


@renders(ReturnsAfter)
def _returns(f: ReturnsAfter) -> str:
    return f"After it, the party returns to {LABEL[f.step]} (and the paragraph that led here)."
