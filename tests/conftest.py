"""Suite-wide hooks: one closing line saying what was skipped for want of data or packages the
repo does not ship (upstream.py is the one place tests look for them)."""

from __future__ import annotations

from collections import Counter

import pytest
from upstream import KINDS, SKIP_TAG


def _kind(report: pytest.TestReport) -> str | None:
    if not report.skipped or not isinstance(report.longrepr, tuple):
        return None
    reason = str(report.longrepr[2]).removeprefix("Skipped: ")
    return reason.removeprefix(SKIP_TAG).split(":", 1)[0] if reason.startswith(SKIP_TAG) else None


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    kinds = Counter(k for rep in terminalreporter.stats.get("skipped", []) if (k := _kind(rep)))
    if kinds:
        parts = [f"{n} for want of {k} ({KINDS.get(k, '?')})" for k, n in sorted(kinds.items())]
        terminalreporter.write_line("skipped: " + "; ".join(parts))
