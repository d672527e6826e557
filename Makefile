# Quick start: `make demo` (offline demo) and `make test` (the whole test suite).
# Both create the local virtualenv .venv on first use; only Python 3.11+ is needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: compiled demo test soak lint typecheck bench play clean clash-scripts expedition-scripts balance

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# the project's bytecode, written once (an editable install compiles nothing, and where PYTHONDONTWRITEBYTECODE is
# set every start would compile all 60,000 lines again); only what changed is compiled on later runs
compiled: $(STAMP)
	@$(BIN)/python -m compileall -q bot rules content storage bench

demo: compiled
	$(BIN)/kfgm demo

test: compiled
	$(BIN)/python -m pytest
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m bot.tools.check_docs
	$(BIN)/python -m bot.tools.coverage --check
	$(BIN)/python -m bot.tools.check_imports

# the long variants: 120 SIGKILL crash runs (40 on PostgreSQL), 10,000 hostile command lines, every option x every
# hostile value, every field of every entry of an export tampered, 8 processes starting together on a fresh file 20
# times, two processes interleaving 120 commands each
soak: $(STAMP)
	KFGM_SOAK=1 $(BIN)/python -m pytest tests/reliability

lint: $(STAMP)
	$(BIN)/ruff check .

typecheck: $(STAMP)
	$(BIN)/mypy

bench: compiled
	$(BIN)/python -m bench

play: compiled
	$(BIN)/kfgm play

# regenerate the whole-Clash scripts of tests/scripts/clash (bot/tools/autoplay.py; docs/clash.md)
clash-scripts: $(STAMP)
	$(BIN)/python -m bot.tools.autoplay --all tests/scripts/clash

# regenerate the two halves of the whole-Expedition script (bot/tools/expedition_script.py; docs/expedition.md)
expedition-scripts: $(STAMP)
	$(BIN)/python -m bot.tools.expedition_script --out tests/scripts/expedition

# how the starter pack plays with natural dice: 20 seeded Clashes per Monster, level and type (docs/balance.md)
balance: $(STAMP)
	$(BIN)/python -m bot.tools.balance --runs 20 --out docs/balance-results.md

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
