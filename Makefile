# The two commands a newcomer needs (only Python 3.11+ required; the venv is created here):
#   make quickstart   set up .venv and generate the quickstart dataset into outputs/quickstart
#   make test         set up .venv, lint, type-check generator/ (mypy) and run the test suite
# and the acceptance run CI adds (builds the BFCL check venv .bfcl-venv on first use, ~4 min):
#   make acceptance
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: setup quickstart test acceptance lint typecheck clean

setup: $(STAMP)

# Reinstalled when the dependencies change; the package itself is installed editable.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP)

quickstart: setup
	$(BIN)/trajgen generate examples/quickstart.yaml --out outputs/quickstart

test: setup lint typecheck
	$(BIN)/python -m pytest

acceptance: setup
	PATH="$(CURDIR)/$(BIN):$$PATH" scripts/acceptance.sh outputs/acceptance

lint: setup
	$(BIN)/ruff check generator tests benchmarks scripts

# mypy with the pydantic plugin, settings in pyproject.toml: zero errors in generator/
typecheck: setup
	$(BIN)/mypy

clean:
	rm -rf $(VENV) outputs/quickstart outputs/acceptance outputs/acceptance-bfcl-native
