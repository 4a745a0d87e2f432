"""Shared pieces of the batch-mode tests: one small LLM config that takes several rounds (TRAIL
writes its levels one after another), runs in this process, and a stand-in provider that answers
an OpenAI Batch input file the way the fake server's chat endpoint answers each request."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from generator.batch_rounds import BatchOptions
from generator.config import load_config
from generator.engine import Overrides, RunSummary, generate
from generator.testing.fake_openai import FakeOpenAI

ROOT = Path(__file__).resolve().parents[1]
CONFIG = f"""seed: 5
catalog: [{ROOT / 'examples' / 'catalog.json'}]
personas: {ROOT / 'examples' / 'personas.yaml'}
writer: llm
llm: {{concurrency: 6, max_retries: 3, timeout_s: 10{{extra}}}}
products:
  sdg:
    categories: {{simple: 4, parallel: 2, multi_turn_base: 1}}
  judge: {{rows: 8, rows_per_item: 4}}
  trail: {{source: synthetic, targets: 2, min_history: 20}}
"""


def write_config(folder: Path, extra: str = "", name: str = "run.yaml") -> Path:
    path = folder / name
    path.write_text(CONFIG.replace("{extra}", extra))
    return path


def outputs(out: Path) -> dict[str, bytes]:
    """Every file a user reads (data, rejections, manifest, card): not .state or .cache."""
    return {str(p.relative_to(out)): p.read_bytes() for p in sorted(out.rglob("*"))
            if p.is_file() and not p.relative_to(out).parts[0].startswith(".")}


def run(cfg: Path, out: Path, srv: FakeOpenAI, batch: BatchOptions | None = None) -> RunSummary:
    ov = Overrides(out=str(out), base_url=srv.base_url, model="fake", progress=False, engine="asyncio",
                   batch=batch)
    return generate(load_config(cfg), cfg.parent, ov)


def answer_file(srv: FakeOpenAI, batch_input: Path, output: Path) -> list[dict[str, Any]]:
    """What a provider's batch run writes for `batch_input`: each line answered by the fake
    server's chat endpoint, in reverse order (providers do not keep the input order)."""
    lines = []
    for n, raw in enumerate(batch_input.read_bytes().splitlines(), 1):
        req = json.loads(raw)
        status, _, body = srv.handle("POST", "/v1/chat/completions", json.dumps(req["body"]).encode())
        lines.append({"id": f"batch_req_{n}", "custom_id": req["custom_id"],
                      "response": {"status_code": status, "request_id": f"req_{n}", "body": body}, "error": None})
    output.write_text("".join(json.dumps(x) + "\n" for x in reversed(lines)))
    return lines
