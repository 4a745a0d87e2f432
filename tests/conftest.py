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
