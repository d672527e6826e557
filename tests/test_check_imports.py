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
    assert found["cycle_modules"] == ["rules.a", "rules.b", "rules.c"]


def test_private_names_across_modules_are_found_imported_or_read_as_attributes(tmp_path: Path) -> None:
    root = _tree(tmp_path, {
        "bot/__init__.py": "",
        "bot/x.py": "def _hidden(): ...\ndef shown(): _hidden()\n",
        "bot/y.py": "from bot.x import _hidden\n",
        "bot/z.py": "from bot import x as ex\nex._hidden()\nex.shown()\n",
    })
    assert check_imports.survey(root)["underscore_imports"] == ["bot.y uses bot.x._hidden", "bot.z uses bot.x._hidden"]


def test_the_baseline_only_shrinks() -> None:
    now = {"cycle_modules": ["rules.a"], "underscore_imports": [], "long_modules": []}
    assert check_imports.problems(now, {"cycle_modules": []}) == ["rules.a is in an import cycle"]
    assert check_imports.problems({**now, "cycle_modules": []}, {"cycle_modules": ["rules.a"]}) == [
        "rules.a is no longer in an import cycle: remove it from import_baseline.json"]
    assert check_imports.problems(now, now) == []
