# Two commands do all set-up on a fresh machine with Python 3.11+ and make:
#   make run    the main job: the multiplayer server (`presidente serve`); open the URL it prints
#   make test   lint, type-check and the whole test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test fuzz lint bench compiled clean chromium gcc nodejs postgresql redis nginx cluster cluster-stop

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/presidente serve

lint: $(STAMP) node_modules/.installed
	$(BIN)/ruff check presidente tests benchmarks tools setup.py
	$(BIN)/mypy presidente
	node_modules/.bin/tsc -p tsconfig.json

# The browser client's JSDoc types are checked by TypeScript (pinned in package.json and package-lock.json), with
# Debian's nodejs and npm, installed when missing.
nodejs:
	@command -v node >/dev/null && command -v npm >/dev/null || (apt-get update && apt-get install -y nodejs npm)

node_modules/.installed: package.json package-lock.json | nodejs
	npm ci --no-audit --no-fund
	touch node_modules/.installed

# The browser tests drive Debian's Chromium (never a downloaded browser); install it when missing.
chromium:
	@command -v chromium >/dev/null || (apt-get update && apt-get install -y chromium) \
		|| echo "chromium could not be installed: the browser tests will be skipped"

# The PostgreSQL tests make a throwaway cluster with Debian's initdb; install it when missing.
postgresql:
	@command -v initdb >/dev/null || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
		|| (apt-get update && apt-get install -y postgresql) \
		|| echo "postgresql could not be installed: the PostgreSQL tests will be skipped"

# The compiled engine's test builds it with mypyc, which needs a C compiler; install it when missing.
gcc:
	@command -v gcc >/dev/null || (apt-get update && apt-get install -y gcc) \
		|| echo "gcc could not be installed: the compiled engine's test will be skipped"

# The cluster tests start a throwaway Redis server; install it when missing.
redis:
	@command -v redis-server >/dev/null || (apt-get update && apt-get install -y redis-server) \
		|| echo "redis-server could not be installed: the cluster tests will be skipped"

# The cluster on this machine: PostgreSQL, Redis and nginx from Debian (installed when missing), N processes.
nginx:
	@command -v nginx >/dev/null || test -x /usr/sbin/nginx || (apt-get update && apt-get install -y nginx-light)

cluster: $(STAMP) postgresql redis nginx
	$(BIN)/presidente cluster start --nodes $(or $(NODES),2)

cluster-stop: $(STAMP)
	$(BIN)/presidente cluster stop

# Three workers, each taking whole files (a file's module fixtures, such as its cluster processes, start once):
# much of the suite waits on browsers, bots' delays and servers, so a third worker overlaps more of those waits (two
# used about one of this machine's two cores). A fourth was no faster in a fresh clone (9 min 38 s of pytest against
# 9 min 27 s and 9 min 49 s with three) and a browser test timed out under its load.
# The property tests run derandomized here (tests/conftest.py's `ci` profile): every machine draws the same examples.
# The numba kernels are compiled once, in the background, while the workers start (tests/warm_kernels.py).
test: lint chromium gcc postgresql redis nginx
	$(BIN)/pytest --numprocesses 3 --dist loadfile --durations=15

# The property tests (the legal-list enumeration among them) with fresh random seeds for MINUTES (10) minutes; a
# failure prints the command that replays it (tests/fuzz.py).
fuzz: $(STAMP)
	$(BIN)/python tests/fuzz.py --minutes $(or $(MINUTES),10)

bench: $(STAMP)
	$(BIN)/python benchmarks/president_speed.py

# The rules engine's hot modules compiled by mypyc from the same source (setup.py), into build/compiled: run with
# PYTHONPATH=build/compiled to use it (docs/envs.md). Needs a C compiler; `pip install` stays pure Python.
compiled: $(STAMP)
	$(BIN)/python tools/build_compiled.py build/compiled

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
