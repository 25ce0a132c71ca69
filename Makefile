# Every target builds .venv from nothing when it is missing, and reuses it when nothing changed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PACKS := $(wildcard rulepacks/*/pyproject.toml)
# What make runs keeps its cache of parsed TOML with the build, not in the user's home folder.
export PROGRESSION_CACHE_DIR ?= $(abspath $(VENV))/cache

.PHONY: demo test test-postgres lint typecheck pytest docs bench fuzz path clean

$(STAMP): pyproject.toml requirements-dev.txt $(PACKS)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt -e '.[testing,cli,plot,postgres,cluster]' $(foreach p,$(dir $(PACKS)),-e ./$(p))
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/progression demo

test: lint typecheck pytest docs

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest -q

# The store's suite against a throwaway local PostgreSQL server (Debian's postgresql package), and on SQLite.
test-postgres: $(STAMP)
	.ci/postgres $(BIN)/pytest -q tests/store

docs: $(STAMP)
	$(BIN)/sphinx-build -W -n --keep-going -q -b html docs docs/_build/html

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

path:
	@echo 'export PATH="$(abspath $(BIN)):$$PATH"   # or: source $(VENV)/bin/activate'

fuzz: $(STAMP)
	PROGRESSION_FUZZ_EXAMPLES=50000 PROGRESSION_FUZZ_ROUNDS=200 $(BIN)/pytest -q -m slow tests/files/test_fuzz.py tests/cli/test_cli_fuzz.py tests/cli/test_cli_concurrency.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .ruff_cache
