"""The product plug-in contract: what a run makes, and what the engine knows about it.

A product is a class `Product[Spec, Payload, Config]` registered with `@register_product`
(docs/architecture.md, "Adding a product"). It declares:

- `name`: its config section `products.<name>` (the `products` section of the run config is
  built from this registry, generator.config) and the directory of its files;
- `config_model`, `spec_model`, `payload_model`: the strict records of its config section, of
  one work item's spec and of one accepted sample's payload (stored as JSON in the state
  between runs, read back typed for export);
- `validators`: the names of the VALIDATORS its texts must pass, in the order they run;
- `needs(config, run)`: what it uses under its config besides the catalog (an LLM of its own,
  prompt templates, the run's histories or personas): the engine checks the LLM and the prompts
  before anything runs, and the config refuses `histories:` / `personas:` that no enabled
  product reads; `check(config, run)`: refuse a config it cannot run;
- `requested(items)` / `category(item)`: what the config asked for, for the shortfall report;
- `stats_source`: where under the output the dataset card reads its statistics.

The engine builds each enabled product once per run (`build_products`) and hands that one
instance to planning, running, export, the dry run and the card, so a product keeps its
per-run state (caches built on first use) on itself. `plan` is pure and fully determined by
the config and the seed; every item gets a stable id, so runs are reproducible, resumable and
shardable. `run` handles one item (it may call the writer and the LLM); it returns accepted
samples and rejections, never raises for a bad draft. `export` writes the product's files from
all finished results, in plan order.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from pydantic import Field

from ..catalog import Catalog
from ..llm.protocol import LLMClient
from ..records import ItemResult, Record, Sample, UserHistory
from ..registry import Registry
from ..validators.base import TEXT_VALIDATORS
from ..writers.base import Writer

if TYPE_CHECKING:  # the run config is built from this registry: imported for types only
    from ..config import RunConfig

SpecT = TypeVar("SpecT", bound=Record)
PayloadT = TypeVar("PayloadT", bound=Record)
ConfigT = TypeVar("ConfigT", bound=Record)


class WorkItem(Record, Generic[SpecT]):
    item_id: str
    product: str
    index: int
    spec: SpecT


def stable_id(seed: int, *parts: object) -> str:
    digest = hashlib.sha256(repr((seed, *parts)).encode()).hexdigest()[:10]
    return "-".join(str(p) for p in parts) + "-" + digest


def item_seed(seed: int, item_id: str) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{item_id}".encode()).digest()[:8], "big")


def item_rng(seed: int, item_id: str) -> random.Random:
    return random.Random(item_seed(seed, item_id))


@dataclass
class RunContext:
    """What every product of a run reads: the config, the inputs, the writer and the LLM."""

    config: RunConfig
    base_dir: Path  # directory the config's relative paths are resolved against
    out_dir: Path
    seed: int
    catalog: Catalog
    histories: list[UserHistory]
    writer: Writer
    llm: LLMClient | None = None
    # why a (product, category) plans fewer items than requested (generator.shortfall.note)
    notes: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    split: str | None = None  # at export: the split being written (None: the un-split layout)

    def rng(self, item_id: str) -> random.Random:
        return item_rng(self.seed, item_id)

    def item_seed(self, item_id: str) -> int:
        return item_seed(self.seed, item_id)

    def product_dir(self, name: str) -> Path:
        """A folder-shaped format's output folder: <out>/<name>, or <out>/<name>/<split>."""
        return self.out_dir / name / self.split if self.split else self.out_dir / name


class Needs(Record):
    """What a product uses under its config, besides the catalog every product reads."""

    llm: bool = False  # calls the LLM itself (not only through the writer)
    prompts: dict[str, set[str]] = Field(default_factory=dict)  # template -> variables it passes
    histories: bool = False  # reads the run's `histories:`
    personas: bool = False  # reads the run's `personas:`


def needs_llm(run: RunConfig) -> str | None:
    """Why a setting that asks the LLM for something has no effect under the run's writer."""
    return None if run.writer == "llm" else "it needs an LLM and the writer is `template` (use writer: llm)"


class Product(Generic[SpecT, PayloadT, ConfigT]):
    """Base of every product; subclasses set the class variables and plan / run / export."""

    name: ClassVar[str]
    config_model: ClassVar[type[Record]]
    spec_model: ClassVar[type[Record]]
    payload_model: ClassVar[type[Record]]
    validators: ClassVar[tuple[str, ...]] = TEXT_VALIDATORS
    # when the product reads the run's histories / personas, in words (config messages)
    reads: ClassVar[dict[str, str]] = {}
    stats_source: ClassVar[str] = ""  # what `trajgen stats` reads, under the output; "" = `name`
    format_name: ClassVar[str] = ""  # the format it writes, for the dataset card; "" = `name`
    hub_task: ClassVar[str] = "text-generation"  # the Hugging Face task category of its rows
    unsplit: ClassVar[str] = "test"  # the split its un-split files stand for (hub/layout.py)
    # why `trajgen eval` does not score its files, when no eval format is registered under `name`
    not_evaluated: ClassVar[str] = ""
    counts_samples: ClassVar[bool] = False  # shortfall counts accepted samples (rows), not items

    def __init__(self, config: ConfigT) -> None:
        self.config = config

    @classmethod
    def needs(cls, config: ConfigT, run: RunConfig) -> Needs:
        """What the product uses under `config` (its section) and `run` (the whole config)."""
        return Needs()

    @classmethod
    def unused(cls, config: ConfigT, run: RunConfig) -> dict[str, str | None]:
        """{field of `config`: why it has no effect under `run`, or None when it has one}: a field
        set away from its default while it has no effect is refused at config load."""
        return {}

    @classmethod
    def check(cls, config: ConfigT, run: RunConfig) -> None:
        """Refuse (ConfigError naming the field) a config this product cannot run; called when
        the config is final, before any input is read."""

    def plan(self, ctx: RunContext) -> list[WorkItem[SpecT]]:
        raise NotImplementedError

    def plan_iter(self, ctx: RunContext) -> Iterable[WorkItem[SpecT]]:
        """The plan, item by item (a product with a large plan yields it without a list)."""
        return self.plan(ctx)

    def shared(self, ctx: RunContext) -> None:
        """Build what every item of this product reads (pure and deterministic: user histories,
        a tool graph), once, at the end of planning and only when the plan has items: the
        process and Ray engines ship it to their workers with the planned products, so no
        worker builds it again. Building it lazily on first use stays correct; this is where
        it is built once for all."""

    async def run(self, item: WorkItem[SpecT], ctx: RunContext) -> ItemResult:
        raise NotImplementedError

    def export(self, results: Iterable[ItemResult], ctx: RunContext) -> list[Path]:
        """Write the product's files from `results` (in plan order; iterate them once)."""
        raise NotImplementedError

    def requested(self, items: Sequence[WorkItem[SpecT]]) -> dict[str, int]:
        """What the config asked for, per category (the shortfall report compares)."""
        return {"items": len(items)}

    @classmethod
    def category(cls, item: WorkItem[SpecT]) -> str:
        return "items"

    def item(self, ctx: RunContext, index: int, spec: SpecT, *id_parts: object) -> WorkItem[SpecT]:
        return WorkItem(item_id=stable_id(ctx.seed, self.name, *id_parts), product=self.name, index=index,
                        spec=spec)

    def sample(self, item: WorkItem[SpecT], payload: PayloadT) -> Sample:
        return Sample(item_id=item.item_id, product=self.name, payload=payload.model_dump(mode="json"))

    def payloads(self, results: Iterable[ItemResult]) -> list[PayloadT]:
        """The accepted payloads of `results`, typed, in order."""
        return list(self.iter_payloads(results))

    def iter_payloads(self, results: Iterable[ItemResult]) -> Iterator[PayloadT]:
        """The accepted payloads of `results`, typed, in order, one at a time."""
        model: Any = self.payload_model
        for r in results:
            for s in r.samples:
                yield model.model_validate(s.payload)


AnyProduct = Product[Any, Any, Any]
PRODUCTS: Registry[type[AnyProduct]] = Registry("product")

P = TypeVar("P", bound=type[AnyProduct])


def register_product(cls: P) -> P:
    """Class decorator: register a product under its `name`."""
    for attr in ("name", "config_model", "spec_model", "payload_model"):
        if not hasattr(cls, attr):
            raise TypeError(f"product {cls.__name__} does not set `{attr}`")
    PRODUCTS.add(cls.name, cls)
    return cls


def products_in_order() -> list[tuple[str, type[AnyProduct]]]:
    """The registered products in the order of the config section, the manifest and the card:
    the order of their modules in plugins.PLUGIN_MODULES (others after, by name), never the
    order in which something happened to import them."""
    from ..plugins import PLUGIN_MODULES

    def place(item: tuple[str, type[AnyProduct]]) -> tuple[int, str]:
        module = item[1].__module__
        return (PLUGIN_MODULES.index(module) if module in PLUGIN_MODULES else len(PLUGIN_MODULES), item[0])

    return sorted(PRODUCTS.items(), key=place)


def section_of(name: str, cfg: RunConfig) -> Record:
    """The config section of product `name` (its defaults when the section is absent)."""
    cls = PRODUCTS.get(name)
    section = cfg.products.section(name, cls.config_model)
    return section if section is not None else cls.config_model()


def build_product(name: str, cfg: RunConfig) -> AnyProduct:
    """The product `name` over its section of `cfg`."""
    return PRODUCTS.get(name)(section_of(name, cfg))


def build_products(cfg: RunConfig) -> dict[str, AnyProduct]:
    """The enabled products of a run, in registration order: the engine calls this once per
    run, so each product is built once and keeps its per-run state."""
    return {name: build_product(name, cfg) for name in cfg.products.enabled()}


def enabled_sections(cfg: RunConfig) -> list[tuple[type[AnyProduct], Record]]:
    """(product class, its section) of every enabled product, for config-time questions
    (Product.check, Product.needs) that need no instance."""
    return [(PRODUCTS.get(name), section_of(name, cfg)) for name in cfg.products.enabled()]

