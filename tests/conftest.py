"""Suite-wide hooks: one closing line saying what was skipped and why, so a green run never hides
tests that did not run (upstream.py is the one place tests look for what the repo does not ship)."""

from __future__ import annotations

import functools
import re
from collections import Counter
from pathlib import Path

import pytest
from upstream import KINDS, SKIP_TAG

# Hypothesis judges "too slow" input generation and deadlines by wall time: on a shared 2-core
# machine (CI beside other jobs) a busy second made a correct test fail. Every test runs with no
# deadline and without that health check; the others (filtering too much, ...) stay on. The BFCL
# check venv of scripts/acceptance.sh runs its tests without hypothesis.
try:
    from hypothesis import HealthCheck, settings
except ImportError:
    pass
else:
    # derandomize: the same examples on every run, so CI is reproducible (a property found false
    # on one random draw stays found, in tests/ where it is then pinned as a fixed case)
    settings.register_profile("trajgen", deadline=None, suppress_health_check=[HealthCheck.too_slow],
                              derandomize=True)
    settings.load_profile("trajgen")


def _why(report: pytest.TestReport) -> str:
    reason = str(report.longrepr[2]).removeprefix("Skipped: ") if isinstance(report.longrepr, tuple) else ""
    if reason.startswith(SKIP_TAG):
        kind = reason.removeprefix(SKIP_TAG).split(":", 1)[0]
        return f"for want of {kind} ({KINDS.get(kind, '?')})"
    return f"in {report.nodeid.split('::', 1)[0]} (pytest -rs shows why)"


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    reasons = Counter(_why(rep) for rep in terminalreporter.stats.get("skipped", []))
    if reasons:
        terminalreporter.write_line("skipped: " + "; ".join(f"{n} {why}" for why, n in sorted(reasons.items())))


# The end-to-end suites (whole runs, kills, engines, every upstream catalog): marked `slow`, run by
# `make acceptance` (so by CI) and not by `make test`, which stays a few minutes on 2 cores. A test
# elsewhere that takes more than ~8 s is marked `slow` where it is written.
SLOW_FILES = frozenset({
    "test_any_catalog.py", "test_batch_kill.py", "test_batch_run.py", "test_containment.py", "test_crash_safety.py",
    "test_engines.py", "test_eval_e2e.py", "test_eval_kill.py", "test_eval_upstream.py", "test_fuzz.py",
    "test_hub_dedup.py", "test_hub_splits.py", "test_lifeline.py", "test_plugin_package.py", "test_quickstart_e2e.py",
    "test_reader_command.py", "test_secrets.py", "test_state_key.py", "test_stop_and_contain.py",
    "test_traject_vagueness.py", "test_trail_product.py", "test_when2call_eval.py", "test_when2call_files.py",
    # whole runs of a product or of every format, read by the card, stats and publish checks
    "test_traject_product.py", "test_traject_publish.py", "test_hub_card.py", "test_card_meaning.py",
    "test_stats_validate.py",
})


# A module's own fixture of a wider scope than a test (a whole run shared by its tests) is built
# once per xdist worker that runs one of its tests: under `--dist loadgroup` (the Makefile's test runs) the
# tests of such a module go to one worker, so each shared run (the quickstart, the engines'
# reference run, ...) is made once per suite, not once per core; every other test is scheduled
# on its own. xdist's own loadgroup cannot do it under pytest 9 (it tags node ids by assigning
# `_nodeid`, which pytest 9 no longer reads), and the controller that schedules sees node ids
# only, not fixtures: hence the modules are found by their source.
SHARED_FIXTURE = re.compile(r"@pytest\.fixture\(scope=[\"'](?:class|module|package|session)[\"']")


@functools.cache
def shares_a_run(path: Path) -> bool:
    return path.suffix == ".py" and bool(SHARED_FIXTURE.search(path.read_text(encoding="utf-8")))


@pytest.hookimpl(optionalhook=True)  # a venv without pytest-xdist (the BFCL check venv) has no such hook
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    if config.getvalue("dist") != "loadgroup":
        return None  # another --dist asked for: xdist's own
    from xdist.scheduler import LoadScopeScheduling

    class SharedRunScheduling(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            file = nodeid.split("::", 1)[0]
            return file if shares_a_run(config.rootpath / file) else nodeid

    return SharedRunScheduling(config, log)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
