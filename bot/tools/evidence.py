"""Whether a test plays a keyword in a context the way a table does (rules/keywords: a context is ``automated`` only
with such a test): read from the test's source, never run.

A test is evidence for (keyword, context) when
- it exists and is an ``async def`` (the command lines of a ``Table`` are awaited);
- its body — with the helpers it calls, found in its own module or imported from another ``tests`` module — sends one
  of the context's commands (``/encounter attack`` for an Encounter's Attack Action...);
- it builds no ``Engine(`` and calls no ``engine.apply(`` (a test that runs actions on an engine on a state it
  assigned is a unit test);
- its module (or a ``tests`` module it imports from, where the content pack's YAML may be) names the keyword.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rules.keywords.model import Context

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class _Module:
    source: str
    functions: dict[str, ast.AST]  # module-level functions, and "Class::method"
    imports: dict[str, str]  # a name imported from a tests module -> that module's path


@cache
def _module(path: Path) -> _Module | None:
    if not path.is_file():
        return None
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    functions: dict[str, ast.AST] = {}
    imports: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            functions[node.name] = node
        elif isinstance(node, ast.ClassDef):
            functions.update({f"{node.name}::{item.name}": item for item in node.body
                              if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef)})
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("tests."):
            file = str(Path(*node.module.split(".")).with_suffix(".py"))
            imports.update({alias.asname or alias.name: file for alias in node.names})
    return _Module(source, functions, imports)


def _played(path: str, name: str, root: Path, seen: set[tuple[str, str]]) -> list[str]:
    """The source of the function and of every helper it calls, transitively (fixtures passed as arguments too)."""
    if (path, name) in seen:
        return []
    seen.add((path, name))
    mod = _module(root / path)
    if mod is None or name not in mod.functions:
        return []
    node = mod.functions[name]
    out = [ast.get_source_segment(mod.source, node) or ""]
    called = {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        called |= {a.arg for a in node.args.args}  # a fixture of the module (the table it plays on)
    for helper in sorted(called):
        if helper in mod.functions:
            out += _played(path, helper, root, seen)
        elif helper in mod.imports:
            out += _played(mod.imports[helper], helper, root, seen)
    return out


def _command(context: Context) -> re.Pattern[str]:
    return re.compile("|".join(re.escape(c) + r"(?![\w-])" for c in context.commands))


def why_not(node_id: str, context: Context, keyword: str, root: Path = ROOT) -> str | None:
    """Why the test ``node_id`` is not evidence that ``keyword`` is played in ``context``; None when it is."""
    path, _, name = node_id.partition("::")
    name = name.split("[", 1)[0]
    mod = _module(root / path)
    if mod is None or name not in mod.functions:
        return f"{node_id} does not exist"
    if not isinstance(mod.functions[name], ast.AsyncFunctionDef):
        return f"{node_id} sends no command line (not an async test on a table)"
    played = "\n".join(_played(path, name, root, set()))
    if "Engine(" in played or "engine.apply(" in played:
        return f"{node_id} runs actions on an Engine of its own (a unit test), not command lines"
    if not _command(context).search(played):
        return f"{node_id} sends none of the {context.name}'s commands ({', '.join(context.commands)})"
    texts = [mod.source] + [m.source for f in set(mod.imports.values()) if (m := _module(root / f)) is not None]
    if not any(keyword.lower() in t.lower() for t in texts):
        return f"{node_id} does not name {keyword}"
    return None
