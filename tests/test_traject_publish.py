"""The checked text is the published text: a TRAJECT query the validators accepted reaches the
files unchanged (no gold spellings such as "2025-06-03" or "09:15" put back into it)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path
from typing import Any

from test_traject_support import bundled_catalog, context

from generator.config import LLMConfig
from generator.llm.client import make_client
from generator.records import Draft
from generator.testing.fake_openai import FakeOpenAI
from generator.traject.config import TrajectConfig
from generator.traject.product import TrajectProduct
from generator.writers.base import TextCheck, WriteRequest
from generator.writers.llm import LLMWriter


class Recording:
    """The LLM writer, remembering every text it returned that its check accepted."""

    name = "llm"

    def __init__(self, inner: LLMWriter) -> None:
        self.inner, self.accepted = inner, set[str]()

    async def write(self, req: WriteRequest, seed: int, check: TextCheck | None = None) -> Draft:
        draft = await self.inner.write(req, seed, check)
        if check is None or not check(draft.texts):
            self.accepted.update(draft.texts)
        return draft


def _published(tmp_path: Path) -> tuple[list[dict], set[str]]:
    cfg = TrajectConfig(domains=["shopping", "food", "travel"], parallel=2, sequential=2)
    with FakeOpenAI() as fake:
        client = make_client(LLMConfig(base_url=fake.base_url, model="fake-model", max_retries=0), None)
        writer = Recording(LLMWriter(client))
        ctx = context(bundled_catalog(), cfg, tmp_path, writer=writer)
        product = TrajectProduct(cfg)

        async def go() -> list:
            try:
                return [await product.run(i, ctx) for i in product.plan(ctx)]
            finally:
                await client.aclose()

        paths = product.export(asyncio.run(go()), ctx)
    records = [r for p in paths if p.name.endswith(("_ver.json", "traj_query.json"))
               for r in json.loads(p.read_text())]
    return records, writer.accepted


def test_every_published_query_is_a_text_the_validators_accepted(tmp_path: Path) -> None:
    records, accepted = _published(tmp_path)
    assert len(records) >= 6
    queries = [r["query"] for r in records]
    assert [q for q in queries if q not in accepted] == []
    # not vacuous: some accepted query says in words a date the gold spells "2025-06-03"
    spoken = [r["query"] for r in records
              if any(re.fullmatch(r"\d{4}-\d{2}-\d{2}", v) and v not in r["query"] for v in _values(r))]
    assert spoken


def _values(record: Any) -> list[str]:
    """Every argument value of a record ("value" of its parameter lists), as the file spells it."""
    if isinstance(record, dict):
        own = [str(record["value"])] if "name" in record and "value" in record else []
        return own + [v for k, x in record.items() if k != "query" for v in _values(x)]
    if isinstance(record, list):
        return [v for x in record for v in _values(x)]
    return []
