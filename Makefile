# The two commands a newcomer needs (only Python 3.11+ required; the venv is created here):
#   make quickstart   set up .venv with the runtime dependencies and generate outputs/quickstart
#   make test         add the dev extras, lint, type-check generator/ (mypy), build the docs
#                     (mkdocs --strict) and run the test suite (the slow end-to-end suites: acceptance)
# and the acceptance run CI adds (links .bfcl-venv to a BFCL check venv kept in ~/.cache/trajgen, built on first use, ~4 min):
#   make acceptance
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
RUNTIME := $(VENV)/.runtime
STAMP := $(VENV)/.installed

.PHONY: setup runtime quickstart test docs acceptance lint typecheck clean

runtime: $(RUNTIME)
setup: $(STAMP)

# Reinstalled when the dependencies change; the package itself is installed editable. The
# quickstart needs only the runtime dependencies; tests, docs and acceptance add the dev extras.
$(RUNTIME): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -e .
	touch $(RUNTIME)

$(STAMP): $(RUNTIME)
	$(BIN)/python -m pip install -q -e ".[dev]"
	touch $(STAMP)

quickstart: runtime
	$(BIN)/trajgen generate examples/quickstart.yaml --out outputs/quickstart

# The suite on both cores, without the end-to-end suites marked `slow` (tests/conftest.py):
# those run in `make acceptance`, so CI runs everything.
# mypy (one process, ~50 s cold) runs beside the suite's two workers, which leave a core idle at
# their tails: its report is printed after the suite, and either failing fails the target.
test: setup lint docs
	$(BIN)/mypy > $(VENV)/mypy.log 2>&1 & typing=$$!; \
	$(BIN)/python -m pytest -n 2 --dist loadgroup -m "not slow" --durations=25; suite=$$?; \
	wait $$typing; typed=$$?; cat $(VENV)/mypy.log; test $$suite -eq 0 && test $$typed -eq 0

# The documentation site (MkDocs, Material theme) from docs/; --strict fails on a broken link.
docs: setup
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict --quiet

# The acceptance script first: the slow suite then takes its quickstart run (same code, checked)
# instead of making the same run again.
acceptance: setup
	PATH="$(CURDIR)/$(BIN):$$PATH" scripts/acceptance.sh outputs/acceptance
	TRAJGEN_QUICKSTART_OUT=outputs/acceptance $(BIN)/python -m pytest -n 2 --dist loadgroup -m slow --durations=25

lint: setup
	$(BIN)/ruff check generator tests benchmarks scripts

# mypy with the pydantic plugin, settings in pyproject.toml: zero errors in generator/
typecheck: setup
	$(BIN)/mypy

clean:
	rm -rf $(VENV) outputs/quickstart outputs/acceptance outputs/acceptance-bfcl-native
