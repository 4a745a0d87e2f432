"""The one place tests find what the repo does not ship.

- The original benchmark files (TRAILBench, TRAJECT-Bench, BFCL): `$TRAJGEN_UPSTREAM`, else
  `../shared/upstream` beside the repo. The independent reference check scripts sit beside
  that folder, in `checks/`.
- The `bfcl-eval` package (BFCL's official checker), too heavy for the project venv: it lives
  in the check venv that `scripts/acceptance.sh` builds.

A test asks for what it needs through these functions. In a user's clone a missing piece skips
the test, and `conftest.py` prints one line naming what was skipped. Under CI (`CI=true`) a
missing upstream folder or reference check fails the test instead, so CI cannot go green
without them; bfcl-eval tests fail instead of skipping when `TRAJGEN_REQUIRE_BFCL=1`, which the
acceptance script sets when it runs them in the check venv.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path
from typing import NoReturn

import pytest

ROOT = Path(__file__).resolve().parents[1]
UPSTREAM = Path(os.environ.get("TRAJGEN_UPSTREAM") or ROOT.parent / "shared" / "upstream")
CHECKS = UPSTREAM.parent / "checks"
SKIP_TAG = "[absent]"  # conftest.py counts the skips carrying it


def truthy(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in {"1", "true", "yes"}


def under_ci() -> bool:
    return truthy("CI")


# what a skip was for want of -> where it is looked for (the closing line of conftest.py)
KINDS = {"upstream data": f"{UPSTREAM}; set TRAJGEN_UPSTREAM",
         "reference checks": str(CHECKS),
         "bfcl-eval": "the check venv of scripts/acceptance.sh runs these"}
HOW = "set TRAJGEN_UPSTREAM to the upstream folder (its sibling checks/ holds the reference checks)"


def absent(kind: str, path: Path) -> NoReturn:
    """Skip locally; fail under CI, naming what is missing and how to provide it."""
    if under_ci():
        pytest.fail(f"{kind} missing under CI={os.environ['CI']}: {path}; {HOW}", pytrace=False)
    pytest.skip(f"{SKIP_TAG}{kind}: {path}")


def have_upstream(*parts: str) -> bool:
    """Whether an upstream path exists; under CI its absence fails the calling test."""
    if UPSTREAM.joinpath(*parts).exists():
        return True
    if under_ci():
        absent("upstream data", UPSTREAM.joinpath(*parts))
    return False


def upstream_path(*parts: str) -> Path:
    """A path under the upstream folder (skip or fail when absent)."""
    path = UPSTREAM.joinpath(*parts)
    if not path.exists():
        absent("upstream data", path)
    return path


def check_script(name: str) -> Path:
    """An independent reference check script, e.g. `check_judge.py` (skip or fail when absent)."""
    path = CHECKS / name
    if not path.exists():
        absent("reference checks", path)
    return path


def bfcl_eval_available(module: str = "bfcl_eval.eval_checker.ast_eval.ast_checker") -> bool:
    try:
        importlib.import_module(module)
    except Exception:  # noqa: BLE001 - bfcl-eval absent, or one of its many dependencies broken
        return False
    return True


def require_bfcl_eval(module: str = "bfcl_eval.eval_checker.ast_eval.ast_checker", *,
                      module_level: bool = False) -> None:
    """Skip unless `module` of bfcl-eval imports; with TRAJGEN_REQUIRE_BFCL=1 its absence fails."""
    if bfcl_eval_available(module):
        return
    if truthy("TRAJGEN_REQUIRE_BFCL"):
        pytest.fail("bfcl-eval is not importable but TRAJGEN_REQUIRE_BFCL=1", pytrace=False)
    pytest.skip(f"{SKIP_TAG}bfcl-eval: {module} does not import", allow_module_level=module_level)
