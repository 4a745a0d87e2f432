"""The run engine: load inputs -> plan items -> run pending items -> export -> manifest.

Everything that can fail on user input (config, catalogs, histories) is checked before the
output directory is touched, so a bad input leaves nothing behind. Finished items are appended
to a state file as they complete; a rerun of the same config skips them, and the LLM cache
makes sure no exchange is sent twice.
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import json
import os
import re
import shutil
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib import import_module
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from . import __version__
from .card import card_text
from .catalog import Catalog
from .config import RunConfig, check_settings
from .errors import ConfigError, OutputError
from .hub.plots import write_plots
from .hub.prepare import Prepared, prepare
from .io import atomic_lines, atomic_write_text, confined_to, dumps_line, os_error
from .llm.cache import DiskCache
from .llm.protocol import LLMClient
from .lock import LOCK_NAME, DirLock
from .names import checked_tools
from .plugins import load_plugins
from .products.base import AnyProduct, RunContext, WorkItem, build_products, enabled_sections
from .progress import Progress
from .provenance import code_digest
from .records import ItemResult, RunManifest, UserHistory
from .run_report import run_report
from .runner import run_items
from .secrets import endpoint_id, redact_url
from .signals import stop_on_signals
from .state import STATE_DIR, Journal, StateStore
from .writers.base import WRITERS, Writer

if TYPE_CHECKING:
    from .engines import Engine


@dataclass
class Overrides:
    """CLI flags that override the config."""

    out: str | None = None
    seed: int | None = None
    limit: int | None = None
    writer: str | None = None
    base_url: str | None = None
    model: str | None = None
    concurrency: int | None = None
    fresh: bool = False
    progress: bool = True
    shard: tuple[int, int] | None = None  # (i, N), 1-based: run only this shard's items, no export
    dry_run: bool = False  # plan and estimate the LLM calls, tokens and cost; write nothing
    splits: dict | None | bool = False  # --split: a `splits:` section, None for none, False: the config's
    engine: str = "auto"  # where the items run: this process ("asyncio"), shards on "process" / "ray"
    # workers, or "auto": this process unless an LLM run's concurrency needs a process pool
    shards: int | None = None  # parts a parallel engine splits the plan into (default: 4 per worker)
    workers: int | None = None  # shards running at once (process pool size, local Ray instance CPUs)
    ray_address: str | None = None  # an existing Ray cluster (default: start a local instance)
    auto_pool: bool = False  # set by `--engine auto` when it chose the pool: started after planning,
    # and only when more items are pending than one worker serves (else the run stays here)
    batch: Any = None  # generator.batch_rounds.BatchOptions: --batch, --batch-out, --batch-in


@dataclass
class RunSummary:
    out_dir: Path
    manifest: RunManifest | None
    per_product: dict[str, dict[str, int]] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    this_run: dict[str, int] = field(default_factory=dict)  # LLM usage of this invocation only
    notes: list[str] = field(default_factory=list)  # skipped tools and shortfalls, for the terminal
    dry_run: Any = None  # generator.dryrun.Estimate when Overrides.dry_run
    seconds: dict[str, float] = field(default_factory=dict)  # wall time of plan, run, export; run_cpu
    items_run: int = 0  # items this invocation finished (the rest came from .state/)
    workers: int = 0  # worker processes the items ran on (0: this process)

    def rate_line(self) -> str:
        """How long each phase took and the items per second of the run phase."""
        s = self.seconds
        on = f" on {self.workers} worker processes" if self.workers else ""
        rate = f" ({self.items_run / s['run']:,.1f} items/s, {s.get('run_cpu', 0):.1f} CPU s{on})" \
            if s.get("run") and self.items_run else ""
        return (f"planned in {s.get('plan', 0):.1f} s, ran {self.items_run} item(s) in {s.get('run', 0):.1f} s"
                f"{rate}, exported in {s.get('export', 0):.1f} s")


USAGE_FIELDS = ("requests_sent", "cache_hits", "prompt_tokens", "completion_tokens", "retries", "reasks")


def this_run_usage(llm: LLMClient | None) -> dict[str, int]:
    if llm is None:
        return dict.fromkeys(USAGE_FIELDS, 0)
    return {k: getattr(llm.usage, k) for k in USAGE_FIELDS}


def apply_overrides(cfg: RunConfig, ov: Overrides) -> RunConfig:
    data = cfg.model_dump()
    if ov.seed is not None:
        data["seed"] = ov.seed
    if ov.writer is not None:
        data["writer"] = ov.writer
    if ov.out is not None:
        data["out"] = ov.out
    for key, value in (("base_url", ov.base_url), ("model", ov.model), ("concurrency", ov.concurrency)):
        if value is not None:
            data["llm"][key] = value
    if ov.splits is not False:
        data["splits"] = ov.splits
    try:
        merged = RunConfig.model_validate(data)
    except ValidationError as err:  # a flag value the config model refuses
        e = err.errors()[0]
        raise ConfigError(e["msg"], field=".".join(str(p) for p in e["loc"])) from None
    check_settings(merged)  # only now: a flag (--writer) decides whether a setting has an effect
    return merged


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list | tuple):
        return [s for v in value for s in _strings(v)]
    return []


def input_paths(data: dict, base_dir: Path) -> list[str]:
    """The config strings that name an existing input file or directory (catalogs, histories,
    personas, hints, product inputs), relative to `base_dir` as the config wrote them."""
    return [text for text in sorted(set(_strings(data)))
            if text and len(text) <= 4096 and (base_dir / text).exists()]


def input_digests(data: dict, base_dir: Path) -> dict[str, str]:
    """A digest of every input file the config names: any config string that resolves to a file
    or directory counts."""
    out: dict[str, str] = {}
    for text in input_paths(data, base_dir):
        path = base_dir / text
        # regular files only: a config string naming /dev/zero must not be read to the end
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path] * path.is_file()
        digest = hashlib.sha256()
        for f in files:
            digest.update(str(f.relative_to(path) if path.is_dir() else "").encode())
            digest.update(f.read_bytes())
        out[text] = digest.hexdigest()
    return out


def config_hash(cfg: RunConfig, base_dir: Path) -> str:
    """What decides the items' content: the config (less how the run goes: output path,
    concurrency, budget, retries, timeouts), the
    bytes of its input files, a digest of the package's code and the prompt templates. A change in
    any of them starts a new state file, so no stale item is ever reused."""
    from .prompting import template_hashes

    data = cfg.model_dump(mode="json")
    for export_only in ("out", "card", "dedup", "splits"):  # decided after the items ran
        data.pop(export_only, None)
    for how_not_what in ("concurrency", "budget_tokens", "max_retries", "timeout_s", "cache_dir",
                         "budget_usd", "prices", "rpm", "tpm", "breaker_s", "preflight"):
        data["llm"].pop(how_not_what, None)
    if data["llm"].get("base_url"):  # the server, not how it is spelled or the password in it
        data["llm"]["base_url"] = endpoint_id(data["llm"]["base_url"])
    key = {"config": data, "inputs": input_digests(data, base_dir), "code": code_digest(),
           "templates": template_hashes()}
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def load_inputs(cfg: RunConfig, base_dir: Path) -> tuple[Catalog, list[UserHistory]]:
    from .core.lore import annotate
    from .hints import apply_hints, load_hint_file
    from .readers import read_catalogs, read_histories
    from .screening import require_some, screen

    tools = checked_tools(read_catalogs(cfg.catalog, base_dir=base_dir, options=cfg.catalog_options))
    from .core.profiles import apply_profiles, drawn_from_profile

    hints, profiles = load_hint_file(base_dir / cfg.hints) if cfg.hints else ({}, {})
    tools = apply_hints(tools, hints, source=base_dir / cfg.hints) if cfg.hints else tools
    tools = apply_profiles(tools, profiles, source=str(base_dir / cfg.hints) if cfg.hints else "hints")
    tools = annotate(tools)  # what the whole catalog says of each parameter's values (generator.core.lore)
    tools = drawn_from_profile(tools)  # a value profile's values win over lore's (generator.core.profiles)
    tools, skipped = screen(tools)  # a tool whose parameters cannot be sampled is skipped, with why
    require_some(tools, skipped)
    histories: list[UserHistory] = []
    for path in cfg.histories:
        histories.extend(read_histories(base_dir / path))
    return Catalog(tools, skipped), histories


def check_prompts(needed: dict[str, set[str]]) -> None:
    """Every prompt template renders only variables its caller provides; refuse to start otherwise."""
    from .prompting import check_templates

    problems = check_templates(needed)
    if problems:
        raise ConfigError("prompt templates do not match their callers: " + "; ".join(problems))


def check_needs(cfg: RunConfig) -> None:
    """What the enabled products need under this config (Product.needs): an LLM only the llm
    writer brings, and prompt templates that match their callers (the writer's too, under
    writer: llm). Checked before any product is built or any input read."""
    needs = {cls.name: cls.needs(section, cfg) for cls, section in enabled_sections(cfg)}
    wants_llm = [name for name, n in needs.items() if n.llm]
    if wants_llm and cfg.writer != "llm":
        raise ConfigError("needs an LLM and the writer is `template` (use writer: llm)", field=f"products.{wants_llm[0]}")
    prompts = {k: v for n in needs.values() for k, v in n.prompts.items()}
    if cfg.writer == "llm":
        from .hints import TEMPLATE_VARS
        from .writers.llm import PROMPT_VARIABLES

        prompts.update({**PROMPT_VARIABLES, **TEMPLATE_VARS})
    check_prompts(prompts)


def make_writer(cfg: RunConfig, out_dir: Path, journal: Journal | None = None,
                notify: Callable[[str], None] | None = None) -> tuple[Writer, LLMClient | None]:
    if cfg.writer == "template":
        return WRITERS.get("template")(), None
    from .llm.client import make_client

    cache_dir = Path(cfg.llm.cache_dir) if cfg.llm.cache_dir else out_dir / ".cache" / "llm"
    client = make_client(cfg.llm, cache_dir, journal=journal, notify=notify)
    return WRITERS.get("llm")(client), client


def plan_items(ctx: RunContext, products: dict[str, AnyProduct],
               limit: int | None) -> dict[str, Sequence[WorkItem[Any]]]:
    """Each product's plan, packed (generator.planstore): no object per item is kept."""
    from .planstore import pack

    plans: dict[str, Sequence[WorkItem[Any]]] = {}
    for name, product in products.items():
        plans[name] = pack(islice(product.plan_iter(ctx), limit))
        if plans[name]:
            product.shared(ctx)
    return plans


def in_shard(item_id: str, shard: tuple[int, int]) -> bool:
    digest = hashlib.sha256(item_id.encode()).digest()
    return int.from_bytes(digest[:8], "big") % shard[1] == shard[0] - 1


def shard_of(plans: Mapping[str, Sequence[WorkItem[Any]]], shard: tuple[int, int]) -> dict[str, list[WorkItem[Any]]]:
    return {name: [it for it in items if in_shard(it.item_id, shard)] for name, items in plans.items()}


def export_all(ctx: RunContext, products: dict[str, AnyProduct], plans: Mapping[str, Sequence[WorkItem[Any]]],
               done: Mapping[str, ItemResult]) -> tuple[list[Path], dict[str, dict[str, int]], Prepared]:
    """Dedup and split (generator.hub.prepare), then each product's export once per split.
    Results are read from `done` one at a time, in plan order: memory stays flat in the run's size."""
    from .hints import write_profiles
    from .screening import skip_rejections

    prep = prepare(ctx, plans, done)
    files: list[Path] = []
    counts: dict[str, dict[str, int]] = {}
    for name in plans:
        for split, part in prep.exports[name].items():
            files.extend(products[name].export(part, dataclasses.replace(ctx, split=split)))
    rej_path = ctx.out_dir / "rejections.jsonl"
    with atomic_lines(rej_path) as write:
        for name, items in plans.items():
            c = counts[name] = {"items": len(items), "done": 0, "accepted": 0, "rejected": 0,
                                "duplicates": sum(t.removed.product == name for t in prep.dedup.twins),
                                "written": prep.written(name)}
            for it in items:
                res = done.get(it.item_id)
                if res is None:
                    raise KeyError(it.item_id)  # every planned item is finished before the export
                c["done"] += 1
                c["accepted"] += len(res.samples)
                c["rejected"] += len(res.rejections)
                for rej in res.rejections:
                    write(dumps_line(rej.model_dump(mode="json")) + "\n")
        for rej in [*skip_rejections(ctx.catalog.skipped), *prep.rejections()]:
            write(dumps_line(rej.model_dump(mode="json")) + "\n")
    files.append(rej_path)
    files += write_profiles(ctx.out_dir, ctx.catalog.tools)
    return files, counts, prep


def file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def llm_counts(journal: Journal, counts: dict[str, dict[str, int]]) -> dict[str, int]:
    """The dataset's LLM spending (each exchange once, over every invocation) and its tokens
    per format: deterministic, so a resumed run's manifest equals an uninterrupted one's. Transport
    retries depend on the network, not on the dataset: the terminal reports them, the manifest not."""
    s = journal.spent
    flat = {"llm_requests_sent": s.requests, "llm_cache_hits": s.cache_hits,
            "llm_prompt_tokens": s.prompt_tokens, "llm_completion_tokens": s.completion_tokens}
    for name in counts:
        flat[f"{name}.llm_tokens"] = journal.by_product[name].tokens if name in journal.by_product else 0
    return flat


def build_manifest(cfg: RunConfig, ctx: RunContext, files: list[Path],
                   counts: dict[str, dict[str, int]], llm: LLMClient | None,
                   journal: Journal) -> RunManifest:
    from .prompting import template_hashes

    flat: dict[str, int] = {f"{p}.{k}": v for p, c in counts.items() for k, v in c.items()}
    flat.update(llm_counts(journal, counts))
    price = cfg.llm.prices.get(llm.model) if llm else None
    if price is not None:  # answers a batch brought cost the batch price (generator/batch_rounds.py)
        from .llm.batch.ledger import batch_saving

        cost = journal.spent.usd(price) - batch_saving(ctx.out_dir, journal.dataset, price)
    rel = {str(p.relative_to(ctx.out_dir)): file_digest(p) for p in sorted(set(files))}
    config = public_config(cfg)
    return RunManifest(
        config=config, seed=cfg.seed, writer=cfg.writer,
        model=llm.model if llm else None, endpoint=llm.endpoint if llm else None,
        template_hashes=template_hashes(), code_version=__version__, code_digest=code_digest(),
        inputs=input_digests(config, ctx.base_dir), counts=flat, files=rel,
        llm_cost_usd=round(cost, 6) if price else None)


def public_config(cfg: RunConfig) -> dict:
    """The config as the manifest shows it: no output path, no credentials in the endpoint."""
    data = cfg.model_dump(mode="json", exclude={"out"})
    data["llm"]["base_url"] = redact_url(data["llm"].get("base_url"))
    return data


def previous_files(out_dir: Path) -> set[str]:
    """Files the last run in `out_dir` wrote, from its manifest (none if unreadable)."""
    try:
        return set(json.loads((out_dir / "manifest.json").read_text(encoding="utf-8"))["files"])
    except (OSError, ValueError, KeyError, TypeError):
        return set()


def remove_stale(out_dir: Path, before: set[str], now: RunManifest) -> None:
    """A file an earlier run wrote that this config no longer produces would mislead: remove it."""
    for rel in sorted(before - set(now.files)):
        path = (out_dir / rel).resolve()
        if out_dir.resolve() in path.parents and path.is_file():
            path.unlink()


# A file an atomic write was filling when its run was killed (generator.io: ".<name>.<random>.tmp").
_LEFT_TEMP = re.compile(r"^\..+\.[A-Za-z0-9_]{8}\.tmp$")


def remove_left_temps(out_dir: Path) -> None:
    """Half-written files of a killed run: its next run, holding the lock, removes them once its
    own files are written (a batch run killed mid-export left `judge/.meta.jsonl.xxxx.tmp`)."""
    for path in out_dir.rglob("*.tmp"):
        if _LEFT_TEMP.match(path.name) and not {STATE_DIR, ".cache"} & set(path.relative_to(out_dir).parts) \
                and path.is_file():
            path.unlink(missing_ok=True)


def prepare_out(out_dir: Path) -> None:
    """The output directory exists and is writable, or one clear line says why not."""
    if out_dir.exists() and not out_dir.is_dir():
        raise OutputError("the output path exists and is not a directory", file=str(out_dir))
    try:
        out_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise os_error(exc, out_dir) from None
    if not os.access(out_dir, os.W_OK | os.X_OK):
        raise OutputError("cannot write: permission denied", file=str(out_dir))


def start_fresh(out_dir: Path) -> None:
    """Forget finished items and spending; the lock files (held by this run) stay."""
    for path in (out_dir / STATE_DIR).iterdir():
        if path.name == "batch":  # batches in flight are exchanges already paid for, like the cache
            continue
        if path.is_dir():
            shutil.rmtree(path)
        elif not path.name.startswith(LOCK_NAME):
            path.unlink()


def write_roots(cfg: RunConfig, out_dir: Path) -> list[Path]:
    return [out_dir] + ([Path(cfg.llm.cache_dir)] if cfg.llm.cache_dir else [])


@dataclass
class Run:
    """Everything one invocation works with, built before the output directory is touched."""

    cfg: RunConfig
    names: list[str]
    products: dict[str, AnyProduct]  # each enabled product, built once for the whole run
    ctx: RunContext
    plans: Mapping[str, Sequence[WorkItem[Any]]]
    key: str
    journal: Journal
    llm: LLMClient | None
    progress: Progress
    seconds: dict[str, float] = field(default_factory=dict)


def prepare_run(cfg: RunConfig, base_dir: Path, ov: Overrides) -> Run:
    """Load, check and plan: pure, so a bad input leaves nothing behind."""
    started = time.perf_counter()
    load_plugins()
    cfg = apply_overrides(cfg, ov)
    if not cfg.products.enabled():
        raise ConfigError("no product is enabled", field="products")
    check_needs(cfg)
    products = build_products(cfg)  # once per run: plan, run, export, dry run and card use these
    catalog, histories = load_inputs(cfg, base_dir)
    out_dir = Path(cfg.out)  # relative to the working directory, like --out
    key = config_hash(cfg, base_dir)
    journal, progress = Journal(out_dir, key, ov.shard), Progress(enabled=ov.progress)
    writer, llm = make_writer(cfg, out_dir, journal, progress.notice)
    ctx = RunContext(config=cfg, base_dir=base_dir, out_dir=out_dir, seed=cfg.seed, catalog=catalog,
                     histories=histories, writer=writer, llm=llm)
    plans = plan_items(ctx, products, ov.limit)
    return Run(cfg, list(products), products, ctx, plans, key, journal, llm, progress,
               {"plan": time.perf_counter() - started})


def warm_up(llm: LLMClient) -> None:
    """Before the first request, load what the first replies' checks would otherwise load while
    every request in flight waits on the event loop: the language model, lemma and inflection
    tables, the exchange cache's index."""
    import_module("generator.engines.warm")  # loads them as it is imported (once per process)
    cache = getattr(llm, "cache", None)  # the OpenAI client's; test doubles have none
    if isinstance(cache, DiskCache):
        cache.load()


async def run_here(run: Run, shard: tuple[int, int] | None, todo: Mapping[str, Sequence[WorkItem]],
                   handed_out: bool = False) -> dict[str, int]:
    """Run `todo` in this process, appending finished items to this shard's state file;
    `handed_out`: `todo` held only pending items when a driver made it, so only this shard's own
    file (a retried shard's earlier work) can hold finished ones."""
    store = StateStore(run.ctx.out_dir, run.key, shard)
    llm = run.llm
    try:
        await run_items(run.ctx, run.products, todo, store, store.item_ids(own=handed_out),
                        run.cfg.llm.concurrency, run.progress,
                        before_first=(lambda: warm_up(llm)) if llm is not None else None)
    finally:
        store.close()
        run.journal.close()
        if run.llm is not None:
            await run.llm.aclose()
    return this_run_usage(run.llm)


async def execute(run: Run, ov: Overrides, engine: Engine | None = None) -> RunSummary:
    """Under the directory lock: resume from the state, run what is pending, export."""
    if ov.fresh:
        start_fresh(run.ctx.out_dir)
    run.journal.load()
    started, cpu = time.perf_counter(), time.process_time()
    # `--engine auto` starts its pool only now: a small (or nearly finished) run is faster in
    # this process than spread over workers that take seconds to start
    started_here = engine is None and ov.auto_pool and pool_pays(run)
    engine = open_engine(ov) if started_here else engine
    workers = engine.capacity() if engine is not None else 0
    batch_notes: list[str] = []
    if engine is not None:  # shards on worker processes; the spending they add is read back
        with closing(engine if started_here else None):
            usage = await engine_run(engine, run, ov)
    elif ov.batch is not None:  # rounds of batches until no item waits (generator/batch_rounds.py)
        from .batch_rounds import run_rounds

        outcome = await run_rounds(run, ov.batch)
        usage, batch_notes = outcome.usage, outcome.notes
        run.seconds["run_cpu"] = time.process_time() - cpu
        if outcome.stopped is not None:
            return RunSummary(out_dir=run.ctx.out_dir, manifest=None, this_run=usage, notes=[outcome.stopped],
                              seconds=run.seconds, items_run=run.progress.finished_here())
    else:
        usage = await run_here(run, ov.shard, shard_of(run.plans, ov.shard) if ov.shard else run.plans)
        run.seconds["run_cpu"] = time.process_time() - cpu
    run.seconds["run"] = time.perf_counter() - started
    if ov.shard:  # a shard only adds finished items; an unsharded run exports them all
        return RunSummary(out_dir=run.ctx.out_dir, manifest=None, per_product={}, this_run=usage,
                          seconds=run.seconds, items_run=run.progress.finished_here())
    summary = export_run(run, StateStore(run.ctx.out_dir, run.key), usage)
    summary.workers = workers
    summary.notes += batch_notes
    return summary


def pool_pays(run: Run) -> bool:
    """Whether the pending items can keep more than one worker busy: most items have one request
    in flight at a time (a judge item a few), and a worker serves REQUESTS_PER_WORKER of them."""
    from .engines import REQUESTS_PER_WORKER
    from .engines.drive import count, pending

    return count(pending(run)) > REQUESTS_PER_WORKER


def export_run(run: Run, store: StateStore, usage: dict[str, int]) -> RunSummary:
    out_dir, cfg = run.ctx.out_dir, run.cfg
    started = time.perf_counter()
    before = previous_files(out_dir)
    done = store.index()  # read on demand: the results are never all in memory
    try:
        files, counts, prep = export_all(run.ctx, run.products, run.plans, done)
        files += write_plots(out_dir, run.names, prep)
        manifest = build_manifest(cfg, run.ctx, files, counts, run.llm, run.journal)
        remove_stale(out_dir, before, manifest)
        remove_left_temps(out_dir)
        atomic_write_text(out_dir / "manifest.json", manifest.model_dump_json(indent=2) + "\n")
        report = run_report(run.ctx, run.plans, done, run.products, prep)
        for name, (made, asked) in report.requested.items():  # the terminal's "made / asked" (set 39: a new
            counts.setdefault(name, {}).update(made=made, asked=asked)  # user read "items planned" 35 as the 70 asked)
    finally:
        done.close()
    atomic_write_text(out_dir / "README.md", card_text(out_dir, manifest, run.names, prep, report.card))
    run.seconds["export"] = time.perf_counter() - started
    return RunSummary(out_dir=out_dir, manifest=manifest, per_product=counts,
                      files=files + [out_dir / "manifest.json", out_dir / "README.md"],
                      this_run=usage, notes=report.terminal, seconds=run.seconds,
                      items_run=run.progress.finished_here())


def open_engine(ov: Overrides) -> Engine | None:
    from .engines import open_engine

    return open_engine(ov)


async def engine_run(engine: Engine, run: Run, ov: Overrides) -> dict[str, int]:
    from .engines.drive import engine_run

    return await engine_run(engine, run, ov)


async def generate_async(cfg: RunConfig, base_dir: Path, ov: Overrides) -> RunSummary:
    from .engines import choose

    ov = choose(ov, apply_overrides(cfg, ov))
    # an engine asked for by name starts now, so its start-up overlaps the planning; one chosen
    # by `--engine auto` once the plan shows the pending items can keep it busy (execute)
    engine = None if ov.auto_pool else open_engine(ov)
    with closing(engine):
        return await plan_and_run(cfg, base_dir, ov, engine)


@contextmanager
def closing(engine: Engine | None) -> Iterator[None]:
    """Release the engine's workers; stop them at once if the run is interrupted or fails."""
    try:
        yield
    except BaseException:
        if engine is not None:
            engine.close(abort=True)
        raise
    finally:
        if engine is not None:
            engine.close()


async def plan_and_run(cfg: RunConfig, base_dir: Path, ov: Overrides, engine: Engine | None) -> RunSummary:
    if not ov.dry_run:  # a busy --out is refused now, not after minutes of planning
        DirLock(Path(apply_overrides(cfg, ov).out), ov.shard).probe()
    run = prepare_run(cfg, base_dir, ov)
    if ov.dry_run:
        from .dryrun import dry_run

        return RunSummary(out_dir=run.ctx.out_dir, manifest=None, dry_run=await dry_run(run, ov))
    prepare_out(run.ctx.out_dir)
    # the lock file too is written under the confinement (a symlinked .state/lock is refused);
    # workers are stopped before the lock is released: nothing writes into an unlocked directory
    with confined_to(*write_roots(run.cfg, run.ctx.out_dir)), DirLock(run.ctx.out_dir, ov.shard), closing(engine):
        return await execute(run, ov, engine)


def generate(cfg: RunConfig, base_dir: Path, ov: Overrides) -> RunSummary:
    from .core.semantic import use_locale

    with use_locale(cfg.catalog_options.locale), stop_on_signals():  # names etc. in the run's locale
        return asyncio.run(generate_async(cfg, base_dir, ov))
