"""Suite-wide hooks: one closing line saying what was skipped and why, so a green run never hides
tests that did not run (upstream.py is the one place tests look for what the repo does not ship)."""

from __future__ import annotations

from collections import Counter

import pytest
from upstream import KINDS, SKIP_TAG


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
})


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
