"""No pattern of the package backtracks without end on a catalog's prose.

A nested quantifier (`(?:[\\s,]*[\\w-]+){0,14}?`, a word that may be split anywhere) made one
description of an insurance catalog take 30 s of CPU in one `finditer`, and every fixture catalog
together 140 s: a run on a user's catalog with such prose would look hung. Every module-level
pattern of `generator` is run over every description of the repo's catalogs, each pair with a CPU
budget of one second (the patterns take milliseconds; the old one took seconds to minutes).
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
import signal
from pathlib import Path

import pytest

import generator

ROOT = Path(__file__).resolve().parents[1]
CATALOGS = sorted((ROOT / "tests" / "fixtures" / "catalogs").glob("*.json*")) + sorted((ROOT / "examples").glob("*.json"))


def _descriptions() -> list[str]:
    out: set[str] = set()

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "description" and isinstance(value, str):
                    out.add(value)
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in CATALOGS:
        text = path.read_text(encoding="utf-8")
        docs = [json.loads(line) for line in text.splitlines() if line.strip()] if path.suffix == ".jsonl" else [json.loads(text)]
        walk(docs)
    return sorted(out)


# The run layer's plumbing, whose imports (ray, huggingface_hub, openai) cost seconds and whose
# patterns read no catalog prose.
PLUMBING = ("generator.engines", "generator.llm.batch", "generator.batch_rounds", "generator.bfcl.hub", "generator.hub")


def _patterns() -> dict[str, re.Pattern[str]]:
    found: dict[str, re.Pattern[str]] = {}
    for info in pkgutil.walk_packages(generator.__path__, "generator."):
        if info.name.startswith(PLUMBING):
            continue
        try:
            module = importlib.import_module(info.name)
        except ImportError:  # an optional extra (ray, openai) not installed
            continue
        for name, value in vars(module).items():
            if isinstance(value, re.Pattern) and isinstance(value.pattern, str):
                found[f"{info.name}.{name}"] = value
    return found


class _Budget(Exception):
    pass


def _over_budget(signum: int, frame: object) -> None:
    raise _Budget


@pytest.mark.skipif(not hasattr(signal, "setitimer"), reason="needs setitimer (POSIX)")
def test_no_pattern_backtracks_for_long_on_any_catalog_description() -> None:
    texts, patterns = _descriptions(), _patterns()
    assert len(texts) > 500 and len(patterns) > 100  # the scan sees the catalogs and the package
    slow: list[str] = []
    old = signal.signal(signal.SIGVTALRM, _over_budget)
    try:
        for name, pattern in patterns.items():
            text = ""
            signal.setitimer(signal.ITIMER_VIRTUAL, 2.0)
            try:
                for text in texts:
                    for _ in pattern.finditer(text):
                        pass
            except _Budget:
                slow.append(f"{name} on {text[:80]!r}")
            finally:
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
    finally:
        signal.signal(signal.SIGVTALRM, old)
    assert not slow, slow
