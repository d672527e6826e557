"""Table dice: the players roll their own physical dice and type the results (docs/table-dice.md).

The rules stay the same: every die still goes through the dice port, which takes the typed values
(``Dice.table``) in rolling order instead of rolling them. A roll that needs dice becomes a pending
roll in the campaign state (``AskDice``); ``EnterDice`` gives it its values. If the values run out
before the action has all its dice (a tie rolled again), the port raises ``DiceNeeded`` and the
pending roll asks for the next throw only. Every step is an action in the log, so undo, amend and
replay work as for bot rolls.

This module is pure: what to ask, how to describe it, how to read what was typed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from content.schema import DiceSet, PowerDie
from rules import decks
from rules.decks.facts import CardDrawn
from rules.decks.handlers import after_draw, massive_peril
from rules.dice import Dice, DiceNeeded, RolledDie
from rules.engine import Decision, Engine, Event, Result, card_data, handles, parse_action
from rules.errors import RuleError
from rules.facts import random_targets
from rules.state import AskedDie, CampaignState, PendingDice
from rules.table_dice_facts import TableDiceEntered, TableDiceMode, TableDiceSettled

MAX_VALUES = 60


class _Action(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SetDiceMode(_Action):
    type: Literal["dice_mode"] = "dice_mode"
    while_waiting: ClassVar[bool] = True
    mode: Literal["bot", "table"]


class AskDice(_Action):
    """Put an action on hold until the table has rolled its dice."""

    type: Literal["dice_ask"] = "dice_ask"
    while_waiting: ClassVar[bool] = True
    action: dict[str, Any]
    command: str = Field(max_length=2000)
    roller: str = Field(min_length=1, max_length=100)
    roller_name: str = Field(max_length=100)


class EnterDice(_Action):
    """The values of the dice asked for, in rolling order (d6 dice by face number 1-6)."""

    type: Literal["dice_enter"] = "dice_enter"
    while_waiting: ClassVar[bool] = True
    values: list[int] = Field(min_length=1, max_length=MAX_VALUES)
    by: str = Field("", max_length=100, description="who typed them (the log's actor says it too)")
    answers: str | None = Field(None, max_length=2000, description="the waiting command these dice are for")
    after: int | None = Field(None, ge=0, description="how many values had been entered for it before")


class AutoDice(_Action):
    """The bot rolls the dice of the pending roll that the table has not entered."""

    type: Literal["dice_auto"] = "dice_auto"
    while_waiting: ClassVar[bool] = True


class CancelDice(_Action):
    type: Literal["dice_cancel"] = "dice_cancel"
    while_waiting: ClassVar[bool] = True


class RecordDraw(_Action):
    """A card the table drew from its own physical deck: taken from wherever it is in the bot's deck,
    then put where a drawn card of that deck goes."""

    type: Literal["deck_record_draw"] = "deck_record_draw"
    while_waiting: ClassVar[bool] = True
    deck: str = Field(min_length=1, max_length=64)
    card: str = Field(min_length=1, max_length=64)
    vigor: int | None = Field(None, ge=-99, le=0)


TABLE_ACTIONS = (SetDiceMode, AskDice, EnterDice, AutoDice, CancelDice)


# -- what to ask --------------------------------------------------------------------------------------


def dry_run(engine: Engine, state: CampaignState, action: BaseModel, entered: list[int]) -> list[RolledDie]:
    """Every die the action would roll, with the typed values first and the bot filling the rest."""
    probe = Dice(seed=state.seed, position=state.dice_position, forced=list(state.forced_dice), table=list(entered))
    engine.apply(state, action, probe)
    return probe.rolls


def needed(engine: Engine, state: CampaignState, action: BaseModel, entered: list[int]) -> list[AskedDie]:
    """The dice the table must roll now: those of the next throw that neither the GM's forced values nor
    the values already entered provide. Empty: the action needs no dice from the table."""
    rolls = [r for r in dry_run(engine, state, action, entered) if r.source == "bot"]
    if not rolls:
        return []
    throw = rolls[0].throw
    return [AskedDie(kind=r.kind, colour=r.colour, crit=r.crit, purpose=r.purpose, reroll=r.reroll, of_die=r.of_die)
            for r in rolls if r.throw == throw]


@dataclass(frozen=True)
class Group:
    """Dice asked together that the player types together: the Crit die, one colour, the plain d10s."""

    key: str  # "crit", "white", "black", "red" or "" (plain d10s)
    label: str
    indexes: tuple[int, ...]
    kind: Literal["d10", "d6"]


def _noun(purpose: str) -> str:
    low = purpose.lower()
    for word, noun in (("attack", "Attack"), ("evasion", "Evasion"), ("armor", "Armor"), ("power", "Power")):
        if low.startswith(word):
            return noun
    return ""


def groups(asked: list[AskedDie]) -> list[Group]:
    found: dict[str, list[int]] = {}
    for i, die in enumerate(asked):
        found.setdefault("crit" if die.crit else (die.colour or ""), []).append(i)
    out = []
    for key, idx in found.items():
        first = asked[idx[0]]
        noun = _noun(first.purpose)
        many = len(idx) > 1
        if key == "crit":
            label = "white Crit die"
        elif first.kind == "d6":
            label = f"{key} {noun or 'Power'} {'dice' if many else 'die'}"
        elif key:
            label = f"{key} d10 ({'tens' if key == 'white' else 'ones'})" if "d100" in first.purpose else f"{key} d10"
        else:
            label = f"{noun} {'dice' if many else 'die'}" if noun else "d10"
        out.append(Group(key=key, label=label, indexes=tuple(idx), kind=first.kind))
    return out


def what_to_roll(asked: list[AskedDie]) -> str:
    """e.g. "3 Attack dice, one of them the white Crit die", "2 red and 1 black Power dice",
    "a d100: white tens, black ones"."""
    n = len(asked)
    first = asked[0]
    again = " again" if any(d.reroll for d in asked) else ""
    if first.kind == "d6":
        by_colour: dict[str, int] = {}
        for d in asked:
            by_colour[d.colour or "?"] = by_colour.get(d.colour or "?", 0) + 1
        parts = [f"{count} {colour}" for colour, count in by_colour.items()]
        joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
        noun = _noun(first.purpose) or "Power"
        colours = list(by_colour)
        order = f" ({colours[0]} first, then {', then '.join(colours[1:])})" if len(colours) > 1 else ""
        return f"{joined} {noun} {'die' if n == 1 else 'dice'}{again}{order}"
    if n == 2 and "d100" in first.purpose and first.colour == "white":
        return "a d100: white tens, black ones"
    noun = _noun(first.purpose)
    dice = f"{n} {noun} {'die' if n == 1 else 'dice'}" if noun else f"{n} d10"
    if any(d.crit for d in asked):
        crit = ", the white Crit die" if n == 1 else ", one of them the white Crit die"
        dice += f"{again}{crit}"
    else:
        dice += again
    if all(":" in d.purpose for d in asked) and n > 1:  # random elements: one die each
        names = [d.purpose.split(":", 1)[1].strip() for d in asked]
        dice += " — one each for " + ", ".join(names) + ", in that order"
    elif first.of_die is not None:
        which = [f"die {d.of_die}" for d in asked]
        dice += " (" + ", ".join(which[:-1]) + (" and " if len(which) > 1 else "") + which[-1] + " of the roll)"
    elif not noun and len({d.purpose for d in asked}) == 1 and first.purpose:
        dice += f" ({first.purpose})"  # a plain d10 says what it decides (a Squire's Clue card, a test...)
    return dice


def example(asked: list[AskedDie], dice_set: DiceSet | None) -> str:
    """A valid entry for these dice, to show the syntax."""
    parts: list[str] = []
    plain = iter(["7", "3", "9", "5", "2", "8", "4", "6"] * 8)
    for g in groups(asked):
        if g.kind == "d6":
            faces = dice_set.die(g.key).faces if dice_set and g.key in ("white", "black", "red") else []  # type: ignore[arg-type]
            shown = [symbols(f.power, f.potential, f.hope) for f in faces[2 : 2 + len(g.indexes)]] or ["P"]
            while len(shown) < len(g.indexes):
                shown.append("-")
            parts.append(f"{g.key}:" + " ".join(shown))
        elif g.key == "crit":
            parts.append("crit:10")
        elif g.key:
            parts.append(f"{g.key}:{next(plain)}")
        else:
            parts.append(" ".join(next(plain) for _ in g.indexes))
    return " ".join(parts)


def prompt(pending: PendingDice, dice_set: DiceSet | None) -> str:
    asked = pending.asked
    text = f"🎲 {pending.roller_name}, for `{pending.command}`"
    if pending.entered:
        text += f" (entered so far: {', '.join(map(str, pending.entered))})"
    text += f" roll {what_to_roll(asked)}, then type `/dice enter values:\"{example(asked, dice_set)}\"`"
    if len(asked) > 1:
        text += " — or just the values in rolling order" + (", the Crit die first" if asked[0].crit else "")
    if any(d.kind == "d6" for d in asked):
        text += ". Power faces by symbol: P, PP, pot, hope, P+pot, - (blank), or the face's mark"
    return text + "."


def symbols(power: int, potential: int, hope: int) -> str:
    parts = ["P" * power] if power else []
    parts += ["pot"] * potential + ["hope"] * hope
    return "+".join(parts) if parts else "-"


# -- reading what was typed ---------------------------------------------------------------------------

_LABELS = {
    "crit": "crit", "c": "crit", "white": "white", "w": "white", "tens": "white",
    "black": "black", "b": "black", "ones": "black", "red": "red", "r": "red",
}
_SYMBOL = re.compile(r"([0-9]*)(potential|pot|power|hope|p|h)([0-9]*)")
_BLANK = {"-", "blank", "none", "x", "_", "0", "—"}


def parse_entry(text: str, asked: list[AskedDie], dice_set: DiceSet | None) -> list[int]:
    """The typed results as dice values in rolling order (d6 dice as face numbers).

    Values are separated by spaces or commas. ``label:`` (crit, white/tens, black/ones, red) sends the
    values after it to that group of dice until the group is full; other values fill the free dice in
    rolling order. d10: 1-10, 0 or * for the critical symbol (10). d6: symbols (``P``, ``PP``, ``2P``,
    ``pot``, ``hope``, ``P+pot``, ``-``), a face's mark (``crown``...) or a face number 1-6."""
    tokens = [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    if not tokens:
        raise RuleError("type the dice, e.g. " + example(asked, dice_set))
    if len(tokens) > MAX_VALUES:
        raise RuleError(f"that is {len(tokens)} values; this roll needs {_count(len(asked))}")
    by_key = {g.key: list(g.indexes) for g in groups(asked)}
    slot: dict[int, str] = {}  # asked index -> the token typed for it
    unlabelled: list[str] = []
    current: str | None = None
    for token in tokens:  # first the labelled values, each to its own group while it has room
        if ":" in token:
            label, _, token = token.partition(":")
            key = _LABELS.get(label.strip().lower())
            if key is None or key not in by_key:
                names = [g.key for g in groups(asked) if g.key]
                known = f"the labels for this roll are {', '.join(k + ':' for k in names)}" if names else (
                    "this roll needs no labels: type the values in rolling order")
                raise RuleError(f"{label + ':'!r} does not name any of the dice asked; {known}")
            current = key
            if not token:
                continue
        if current is not None and by_key[current]:
            slot[by_key[current].pop(0)] = token
        else:
            current = None
            unlabelled.append(token)
    free = sorted(i for i in range(len(asked)) if i not in slot)
    if len(unlabelled) > len(free):
        raise RuleError(f"too many values: this roll needs {_count(len(asked))} ({what_to_roll(asked)})")
    for index, token in zip(free, unlabelled, strict=False):  # then the others, in rolling order
        slot[index] = token
    missing = [asked[i] for i in range(len(asked)) if i not in slot]
    if missing:
        raise RuleError(
            f"you typed {_count(len(slot))} but this roll needs {_count(len(asked))} ({what_to_roll(asked)}); "
            f"still missing: {what_to_roll(missing)}"
        )
    return [read_value(slot[i], asked[i], dice_set) for i in range(len(asked))]


def _count(n: int) -> str:
    return "no values" if n == 0 else f"{n} {'value' if n == 1 else 'values'}"


def read_value(token: str, die: AskedDie, dice_set: DiceSet | None) -> int:
    word = token.strip().lower()
    if die.kind == "d10":
        if word == "*":
            return 10
        if not _ascii_number(word) or not 0 <= int(word) <= 10:
            raise RuleError(
                f"{token!r} is not a d10 result: type 1 to 10 (0 or * for the critical symbol, which counts 10)"
            )
        return int(word) or 10
    if dice_set is None or die.colour not in ("white", "black", "red"):
        if _ascii_number(word) and 1 <= int(word) <= 6:
            return int(word)
        raise RuleError(f"{token!r} is not a face number of a d6 (1-6)")
    spec = dice_set.die(die.colour)
    if _ascii_number(word) and len(word) == 1 and 1 <= int(word) <= 6:
        return int(word)
    marks = {f.mark: i + 1 for i, f in enumerate(spec.faces) if f.mark}
    if word in marks:
        return marks[word]
    counts = read_symbols(word)
    if counts is None:
        raise RuleError(
            f"{token!r} is not a face of a Power die: type symbols like P, PP, pot, hope, P+pot, - (blank), "
            f"a mark ({', '.join(sorted(marks))}) or a face number 1-6"
        )
    for i, f in enumerate(spec.faces):  # several faces show the same symbols: the first of them
        if (f.power, f.potential, f.hope) == counts:
            return i + 1
    raise RuleError(
        f"a {die.colour} Power die has no face showing {symbols(*counts)}; its faces are: {faces_text(spec)}"
    )


def _ascii_number(word: str) -> bool:
    """Digits 0-9 only (``str.isdigit`` also takes ``²`` and ``١``, which ``int`` then refuses or reads)."""
    return word.isascii() and word.isdigit() and len(word) <= 6


def read_symbols(word: str) -> tuple[int, int, int] | None:
    if word in _BLANK:
        return (0, 0, 0)
    rest = word.replace("+", "")
    counts = {"p": 0, "pot": 0, "h": 0}
    while rest:
        m = _SYMBOL.match(rest)
        if m is None or (m.group(1) and m.group(3)):
            return None
        n = int(m.group(1) or m.group(3) or 1)
        name = m.group(2)
        counts["pot" if name.startswith("pot") else "h" if name.startswith("h") else "p"] += n
        rest = rest[m.end():]
    return counts["p"], counts["pot"], counts["h"]


def faces_text(spec: PowerDie) -> str:
    return ", ".join(
        f"{i + 1} {symbols(f.power, f.potential, f.hope)}" + (f" ({f.mark})" if f.mark else "")
        for i, f in enumerate(spec.faces)
    )


def check_values(values: list[int], asked: list[AskedDie]) -> None:
    if len(values) != len(asked):
        raise RuleError(f"this roll needs {_count(len(asked))} ({what_to_roll(asked)}), not {len(values)}")
    for v, d in zip(values, asked, strict=True):
        sides = 10 if d.kind == "d10" else 6
        if not 1 <= v <= sides:
            raise RuleError(f"{v} cannot be the result of a {d.kind} ({d.purpose}): it needs 1 to {sides}")


# -- the handlers -------------------------------------------------------------------------------------


def _pending_decision(pending: PendingDice) -> Decision:
    return Decision(id="dice", prompt=pending.prompt, who=[pending.roller], options=[])


def pending_data(pending: PendingDice) -> dict[str, Any]:
    return {
        "roller": pending.roller,
        "command": pending.command,
        "entered": list(pending.entered),
        "asked": [d.model_dump() for d in pending.asked],
        "groups": [{"key": g.key, "label": g.label, "count": len(g.indexes)} for g in groups(pending.asked)],
        "prompt": pending.prompt,
    }


def _inner(act_json: dict[str, Any]) -> BaseModel:
    inner = parse_action(act_json)
    if isinstance(inner, TABLE_ACTIONS):
        raise RuleError("a table-dice step cannot wait for dice itself")
    return inner


@handles(SetDiceMode)
def set_dice_mode(engine: Engine, state: CampaignState, act: SetDiceMode, dice: Dice) -> Result:
    if state.pending_dice is not None and act.mode != state.dice_mode:
        raise RuleError(
            f"a roll is waiting for {state.pending_dice.roller_name}'s dice (`{state.pending_dice.command}`); "
            "enter it with /dice enter, let the bot roll it with /dice auto, or cancel it with /dice cancel first"
        )
    state.dice_mode = act.mode
    return Result(state=state, events=[Event(kind="gm", fact=TableDiceMode(mode=act.mode))],
                  data={"dice_mode": act.mode})


@handles(AskDice)
def ask_dice(engine: Engine, state: CampaignState, act: AskDice, dice: Dice) -> Result:
    if state.dice_mode != "table":
        raise RuleError("the campaign uses bot dice; the GM can switch with /campaign dice mode:table")
    if state.pending_dice is not None:
        raise RuleError(waiting_text(state.pending_dice))
    inner = _inner(act.action)
    asked = needed(engine, state, inner, [])
    if not asked:
        raise RuleError(f"`{act.command}` needs no dice from the table")
    pending = PendingDice(
        action=act.action, command=act.command, roller=act.roller, roller_name=act.roller_name, asked=asked,
        prompt="",
    )
    pending.prompt = prompt(pending, engine.catalogue.dice)
    state.pending_dice = pending
    return Result(
        state=state,
        events=[Event(kind="dice", text=pending.prompt)],
        data={"pending_dice": pending_data(pending)},
        pending=_pending_decision(pending),
    )


def waiting_text(pending: PendingDice) -> str:
    return (
        f"waiting for {pending.roller_name}'s dice for `{pending.command}`: {what_to_roll(pending.asked)} "
        "(/dice enter; the GM can /dice auto or /dice cancel)"
    )


@handles(EnterDice)
def enter_dice(engine: Engine, state: CampaignState, act: EnterDice, dice: Dice) -> Result:
    pending = state.pending_dice
    if pending is None:
        raise RuleError("no roll is waiting for dice")
    if (act.answers is not None and act.answers != pending.command) or (
        act.after is not None and act.after != len(pending.entered)
    ):
        raise RuleError(f"the roll waiting for dice has changed; nothing was entered. {pending.prompt}")
    check_values(act.values, pending.asked)
    inner = _inner(pending.action)
    base = state.model_copy(update={"pending_dice": None})
    typed = pending.entered + act.values
    trial = Dice(seed=dice.seed, position=dice.position, forced=list(dice.forced), amend=list(dice.amend),
                 table=list(typed), strict=True)
    entered = TableDiceEntered(command=pending.command, roller=pending.roller, roller_name=pending.roller_name,
                               by=act.by, values=list(act.values), done=False)
    try:
        engine.apply(base, inner, trial)
    except DiceNeeded:
        asked = needed(engine, base, inner, typed)
        nxt = pending.model_copy(update={"entered": typed, "asked": asked})
        nxt.prompt = prompt(nxt, engine.catalogue.dice)
        state.pending_dice = nxt
        return Result(
            state=state,
            events=[Event(kind="dice", fact=entered.model_copy(update={"prompt": nxt.prompt}))],
            data={"entered": list(act.values), "pending_dice": pending_data(nxt)},
            pending=_pending_decision(nxt),
        )
    if trial.table:
        raise RuleError(
            f"the roll used fewer dice than were asked ({len(trial.table)} left over), probably because the GM "
            "set some dice meanwhile; /dice show tells what is needed now"
        )
    dice.table = list(typed)
    result = engine.apply(base, inner, dice)
    note = Event(kind="dice", fact=entered.model_copy(update={"values": typed, "done": True}))
    return result.model_copy(
        update={"events": [note, *result.events], "data": {**result.data, "table_dice": typed}}
    )


@handles(AutoDice)
def auto_dice(engine: Engine, state: CampaignState, act: AutoDice, dice: Dice) -> Result:
    pending = state.pending_dice
    if pending is None:
        raise RuleError("no roll is waiting for dice")
    base = state.model_copy(update={"pending_dice": None})
    dice.table = list(pending.entered)
    result = engine.apply(base, _inner(pending.action), dice)
    note = Event(kind="gm", fact=TableDiceSettled(command=pending.command, how="auto"))
    return result.model_copy(update={"events": [note, *result.events], "data": {**result.data, "auto": True}})


@handles(CancelDice)
def cancel_dice(engine: Engine, state: CampaignState, act: CancelDice, dice: Dice) -> Result:
    pending = state.pending_dice
    if pending is None:
        raise RuleError("no roll is waiting for dice")
    state.pending_dice = None
    told = TableDiceSettled(command=pending.command, how="cancelled")
    return Result(state=state, events=[Event(kind="dice", fact=told)], data={"cancelled": pending.command})


@handles(RecordDraw)
def record_draw(engine: Engine, state: CampaignState, act: RecordDraw, dice: Dice) -> Result:
    """The table drew ``card`` from its physical deck: the bot's deck follows (the card is taken from
    wherever it is, then goes where a drawn card of this deck goes)."""
    deck = engine.deck(act.deck)
    card = engine.card(deck.id, act.card)
    pile = engine.pile(state, deck.id)
    data: dict[str, Any] = {"deck": deck.id}
    pile, events, added = massive_peril(engine, deck, pile, act.vigor)
    if act.vigor is not None:
        data["massive_peril_added"] = added
    where, pile = decks.take(pile, card.id)
    state.decks[deck.id] = after_draw(deck, pile, card.id, dice)
    drawn = CardDrawn(card=card.name, deck=deck.name, text=card.text, after=deck.after_draw, recorded=True)
    events += [Event(kind="draw", fact=f) for f in (drawn, *random_targets(card.text, source=card.id))]
    data.update(card=card_data(card), cards=[card_data(card)], recorded=True, found_in=where)
    return Result(state=state, events=events, data=data)
