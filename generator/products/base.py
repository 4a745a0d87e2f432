"""The product contract the run engine drives: plan items -> run each item -> export.

`plan` is pure and fully determined by the config and the seed; every item gets a stable id,
so runs are reproducible, resumable and shardable. `run` handles one item (it may call the
writer and the LLM); it returns accepted samples and rejections, never raises for a bad draft.
`export` writes the product's files from all finished results, in plan order.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from pydantic import Field

from ..catalog import Catalog
from ..llm.protocol import LLMClient
from ..records import ItemResult, Record, UserHistory
from ..registry import Registry
from ..writers.base import Writer


class WorkItem(Record):
    item_id: str
    product: str
    index: int
    spec: dict[str, Any] = Field(default_factory=dict)


def stable_id(seed: int, *parts: object) -> str:
    digest = hashlib.sha256(repr((seed, *parts)).encode()).hexdigest()[:10]
    return "-".join(str(p) for p in parts) + "-" + digest


def item_seed(seed: int, item_id: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{item_id}".encode()).digest()[:8], "big")


def item_rng(seed: int, item_id: str) -> random.Random:
    return random.Random(item_seed(seed, item_id))


@dataclass
class RunContext:
    config: Any  # generator.config.RunConfig (typed loosely to avoid an import cycle)
    base_dir: Path  # directory the config's relative paths are resolved against
    out_dir: Path
    seed: int
    catalog: Catalog
    histories: list[UserHistory]
    writer: Writer
    llm: LLMClient | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    split: str | None = None  # at export: the split being written (None: the un-split layout)

    def rng(self, item_id: str) -> random.Random:
        return item_rng(self.seed, item_id)

    def item_seed(self, item_id: str) -> int:
        return item_seed(self.seed, item_id)

    def product_dir(self, name: str) -> Path:
        """A folder-shaped format's output folder: <out>/<name>, or <out>/<name>/<split>."""
        return self.out_dir / name / self.split if self.split else self.out_dir / name


class Product(Protocol):
    name: str

    def plan(self, ctx: RunContext) -> list[WorkItem]: ...

    async def run(self, item: WorkItem, ctx: RunContext) -> ItemResult: ...

    def export(self, results: list[ItemResult], ctx: RunContext) -> list[Path]: ...


PRODUCTS: Registry[Any] = Registry("product")
