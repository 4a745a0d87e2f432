"""What code made an item: a digest of the package's own files.

The package version string stays the same across many commits, so it cannot tell a rerun that
the code changed. The digest covers every source file, prompt template and data file shipped in
the package; any edit to any of them changes it, and with it the state key, so items made by
other code are made again instead of being served from `.state/`.
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
SOURCE_SUFFIXES = frozenset({".py", ".j2", ".json", ".yaml", ".md"})


def source_files(root: Path = PACKAGE_DIR) -> list[Path]:
    """The package's files that decide behaviour, in a stable order (bytecode caches excluded)."""
    return sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in SOURCE_SUFFIXES
                  and "__pycache__" not in p.parts)


def digest_of(root: Path) -> str:
    digest = hashlib.sha256()
    for path in source_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


@cache
def code_digest() -> str:
    """The digest of the running package (computed once per process)."""
    return digest_of(PACKAGE_DIR)
