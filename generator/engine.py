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
import shutil
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import ValidationError

from . import __version__
from .card import card_text
from .catalog import Catalog
from .config import RunConfig, check_settings
from .errors import BudgetExceeded, ConfigError, LLMError
from .hub.plots import write_plots
from .hub.prepare import Prepared, prepare
from .io import atomic_write_text, jsonl_text
from .llm.protocol import LLMClient
from .plugins import load_plugins
from .products.base import PRODUCTS, RunContext, WorkItem
from .progress import Progress
from .provenance import code_digest
from .records import ItemResult, Rejection, RunManifest, UserHistory
from .run_report import run_report
from .writers.base import WRITERS, Writer

STATE_DIR = ".state"


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
    splits: dict | None | bool = False  # --split: a `splits:` section, None for none, False: the config's


@dataclass
class RunSummary:
    out_dir: Path
    manifest: RunManifest | None
    per_product: dict[str, dict[str, int]] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    this_run: dict[str, int] = field(default_factory=dict)  # LLM usage of this invocation only
    notes: list[str] = field(default_factory=list)  # skipped tools and shortfalls, for the terminal


def this_run_usage(llm: LLMClient | None) -> dict[str, int]:
    if llm is None:
        return dict.fromkeys(UsageLedger.FIELDS, 0)
    return {k: getattr(llm.usage, k) for k in UsageLedger.FIELDS}


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


def input_digests(data: dict, base_dir: Path) -> dict[str, str]:
    """A digest of every input file the config names (catalogs, histories, personas, hints,
    product inputs): any config string that resolves to a file or directory counts."""
    out: dict[str, str] = {}
    for text in sorted(set(_strings(data))):
        path = base_dir / text
        if not text or len(text) > 4096 or not path.exists():
            continue
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
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
    for how_not_what in ("concurrency", "budget_tokens", "max_retries", "timeout_s", "cache_dir"):
        data["llm"].pop(how_not_what, None)
    key = {"config": data, "inputs": input_digests(data, base_dir), "code": code_digest(),
           "templates": template_hashes()}
    return hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:16]


def load_inputs(cfg: RunConfig, base_dir: Path) -> tuple[Catalog, list[UserHistory]]:
    from .readers import read_catalogs, read_histories
    from .screening import require_some, screen

    tools = read_catalogs(cfg.catalog, base_dir=base_dir, options=cfg.catalog_options)
    if cfg.hints:
        from .hints import apply_hints, load_hints

        tools = apply_hints(tools, load_hints(base_dir / cfg.hints))
    tools, skipped = screen(tools)  # a tool whose parameters cannot be sampled is skipped, with why
    require_some(tools, skipped)
    histories: list[UserHistory] = []
    for path in cfg.histories:
        histories.extend(read_histories(base_dir / path))
    return Catalog(tools, skipped), histories


def check_prompts() -> None:
    """Every prompt template renders only variables its caller provides; refuse to start otherwise."""
    from .hints import TEMPLATE_VARS
    from .prompting import check_templates
    from .writers.llm import PROMPT_VARIABLES

    problems = check_templates({**PROMPT_VARIABLES, **TEMPLATE_VARS})
    if problems:
        raise ConfigError("prompt templates do not match their callers: " + "; ".join(problems))


def make_writer(cfg: RunConfig, out_dir: Path) -> tuple[Writer, LLMClient | None]:
    if cfg.writer == "template":
        return WRITERS.get("template")(), None
    from .llm.client import make_client

    check_prompts()
    cache_dir = Path(cfg.llm.cache_dir) if cfg.llm.cache_dir else out_dir / ".cache" / "llm"
    client = make_client(cfg.llm, cache_dir)
    return WRITERS.get("llm")(client), client


class StateStore:
    """Append-only record of finished items, one file per config hash (and shard).

    Loading reads every file of the config hash, so shards that ran into the same directory
    (or whose state files were copied there) merge without duplicates."""

    def __init__(self, out_dir: Path, key: str, shard: tuple[int, int] | None = None) -> None:
        self.key = key
        suffix = f".shard{shard[0]}of{shard[1]}" if shard else ""
        self.path = out_dir / STATE_DIR / f"{key}{suffix}.jsonl"

    def load(self) -> dict[str, ItemResult]:
        done: dict[str, ItemResult] = {}
        for path in sorted(self.path.parent.glob(f"{self.key}*.jsonl")):
            done.update(self._read(path))
        return done

    @staticmethod
    def _read(path: Path) -> dict[str, ItemResult]:
        done: dict[str, ItemResult] = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            try:
                res = ItemResult.model_validate_json(line)
            except ValueError:  # a line cut short by an interrupted run: redo that item
                continue
            done[res.item_id] = res
        return done

    def append(self, res: ItemResult) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        with self.path.open("a", encoding="utf-8") as fh:
            fh.write(res.model_dump_json() + "\n")


class UsageLedger:
    """LLM usage summed over every invocation that produced this state, so the manifest of a
    resumed or repeated run reports what the dataset cost and stays byte-identical."""

    FIELDS = ("requests_sent", "cache_hits", "prompt_tokens", "completion_tokens", "retries", "reasks")

    def __init__(self, out_dir: Path, key: str, shard: tuple[int, int] | None = None) -> None:
        self.key = key
        suffix = f".shard{shard[0]}of{shard[1]}" if shard else ""
        self.dir = out_dir / STATE_DIR
        self.path = self.dir / f"{key}{suffix}.usage.json"

    def _read(self, path: Path) -> dict[str, int]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {k: int(data.get(k, 0)) for k in self.FIELDS}

    def add(self, llm: LLMClient | None) -> None:
        if llm is None:
            return
        mine = self._read(self.path)
        now = {k: mine.get(k, 0) + getattr(llm.usage, k) for k in self.FIELDS}
        self.dir.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.path, json.dumps(now, sort_keys=True) + "\n")

    def totals(self) -> dict[str, int]:
        total = dict.fromkeys(self.FIELDS, 0)
        for path in sorted(self.dir.glob(f"{self.key}*.usage.json")):
            for k, v in self._read(path).items():
                total[k] += v
        return total


def plan_items(ctx: RunContext, names: list[str], limit: int | None) -> dict[str, list[WorkItem]]:
    plans: dict[str, list[WorkItem]] = {}
    for name in names:
        items = PRODUCTS.get(name)().plan(ctx)
        plans[name] = items[:limit] if limit is not None else items
    return plans


def in_shard(item_id: str, shard: tuple[int, int]) -> bool:
    digest = hashlib.sha256(item_id.encode()).digest()
    return int.from_bytes(digest[:8], "big") % shard[1] == shard[0] - 1


def shard_of(plans: dict[str, list[WorkItem]], shard: tuple[int, int]) -> dict[str, list[WorkItem]]:
    return {name: [it for it in items if in_shard(it.item_id, shard)] for name, items in plans.items()}


async def run_items(ctx: RunContext, plans: dict[str, list[WorkItem]], store: StateStore,
                    done: dict[str, ItemResult], concurrency: int, progress: Progress) -> None:
    pending = [it for items in plans.values() for it in items if it.item_id not in done]
    weight = {it.item_id: item_weight(it, ctx) for it in pending}
    progress.start(total=sum(len(v) for v in plans.values()), done=len(plans_done(plans, done)),
                   weight=sum(weight.values()))
    sem = asyncio.Semaphore(concurrency)
    products = {name: PRODUCTS.get(name)() for name in plans}

    async def one(item: WorkItem) -> None:
        async with sem:
            try:
                res = await products[item.product].run(item, ctx)
            except BudgetExceeded:
                raise
            except LLMError as exc:
                if exc.retryable:  # the endpoint kept failing: no verdict, retry on a rerun
                    unfinished.append(exc.message)
                    return
                res = llm_rejection(item, exc)
        done[item.item_id] = res
        store.append(res)
        progress.advance(item.product, accepted=len(res.samples), rejected=len(res.rejections),
                         weight=weight[item.item_id])

    unfinished: list[str] = []
    tasks = [asyncio.ensure_future(one(it)) for it in pending]
    try:
        await asyncio.gather(*tasks)
    except BudgetExceeded as exc:
        raise BudgetExceeded(f"{exc.message}; finished items are saved: raise llm.budget_tokens and "
                             "rerun the same command to resume") from None
    finally:
        for t in tasks:
            t.cancel()
        progress.stop()
    if unfinished:
        raise LLMError(f"{len(unfinished)} item(s) unfinished because the endpoint kept failing "
                       f"(last: {unfinished[-1]}); finished items are saved: rerun the same command "
                       "to resume", retryable=True)


def item_weight(item: WorkItem, ctx: RunContext) -> int:
    """How much work an item is, for the ETA: the rows (queries, for TRAIL) it plans."""
    from .hub.facets import planned_of

    return max(1, sum(planned_of(item, ctx).values()))


def llm_rejection(item: WorkItem, exc: LLMError) -> ItemResult:
    """A bad reply that escaped the product's own handling is still data, not a crash."""
    rej = Rejection(item_id=item.item_id, product=item.product, stage="llm", validator="llm",
                    reason=exc.message, raw=exc.raw, attempts=exc.attempts)
    return ItemResult(item_id=item.item_id, product=item.product, rejections=[rej])


def plans_done(plans: dict[str, list[WorkItem]], done: dict[str, ItemResult]) -> list[str]:
    return [it.item_id for items in plans.values() for it in items if it.item_id in done]


def export_all(ctx: RunContext, plans: dict[str, list[WorkItem]], done: dict[str, ItemResult]
               ) -> tuple[list[Path], dict[str, dict[str, int]], Prepared]:
    """Dedup and split (generator.hub.prepare), then each product's export once per split."""
    prep = prepare(ctx, plans, done)
    files: list[Path] = []
    counts: dict[str, dict[str, int]] = {}
    rejections = []
    for name, items in plans.items():
        results = [done[it.item_id] for it in items]
        for split, part in prep.exports[name].items():
            files.extend(PRODUCTS.get(name)().export(part, dataclasses.replace(ctx, split=split)))
        counts[name] = {"items": len(items), "done": sum(it.item_id in done for it in items),
                        "accepted": sum(len(r.samples) for r in results),
                        "rejected": sum(len(r.rejections) for r in results),
                        "duplicates": sum(t.removed.product == name for t in prep.dedup.twins),
                        "written": prep.written(name)}
        rejections.extend(rej for r in results for rej in r.rejections)
    from .screening import skip_rejections

    rejections.extend(skip_rejections(ctx.catalog.skipped))
    rejections += prep.rejections()
    rej_path = ctx.out_dir / "rejections.jsonl"
    atomic_write_text(rej_path, jsonl_text(r.model_dump(mode="json") for r in rejections))
    files.append(rej_path)
    return files, counts, prep


def file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def build_manifest(cfg: RunConfig, ctx: RunContext, files: list[Path],
                   counts: dict[str, dict[str, int]], llm: LLMClient | None,
                   usage: dict[str, int]) -> RunManifest:
    from .prompting import template_hashes

    flat: dict[str, int] = {f"{p}.{k}": v for p, c in counts.items() for k, v in c.items()}
    flat.update({f"llm_{k}": v for k, v in usage.items()})
    rel = {str(p.relative_to(ctx.out_dir)): file_digest(p) for p in sorted(set(files))}
    config = cfg.model_dump(mode="json", exclude={"out"})
    return RunManifest(
        config=config, seed=cfg.seed, writer=cfg.writer,
        model=llm.model if llm else None, endpoint=llm.endpoint if llm else None,
        template_hashes=template_hashes(), code_version=__version__, code_digest=code_digest(),
        inputs=input_digests(config, ctx.base_dir), counts=flat, files=rel)


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


def prepare_out(out_dir: Path, fresh: bool) -> None:
    if out_dir.exists() and not out_dir.is_dir():
        raise ConfigError("the output path exists and is not a directory", file=str(out_dir))
    if fresh and (out_dir / STATE_DIR).exists():
        shutil.rmtree(out_dir / STATE_DIR)
    out_dir.mkdir(parents=True, exist_ok=True)


async def generate_async(cfg: RunConfig, base_dir: Path, ov: Overrides) -> RunSummary:
    load_plugins()
    cfg = apply_overrides(cfg, ov)
    names = cfg.products.enabled()
    if not names:
        raise ConfigError("no product is enabled", field="products")
    catalog, histories = load_inputs(cfg, base_dir)
    out_dir = Path(cfg.out)  # relative to the working directory, like --out
    writer, llm = make_writer(cfg, out_dir)
    ctx = RunContext(config=cfg, base_dir=base_dir, out_dir=out_dir, seed=cfg.seed, catalog=catalog,
                     histories=histories, writer=writer, llm=llm)
    plans = plan_items(ctx, names, ov.limit)  # pure: still nothing written
    prepare_out(out_dir, ov.fresh)
    key = config_hash(cfg, base_dir)
    store, ledger = StateStore(out_dir, key, ov.shard), UsageLedger(out_dir, key, ov.shard)
    done = store.load()
    progress = Progress(enabled=ov.progress)
    try:
        todo = shard_of(plans, ov.shard) if ov.shard else plans
        await run_items(ctx, todo, store, done, cfg.llm.concurrency, progress)
    finally:
        ledger.add(llm)
        if llm is not None:
            await llm.aclose()
    if ov.shard:  # a shard only adds finished items; an unsharded run exports them all
        return RunSummary(out_dir=out_dir, manifest=None, per_product={})
    before = previous_files(out_dir)
    files, counts, prep = export_all(ctx, plans, done)
    files += write_plots(out_dir, names, prep)
    manifest = build_manifest(cfg, ctx, files, counts, llm, ledger.totals())
    remove_stale(out_dir, before, manifest)
    atomic_write_text(out_dir / "manifest.json", manifest.model_dump_json(indent=2) + "\n")
    report = run_report(ctx, plans, done)
    atomic_write_text(out_dir / "README.md", card_text(out_dir, manifest, names, prep, report.card))
    return RunSummary(out_dir=out_dir, manifest=manifest, per_product=counts,
                      files=files + [out_dir / "manifest.json", out_dir / "README.md"],
                      this_run=this_run_usage(llm), notes=report.terminal)


def generate(cfg: RunConfig, base_dir: Path, ov: Overrides) -> RunSummary:
    from .semantic import use_locale

    with use_locale(cfg.catalog_options.locale):  # names, addresses and phones in the run's locale
        return asyncio.run(generate_async(cfg, base_dir, ov))
