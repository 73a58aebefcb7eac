# Two commands do all set-up on a fresh machine with Python 3.11+ and make:
#   make run    the main job: the multiplayer server (`presidente serve`); open the URL it prints
#   make test   lint, type-check and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/presidente serve

lint: $(STAMP)
	$(BIN)/ruff check presidente tests benchmarks
	$(BIN)/mypy presidente

# The browser tests drive Debian's Chromium (never a downloaded browser); install it when missing.
chromium:
	@command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium) \
		|| echo "chromium could not be installed: the browser tests will be skipped"

test: lint chromium
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/president_speed.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
