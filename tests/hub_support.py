"""Shared helpers for the hub tests (imported explicitly): one small run of every format."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import yaml

from generator.config import load_config
from generator.engine import Overrides, RunSummary, generate

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"

SMALL: dict[str, Any] = {
    "seed": 3,
    "catalog": [str(EXAMPLES / "catalog.json")],
    "personas": str(EXAMPLES / "personas.yaml"),
    "products": {
        "sdg": {"categories": {"simple": 12, "multiple": 8, "parallel": 4, "parallel_multiple": 4,
                               "irrelevance": 4, "live_simple": 4, "multi_turn_base": 2,
                               "multi_turn_miss_func": 2},
                "chat_template": True},
        "trail": {"source": "synthetic", "targets": 24, "min_history": 20},
        "traject": {"domains": ["food", "travel"], "parallel": 3, "sequential": 2,
                    "k": {"min": 3, "max": 4}, "chain": {"min": 2, "max": 3}},
        "judge": {"rows": 240, "rows_per_item": 40, "paired": True},
        "bfcl": {"categories": {"simple_python": 4, "multiple": 4, "parallel": 2, "irrelevance": 2,
                                "live_relevance": 2}},
    },
    "card": {"license": "cc-by-4.0", "pretty_name": "hub test run"},
}


def write_config(tmp: Path, **changes: Any) -> Path:
    data = json.loads(json.dumps(SMALL))
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    if not {"trail", "judge"} & set(data["products"]):
        data.pop("personas", None)  # nothing would read them: the config refuses such a setting
    path = tmp / "run.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def run(tmp: Path, out: Path, **changes: Any) -> RunSummary:
    cfg = write_config(tmp, **changes)
    return generate(load_config(cfg), tmp, Overrides(out=str(out), progress=False))


def jsonl(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def rows_of(path: Path) -> list[dict[str, Any]]:
    """Rows of a data file as `datasets` reads them: a JSON array, or JSON Lines."""
    text = path.read_text(encoding="utf-8")
    return json.loads(text) if text.lstrip().startswith("[") else jsonl(path)


def card_yaml(out: Path) -> dict[str, Any]:
    text = (out / "README.md").read_text(encoding="utf-8")
    return yaml.safe_load(text.split("---", 2)[1])


_MADE: dict[str, Path] = {}


def small_run_copy(tmp_path_factory: Any, name: str) -> Path:
    """A copy of the one default small run of this worker process: the hub card, stats and
    card-meaning modules each read it (a run of every format is ~20 s of CPU), and a copy keeps
    what one module writes beside it out of the others' way."""
    if "out" not in _MADE:
        base = tmp_path_factory.mktemp("hub-small")
        run(base, base / "out")
        _MADE["out"] = base / "out"
    dest = tmp_path_factory.mktemp(name) / "out"
    shutil.copytree(_MADE["out"], dest)
    return dest
