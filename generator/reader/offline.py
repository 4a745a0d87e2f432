"""`trajgen read --model M --batch-out DIR | --batch-in FILE`: the oracle's questions answered offline.

The same machinery as `trajgen generate --batch-out/--batch-in` (generator/llm/batch/): the
oracle asks through a client that answers from the exchange cache and defers every miss
(`BatchClient`); the deferred requests are written as one OpenAI Batch input file (`custom_id` =
the request's cache key, `body` = the exact body the live client would POST), which any batch
endpoint, a local `vllm run-batch`, or a person with a model can answer; `--batch-in` stores each
answer of the output file in the cache under its key, and the read then finds it there. A reply
that fails the oracle's check is re-asked: that re-ask is the next round. What happened is kept
in `.state/batch/` beside the output (the ledger), so a round is never written or read twice.
"""

from __future__ import annotations

import hashlib
import os
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path

from ..config import LLMConfig
from ..errors import InputError
from ..io import atomic_write_bytes, confined_to
from ..llm.batch.client import BatchClient
from ..llm.batch.ingest import ingest
from ..llm.batch.ledger import Ledger
from ..llm.batch.lines import Answer, input_line, read_output_line
from ..llm.cache import DiskCache
from ..llm.client import LOCAL_PLACEHOLDER_KEY, resolve_base_url

DATASET = "read"  # the ledger's name for what the reader asks (its tokens are counted under it)


@dataclass
class Offline:
    """The ledger, cache and deferring client of one `trajgen read` in batch mode."""

    state: Path  # the folder whose .state/batch/ holds the ledger
    cache: DiskCache
    client: BatchClient
    ledger: Ledger
    notes: list[str] = field(default_factory=list)
    dataset: str = DATASET  # the ledger's name for what is asked
    what: str = "oracle question"  # what one request is, in the lines a round writes

    def ingest_file(self, path: Path) -> None:
        """An output file brought back: its answers into the cache (once; a file brought again is
        recognized by its digest)."""
        if not path.is_file():
            raise InputError("no such batch output file", file=str(path))
        data = path.read_bytes()
        sha = hashlib.sha256(data).hexdigest()
        same = [e for e in self.ledger.entries.values() if e.name.startswith("in") and e.sha256 == sha]
        if same and same[0].ingested and not self._answers_now(data):
            self.notes.append(f"{path} was ingested before (batch {same[0].name}): nothing new")
            return
        name = same[0].name if same else f"in{sum(n.startswith('in') for n in self.ledger.entries) + 1:03d}"
        atomic_write_bytes(self.ledger.dir / f"{name}.output.jsonl", data)
        entry = self.ledger.record("downloaded", name, sha256=sha, status="brought", offline=True,
                                   outputs=[f"{name}.output.jsonl"], source=str(path), written_at=time.time())
        self.notes.append(ingest(self.ledger, entry, self.cache).line())
        self.client.failures = self.ledger.failures()

    def _answers_now(self, data: bytes) -> bool:
        """Whether a file brought before answers a request this ledger has written since, or holds
        an answer not in the cache (its first ingest found questions of another ledger: a round
        written from another folder, then written again here)."""
        known = self.ledger.known()
        for number, line in enumerate(data.splitlines(), 1):
            got = read_output_line(line, number) if line.strip() else None
            if isinstance(got, Answer) and got.custom_id in known and self.cache.get(got.custom_id) is None:
                return True
        return False

    def write_round(self, out_dir: Path) -> str:
        """The questions the cache could not answer, as one Batch input file in `out_dir`."""
        pending = self.client.take()
        if not pending:
            return f"every {self.what} is answered: nothing to write"
        number = self.ledger.next_round()
        name = f"r{number:03d}-1"
        data = b"".join(input_line(key, pending[key]) for key in sorted(pending))
        self.ledger.write_input(name, data, self.dataset, len(pending), secrets.token_hex(8), time.time(), True)
        with confined_to(out_dir):
            atomic_write_bytes(out_dir / f"{name}.jsonl", data)
        return (f"wrote {len(pending)} {self.what}(s) to {out_dir / (name + '.jsonl')}: answer them through an "
                "OpenAI-compatible batch endpoint (or any model, one output line per custom_id), then rerun with "
                f"--batch-in OUTPUT.jsonl (and --batch-out {out_dir} for any re-asks)")

    def waiting(self) -> int:
        return len(self.client.deferred)


def offline_for(model: str, base_url: str | None, cache_dir: Path, state: Path, *, cfg: LLMConfig | None = None,
                dataset: str = DATASET, what: str = "oracle question") -> Offline:
    """`cfg`: the requests' settings (default: the oracle's, at temperature 0); a batch answer is
    cached under the key the live client with the same settings would use."""
    cfg = (cfg or LLMConfig(model=model, temperature=0.0)).model_copy(update={"model": model, "preflight": False})
    url = resolve_base_url(cfg, base_url)
    cache = DiskCache(cache_dir)
    ledger = Ledger(state)
    # nothing goes over the wire: a key is needed only for the client's shape
    key = os.environ.get(cfg.api_key_env, "").strip() or LOCAL_PLACEHOLDER_KEY
    client = BatchClient(failures=ledger.failures(), base_url=url, api_key=key, model=model, cfg=cfg, cache=cache)
    return Offline(state, cache, client, ledger, dataset=dataset, what=what)
