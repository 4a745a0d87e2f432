"""A value draw that fails mid-run makes the item short, not the run crash."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from generator.core.values import Unsampleable
from generator.runner import ItemRunner


class _Store:
    def __init__(self) -> None:
        self.results: list = []

    def append(self, res) -> None:
        self.results.append(res)


class _Progress:
    def advance(self, *args, **kwargs) -> None:
        pass


class _Failing:
    async def run(self, item, ctx):
        raise Unsampleable("statement", "e.g. 'about annual' fails: 'about annual' is too short")


def test_unsampleable_item_is_a_rejection_and_the_run_goes_on(monkeypatch):
    monkeypatch.setattr("generator.runner.item_weight", lambda item, ctx: 1.0)
    store = _Store()
    runner = ItemRunner(SimpleNamespace(), {"sdg": _Failing()}, store, set(), _Progress())
    items = [SimpleNamespace(item_id=f"simple_{i}", product="sdg") for i in range(3)]
    asyncio.run(runner.run(items, workers=2))
    assert [r.item_id for r in store.results] == ["simple_0", "simple_1", "simple_2"]
    rej = store.results[0].rejections[0]
    assert (rej.stage, rej.validator) == ("values", "unsampleable") and "statement" in rej.reason
