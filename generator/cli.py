"""Thin command-line interface: each command parses flags and calls one library function."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .errors import TrajgenError, one_line
from .signals import stop_on_signals

EXIT_USER_ERROR = 2
EXIT_FINDINGS = 1


def _generate(args: argparse.Namespace) -> int:
    from .config import load_config
    from .engine import Overrides, generate
    from .progress import llm_line, summary_table

    cfg_path = Path(args.config)
    cfg = load_config(cfg_path)
    out = args.out or (None if "out" in cfg.model_fields_set else f"outputs/{cfg_path.stem}")
    ov = Overrides(out=out, seed=args.seed, limit=args.limit, writer=args.writer,
                   base_url=args.base_url, model=args.model, concurrency=args.concurrency,
                   fresh=args.fresh, progress=not args.quiet, shard=args.shard, dry_run=args.dry_run,
                   splits=args.split, engine=args.engine, shards=args.shards, workers=args.workers,
                   ray_address=args.ray_address)
    if args.batch or args.batch_out or args.batch_in or args.batch_poll:  # generator/batch_rounds.py
        from .batch_rounds import batch_overrides

        ov = batch_overrides(ov, cfg, submit=args.batch, out_dir=args.batch_out, in_file=args.batch_in,
                             poll_s=args.batch_poll)
    summary = generate(cfg, cfg_path.resolve().parent, ov)
    if summary.dry_run is not None:
        print("\n".join(summary.dry_run.lines()))
    elif summary.manifest is None and ov.batch is not None:  # a batch round written for elsewhere
        print("\n".join(summary.notes), file=sys.stderr)
    elif summary.manifest is None:
        print(f"shard {args.shard[0]}/{args.shard[1]} done in {summary.out_dir}; when every shard's "
              ".state/ is there, run without --shard to export", file=sys.stderr)
    elif not args.quiet:
        from rich.console import Console

        Console(stderr=True).print(summary_table(summary.per_product))
        print(llm_line(summary.this_run), file=sys.stderr)
        for note in summary.notes:  # skipped tools and products short of what was requested
            print(note, file=sys.stderr)
        print(summary.rate_line(), file=sys.stderr)
        print(f"wrote {summary.out_dir}", file=sys.stderr)
    else:  # quiet: no table, no progress, but a product short of what was asked is never silent
        for note in summary.notes:
            if note.startswith("short:"):
                print(note, file=sys.stderr)
    return 0


def _validate(args: argparse.Namespace) -> int:
    from .validate import run_validate

    reports = [run_validate(Path(f), args.format, catalog=args.catalog) for f in args.file]
    explained = False
    for report in reports:
        for line in report.lines:
            print(line)
        for f in report.findings:
            print(f"{f.severity}: {f.where}: {f.message}")
        if report.by_design and not explained:
            explained = True
            print("(findings are measured properties the format has by design, e.g. hard queries that "
                  "leave values out; they never fail validation)")
        print(f"{report.format}: {len(report.errors)} error(s), {len(report.warnings)} warning(s), "
              f"{len(report.by_design)} finding(s)" + (f" in {report.path}" if len(reports) > 1 else ""))
    return EXIT_FINDINGS if any(r.errors for r in reports) else 0


def _stats(args: argparse.Namespace) -> int:
    from .validate import run_stats

    report = run_stats(Path(args.path), args.format, Path(args.compare) if args.compare else None)
    if args.json:
        print(report.model_dump_json(indent=2, include={"format", "path", "tables", "figures"}))
        return 0
    for line in report.lines:
        print(line)
    return 0


def _push(args: argparse.Namespace) -> int:
    from .hub.push import push

    res = push(Path(args.run_dir), args.repo_id, private=args.private, token=args.token,
               endpoint=args.endpoint, message=args.message)
    print(f"pushed {len(res.files)} file(s) to {res.repo_url} ({res.commit_url})", file=sys.stderr)
    return 0


def _hints(args: argparse.Namespace) -> int:
    from .config import LLMConfig
    from .hints import HINT_KINDS, run_hints

    cfg = LLMConfig(**({"concurrency": args.concurrency} if args.concurrency else {}))
    kinds = (args.only,) if args.only else HINT_KINDS
    done = run_hints([Path(p) for p in args.catalog], Path(args.out), cfg, args.base_url, args.model, kinds=kinds,
                     batch_out=args.batch_out, batch_in=args.batch_in)
    print("\n".join(done.lines), file=sys.stderr)
    return 0


def _eval(args: argparse.Namespace) -> int:
    from .evaluate.api import EvalOptions, run_eval

    opts = EvalOptions(paths=args.paths, model=args.model, base_url=args.base_url, out=args.out, name=args.name,
                       formats=[f.strip() for f in args.formats.split(",") if f.strip()] or None, limit=args.limit,
                       concurrency=args.concurrency or 8, json_calls=args.json_calls, temperature=args.temperature,
                       max_tools=args.max_tools, seed=args.seed, bootstrap=args.bootstrap,
                       budget_tokens=args.budget_tokens, max_tokens=args.max_tokens, progress=not args.quiet,
                       judge_model=args.judge_model, judge_base_url=args.judge_base_url)
    outcome = run_eval(opts)
    from rich.console import Console

    from .evaluate.report import summary_table

    Console(width=None if sys.stdout.isatty() else 130).print(summary_table(outcome.summary))
    print(f"{outcome.items} items ({outcome.resumed} resumed, {outcome.failures} refused by the endpoint); "
          f"requests sent {outcome.usage.requests_sent}, cache hits {outcome.usage.cache_hits}", file=sys.stderr)
    for w in outcome.warnings[:10]:
        print(f"note: {w}", file=sys.stderr)
    if len(outcome.warnings) > 10:
        print(f"note: ... and {len(outcome.warnings) - 10} more", file=sys.stderr)
    print(f"wrote {outcome.model_dir} and {', '.join(str(p) for p in outcome.plots) or 'no plots (pip install matplotlib)'}",
          file=sys.stderr)
    return 0


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("expected a number >= 1")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("expected a number of seconds") from None
    if not value > 0:
        raise argparse.ArgumentTypeError("expected a number of seconds > 0")
    return value


SPLIT_HELP = ("BY[:TRAIN,VALIDATION,TEST]: write train/validation/test files disjoint by BY (target, tool, "
              "domain or user) with these ratios (default 0.8,0.1,0.1; two numbers: train,test); `none` "
              "writes the un-split layout whatever the config says")


def _split(text: str) -> dict | None:
    if text == "none":
        return None
    by, _, ratios = text.partition(":")
    if by not in ("target", "tool", "domain", "user"):
        raise argparse.ArgumentTypeError("expected target, tool, domain or user (or none), e.g. target:0.8,0.1,0.1")
    if not ratios:
        return {"by": by}
    try:
        values = [float(x) for x in ratios.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError("ratios must be numbers, e.g. target:0.8,0.1,0.1") from None
    names = {2: ("train", "test"), 3: ("train", "validation", "test")}.get(len(values))
    if names is None:
        raise argparse.ArgumentTypeError("give two ratios (train,test) or three (train,validation,test)")
    return {"by": by, "ratios": dict(zip(names, values, strict=True))}


def _shard(text: str) -> tuple[int, int]:
    try:
        i, n = (int(x) for x in text.split("/"))
    except ValueError:
        raise argparse.ArgumentTypeError("expected I/N, e.g. 2/8") from None
    if not 1 <= i <= n:
        raise argparse.ArgumentTypeError("expected 1 <= I <= N")
    return i, n


def _add_llm_flags(p: argparse.ArgumentParser) -> None:
    p.add_argument("--base-url", help="OpenAI-compatible endpoint (default: config, then $OPENAI_BASE_URL)")
    p.add_argument("--model", help="model name sent to the endpoint")
    p.add_argument("--concurrency", type=_positive, help="requests in flight at once")


def _read(args: argparse.Namespace) -> int:
    from .reader.command import read_with_flags

    lines, to_stdout = read_with_flags(args)
    print("\n".join(lines), file=sys.stdout if to_stdout else sys.stderr)
    return 0


def _engine(value: str) -> str:
    """An engine name, checked against the registry only when given: the engines import the whole
    pipeline, which every other command (and --help) does without."""
    from .engines import engine_names

    names = engine_names()
    if value not in names:
        raise argparse.ArgumentTypeError(f"invalid choice: {value!r} (choose from {', '.join(names)})")
    return value


def _generate_command(sub: Any) -> None:
    g = sub.add_parser("generate", help="run a config: plan, write, validate, export",
                       description="Run CONFIG end to end. Rerunning the same command resumes: finished "
                                   "items are skipped and cached LLM exchanges are not re-sent.")
    g.add_argument("config", help="YAML run config (see examples/quickstart.yaml)")
    g.add_argument("--out", help="output directory (default: the config's `out`, else outputs/<config name>)")
    g.add_argument("--seed", type=int, help="override the config's seed")
    g.add_argument("--limit", type=_positive, help="at most N work items per product (quick trials)")
    g.add_argument("--writer", choices=["template", "llm"], help="query writer (default: config, template)")
    _add_llm_flags(g)
    g.add_argument("--fresh", action="store_true", help="ignore finished items and start over (the LLM cache is kept)")
    g.add_argument("--shard", type=_shard, metavar="I/N",
                   help="run only shard I of N (items split by a hash of their stable id) and skip "
                        "the export; shards sharing OUT/.state merge without duplicates, and a final "
                        "run without --shard exports everything")
    g.add_argument("--split", type=_split, default=False, metavar="BY[:RATIOS]", help=SPLIT_HELP)
    g.add_argument("--engine", default="auto", type=_engine, metavar="ENGINE",
                   help="where the items run: asyncio (this process), process (shards on a pool of "
                        "processes on this machine), ray (shards as Ray tasks: pip install 'trajgen[ray]'), "
                        "auto (the default: asyncio, or process for an llm run with --concurrency of 128 "
                        "or more on a machine with several CPUs: a worker per 64 requests in flight, at "
                        "most one per CPU); the files are byte-identical whichever runs them")
    g.add_argument("--shards", type=_positive, metavar="N",
                   help="process/ray: split the plan into N shards (default: 4 per worker, so a worker "
                        "that finishes early takes another; 1 per worker with the llm writer)")
    g.add_argument("--workers", type=_positive, metavar="N",
                   help="process: pool size; ray: CPUs of the local Ray instance (default: the CPUs here)")
    g.add_argument("--ray-address", metavar="ADDR",
                   help="ray: join this cluster (e.g. auto, 10.0.0.5:6379, ray://head:10001; default: "
                        "$RAY_ADDRESS, else a local instance); --out must be on a file system every node mounts")
    g.add_argument("--dry-run", action="store_true",
                   help="plan, estimate the LLM calls, tokens and cost (from llm.prices), print, exit; "
                        "nothing is sent or written")
    g.add_argument("--batch", action="store_true",
                   help="send the LLM requests through the provider's Batch API (OpenAI Files and Batches, "
                        "at batch prices): each round is submitted, polled and ingested, and re-asks and "
                        "later steps go out as the next round until every item is done; a rerun after a "
                        "kill polls the batches already submitted (docs/batch.md)")
    g.add_argument("--batch-out", metavar="DIR",
                   help="write this round's requests as an OpenAI Batch input file into DIR and stop")
    g.add_argument("--batch-in", metavar="FILE",
                   help="ingest an OpenAI Batch output file into the cache, then continue (with "
                        "--batch-out: write the next round; when nothing waits: export)")
    g.add_argument("--batch-poll", type=_seconds, metavar="SECONDS",
                   help="--batch: the longest wait between two polls of a batch (default 60)")
    g.add_argument("--quiet", action="store_true",
                   help="no progress bar or summary (a product short of what was asked is still said)")
    g.set_defaults(func=_generate)


def _validate_command(sub: Any) -> None:
    v = sub.add_parser("validate", help="audit a file in a supported format",
                       description="Audit FILE: errors (format or schema violations, an empty file), "
                                   "warnings (quirks) and findings (measured properties the format has "
                                   "by design, e.g. hard queries that leave values out), then the "
                                   "vagueness figures. Exit 1 when errors are found; findings never fail.")
    v.add_argument("file", nargs="+",
                   help="file(s), format directory, or run directory (each format inside is audited)")
    v.add_argument("--format", help="trail | traject | sdg | judge | bfcl (default: detected)")
    v.add_argument("--catalog", help="trail: directory of OpenAI-format tool files to check answers against "
                                     "(default: an apis/ folder beside or above FILE)")
    v.set_defaults(func=_validate)


def _stats_command(sub: Any) -> None:
    s = sub.add_parser("stats", help="vagueness statistics of a file or directory",
                       description="Print value recall, app mentions, words per query and recoverability "
                                   "per level for our files or the original benchmarks' files.")
    s.add_argument("path")
    s.add_argument("--format", help="trail | traject | sdg | judge | bfcl (default: detected; a run "
                                    "directory reports each format inside)")
    s.add_argument("--json", action="store_true",
                   help="print the tables (title, columns, rows, legend, notes; n/a as null) and the "
                        "flat figures (the text figures too, as text.<format>.<level>.<figure>) as JSON")
    s.add_argument("--compare", metavar="UPSTREAM", help="an original benchmark file or folder: its text "
                   "figures (words, read-outs, defects, openings per level) are printed beside ours")
    s.set_defaults(func=_stats)


def _push_command(sub: Any) -> None:
    p = sub.add_parser("push", help="publish a run directory as a Hugging Face dataset",
                       description="Upload RUN_DIR (the files its manifest lists, the card README.md and "
                                   "manifest.json; never .state/ or .cache/) to the dataset repository "
                                   "REPO_ID in one commit, creating it if needed. Needs huggingface_hub "
                                   "(pip install 'trajgen[hub]') and a token (--token, $HF_TOKEN or "
                                   "`hf auth login`).")
    p.add_argument("run_dir", help="a run directory written by `trajgen generate`")
    p.add_argument("repo_id", help="namespace/name of the dataset repository")
    p.add_argument("--private", action="store_true", help="create the repository as private")
    p.add_argument("--token", help="Hugging Face token (default: $HF_TOKEN or the saved login)")
    p.add_argument("--endpoint", help="Hub URL (default: $HF_ENDPOINT or https://huggingface.co)")
    p.add_argument("--message", help="commit message")
    p.set_defaults(func=_push)


def _hints_command(sub: Any) -> None:
    h = sub.add_parser("hints", help="have the LLM write phrasing hints and value profiles once per tool (cached)",
                       description="Write a hints file: phrasing hints for the template writer and value profiles "
                                   "(realistic values and the rules the prose states, docs/values.md) for every "
                                   "writer; two LLM calls per tool, cached, so thousands of queries cost a few "
                                   "dozen calls.")
    h.add_argument("catalog", nargs="+", help="catalog files or directories")
    h.add_argument("--out", required=True, help="hints JSON file to write")
    _add_llm_flags(h)
    h.add_argument("--only", choices=("phrasing", "values"), help="write only phrasing hints or only value profiles")
    h.add_argument("--batch-out", metavar="DIR",
                   help="write the prompts not yet answered as an OpenAI Batch input file into DIR and stop "
                        "(the hints file is written once every prompt is answered; docs/batch.md)")
    h.add_argument("--batch-in", metavar="FILE",
                   help="store the answers of an OpenAI Batch output file in the cache first (with --batch-out: "
                        "write the re-asks still open)")
    h.set_defaults(func=_hints)


def _read_command(sub: Any) -> None:
    r = sub.add_parser("read", help="label every (query, gold argument) by reading the text",
                       description="Read the queries of TRAILBench, TRAJECT-Bench, BFCL, SDG or judge files (trajgen's "
                                   "or the original benchmarks') as a person would: for every gold argument, whether "
                                   "the text states, describes, hints at or omits it, whether a reading rule then "
                                   "determines it, and what the text asks beyond the gold calls (docs/reader.md). "
                                   "One JSON line per (query, argument), then a summary table per level.")
    r.add_argument("files", nargs="+", metavar="FILE", help="query files or folders")
    r.add_argument("--out", help="labels JSONL to write (default: standard output; the table goes to standard error)")
    r.add_argument("--root", help="name files relative to this folder in the output (default: the working folder)")
    r.add_argument("--only", metavar="LABELS",
                   help="read only the queries this JSON Lines file names (file, record, level, paraphrase on each "
                        "line, as a label file has them): the oracle is asked about those alone")
    r.add_argument("--model", help="turn on the world-knowledge oracle: this model (OpenAI-compatible) is asked about "
                                   "the values the rules leave omitted (docs/reader.md)")
    r.add_argument("--base-url", help="the oracle's endpoint (default: $OPENAI_BASE_URL, else the OpenAI API)")
    r.add_argument("--cache-dir", help="the oracle's exchange cache (default: .cache/llm beside --out, else in the "
                                       "working folder)")
    r.add_argument("--batch-out", metavar="DIR",
                   help="write the oracle's unanswered questions as an OpenAI Batch input file into DIR and stop "
                        "(no labels are written)")
    r.add_argument("--batch-in", metavar="FILE",
                   help="store the answers of an OpenAI Batch output file in the oracle's cache, then read "
                        "(with --batch-out: write the questions still open, e.g. re-asks)")
    r.set_defaults(func=_read)


def _eval_command(sub: Any) -> None:
    e = sub.add_parser("eval", help="score a model's tool calling per vagueness level",
                       description="Send every query of trajgen's files or the original benchmarks' files to "
                                   "an OpenAI-compatible model (native tool calling), score it with each format's "
                                   "own rule, and report accuracy per level with 95%% intervals clustered by target. "
                                   "Rerunning resumes: finished items and cached exchanges are not re-sent.")
    e.add_argument("paths", nargs="+", metavar="RUN_DIR_OR_FILES",
                   help="a trajgen run directory, or benchmark files / folders (TRAILBench query files, "
                        "TRAJECT-Bench parallel/sequential files, BFCL question files, SDG .jsonl)")
    _add_llm_flags(e)
    e.add_argument("--formats", default="",
                   help="formats to evaluate (comma-separated; default: every registered one, plug-ins included)")
    e.add_argument("--limit", type=_positive, help="at most N items per format (whole targets, seeded order)")
    e.add_argument("--out", help="results folder (default for a run directory: RUN_DIR/eval)")
    e.add_argument("--name", help="name of this model's results and plot line (default: --model)")
    e.add_argument("--json-calls", action="store_true",
                   help="for models without tool calling: describe the tools in the prompt, ask for JSON calls")
    e.add_argument("--temperature", type=float, default=0.0, help="sampling temperature (default 0)")
    e.add_argument("--max-tools", type=_positive, default=20,
                   help="TRAJECT-Bench: tools offered per query, gold ones included (default 20)")
    e.add_argument("--seed", type=int, default=0, help="seed of --limit sampling, distractors and the bootstrap")
    e.add_argument("--bootstrap", type=_positive, default=2000, help="bootstrap resamples (default 2000)")
    e.add_argument("--budget-tokens", type=_positive, help="stop cleanly after this many tokens (resumable)")
    e.add_argument("--max-tokens", type=_positive, help="cap on each reply's length")
    e.add_argument("--judge-model", help="when2call: the model that classifies free-text replies (call, question, "
                                         "refusal, direct answer) the rule cannot; without it, a fallback rule")
    e.add_argument("--judge-base-url", help="the judge model's endpoint (default: --base-url)")
    e.add_argument("--quiet", action="store_true", help="no progress lines")
    e.set_defaults(func=_eval)


# One function per subcommand, in the order `trajgen --help` lists them.
COMMANDS: tuple[Callable[[Any], None], ...] = (
    _generate_command,
    _validate_command,
    _stats_command,
    _push_command,
    _hints_command,
    _read_command,
    _eval_command,
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="trajgen",
        description="Generate validated tool-calling benchmark and training data "
                    "(TRAILBench, TRAJECT-Bench, BFCL, judge rows) with controlled query vagueness.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        command(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        with stop_on_signals():  # from the start: a stop while loading or planning is a stop too
            return func(args)
    except TrajgenError as exc:
        print(f"trajgen: error: {one_line(str(exc))}", file=sys.stderr)
        return EXIT_USER_ERROR
    except KeyboardInterrupt as exc:  # Ctrl-C, or SIGTERM (engine.Terminated): the same clean stop
        what = "terminated" if type(exc).__name__ == "Terminated" else "interrupted"
        print(f"trajgen: {what}; finished items are saved: rerun the same command to resume",
              file=sys.stderr)
        return 143 if what == "terminated" else 130


if __name__ == "__main__":
    sys.exit(main())
