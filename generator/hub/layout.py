"""Where each format's files go, un-split and per split.

Un-split (no `splits:` in the config), every format keeps its benchmark layout and stands for
one split: SDG rows are training data (`sdg/train.jsonl`), the benchmark formats are test data.
Split, file-shaped formats name their files by split (`sdg/validation.jsonl`,
`judge/train.parquet`) and folder-shaped formats get one complete benchmark folder per split
(`trail/test/`, `traject/train/`, `bfcl/validation/`), each laid out exactly like the un-split one,
so the benchmarks' own tools and checks run on any split folder.
"""

from __future__ import annotations

from ..products.base import PRODUCTS


def unsplit_name(product: str) -> str:
    """The split the un-split files of a product stand for (Product.unsplit; unknown: test)."""
    return PRODUCTS.get(product).unsplit if product in PRODUCTS else "test"
