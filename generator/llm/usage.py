"""What a dataset has spent on the LLM, counted once per exchange across every invocation.

The client reports each completed exchange here the moment its reply is cached (`paid=True`
when this dataset sent it, `paid=False` when another run's cache entry served it) and each
failed attempt that will be retried. The engine's journal (generator/state.py) appends these
to a file as they happen, so a killed run loses no accounting and a resumed one does not count
an exchange twice; this in-memory journal is the default for library use and tests.
"""

from __future__ import annotations

from typing import Protocol

from pydantic import Field

from ..records import Record


class Price(Record):
    """USD per million tokens; `batch`: the discount of the provider's Batch API (0.5: half price)."""

    prompt: float = 0.0  # USD per million prompt tokens
    completion: float = 0.0  # USD per million completion tokens
    batch: float = Field(0.5, ge=0.0, le=1.0)  # discount of an answer a batch brought (--batch): 0.5 is half price

    def at_batch(self) -> Price:
        """The price of a request answered by a batch."""
        keep = 1.0 - self.batch
        return Price(prompt=self.prompt * keep, completion=self.completion * keep, batch=self.batch)


class Spend(Record):
    """A dataset's LLM cost: exchanges it paid for (each once), their tokens, money, retries."""

    requests: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cache_hits: int = 0  # exchanges served by entries another dataset or config paid for
    retries: int = 0

    @property
    def tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens

    def usd(self, price: Price | None) -> float:
        if price is None:
            return 0.0
        return (self.prompt_tokens * price.prompt + self.completion_tokens * price.completion) / 1e6


class Journal(Protocol):
    dataset: str  # tag written into cache entries this dataset pays for
    spent: Spend

    def exchange(self, key: str, prompt_tokens: int, completion_tokens: int, paid: bool) -> None: ...

    def retry(self) -> None: ...


class MemoryJournal:
    def __init__(self, dataset: str = "") -> None:
        self.dataset = dataset
        self.spent = Spend()
        self._seen: set[bytes] = set()

    def exchange(self, key: str, prompt_tokens: int, completion_tokens: int, paid: bool) -> None:
        digest = bytes.fromhex(key[:32])
        if digest in self._seen:
            return
        self._seen.add(digest)
        count(self.spent, prompt_tokens, completion_tokens, paid)

    def retry(self) -> None:
        self.spent.retries += 1


def count(spent: Spend, prompt_tokens: int, completion_tokens: int, paid: bool) -> None:
    if not paid:
        spent.cache_hits += 1
        return
    spent.requests += 1
    spent.prompt_tokens += prompt_tokens
    spent.completion_tokens += completion_tokens
