"""A product's planned work items, packed: the run keeps its plan without a Python object per item.

A plan of 100,000 items is 100 MB of WorkItem objects; packed, it is their JSON, compressed in
blocks of BLOCK items (a few bytes per item), and decoded a block at a time when iterated. An item
is packed only when it comes back equal from its JSON (same classes, same values); a plan with any
item that does not stays a plain list, so packing never changes what a product is handed.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, overload

from .products.base import WorkItem

BLOCK = 512


class PackedPlan(Sequence[WorkItem[Any]]):
    """Work items of one product (one WorkItem class, one spec class), in plan order."""

    def __init__(self, item_cls: type[WorkItem[Any]], spec_cls: type[Any]) -> None:
        self._item_cls, self._spec_cls = item_cls, spec_cls
        self._blocks: list[bytes] = []
        self._len = 0

    def _decode(self, line: str) -> WorkItem[Any]:
        d = json.loads(line)
        return self._item_cls(item_id=d["i"], product=d["p"], index=d["n"],
                              spec=self._spec_cls.model_validate_json(d["s"]))

    @staticmethod
    def _encode(it: WorkItem[Any]) -> str:
        return json.dumps({"i": it.item_id, "p": it.product, "n": it.index, "s": it.spec.model_dump_json()})

    def fits(self, it: WorkItem[Any]) -> bool:
        if type(it) is not self._item_cls or type(it.spec) is not self._spec_cls:
            return False
        try:
            return self._decode(self._encode(it)) == it
        except ValueError:  # not JSON-shaped (pydantic's errors are ValueErrors too)
            return False

    def add_block(self, items: list[WorkItem[Any]]) -> None:
        self._blocks.append(zlib.compress("\n".join(self._encode(it) for it in items).encode("utf-8")))
        self._len += len(items)

    def block(self, b: int) -> list[WorkItem[Any]]:
        return [self._decode(line) for line in zlib.decompress(self._blocks[b]).decode("utf-8").split("\n")]

    def __len__(self) -> int:
        return self._len

    def __iter__(self) -> Iterator[WorkItem[Any]]:
        for b in range(len(self._blocks)):
            yield from self.block(b)

    @overload
    def __getitem__(self, i: int) -> WorkItem[Any]: ...

    @overload
    def __getitem__(self, i: slice) -> list[WorkItem[Any]]: ...

    def __getitem__(self, i: int | slice) -> WorkItem[Any] | list[WorkItem[Any]]:
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += self._len
        if not 0 <= i < self._len:
            raise IndexError(i)
        return self.block(i // BLOCK)[i % BLOCK]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sequence) and len(other) == len(self) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]


def pack(items: Iterable[WorkItem[Any]]) -> Sequence[WorkItem[Any]]:
    """`items` packed, or as a plain list when one of them would not come back equal."""
    it = iter(items)
    block: list[WorkItem[Any]] = []
    packed: PackedPlan | None = None
    for item in it:
        if packed is None:
            packed = PackedPlan(type(item), type(item.spec))
        if not packed.fits(item):
            return [*packed, *block, item, *it]
        block.append(item)
        if len(block) == BLOCK:
            packed.add_block(block)
            block = []
    if packed is None:
        return []
    if block:
        packed.add_block(block)
    return packed
