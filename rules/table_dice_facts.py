"""The facts of table dice (rules/table_dice.py): the dice mode set, the table's dice entered or rolled, the bot
rolling the rest, a roll cancelled; their words are bot/narration/table_dice.py's. (What to roll and how to type it
is the waiting roll's prompt, kept on the campaign with the roll: ``PendingDice.prompt``.)"""

from typing import Literal

from rules.facts import Fact, fact


@fact
class TableDiceMode(Fact):
    """From now on the table rolls its own dice (``mode`` table) or the bot rolls every die (bot)."""

    fact: Literal["table_dice_mode"] = "table_dice_mode"
    mode: Literal["table", "bot"]


@fact
class TableDiceEntered(Fact):
    """The table's dice for ``command``, rolled by ``roller_name`` (the user ``roller``): ``by`` (a user id; empty:
    the roller) typed ``values``; ``done``: the roll goes on with them (``values``: every value typed for it), else
    more dice are needed (``prompt``: the next ones to roll, the waiting roll's own prompt)."""

    fact: Literal["table_dice_entered"] = "table_dice_entered"
    command: str
    roller: str
    roller_name: str
    by: str = ""
    values: list[int]
    done: bool
    prompt: str = ""


@fact
class TableDiceSettled(Fact):
    """The waiting roll of ``command`` ends: the bot rolls its remaining dice (``how`` auto) or it is cancelled,
    nothing rolled."""

    fact: Literal["table_dice_settled"] = "table_dice_settled"
    command: str
    how: Literal["auto", "cancelled"]
