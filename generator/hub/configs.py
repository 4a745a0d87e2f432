"""The dataset card's `configs`: one Hugging Face `datasets` config per table a run holds.

Each config is found from the files the run wrote (the manifest), by a path pattern whose
optional `split` group names the split (absent: the un-split layout, see layout.py). The
benchmark files are declared as they are, no copies. `datasets` picks one builder for all the
configs of a repository (from the first config's files), so every config is JSON: JSON Lines and
JSON-array files load with its JSON builder (nested values of differing shape per row, such as
tool parameters and possible answers, become `Json` columns, which needs datasets >= 5.2); the
judge rows are declared by their .jsonl file, which holds the same rows as the .parquet beside it.
Question and answer files, and single- and multi-turn BFCL files, have different columns, so each
is its own config.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import polars as pl

from .layout import unsplit_name

SPLIT = r"(?P<split>train|validation|test)"
ORDER = ("train", "validation", "test")


Feature = dict[str, object]  # one feature in the card's YAML form (datasets' `_to_yaml_list`)


def _f(name: str, dtype: str = "string") -> Feature:
    return {"name": name, "dtype": dtype}


def _list(name: str, of: object = "json") -> Feature:
    return {"name": name, "list": of}


LEVELS = ("Minimum Difficulty", "Low Difficulty", "Medium Difficulty", "High Difficulty")
# Declared features: `datasets` otherwise infers the schema from the first file and fails on a
# later file whose nested values differ (a TRAILBench answer with temporal_parameters, a tool
# with other parameters). Values of varying shape are `json` columns (datasets >= 5.2): each row
# gets back exactly the object in the file, with no None-filled keys of other rows.
SDG = [_f("id"), _f("trajectory_id"), _f("category"), _list("messages"), _f("tools")]
FEATURES: dict[str, list[Feature]] = {
    "sdg": SDG,
    "sdg_chat": [*SDG[:4], _list("tools")],
    "trail": [_f("id", "int64"), _f("time"), {"name": "query", "struct": [_list(lv, "string") for lv in LEVELS]},
              _f("answer", "json"), _f("user_history")],
    "traject_simple": [_f("query"), _list("tool list"), _f("trajectory_type"), _f("tool count", "int64"),
                       _f("final_answer")],
    "traject_sequential": [_f("query"), _f("final_answer", "json"), _list("tool list"), _f("sequence_name"),
                           _f("sequence_description"), _f("num_tools_used", "int64"),
                           _f("num_successful_tools", "int64"), _f("domain"), _f("executable", "bool"),
                           _f("generation_info", "json")],
    "judge": [_f(c) for c in ("tools_list", "messages_history", "label", "binary_label", "failure_reason")],
    "judge_meta": [_f("id"), _f("operator"), _f("label"), _f("gold", "json"), _f("note")],
    "judge_pairs": [_f("id"), _f("tools_list"), _list("prompt"), _list("chosen"), _list("rejected"), _f("label"),
                    _f("failure_reason")],
    "bfcl": [_f("id"), _list("question", {"list": "json"}), _list("function")],
    "bfcl_answers": [_f("id"), _list("ground_truth")],
}
FEATURES["traject_hard"] = FEATURES["traject_simple"]


@dataclass(frozen=True)
class ConfigSpec:
    name: str
    product: str
    pattern: str  # full match on the path relative to the run directory
    description: str
    unsplit: str | None = None  # the split its un-split files stand for (None: the product's, layout.py)
    secondary: bool = False  # the same rows in another form (not counted twice, not the card's example)


@dataclass
class HubConfig:
    name: str
    product: str
    description: str
    files: dict[str, list[str]] = field(default_factory=dict)  # split -> relative paths
    rows: dict[str, int] = field(default_factory=dict)  # split -> rows
    secondary: bool = False

    def yaml(self, default: bool) -> dict[str, object]:
        data_files = [{"split": s, "path": paths[0] if len(paths) == 1 else paths}
                      for s, paths in self.files.items()]
        return {"config_name": self.name, **({"default": True} if default else {}), "data_files": data_files}

    def info(self) -> dict[str, object] | None:
        """The config's `dataset_info` entry (its declared features), None when not declared."""
        return {"config_name": self.name, "features": FEATURES[self.name]} if self.name in FEATURES else None


SPECS: list[ConfigSpec] = [
    ConfigSpec("sdg", "sdg", rf"sdg/{SPLIT}\.jsonl",
               "SFT rows (BFCL-toolcall-SDG form): OpenAI messages, `tools` and call arguments as JSON strings"),
    ConfigSpec("sdg_chat", "sdg", rf"sdg/chat/{SPLIT}\.jsonl",
               "the same SFT rows in the chat-template form: `tools` a list of JSON Schemas, arguments objects"),
    ConfigSpec("trail", "trail", rf"trail/(?:{SPLIT}/)?all_generated_queries_[^/]+\.json",
               "TRAILBench records: one target call, queries at four vagueness levels, the user history"),
    ConfigSpec("traject_simple", "traject", rf"traject/(?:{SPLIT}/)?parallel/[^/]+/simple_ver\.json",
               "TRAJECT-Bench parallel trajectories, simple queries"),
    ConfigSpec("traject_hard", "traject", rf"traject/(?:{SPLIT}/)?parallel/[^/]+/hard_ver\.json",
               "TRAJECT-Bench parallel trajectories, hard queries (row i is the twin of simple row i)"),
    ConfigSpec("traject_sequential", "traject", rf"traject/(?:{SPLIT}/)?sequential/[^/]+/traj_query\.json",
               "TRAJECT-Bench sequential trajectories (each step feeds the next)"),
    ConfigSpec("judge", "judge", rf"judge/{SPLIT}\.jsonl",
               "judge rows: tools, messages, label, binary label, failure reasons (all strings; the same "
               "rows as the .parquet file)"),
    ConfigSpec("judge_meta", "judge", rf"judge/meta(?:_{SPLIT})?\.jsonl",
               "provenance of the judge rows, line by line: operator, gold call, note"),
    ConfigSpec("judge_pairs", "judge", rf"judge/pairs(?:_{SPLIT})?\.jsonl",
               "preference pairs (prompt / chosen / rejected) from the corrupted judge rows"),
    ConfigSpec("bfcl", "bfcl", rf"bfcl/(?:{SPLIT}/)?BFCL_v4_(?!multi_turn)[^/]+\.json",
               "BFCL v4 single-turn questions (the category is the id's prefix)"),
    ConfigSpec("bfcl_answers", "bfcl",
               rf"bfcl/(?:{SPLIT}/)?(?:possible_answer|gold)/BFCL_v4_(?!multi_turn)[^/]+\.json",
               "BFCL v4 possible answers of the single-turn questions (gold/ for live_relevance)"),
    ConfigSpec("bfcl_multi_turn", "bfcl", rf"bfcl/(?:{SPLIT}/)?BFCL_v4_multi_turn[^/]+\.json",
               "BFCL v4 multi-turn questions with their initial state"),
    ConfigSpec("bfcl_multi_turn_answers", "bfcl",
               rf"bfcl/(?:{SPLIT}/)?possible_answer/BFCL_v4_multi_turn[^/]+\.json",
               "BFCL v4 multi-turn possible answers (call strings per turn)"),
]


def hub_configs(out_dir: Path, files: list[str]) -> list[HubConfig]:
    """Every config with at least one file, splits in the Hub's order, with row counts."""
    out: list[HubConfig] = []
    for spec in SPECS:
        found: dict[str, list[str]] = {}
        for rel in sorted(files):
            m = re.fullmatch(spec.pattern, rel)
            if m:
                found.setdefault(m.groupdict().get("split") or spec.unsplit or unsplit_name(spec.product),
                                 []).append(rel)
        if found:
            cfg = HubConfig(spec.name, spec.product, spec.description,
                            files={s: found[s] for s in ORDER if s in found}, secondary=spec.secondary)
            cfg.rows = {s: sum(count_rows(out_dir / p) for p in paths) for s, paths in cfg.files.items()}
            out.append(cfg)
    return out


def count_rows(path: Path) -> int:
    """Rows a `datasets` builder reads from the file: Parquet rows, JSON-array elements, or
    non-blank JSON Lines (BFCL's .json files are JSON Lines)."""
    if path.suffix == ".parquet":
        return pl.scan_parquet(path).select(pl.len()).collect().item()
    if path.suffix == ".jsonl":  # streamed: a large file is never read whole
        with path.open(encoding="utf-8", newline="") as fh:
            return sum(1 for chunk in fh for line in chunk.splitlines() if line.strip())
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json" and text.lstrip().startswith("["):
        return len(json.loads(text))
    return sum(1 for line in text.splitlines() if line.strip())
