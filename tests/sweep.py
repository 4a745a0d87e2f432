"""A sweep over many inputs of the same kind (fixture catalogs, status codes, rates): every input runs in
the acceptance step (`-m slow`, so in CI), a fixed few in the fast suite (`make test`). The fast suite
then stays the same size as fixture catalogs are added each reading, and still runs the test itself.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest


def sweep(values: Iterable[object], fast: Iterable[object]) -> list[object]:
    """`values` as parameters, each one not in `fast` marked `slow`; `fast` must name some of them."""
    values, keep = list(values), set(fast)
    missing = keep - set(values)
    if missing or not keep:
        raise ValueError(f"the fast inputs {sorted(map(str, missing))} are not among the sweep's values")
    return [v if v in keep else pytest.param(v, marks=pytest.mark.slow) for v in values]
