"""rules/facts.py: the modules declaring facts give pydantic real annotations, not strings (start-up time)."""

from __future__ import annotations

import sys

import rules  # noqa: F401  (every fact registered)
from rules.facts import FACTS


def test_no_fact_module_postpones_its_annotations() -> None:
    modules = {cls.__module__ for cls in FACTS.values()}
    assert len(modules) > 40
    postponed = sorted(name for name in modules
                       if getattr(getattr(sys.modules[name], "annotations", None), "compiler_flag", 0))
    assert postponed == [], f"these fact modules import `from __future__ import annotations`: {postponed}"
