"""Table dice in Discord: the prompt's "Enter dice" button and the modal it opens.

The button is a ``DynamicItem`` (its custom id ``kfgm:dice:<seq>`` is matched by a template), so it
keeps working after a restart. Pressing it reloads the channel's campaign, checks that the presser
may answer the roll (the roller, or a GM) and that the button's seq is the log entry that asked for the
dice waiting now (a forged id, or the button of an older prompt, is refused as stale), and opens a
modal with one field per group of dice (the white Crit die, the other d10s, each Power colour...).
Submitting the modal checks the roll again, then runs ``/dice enter`` with the fields joined as
``crit:10 7 3`` — the same command, checks and log entry as typing it. No rules
here: what to ask and how to read it is rules/table_dice.py; who may answer is bot/app/table.py.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.app.commands.dice import answerable
from bot.app.reply import CommandError
from bot.discord.base import SOMETHING_WRONG, failure, game_tree, invocation, trim
from rules.state import PendingDice
from rules.table_dice import Group, example, groups

log = logging.getLogger("kfgm.discord")

TEMPLATE = r"kfgm:dice:(?P<seq>[0-9]{1,12})"
MAX_FIELDS = 5  # Discord: at most 5 inputs in a modal
TITLE_LIMIT = LABEL_LIMIT = 45
HINT_LIMIT = 100


def custom_id(seq: int) -> str:
    return f"kfgm:dice:{seq}"


def dice_view(seq: int) -> discord.ui.View:
    """The view under a dice prompt: one button that opens the modal."""
    view = discord.ui.View(timeout=None)
    view.add_item(DiceButton(seq))
    return view


class DiceButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=TEMPLATE):
    def __init__(self, seq: int) -> None:
        super().__init__(discord.ui.Button(label="Enter dice", emoji="🎲", style=discord.ButtonStyle.primary,
                                           custom_id=custom_id(seq)))
        self.seq = seq

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> DiceButton:
        return cls(int(match["seq"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        tree = game_tree(interaction)
        try:
            if tree is None or tree.app is None:
                raise CommandError("the bot is still starting up; please try again in a moment.")
            if interaction.guild_id is None or interaction.channel_id is None:
                raise CommandError("table dice work in the campaign's channel")
            pending = await answerable(tree.app, invocation(interaction, "/dice enter"), self.seq)
            await interaction.response.send_modal(DiceModal(pending, tree.app.catalogue.dice, self.seq))
        except CommandError as exc:
            await interaction.response.send_message(**failure(str(exc))[0])
        except Exception:
            log.exception("the dice button failed (guild %s)", interaction.guild_id)
            if not interaction.response.is_done():
                await interaction.response.send_message(**failure(SOMETHING_WRONG)[0])


class DiceModal(discord.ui.Modal):
    """One field per group of dice; submitting runs ``/dice enter`` with the fields joined."""

    def __init__(self, pending: PendingDice, dice_set: Any, seq: int | None = None) -> None:
        super().__init__(title=trim(f"{pending.roller_name}'s dice", TITLE_LIMIT), timeout=15 * 60)
        self.seq = seq  # the prompt's log entry: the form answers that roll only
        found = groups(pending.asked)
        self.groups: list[Group | None] = list(found) if len(found) <= MAX_FIELDS else [None]
        self.inputs: list[discord.ui.TextInput[Any]] = []
        for i, group in enumerate(self.groups):
            asked = [pending.asked[j] for j in group.indexes] if group else pending.asked
            count = len(asked)
            label = "All dice, in rolling order" if group is None else group.label
            label += f" ({count})" if count > 1 and group else ""
            hint = ("1 to 10 (0 or * is the crit symbol)" if asked[0].kind == "d10"
                    else "P, PP, pot, hope, P+pot, - (blank), a mark or face 1-6")
            field: discord.ui.TextInput[Any] = discord.ui.TextInput(
                custom_id=f"dice-{i}", placeholder=trim(example(asked, dice_set).split(":")[-1], HINT_LIMIT),
                required=True, max_length=200,
            )
            self.inputs.append(field)
            self.add_item(discord.ui.Label(text=trim(label, LABEL_LIMIT), description=trim(hint, HINT_LIMIT),
                                           component=field))

    def entry(self) -> str:
        """The fields as one ``/dice enter`` value: labelled groups first, then the plain d10s."""
        labelled, plain = [], []
        for group, field in zip(self.groups, self.inputs, strict=True):
            value = " ".join(str(field.value or "").split())
            if group is None or not group.key:
                plain.append(value)
            elif value.lower().startswith(f"{group.key}:"):
                labelled.append(value)
            else:
                labelled.append(f"{group.key}:{value}")
        return " ".join(p for p in labelled + plain if p)

    async def on_submit(self, interaction: discord.Interaction) -> None:  # type: ignore[override]
        tree = game_tree(interaction)
        if tree is None:
            return
        if tree.app is not None and self.seq is not None and interaction.guild_id is not None:
            try:  # the roll may have changed while the form was open (answered, cancelled, undone...)
                await answerable(tree.app, invocation(interaction, "/dice enter"), self.seq)
            except CommandError as exc:
                await interaction.response.send_message(**failure(f"{exc}. Nothing was entered.")[0])
                return
        command = tree.registry.commands[("dice", "enter")]
        await tree.run_command(interaction, command, {"values": self.entry()})
