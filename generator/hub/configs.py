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


def feature(name: str, dtype: str = "string") -> Feature:
    return {"name": name, "dtype": dtype}


def list_feature(name: str, of: object = "json") -> Feature:
    return {"name": name, "list": of}


# Declared features per config, registered by each product's package (e.g. trail/hub.py):
# `datasets` otherwise infers the schema from the first file and fails on a later file whose nested
# values differ (a TRAILBench answer with temporal_parameters, a tool with other parameters). Values
# of varying shape are `json` columns (datasets >= 5.2): each row gets back exactly the object in
# the file, with no None-filled keys of other rows.
FEATURES: dict[str, list[Feature]] = {}


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


# The configs of every product, registered by its package (`SPECS += [ConfigSpec(...)]`); the card
# lists them in product order (products_in_order), each product's in the order it registered them.
SPECS: list[ConfigSpec] = []


def ordered_specs() -> list[ConfigSpec]:
    from ..products.base import products_in_order

    rank = {name: i for i, (name, _) in enumerate(products_in_order())}
    return sorted(SPECS, key=lambda spec: rank.get(spec.product, len(rank)))


def hub_configs(out_dir: Path, files: list[str]) -> list[HubConfig]:
    """Every config with at least one file, splits in the Hub's order, with row counts."""
    out: list[HubConfig] = []
    for spec in ordered_specs():
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
