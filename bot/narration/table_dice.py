"""The words of table dice (rules/table_dice_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders
from rules.table_dice_facts import TableDiceEntered, TableDiceMode, TableDiceSettled


@renders(TableDiceMode)
def _mode(f: TableDiceMode) -> str:
    if f.mode == "table":
        return ("🎲 Table dice: from now on you roll your own dice and type the results (`/dice enter`); "
                "the bot keeps the decks.")
    return "🎲 Bot dice: from now on the bot rolls every die."


@renders(TableDiceEntered)
def _entered(f: TableDiceEntered) -> str:
    who = f"<@{f.by}>" if f.by else f.roller_name
    if f.by and f.by != f.roller:
        who += f" (for {f.roller_name})"
    values = ", ".join(map(str, f.values))
    if f.done:
        return f"🎲 {who} rolled {values} for `{f.command}`."
    return f"🎲 {who} entered {values}. More dice are needed. {f.prompt}"


@renders(TableDiceSettled)
def _settled(f: TableDiceSettled) -> str:
    if f.how == "auto":
        return f"🎲 GM: the bot rolls the remaining dice of `{f.command}`."
    return f"🎲 `{f.command}` is cancelled; nothing was rolled."
