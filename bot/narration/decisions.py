"""The words of a decision's options where a decision is shown (a reply's ``pending`` and ``data["pending"]``,
``/clash status``, ``/now``, the options offered while typing): an option's ``help`` may carry a fact
(``rules.facts.said``; a Monster's path option carries its move, rules/clash/activation.py), told here and cut to
``HELP`` characters, as a help has always been."""

from __future__ import annotations

from typing import Any

from bot.narration.registry import carried
from rules.decision_records import HELP
from rules.engine import Decision


def help_text(text: str) -> str:
    """One option's help in words: a carried fact told, cut to ``HELP`` characters (a plain help is as it is)."""
    told = carried(text)
    return told if told is text else told[:HELP]


def told_decision(d: Decision) -> Decision:
    """``d`` with its options' helps in words; ``d`` itself when none carries a fact."""
    helps = [help_text(h) for h in d.helps]
    return d if helps == d.helps else d.model_copy(update={"helps": helps})


def told_pending(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with the options of the decision it shows (``data["pending"]``) told; ``data`` itself when they
    carry no fact."""
    pending = data.get("pending")
    if not isinstance(pending, dict) or not isinstance(pending.get("options"), list):
        return data
    options = [{**o, "help": help_text(o["help"])} if isinstance(o, dict) and isinstance(o.get("help"), str) else o
               for o in pending["options"]]
    if options == pending["options"]:
        return data
    return {**data, "pending": {**pending, "options": options}}
