"""`trajgen read FILE... [--out labels.jsonl]`: read every query of the files and write one line per
(query, gold argument) in the reading guidelines' format, then a summary table per level."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections import Counter, defaultdict
from collections.abc import Awaitable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Self, TypeVar

from ..errors import InputError
from .oracle import Oracle, consult_all
from .read import read_query
from .records import LABELS, Reading
from .sources import Item, items_of

LABELER = "trajgen-reader"
T = TypeVar("T")


def expand(paths: Sequence[str | Path]) -> list[Path]:
    """Files as given; a folder stands for its *.json / *.jsonl files (sorted), catalogs excluded."""
    out: list[Path] = []
    for raw in paths:
        p = Path(raw)
        if not p.exists():
            raise InputError("no such file or folder", file=str(p))
        if p.is_dir():
            out += sorted(f for f in p.rglob("*") if f.suffix in (".json", ".jsonl") and _is_query_file(f))
        else:
            out.append(p)
    return out


def _is_query_file(f: Path) -> bool:
    skip = {"apis", "apis_openai", "tools", "possible_answer", ".state", ".cache", "multi_turn_func_doc", "gold",
            "chat", "plots", "eval"}
    return not (skip & set(f.parts)) and f.name not in ("manifest.json", "sequence.json", "rejections.jsonl",
                                                        "meta.jsonl", "pairs.jsonl")


def label_of(path: Path, root: Path | None) -> str:
    """How output lines name the file: relative to `root` (or the working folder) when inside it,
    through its links as given (a root that links to the benchmark's folders) or resolved."""
    base = Path(os.path.abspath(root or Path.cwd()))
    for inside, top in ((Path(os.path.abspath(path)), base), (path.resolve(), base.resolve())):
        if inside.is_relative_to(top):
            return inside.relative_to(top).as_posix()
    return path.as_posix()


def lines_of(item: Item, reading: Reading) -> Iterator[dict[str, Any]]:
    added = [a.model_dump() for a in reading.added]
    for a in reading.args:
        line = {"file": item.file, "record": item.record, "level": item.level, "paraphrase": item.paraphrase,
                "call": a.call, "query": item.query, "tool": item.tool_labels[a.call], "param": a.param,
                "gold": a.gold, "label": a.label, "determined": a.determined}
        if a.source:
            line["source"] = a.source
        line.update({"value": a.value, "rule": a.rule, "evidence": a.evidence, "added": added, "labeler": LABELER})
        yield line


@dataclass
class Summary:
    """Counts per (file kind, level): labels, determined among hinted and omitted, queries, added."""

    labels: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    determined: Counter[str] = field(default_factory=Counter)
    queries: Counter[str] = field(default_factory=Counter)
    added: Counter[str] = field(default_factory=Counter)
    # per level: a call's number of values -> values in such calls (bands that follow call size)
    sizes: dict[str, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    files: int = 0
    pairs: int = 0
    # (model, queries asked, queries not answered, queries waiting for a batch answer)
    oracle: tuple[str, int, int, int] | None = None

    def add(self, item: Item, reading: Reading) -> None:
        level = f"{item.kind} {item.level}"
        self.queries[level] += 1
        self.added[level] += bool(reading.added)
        for a in reading.args:
            self.labels[level][a.label] += 1
            self.determined[level] += bool(a.determined)
            self.pairs += 1
        for n in Counter(a.call for a in reading.args).values():
            self.sizes[level][n] += n

    def rows(self) -> list[list[Any]]:
        """Per level: level, queries, pairs, one count per label, determined, VR, added."""
        rows: list[list[Any]] = []
        for level, counts in self.labels.items():
            n = sum(counts.values())
            unsaid = counts["hinted"] + counts["omitted"]
            rows.append([level, self.queries[level], n, *[counts[lb] for lb in LABELS],
                         self.determined[level] / unsaid if unsaid else None, counts["stated"] / n if n else None,
                         self.added[level] / self.queries[level]])
        return rows

    def lines(self) -> list[str]:
        """The table as aligned text, then what its columns mean."""
        cells = [COLUMNS] + [[_cell(v) for v in row] for row in self.rows()]
        widths = [max(len(r[i]) for r in cells) for i in range(len(COLUMNS))]
        text = ["  " + "  ".join([r[0].ljust(widths[0])] + [v.rjust(w) for v, w in zip(r[1:], widths[1:], strict=True)])
                for r in cells]
        head = f"reader: {self.pairs} (query, argument) pairs in {self.files} file(s)"
        if self.oracle is not None:
            model, asked, failed, waiting = self.oracle
            head += (f"; world-knowledge oracle {model}: {asked} queries asked"
                     + (f", {failed} not answered (their rule readings stand)" if failed else "")
                     + (f", {waiting} waiting for a batch answer (their rule readings stand)" if waiting else ""))
        else:
            head += "; rules only (no world-knowledge oracle: --model)"
        return [head, *text, *(f"  {k}: {v}" for k, v in LEGEND.items())]


COLUMNS = ["level", "queries", "pairs", *LABELS, "determined", "VR", "added"]
LEGEND = {"determined": "share of hinted and omitted values a reading rule yields exactly",
          "VR": "value recall by meaning: the share of gold values the text states",
          "added": "share of queries asking for something the gold calls do not hold"}


def _cell(value: Any) -> str:
    if value is None:
        return "n/a"
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def read_files(paths: Sequence[str | Path], out: str | Path | None = None, root: str | Path | None = None,
               oracle: Oracle | None = None, write: bool = True, only: frozenset[Key] | None = None) -> Summary:
    """Read every query of `paths` (only those `only` names, when given); write the lines to `out`
    (atomically) or standard output (not at all with `write=False`: a batch round only collects the
    oracle's questions). With an `oracle`, the values the rules leave omitted are put to it (oracle.py)."""
    files = expand(paths)
    summary = Summary(files=len(files))
    with _Loop() as loop:
        rows = _read_all(files, Path(root) if root else None, summary, oracle, loop, only)
        if not write:
            for _ in rows:
                pass
        elif out is None:
            for row in rows:
                print(json.dumps(row, ensure_ascii=False))
        else:
            from ..io import atomic_lines

            with atomic_lines(Path(out)) as put:
                for row in rows:
                    put(json.dumps(row, ensure_ascii=False) + "\n")
        if oracle is not None:
            loop.run(oracle.client.aclose())
            summary.oracle = (oracle.client.model, oracle.asked, oracle.failed, oracle.waiting)
    return summary


class _Loop:
    """One event loop for the whole run: the client's connections belong to it."""

    def __enter__(self) -> Self:
        self.loop = asyncio.new_event_loop()
        return self

    def run(self, work: Awaitable[T]) -> T:
        return self.loop.run_until_complete(work)

    def __exit__(self, *exc: object) -> None:
        self.loop.close()


CHUNK = 256  # queries put to the oracle at once (their answers keep the file's order)


Key = tuple[str, int, str, int]  # (file, record, level, paraphrase): one query, as output lines name it


def only_queries(path: str) -> frozenset[Key]:
    """The queries a JSON Lines file names (a label file: `file`, `record`, `level`, `paraphrase` on
    every line); a line without them is one error naming the file, the line and the field."""
    from ..errors import InputError

    keys = set()
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise InputError(f"cannot read it: {e.strerror}", file=path) from None
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            keys.add((str(row["file"]), int(row["record"]), str(row["level"]), int(row["paraphrase"])))
        except (ValueError, TypeError) as e:
            raise InputError(f"not a JSON object with file, record, level and paraphrase ({e})", file=path,
                             record=f"line {number}") from None
        except KeyError as e:
            raise InputError("missing", file=path, record=f"line {number}", field=str(e.args[0])) from None
    return frozenset(keys)


def _read_all(files: Iterable[Path], root: Path | None, summary: Summary, oracle: Oracle | None,
              loop: _Loop, only: frozenset[Key] | None = None) -> Iterator[dict[str, Any]]:
    # A history event with an unparseable time (upstream u7 has 28) is skipped, as `generate` does;
    # its warning would repeat once per record of the file here, so the readers' logger is quieted.
    logging.getLogger("generator.readers.histories").setLevel(logging.ERROR)
    for path in files:
        batch: list[tuple[Item, Reading]] = []
        for item in items_of(path, label_of(path, root)):
            if only is not None and (item.file, item.record, item.level, item.paraphrase) not in only:
                continue
            batch.append((item, read_query(item.query, item.calls, item.situation, item.kinds)))
            if len(batch) >= CHUNK:
                yield from _flush(batch, summary, oracle, loop)
                batch = []
        yield from _flush(batch, summary, oracle, loop)


def _flush(batch: list[tuple[Item, Reading]], summary: Summary, oracle: Oracle | None,
           loop: _Loop) -> Iterator[dict[str, Any]]:
    readings = [r for _, r in batch]
    if oracle is not None and batch:
        readings = loop.run(consult_all(oracle, [(i.query, r, i.calls, i.situation) for i, r in batch]))
    for (item, _), reading in zip(batch, readings, strict=True):
        summary.add(item, reading)
        yield from lines_of(item, reading)


def oracle_for(model: str, base_url: str | None, cache_dir: str | None, out: str | Path | None) -> Oracle:
    """The oracle `trajgen read --model` asks: the project's client, cached, at temperature 0."""
    from ..config import LLMConfig
    from ..llm.client import make_client

    return Oracle(make_client(LLMConfig(model=model, temperature=0.0), cache_path(cache_dir, out), base_url=base_url))


def cache_path(cache_dir: str | None, out: str | Path | None) -> Path:
    cache = Path(cache_dir) if cache_dir else state_path(out) / ".cache" / "llm"
    cache.mkdir(parents=True, exist_ok=True)
    return cache


def state_path(out: str | Path | None) -> Path:
    """Where a read keeps its cache and batch ledger: beside --out, else the working folder."""
    return Path(out).resolve().parent if out else Path.cwd()


def read_with_flags(args: Any) -> tuple[list[str], bool]:
    """`trajgen read` as the CLI calls it: (the lines to print, whether to standard output)."""
    from ..errors import ConfigError

    if (args.batch_out or args.batch_in) and not args.model:
        raise ConfigError("--batch-out / --batch-in carry the oracle's questions: they need --model")
    only = only_queries(args.only) if args.only else None
    if not (args.batch_out or args.batch_in):
        oracle = oracle_for(args.model, args.base_url, args.cache_dir, args.out) if args.model else None
        summary = read_files(args.files, out=args.out, root=args.root, oracle=oracle, only=only)
        return summary.lines(), args.out is not None
    from .offline import offline_for

    off = offline_for(args.model, args.base_url, cache_path(args.cache_dir, args.out), state_path(args.out))
    try:
        if args.batch_in:
            off.ingest_file(Path(args.batch_in))
        summary = read_files(args.files, out=args.out, root=args.root, oracle=Oracle(off.client),
                             write=not args.batch_out, only=only)
        if args.batch_out and off.waiting():
            return [*off.notes, off.write_round(Path(args.batch_out))], False
        if args.batch_out:  # nothing waits: read again, writing the labels
            summary = read_files(args.files, out=args.out, root=args.root, oracle=Oracle(off.client), only=only)
        return [*off.notes, *summary.lines()], args.out is not None
    finally:
        off.ledger.close()
