"""The config reference (docs/config-reference.md), generated from the pydantic config models.

    python scripts/config_reference.py            # rewrite docs/config-reference.md
    python scripts/config_reference.py --check    # exit 1 when the file is stale or a key is undocumented

Every key of the run config and of every registered product's section is listed with its type, its
default, what it does and what it affects. "What it does" is the field's `description`, else the
comment on its line or the comment block just above it, else its paragraph in the class docstring
(`name: ...`); a key with none of them is an error, so a new key cannot go undocumented. "Affects"
comes from the code too: the section a key lives in names the product, and a product's `unused`
rules (the settings refused when they would have no effect) tell which writer a key needs.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import io
import re
import sys
import textwrap
import tokenize
import types
import typing
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "config-reference.md"

HEADER = """# Config reference

Generated from the config models by `python scripts/config_reference.py` (a test fails when this
page is stale or a key has no description). A run config is YAML; every section is strict (an
unknown key is refused), `${NAME}` in any string is replaced by the environment variable `NAME`,
and a setting that would have no effect under the rest of the config is refused with one line.
Flags of `trajgen generate` override the keys they name (`--seed`, `--writer`, `--model`,
`--base-url`, `--concurrency`, `--out`, `--split`).

"""


# ---------------------------------------------------------------- descriptions

@cache
def _comments(cls: type) -> dict[str, str]:
    """Field name -> its line comment, or the comment block right above it, in the class source."""
    try:
        source = textwrap.dedent(inspect.getsource(cls))
    except (OSError, TypeError):
        return {}
    lines = source.splitlines()
    trailing: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            trailing[tok.start[0]] = tok.string.lstrip("#").strip()
    out: dict[str, str] = {}
    klass = ast.parse(source).body[0]
    assert isinstance(klass, ast.ClassDef)
    for node in klass.body:
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        first, last = node.lineno, node.end_lineno or node.lineno
        if last in trailing and not lines[last - 1].lstrip().startswith("#"):
            out[node.target.id] = trailing[last]
            continue
        above, n = [], first - 1
        while n >= 1 and lines[n - 1].lstrip().startswith("#"):
            above.insert(0, trailing.get(n, ""))
            n -= 1
        if above:
            out[node.target.id] = " ".join(above)
    return out


def _docstring_entries(cls: type) -> dict[str, str]:
    """`name: text` paragraphs of the class docstring (continuation lines indented)."""
    doc = inspect.cleandoc(cls.__dict__.get("__doc__") or "")  # its own, not pydantic's
    out: dict[str, str] = {}
    current = None
    for line in doc.splitlines():
        m = re.match(r"^(\w+): (.+)$", line)
        if m:
            current = m[1]
            out[current] = m[2].strip()
        elif current and line.startswith((" ", "\t")) and line.strip():
            out[current] += " " + line.strip()
        else:
            current = None
    return out


def describe(model: type[BaseModel], name: str, field: FieldInfo) -> str:
    text = field.description or _comments(model).get(name) or _docstring_entries(model).get(name)
    return " ".join(text.split()) if text else ""


# ---------------------------------------------------------------- types and defaults

def type_name(annotation: Any) -> str:
    origin = typing.get_origin(annotation)
    args = typing.get_args(annotation)
    if origin is typing.Annotated:
        return type_name(args[0])
    if origin is typing.Literal:
        return " \\| ".join(repr(a) for a in args)
    if origin in (typing.Union, types.UnionType):
        return " \\| ".join(type_name(a) for a in args)
    if origin in (list, tuple, set, frozenset):
        return f"{origin.__name__}[{', '.join(type_name(a) for a in args if a is not Ellipsis)}]"
    if origin is dict:
        return f"dict[{type_name(args[0])}, {type_name(args[1])}]"
    if annotation is type(None):
        return "null"
    return getattr(annotation, "__name__", str(annotation))


def bounds(field: FieldInfo) -> str:
    said = []
    for meta in field.metadata:
        for attr, sign in (("ge", ">="), ("gt", ">"), ("le", "<="), ("lt", "<"),
                           ("min_length", "len >="), ("max_length", "len <=")):
            value = getattr(meta, attr, None)
            if value is not None:
                said.append(f"{sign} {value}")
    return ", ".join(said)


def default_of(field: FieldInfo) -> str:
    if field.is_required():
        return "required"
    value = field.get_default(call_default_factory=True)
    if value is PydanticUndefined:
        return "required"
    if isinstance(value, BaseModel):
        return "(section)"
    return f"`{value!r}`" if value not in ("", None) else ("`null`" if value is None else "`''`")


def _submodel(annotation: Any) -> type[BaseModel] | None:
    """The section model under a field: the annotation itself, a member of its union, or the
    values of a dict."""
    candidates = [annotation, *typing.get_args(annotation)]
    for c in candidates:
        if isinstance(c, type) and issubclass(c, BaseModel):
            return c
    return None


# ---------------------------------------------------------------- what a key affects

def writer_of(product: Any, name: str) -> str:
    """The writer a product key needs, from the product's `unused` rules under each writer."""
    from generator.config import RunConfig

    needs = []
    for writer in ("template", "llm"):
        run = RunConfig(catalog=["catalog.json"], writer=writer)
        why = product.unused(product.config_model(), run).get(name)
        if why is None:
            needs.append(writer)
    return "any" if len(needs) == 2 else (needs[0] if needs else "any")


def rows(model: type[BaseModel], prefix: str, affects: Any, undocumented: list[str]) -> list[str]:
    out = []
    for name, field in model.model_fields.items():
        key = f"{prefix}{name}"
        sub = _submodel(field.annotation)
        text = describe(model, name, field)
        if not text:
            undocumented.append(key)
        limit = bounds(field)
        kind = type_name(field.annotation) + (f" ({limit})" if limit else "")
        out.append(f"| `{key}` | {kind} | {default_of(field)} | {text} | {affects(name)} |")
        if sub is not None and sub.__name__ != "ProductsConfig":
            keyed = typing.get_origin(field.annotation) is dict
            parent = affects(name)
            out += rows(sub, f"{key}.<name>." if keyed else f"{key}.", lambda _n, p=parent: p, undocumented)
    return out


def table(title: str, intro: str, lines: list[str]) -> str:
    head = "| key | type | default | what it does | affects |\n|---|---|---|---|---|\n"
    return f"## {title}\n\n{intro}\n\n{head}" + "\n".join(lines) + "\n\n"


def render() -> tuple[str, list[str]]:
    from generator.config import LLMConfig, RunConfig
    from generator.plugins import load_plugins
    from generator.products.base import products_in_order

    load_plugins()
    undocumented: list[str] = []
    text = HEADER
    run_rows = rows(RunConfig, "", lambda n: "llm writer" if n == "llm" else "every product", undocumented)
    run_rows = [r for r in run_rows if not r.startswith("| `products`")]
    text += table("The run", "Top-level keys of a run config.", run_rows)
    text += table("`llm`", "The LLM client (the `llm` writer, `trajgen hints`); none of these changes what is "
                  "generated except `model`, `temperature`, `structured` and `max_tokens`.",
                  rows(LLMConfig, "llm.", lambda n: "llm writer", []))
    for name, product in products_in_order():
        own = inspect.cleandoc(product.config_model.__dict__.get("__doc__") or "")
        doc = " ".join(own.split("\n\n")[0].split())
        intro = (f"`products.{name}`: {doc} An absent section is a product that does not run; "
                 "`{}` runs it with every default.")
        text += table(f"`products.{name}`", intro,
                      rows(product.config_model, f"products.{name}.",
                           lambda n, p=product, pn=name: f"{pn}, {writer_of(p, n)} writer"
                           if writer_of(p, n) != "any" else pn, undocumented))
    return text.rstrip() + "\n", undocumented


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when the page is stale")
    args = parser.parse_args()
    text, undocumented = render()
    if undocumented:
        print("config keys without a description: " + ", ".join(undocumented), file=sys.stderr)
    if args.check:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run python scripts/config_reference.py", file=sys.stderr)
            return 1
        return 1 if undocumented else 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 1 if undocumented else 0


if __name__ == "__main__":
    sys.exit(main())
