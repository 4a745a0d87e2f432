"""Library side of `trajgen eval`: load items, ask the model, score, resume, summarize, plot."""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field, PositiveInt

from .. import __version__
from ..config import LLMConfig
from ..errors import BudgetExceeded, ConfigError, LLMError, TrajgenError
from ..io import write_json
from ..llm.client import make_client
from ..llm.flow import EndpointRefused, Refused
from ..llm.protocol import LLMClient, Usage
from ..plugins import load_plugins
from ..prompting import PROMPTS_DIR
from ..records import Record
from . import plots
from .ask import ask
from .formats import FORMATS, LoadContext
from .load import load_items, select
from .records import EvalItem, EvalResult, Prediction
from .results import ResultSink, in_item_order, read_results
from .stats import summarize

# After this many finished items with every one refused by the endpoint, stop: a wrong model
# name or a server without tool calling would otherwise fail every item one by one.
FAILFAST = 8


class EvalOptions(Record):
    paths: list[str] = Field(min_length=1)
    model: str | None = None
    base_url: str | None = None
    formats: list[str] | None = None  # None: every registered eval format (built-in and plug-in)
    limit: PositiveInt | None = None
    concurrency: PositiveInt = 8
    out: str | None = None
    name: str | None = None
    json_calls: bool = False
    temperature: float = Field(0.0, ge=0, le=2)
    max_tools: PositiveInt = 20
    seed: int = 0
    bootstrap: PositiveInt = 2000
    budget_tokens: PositiveInt | None = None
    max_tokens: PositiveInt | None = None
    progress: bool = True
    judge_model: str | None = None  # classifies free-text replies where a format asks (when2call)
    judge_base_url: str | None = None  # default: base_url


@dataclass
class EvalOutcome:
    out_dir: Path
    model_dir: Path
    summary: dict[str, Any]
    plots: list[Path]
    items: int
    resumed: int
    failures: int
    usage: Usage
    warnings: list[str] = field(default_factory=list)


def slug(name: str) -> str:
    """A model name as one folder name ("Qwen/Qwen2.5-7B" -> "Qwen__Qwen2.5-7B")."""
    return re.sub(r"[^A-Za-z0-9._-]", "_", name.replace("/", "__")).strip(".") or "model"


def out_root(opts: EvalOptions) -> Path:
    if opts.out:
        return Path(opts.out)
    if len(opts.paths) == 1 and (Path(opts.paths[0]) / "manifest.json").is_file():
        return Path(opts.paths[0]) / "eval"
    raise ConfigError("--out is needed unless the one path given is a trajgen run directory "
                      "(results then go to RUN_DIR/eval/<model>/)", field="--out")


def setup_key(opts: EvalOptions, model: str) -> str:
    """What makes two results comparable: a result line of another setup is not reused."""
    prompts = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted((PROMPTS_DIR / "eval").glob("*.j2"))}
    data = {"model": model, "json_calls": opts.json_calls, "temperature": opts.temperature,
            "max_tools": opts.max_tools, "seed": opts.seed, "max_tokens": opts.max_tokens, "prompts": prompts,
            **({"judge": opts.judge_model} if opts.judge_model else {})}
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]


def requested_formats(asked: list[str] | None) -> list[str]:
    """The eval formats to look for: those asked, or every registered one (plug-ins included)."""
    load_plugins()  # an installed plug-in registers its EvalFormat when its module is imported
    unknown = [f for f in asked or [] if f not in FORMATS]
    if unknown:
        raise ConfigError(f"unknown format '{unknown[0]}' (known: {', '.join(FORMATS.names())})", field="--formats")
    return asked or FORMATS.names()


def run_eval(opts: EvalOptions) -> EvalOutcome:
    opts = opts.model_copy(update={"formats": requested_formats(opts.formats)})
    if not opts.model:
        raise ConfigError("no model: pass --model", field="--model")
    root = out_root(opts)
    ctx = LoadContext(max_tools=opts.max_tools, seed=opts.seed)
    items = select(load_items([Path(p) for p in opts.paths], opts.formats or [], ctx), opts.limit, opts.seed)
    name = opts.name or opts.model
    model_dir = root / slug(name)
    setup = setup_key(opts, opts.model)
    done = read_results(model_dir / "results.jsonl", setup)
    todo = [i for i in items if i.id not in done]
    cfg = LLMConfig(model=opts.model, concurrency=opts.concurrency, temperature=opts.temperature,
                    budget_tokens=opts.budget_tokens, max_tokens=opts.max_tokens)
    client = make_client(cfg, root / ".cache" / "llm", base_url=opts.base_url, model=opts.model)
    judge = judge_client(opts, root)
    sink = ResultSink(model_dir / "results.jsonl")
    runner = Runner(client, opts, setup, sink, judge)
    try:
        asyncio.run(runner.run(todo))
    finally:
        sink.close()
    in_item_order(model_dir / "results.jsonl", setup, [i.id for i in items])
    rows = [r for r in read_results(model_dir / "results.jsonl", setup).values() if r.id in {i.id for i in items}]
    summary = build_summary(opts, name, client, items, rows)
    write_json(model_dir / "summary.json", summary)
    made = [p for p in (plots.accuracy_plot(root, root / "accuracy_by_level.png"),
                        plots.error_mix_plot(summary, model_dir / "error_mix.png"), *format_plots(summary, model_dir))
            if p is not None]
    return EvalOutcome(out_dir=root, model_dir=model_dir, summary=summary, plots=made, items=len(items),
                       resumed=len(items) - len(todo), failures=runner.failures, usage=client.usage,
                       warnings=ctx.warnings)


def judge_client(opts: EvalOptions, root: Path) -> LLMClient | None:
    """The judge model's client (same cache folder; its own base URL if given), None without one."""
    if not opts.judge_model:
        return None
    cfg = LLMConfig(model=opts.judge_model, concurrency=opts.concurrency, temperature=0.0,
                    budget_tokens=opts.budget_tokens)
    return make_client(cfg, root / ".cache" / "llm", base_url=opts.judge_base_url or opts.base_url,
                       model=opts.judge_model)


def format_plots(summary: dict[str, Any], model_dir: Path) -> list[Path | None]:
    """Each format's own figure (EvalFormat.plot), as <model_dir>/<format>.png."""
    return [fmt.plot(block, model_dir / f"{name}.png") for name, block in summary.get("formats", {}).items()
            if name in FORMATS and (fmt := FORMATS.get(name)).plot is not None]


def build_summary(opts: EvalOptions, name: str, client: LLMClient, items: list[EvalItem],
                  rows: list[EvalResult]) -> dict[str, Any]:
    from .bfcl_rule import checker_name

    return {"name": name, "model": client.model, "endpoint": client.endpoint, "trajgen": __version__,
            "mode": "json" if opts.json_calls else "tools", "temperature": opts.temperature,
            "paths": opts.paths, "formats_requested": opts.formats, "limit": opts.limit, "seed": opts.seed,
            "bootstrap": opts.bootstrap, "bfcl_checker": checker_name(), "judge": opts.judge_model, "items": len(items),
            "scored": len(rows), "formats": summarize(rows, opts.seed, opts.bootstrap)}


class Runner:
    """Asks, scores and records items concurrently (the client's limiter bounds the requests)."""

    def __init__(self, client: LLMClient, opts: EvalOptions, setup: str, sink: ResultSink,
                 judge: LLMClient | None = None) -> None:
        self.client, self.opts, self.setup, self.sink, self.judge = client, opts, setup, sink, judge
        self.finished = self.failures = 0
        self.total = 0

    async def run(self, items: list[EvalItem]) -> None:
        self.total = len(items)
        gate = asyncio.Semaphore(max(4, 2 * self.opts.concurrency))
        try:
            async with asyncio.TaskGroup() as tg:
                for item in items:
                    tg.create_task(self.one(item, gate))
        except* TrajgenError as group:
            raise group.exceptions[0] from None
        finally:
            await self.client.aclose()
            if self.judge is not None:
                await self.judge.aclose()

    async def one(self, item: EvalItem, gate: asyncio.Semaphore) -> None:
        fmt = FORMATS.get(item.format)
        async with gate:
            pred = await self.predict(item)
            if fmt.review is not None:
                pred = await fmt.review(item, pred, self.judge)
        score = fmt.score(item, pred)
        self.sink.append(EvalResult(
            id=item.id, format=item.format, target=item.target, level=item.level, level_rank=item.level_rank,
            category=item.category, domain=item.domain, length=item.length, query=item.query,
            prediction=pred.calls, text=pred.text, correct=score.correct, error_type=score.error_type,
            measures=score.measures, detail="; ".join([score.detail, *pred.notes]).strip("; "),
            failure=pred.failure, setup=self.setup))
        self.progress(pred)

    async def predict(self, item: EvalItem) -> Prediction:
        try:
            return await ask(item, self.client, json_calls=self.opts.json_calls, temperature=self.opts.temperature)
        except EndpointRefused as exc:
            hint = " (a model without tool calling: rerun with --json-calls)" if not self.opts.json_calls else ""
            raise type(exc)(exc.message + hint) from None
        except LLMError as exc:
            if (exc.retryable and not isinstance(exc, Refused)) or isinstance(exc, BudgetExceeded):
                raise  # transport trouble or budget: stop; a rerun resumes from the cache
            return Prediction(failure=exc.message)  # refused: scored as no call, asked again on a rerun

    def progress(self, pred: Prediction) -> None:
        self.finished += 1
        self.failures += pred.failure is not None
        if self.failures == self.finished == FAILFAST:
            hint = " (a model without tool calling: rerun with --json-calls)" if not self.opts.json_calls else ""
            raise LLMError(f"the first {FAILFAST} items all failed: {pred.failure}{hint}", retryable=False)
        step = max(1, self.total // 10)
        if self.opts.progress and (self.finished % step == 0 or self.finished == self.total):
            print(f"eval: {self.finished}/{self.total} items", file=sys.stderr)
