"""From the paths a user gives to items: each file is claimed by one format (or refused with a
reason), each directory is searched for every requested format; `--limit` keeps whole targets."""

from __future__ import annotations

import os
import random
from pathlib import Path

from ..audit import detect
from ..errors import InputError
from ..plugins import load_plugins
from ..products.base import PRODUCTS
from .formats import FORMATS, LoadContext
from .records import EvalItem


def files_of(path: Path, formats: list[str]) -> list[tuple[str, Path]]:
    if not path.exists():
        raise InputError("no such file or directory", file=str(path))
    if path.is_dir():
        return [(fmt, f) for fmt in formats for f in FORMATS.get(fmt).discover(path)]
    owner = next((fmt for fmt, f in FORMATS.items() if f.claims(path)), None)
    if owner is None:
        raise InputError(unclaimed(path), file=str(path))
    return [(owner, path)] if owner in formats else []


def unclaimed(path: Path) -> str:
    """Why no eval format takes a file: its product's reason when `trajgen stats` knows its
    format (Product.not_evaluated), else which formats eval scores."""
    scored = ", ".join(FORMATS.names())
    fmt = detect(path)
    why = PRODUCTS.get(fmt).not_evaluated if fmt is not None and fmt in PRODUCTS else ""
    if why:
        return f"{why}: they are not evaluated"
    return f"a {fmt} file: no eval format scores it (trajgen eval scores {scored})" if fmt else \
        f"not a file of a format trajgen eval scores ({scored})"


def load_items(paths: list[Path], formats: list[str], ctx: LoadContext) -> list[EvalItem]:
    load_plugins()  # the eval formats of installed plug-ins register on import
    found: dict[Path, str] = {}
    for p in paths:
        for fmt, f in files_of(p, formats):
            found.setdefault(f.resolve(), fmt)
    if not found:
        raise InputError(f"no {'/'.join(formats)} files to evaluate", file=", ".join(map(str, paths)))
    ctx.root = ctx.root or common_root(paths)
    items: dict[str, EvalItem] = {}
    for f, fmt in sorted(found.items()):
        for item in FORMATS.get(fmt).load(f, ctx):
            items.setdefault(item.id, item)
    return list(items.values())


def common_root(paths: list[Path]) -> Path:
    """The folder all inputs are in (a directory input counts as itself)."""
    dirs = [str(p.resolve() if p.is_dir() else p.resolve().parent) for p in paths]
    return Path(os.path.commonpath(dirs))


def select(items: list[EvalItem], limit: int | None, seed: int) -> list[EvalItem]:
    """At most `limit` items per format: whole targets in a seeded random order (so a sample
    spreads over files and domains and keeps a target's levels together), the last one cut."""
    if limit is None:
        return items
    out: list[EvalItem] = []
    for fmt in dict.fromkeys(i.format for i in items):
        targets: dict[str, list[EvalItem]] = {}
        for i in items:
            if i.format == fmt:
                targets.setdefault(i.target, []).append(i)
        order = sorted(targets)
        random.Random(f"{seed}:{fmt}").shuffle(order)
        picked = [i for t in order for i in targets[t]]
        out += picked[:limit]
    return out
