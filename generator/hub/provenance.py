"""What identifies the code and the inputs behind a dataset, for the manifest and the card."""

from __future__ import annotations

import hashlib
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]
SOURCE_SUFFIXES = (".py", ".j2", ".md")


def code_digest(root: Path = PACKAGE) -> str:
    """SHA-256 over every source file of the package (path and bytes, in path order): two runs
    with the same digest ran the same code, whatever the version string says."""
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.is_file() and p.suffix in SOURCE_SUFFIXES
                       and "__pycache__" not in p.parts):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()
