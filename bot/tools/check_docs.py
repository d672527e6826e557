"""CI check: docs/commands.md documents every registered command and each of its options.

Run with ``python -m bot.tools.check_docs``; exits 1 listing what is missing.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from bot.app.commands import build_registry

DOCS = Path(__file__).resolve().parents[2] / "docs" / "commands.md"


def missing() -> list[str]:
    text = DOCS.read_text(encoding="utf-8")
    sections = {m.group(1): m.start() for m in re.finditer(r"^### `(/[^`]+)`", text, re.MULTILINE)}
    starts = sorted(sections.values()) + [len(text)]
    problems = []
    for command in build_registry().commands.values():
        if command.name not in sections:
            problems.append(f"{command.name}: no '### `{command.name}`' section")
            continue
        start = sections[command.name]
        body = text[start : next(s for s in starts if s > start)]
        problems += [f"{command.name}: option {o.name}: is not documented" for o in command.options
                     if f"`{o.name}:" not in body]
        permission = {"gm": "GM", "player": "player", "anyone": "anyone"}[command.permission]
        if f"Permission: {permission}" not in body:
            problems.append(f"{command.name}: says no 'Permission: {permission}'")
    return problems


def main() -> int:
    problems = missing()
    for p in problems:
        print(f"docs/commands.md: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
