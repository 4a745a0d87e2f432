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


# A module's own fixture of a wider scope than a test (a whole run shared by its tests) is built
# once per xdist worker that runs one of them: the tests that use one go to one worker
# (`--dist loadgroup`, pyproject.toml), so each such run is made once per suite, not once per core.
SHARED_SCOPES = frozenset({"class", "module", "package", "session"})


def shared_fixture_home(item: pytest.Item) -> str | None:
    """The module whose own wider-scoped fixtures `item` uses, if any (plugin fixtures such as
    tmp_path_factory are cheap and do not count)."""
    info = getattr(item, "_fixtureinfo", None)
    for defs in (info.name2fixturedefs.values() if info else ()):
        for fixture in defs:
            if fixture.scope in SHARED_SCOPES and fixture.baseid.split("::")[0].endswith(".py"):
                return fixture.baseid.split("::")[0]
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.name in SLOW_FILES:
            item.add_marker(pytest.mark.slow)
        home = shared_fixture_home(item)
        if home is not None:
            item.add_marker(pytest.mark.xdist_group(name=home))
