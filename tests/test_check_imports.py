"""The shape check of `make test` (bot/tools/check_imports.py) finds what it promises to find."""

from __future__ import annotations

from pathlib import Path

from bot.tools import check_imports


def _tree(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


def test_a_cycle_hidden_in_a_function_or_type_checking_is_a_cycle(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "rules/__init__.py": "",
        "rules/a.py": "def f():\n    from rules.b import g\n    return g\n",
        "rules/b.py": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from rules import c\ndef g(): ...\n",
        "rules/c.py": "from . import a\n",
        "rules/d.py": "import rules.a\n",
    })
    found = check_imports.survey(root)
    assert found["cycles"] == ["rules.a rules.b rules.c"]
    known = check_imports.modules(root)
    assert check_imports.loop(["rules.a", "rules.b", "rules.c"], known, root) == [
        "rules.a (rules/a.py:2)", "rules.b (rules/b.py:3)", "rules.c (rules/c.py:1)", "rules.a"]


def test_private_names_across_modules_are_found_imported_or_read_as_attributes(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "bot/__init__.py": "",
        "bot/x.py": "def _hidden(): ...\ndef shown(): _hidden()\n",
        "bot/y.py": "from bot.x import _hidden\n",
        "bot/z.py": "from bot import x as ex\nex._hidden()\nex.shown()\n",
    })
    assert check_imports.survey(root)["underscore_imports"] == ["bot.y uses bot.x._hidden", "bot.z uses bot.x._hidden"]


def test_the_baseline_only_shrinks() -> None:
    now = {"cycles": ["rules.a rules.b"], "underscore_imports": [], "long_modules": []}
    assert check_imports.problems(now, {"cycles": []}) == ["a new import cycle: rules.a rules.b"]
    assert check_imports.problems({**now, "cycles": []}, {"cycles": ["rules.a rules.b"]}) == [
        "rules.a is no longer in an import cycle: remove it from import_baseline.json",
        "rules.b is no longer in an import cycle: remove it from import_baseline.json"]
    assert check_imports.problems(now, now) == []
    smaller = {**now, "cycles": ["rules.a rules.b"]}
    assert check_imports.problems(smaller, {"cycles": ["rules.a rules.b rules.c"]}) == [
        "rules.c is no longer in an import cycle: remove it from import_baseline.json"]


def test_with_no_cycle_listed_any_cycle_fails() -> None:
    now = {"cycles": ["rules.x rules.y"], "underscore_imports": [], "long_modules": []}
    for baseline in ({}, {"cycles": []}, {"cycles": [], "underscore_imports": [], "long_modules": []}):
        assert check_imports.problems(now, baseline) == ["a new import cycle: rules.x rules.y"]


def test_a_cycle_joining_two_listed_cycles_is_new() -> None:
    baseline = {"cycles": ["rules.a rules.b", "rules.c rules.d"]}
    joined = {"cycles": ["rules.a rules.b rules.c rules.d"], "underscore_imports": [], "long_modules": []}
    assert check_imports.problems(joined, baseline) == ["a new import cycle: rules.a rules.b rules.c rules.d"]


def test_the_project_passes_its_own_check(capsys) -> None:  # type: ignore[no-untyped-def]
    """What `make test` runs: no cycle, underscore import or long module beyond bot/tools/import_baseline.json."""
    assert check_imports.main([]) == 0, capsys.readouterr().out
