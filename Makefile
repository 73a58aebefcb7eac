# Two commands do all set-up on a fresh machine with Python 3.11+ and make:
#   make run    the main job (for now: a President match in the terminal, you against bots)
#   make test   lint, type-check and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/presidente play

lint: $(STAMP)
	$(BIN)/ruff check presidente tests benchmarks
	$(BIN)/mypy presidente

test: lint
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/president_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
