"""Shared helpers for the `trajgen eval` tests: a small generated run, its gold side file and a
fake server answering as the oracle (imported explicitly; conftest.py is not ours)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from generator.config import load_config
from generator.engine import Overrides, generate
from generator.evaluate.formats import LoadContext
from generator.evaluate.load import load_items
from generator.testing.oracle import Oracle, gold_lines

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
ALL_PRODUCTS: dict[str, Any] = {
    "trail": {"source": "synthetic", "targets": 40, "min_history": 20},
    "traject": {"domains": ["food", "travel"], "parallel": 5, "sequential": 3, "k": {"min": 3, "max": 5},
                "chain": {"min": 2, "max": 3}},
    "bfcl": {"categories": {"simple_python": 10, "multiple": 8, "parallel": 5, "live_simple": 8,
                            "live_multiple": 6, "irrelevance": 4, "live_relevance": 2}},
    "sdg": {"categories": {"simple": 8, "multiple": 6, "parallel": 4, "live_simple": 6, "live_multiple": 4,
                           "irrelevance": 3, "multi_turn_base": 2}},
}


def make_run(out: Path, products: dict[str, Any] | None = None, seed: int = 5) -> Path:
    """A template-writer run of the example catalog into `out` (a trajgen run directory)."""
    cfg = out.parent / f"{out.name}.yaml"
    products = products or ALL_PRODUCTS
    data: dict[str, Any] = {"seed": seed, "catalog": [str(EXAMPLES / "catalog.json")], "products": products}
    if "trail" in products:  # personas are refused where nothing reads them
        data["personas"] = str(EXAMPLES / "personas.yaml")
    cfg.write_text(yaml.safe_dump(data))
    generate(load_config(cfg), cfg.parent, Overrides(out=str(out), progress=False))
    return out


def write_gold(paths: list[Path], gold: Path, **ctx: Any) -> Path:
    items = load_items(paths, ["trail", "traject", "bfcl", "sdg"], LoadContext(**ctx))
    gold.write_text("".join(json.dumps(x) + "\n" for x in gold_lines(items)), encoding="utf-8")
    return gold


def oracle(gold: Path, accuracy: str = "0.9,0.7,0.5,0.3", **kw: Any) -> Oracle:
    return Oracle.from_file(gold, accuracy=accuracy, **kw)


def item_count(run: Path, formats: list[str] | None = None) -> int:
    """The eval items a run holds (after duplicate removal: not always what the plan asked for)."""
    return len(load_items([run], formats or ["trail", "traject", "bfcl", "sdg"], LoadContext()))


def exact_shares(shares: list[float], blocks: list[dict[str, Any]]) -> list[float]:
    """The accuracies the oracle gives: the first round(share * n) items of a level are right."""
    return [round(round(s * b["n"]) / b["n"], 4) for s, b in zip(shares, blocks, strict=True)]

