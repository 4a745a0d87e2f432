"""The dataset card (README.md of a run): a Hugging Face YAML header, then registered sections.

Sections are functions of one `CardInput`, registered with an order number (`@section(40)`), so
another part of trajgen can add its own without touching the others. Every number in the card
is read from the files the run wrote (rows per config, rejections.jsonl, the formats' stats) or
from the manifest, never from memory of the run, so a rerun's card is byte-identical and its
counts match the files.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import IO, Any

import polars as pl
import yaml

from ..audit import STATS, AuditReport, Table, cell_text
from ..errors import InputError
from ..records import RunManifest
from .configs import HubConfig, hub_configs
from .layout import unsplit_name
from .prepare import Prepared
from .reports import stats_report

SIZE_CATEGORIES = ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M"),
                   (10_000_000, "1M<n<10M"), (100_000_000, "10M<n<100M"))
EXAMPLES = 5


def _registered(product: str) -> Any:
    from ..products.base import PRODUCTS

    return PRODUCTS.get(product) if product in PRODUCTS else None


def format_name(product: str) -> str:
    """The format a product writes, as the product registered it (Product.format_name)."""
    cls = _registered(product)
    return (cls.format_name if cls is not None else "") or product


def task_of(product: str) -> str | None:
    """The Hub task category of a product's rows (Product.hub_task)."""
    cls = _registered(product)
    return cls.hub_task if cls is not None else None


def stats_path(out_dir: Path, product: str) -> Path:
    """Where `trajgen stats` reads a product's files (Product.stats_source, else its folder)."""
    cls = _registered(product)
    return out_dir / ((cls.stats_source if cls is not None else "") or product)


@dataclass
class CardInput:
    out_dir: Path
    manifest: RunManifest
    products: list[str]
    prep: Prepared | None = None
    report: list[str] = field(default_factory=list)  # generator.run_report's card lines
    extra: dict[str, Any] = field(default_factory=dict)

    @cached_property
    def configs(self) -> list[HubConfig]:
        return hub_configs(self.out_dir, list(self.manifest.files))

    @cached_property
    def stats(self) -> dict[str, AuditReport | str]:
        """Each product's `trajgen stats` report on the written files (a message if it failed)."""
        out: dict[str, AuditReport | str] = {}
        for p in self.products:
            path = stats_path(self.out_dir, p)
            if p in STATS and path.exists():
                try:
                    out[p] = stats_report(p, path)
                except InputError as exc:
                    out[p] = exc.message
        return out

    @property
    def config(self) -> dict[str, Any]:
        return self.manifest.config

    def pretty_name(self) -> str:
        card = self.config.get("card") or {}
        return card.get("pretty_name") or f"trajgen tool-calling data ({', '.join(self.products)})"


Section = Callable[[CardInput], list[str]]
SECTIONS: list[tuple[int, str, Section]] = []


def section(order: int, name: str) -> Callable[[Section], Section]:
    """Register a card section; sections print in `order`, an empty list prints nothing."""
    def deco(fn: Section) -> Section:
        if any(n == name for _, n, _ in SECTIONS):
            raise ValueError(f"card section '{name}' registered twice")
        SECTIONS.append((order, name, fn))
        SECTIONS.sort(key=lambda s: (s[0], s[1]))
        return fn
    return deco


def card_text(out_dir: Path, manifest: RunManifest, products: list[str], prep: Prepared | None = None,
              report: list[str] | None = None) -> str:
    """`report`: the run report's sections (requested vs produced with the reasons when short,
    skipped tools, how the inputs were read), printed after the generation section."""
    inp = CardInput(out_dir=out_dir, manifest=manifest, products=products, prep=prep, report=list(report or []))
    parts = ["---", yaml.safe_dump(header(inp), sort_keys=False, allow_unicode=True, width=120).rstrip(), "---", ""]
    for _, _, fn in SECTIONS:
        lines = fn(inp)
        if lines:
            parts += [*lines, ""]
    return "\n".join(parts).rstrip() + "\n"


# ---------------------------------------------------------------- YAML header

def languages(config: dict[str, Any]) -> list[str]:
    card = config.get("card") or {}
    if card.get("languages"):
        return list(card["languages"])
    sections = (config.get("products") or {}).values()  # a product's `languages`: those of its queries
    return list(dict.fromkeys(["en", *(lang for sec in sections if isinstance(sec, dict)
                                       for lang in sec.get("languages") or [])]))


def size_category(rows: int) -> str:
    return next((name for limit, name in SIZE_CATEGORIES if rows < limit), "n>100M")


def primary_rows(configs: list[HubConfig]) -> int:
    return sum(sum(c.rows.values()) for c in configs if not c.secondary)


def header(inp: CardInput) -> dict[str, Any]:
    card = inp.config.get("card") or {}
    out: dict[str, Any] = {"license": card.get("license", "unknown")}
    if card.get("license") == "other":
        out |= {"license_name": card["license_name"], "license_link": card["license_link"]}
    out |= {
        "language": languages(inp.config),
        "pretty_name": inp.pretty_name(),
        "size_categories": [size_category(primary_rows(inp.configs))],
        "task_categories": sorted({task for p in inp.products if (task := task_of(p))}),
        "tags": ["tool-calling", "function-calling", "synthetic", "agents", "trajgen",
                 *[t for t in card.get("tags") or [] if t]],
        "configs": [c.yaml(default=i == 0) for i, c in enumerate(inp.configs)],
    }
    infos = [info for c in inp.configs if (info := c.info()) is not None]
    return out | ({"dataset_info": infos} if infos else {})


# ---------------------------------------------------------------- helpers

def md_table(columns: list[str], rows: list[list[Any]], right: set[int] | None = None) -> list[str]:
    right = right if right is not None else set(range(1, len(columns)))
    align = ["---:" if i in right else "---" for i in range(len(columns))]
    out = ["| " + " | ".join(columns) + " |", "| " + " | ".join(align) + " |"]
    return out + ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]


def _cell(v: Any) -> str:
    text = cell_text(v) if v is None or isinstance(v, float) else str(v)
    return text.replace("|", "\\|").replace("\n", " ")


def stats_table(t: Table) -> list[str]:
    rows = [[cell_text(v, t.decimals.get(c, 3)) for c, v in zip(t.columns, r, strict=True)] for r in t.rows]
    out = [f"**{t.title}**", "", *md_table(t.columns, rows)]
    if t.legend or t.notes:
        out.append("")
    out += [f"- {abbr}: {meaning}" for abbr, meaning in t.legend.items()]
    return out + [f"- {n}" for n in t.notes] + [""]


def read_rows(path: Path) -> list[dict[str, Any]]:
    """The rows `datasets` reads from a data file (see configs.count_rows)."""
    if path.suffix == ".parquet":
        return pl.read_parquet(path).to_dicts()
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json" and text.lstrip().startswith("["):
        return json.loads(text)
    return [json.loads(line) for line in text.splitlines() if line.strip()]


def shorten(value: Any, text: int = 120, items: int = 2, depth: int = 4) -> Any:
    """A row made short enough to read in a card: long strings cut, long lists elided, nesting
    below `depth` summarized."""
    if isinstance(value, str):
        return value if len(value) <= text else f"{value[:text]}… [{len(value) - text} more characters]"
    if isinstance(value, list):
        if depth <= 0:
            return f"[… {len(value)} items]"
        head = [shorten(v, text, items, depth - 1) for v in value[:items]]
        return head + ([f"… {len(value) - items} more"] if len(value) > items else [])
    if isinstance(value, dict):
        if depth <= 0:
            return f"{{… {len(value)} keys}}"
        return {k: shorten(v, text, items, depth - 1) for k, v in value.items()}
    return value


def spread(n: int, k: int) -> list[int]:
    """k indices spread evenly over range(n) (all of them when n <= k)."""
    return list(range(n)) if n <= k else [round(i * (n - 1) / (k - 1)) for i in range(k)]


def portable(value: Any) -> Any:
    """Config values without machine paths: an absolute path is shown by its last part only
    (the card must read the same wherever the run was made)."""
    if isinstance(value, str) and Path(value).is_absolute():
        return f"…/{Path(value).name}"
    if isinstance(value, list):
        return [portable(v) for v in value]
    if isinstance(value, dict):
        return {portable(k): portable(v) for k, v in value.items()}
    return value


def rejection_rows(out_dir: Path) -> Iterator[dict[str, Any]]:
    """The rows of rejections.jsonl, one at a time."""
    path = out_dir / "rejections.jsonl"
    if not path.is_file():
        return
    with path.open(encoding="utf-8", newline="") as fh:
        for line in _text_lines(fh):
            yield json.loads(line)


def _text_lines(fh: IO[str]) -> Iterator[str]:
    """The non-blank lines of `fh`, split as str.splitlines() splits them."""
    for chunk in fh:  # newline="": chunks end at \n, \r or \r\n; splitlines() finds any others
        for line in chunk.splitlines():
            if line.strip():
                yield line


def picked_rows(paths: list[Path], k: int) -> tuple[int, list[dict[str, Any]]]:
    """(row count, the `spread` of k rows) of the files `paths` read one after the other; JSON
    Lines files are streamed twice (count, then pick), never held whole."""
    if any(p.suffix != ".jsonl" for p in paths):
        rows = [r for p in paths for r in read_rows(p)]
        return len(rows), [rows[i] for i in spread(len(rows), k)]
    n = sum(1 for p in paths for _ in _jsonl_lines(p))
    wanted, out, i = set(spread(n, k)), [], 0
    for p in paths:
        for line in _jsonl_lines(p):
            if i in wanted:
                out.append(json.loads(line))
            i += 1
    return n, out


def _jsonl_lines(path: Path) -> Iterator[str]:
    with path.open(encoding="utf-8", newline="") as fh:
        yield from _text_lines(fh)


def load_snippet(configs: list[HubConfig]) -> list[str]:
    out = ["```python", "from datasets import load_dataset  # datasets >= 5.2 (JSON-typed columns)", "",
           'REPO = "path/to/this/folder"  # or the Hub id after `trajgen push`']
    for c in configs:
        out.append(f'{c.name} = load_dataset(REPO, "{c.name}")  # splits: {", ".join(c.files)}')
    return out + ["```"]


def chat_snippet() -> list[str]:
    return [("The `sdg_chat` rows go straight into a tokenizer's chat template: `tools` is a list of JSON "
            "Schema tool definitions and tool-call `arguments` are objects, which the template serializes "
            "itself (in the `sdg` form they are JSON strings, which a template would encode twice)."), "",
            "```python", "import json", "from transformers import AutoTokenizer", "",
            'tok = AutoTokenizer.from_pretrained("Qwen/Qwen2.5-7B-Instruct")  # any model with a tool-aware template',
            'with open("sdg/chat/train.jsonl", encoding="utf-8") as f:',
            "    row = json.loads(f.readline())",
            'text = tok.apply_chat_template(row["messages"], tools=row["tools"], tokenize=False)',
            "```", "",
            ('With `datasets`, `load_dataset(REPO, "sdg_chat")` gives the same objects (JSON-typed columns); '
            "messages then carry every message key, absent ones as None, which chat templates treat as absent.")]


def primary_config(inp: CardInput, product: str) -> HubConfig | None:
    return next((c for c in inp.configs if c.product == product and not c.secondary),
                None)


def default_split(product: str) -> str:
    return unsplit_name(product)


def count_by(rows: list[dict[str, Any]], *keys: str) -> Counter[tuple[str, ...]]:
    return Counter(tuple(str(r.get(k) or "") for k in keys) for r in rows)
