"""CI check of the code's shape: import cycles, underscore names imported across modules, module length.

Run with ``python -m bot.tools.check_imports``. Every ``import``/``from ... import`` in the project's packages counts,
wherever it stands: at the top, inside a function, or under ``if TYPE_CHECKING:`` (a cycle hidden in a function is a
cycle all the same). A cycle is a strongly connected component of the module graph with more than one module.

What stands today is recorded in ``bot/tools/import_baseline.json``: the check fails on anything *new* (a cycle
that is not inside one cycle of the baseline — a cycle joining two listed ones is new —, an underscore import or
an over-long module that is not listed) and also when a listed item has gone (so the baseline only shrinks: remove
it from the file). With no cycle listed, any cycle fails; a new cycle is shown as one loop of imports with the
line of each. ``--write-baseline`` rewrites the file from the tree as it is.
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("bot", "rules", "content", "storage")
BASELINE = Path(__file__).with_name("import_baseline.json")
MAX_LINES = 600


def modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of the project's packages by dotted name (a package is its ``__init__``)."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _resolve(name: str, level: int, here: str, is_package: bool) -> str:
    if level == 0:
        return name
    base = here.split(".") if is_package else here.split(".")[:-1]
    base = base[: len(base) - (level - 1)]
    return ".".join([*base, name] if name else base)


def imports(name: str, path: Path, known: dict[str, Path]) -> Iterator[tuple[str, list[str], int]]:
    """(imported module, names imported from it, line) for every import statement of one module."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, [], node.lineno
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(node.module or "", node.level, name, is_package)
            for alias in node.names:
                child = f"{target}.{alias.name}"
                if child in known:  # ``from rules import clash``: the submodule itself
                    yield child, [], node.lineno
                elif target in known:
                    yield target, [alias.name], node.lineno


def graph(known: dict[str, Path]) -> dict[str, set[str]]:
    return {name: {t for t, _, _ in imports(name, path, known) if t != name} for name, path in known.items()}


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def module_aliases(name: str, path: Path, known: dict[str, Path]) -> dict[str, str]:
    """The local names under which one module holds other project modules (``import rules.x as x``,
    ``from rules.clash import knight_attack as ka``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    aliases: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            aliases.update({a.asname: a.name for a in node.names if a.asname and a.name in known})
        elif isinstance(node, ast.ImportFrom):
            target = _resolve(node.module or "", node.level, name, path.name == "__init__.py")
            aliases.update({a.asname or a.name: f"{target}.{a.name}" for a in node.names
                            if f"{target}.{a.name}" in known})
    return aliases


def underscore_imports(known: dict[str, Path]) -> list[str]:
    """``module uses other._name`` for every private name taken from another module: imported by name, or read as
    an attribute of an imported module (``ka._target``)."""
    found = []
    for name, path in known.items():
        for target, names, _ in imports(name, path, known):
            found += [f"{name} uses {target}.{n}" for n in names if _private(n)]
        aliases = module_aliases(name, path, known)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and _private(node.attr)
                    and node.value.id in aliases and aliases[node.value.id] != name):
                found.append(f"{name} uses {aliases[node.value.id]}.{node.attr}")
    return sorted(set(found))


def long_modules(known: dict[str, Path]) -> list[str]:
    return sorted(name for name, path in known.items()
                  if len(path.read_text(encoding="utf-8").splitlines()) > MAX_LINES)


def loop(component: list[str], known: dict[str, Path], root: Path = ROOT) -> list[str]:
    """The shortest loop of imports through the first module of a cycle, each hop with the line that imports the
    next module: ``rules.a (rules/a.py:3)``, ..., back to ``rules.a``."""
    inside = set(component)
    line = {(name, t): n for name in component for t, _, n in imports(name, known[name], known) if t in inside}
    start = component[0]
    came: dict[str, str] = {}
    todo = [start]
    while todo:  # breadth first from the start until an import leads back to it
        here = todo.pop(0)
        for a, b in sorted(line):
            if a == here and b == start:
                hops = [here]
                while hops[0] != start:
                    hops.insert(0, came[hops[0]])
                return [f"{x} ({known[x].relative_to(root).as_posix()}:{line[x, y]})"
                        for x, y in zip(hops, [*hops[1:], start], strict=True)] + [start]
            if a == here and b not in came and b != start:
                came[b] = here
                todo.append(b)
    return component  # pragma: no cover  (a strongly connected component always has a loop)


def survey(root: Path = ROOT) -> dict[str, list[str]]:
    known = modules(root)
    return {
        "cycles": [" ".join(c) for c in cycles(graph(known))],
        "underscore_imports": underscore_imports(known),
        "long_modules": long_modules(known),
    }


def cycle_problems(now: list[str], baseline: list[str]) -> list[str]:
    """A cycle (its modules, space separated) must lie inside one cycle of the baseline; each module listed must
    still be in a cycle."""
    before, after = [set(c.split()) for c in baseline], [set(c.split()) for c in now]
    found = [f"a new import cycle: {' '.join(sorted(c))}" for c in after if not any(c <= b for b in before)]
    still = set().union(*after)
    found += [f"{m} is no longer in an import cycle: remove it from {BASELINE.name}"
              for m in sorted(set().union(*before) - still)]
    return found


def problems(now: dict[str, list[str]], baseline: dict[str, list[str]]) -> list[str]:
    found = cycle_problems(now["cycles"], baseline.get("cycles", []))
    said = {
        "underscore_imports": ("(a private name imported across modules)", "no longer happens"),
        "long_modules": (f"is over {MAX_LINES} lines", f"is no longer over {MAX_LINES} lines"),
    }
    for key, (new, gone) in said.items():
        before, after = set(baseline.get(key, [])), set(now[key])
        found += [f"{item} {new}" for item in sorted(after - before)]
        found += [f"{item} {gone}: remove it from {BASELINE.name}" for item in sorted(before - after)]
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write-baseline", action="store_true", help="record the tree as it is now")
    args = parser.parse_args(argv)
    now = survey()
    if args.write_baseline:
        BASELINE.write_text(json.dumps(now, indent=1) + "\n", encoding="utf-8")
        print(f"{BASELINE.name}: " + ", ".join(f"{len(v)} {k}" for k, v in now.items()))
        return 0
    baseline = json.loads(BASELINE.read_text(encoding="utf-8")) if BASELINE.exists() else {}
    found = problems(now, baseline)
    for p in found:
        print(f"check_imports: {p}")
    known = modules()
    allowed = [set(c.split()) for c in baseline.get("cycles", [])]
    for comp in cycles(graph(known)):
        if not any(set(comp) <= b for b in allowed):
            print("check_imports:   one loop of it: " + " -> ".join(loop(comp, known)))
    in_cycles = sum(len(c.split()) for c in now["cycles"])
    print(f"check_imports: {len(known)} modules read: {len(now['cycles'])} import cycles "
          f"({in_cycles} modules in them), {len(now['underscore_imports'])} underscore imports, "
          f"{len(now['long_modules'])} modules over {MAX_LINES} lines (baseline: {BASELINE.name})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
