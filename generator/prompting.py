"""The one jinja2 environment every prompt is rendered with.

- StrictUndefined: a missing variable is an error, never an empty string in a prompt.
- `check_templates` lists undeclared variables by name at start-up (jinja2.meta).
- Templates with `{% block system %}` / `{% block user %}` render to chat messages.
- User-supplied template directories override ours and render in a SandboxedEnvironment.
- Values that must survive verbatim are written with `| tojson` (no HTML escaping); the fake
  server reads its tasks from that text, so prompts carry nothing that only tests need.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from jinja2 import meta
from jinja2.sandbox import SandboxedEnvironment
from pydantic import BaseModel

from .errors import ConfigError

PROMPTS_DIR = Path(__file__).resolve().parent / "prompts"
ROLES = ("system", "user")


def _plain(obj: Any) -> Any:
    if isinstance(obj, BaseModel):
        return obj.model_dump(mode="json")
    raise TypeError(f"not JSON-serializable in a prompt: {type(obj).__name__}")


def to_json(value: Any, indent: int | None = None) -> str:
    # jinja2's own `tojson` HTML-escapes <, > and &; prompts must show values verbatim.
    return json.dumps(value, ensure_ascii=False, indent=indent, default=_plain)


def template_file(name: str) -> str:
    return name if name.endswith(".j2") else f"{name}.j2"


@contextmanager
def _runtime_errors(name: str) -> Iterator[None]:
    """Missing variables and sandbox violations become one-line ConfigErrors naming the template."""
    try:
        yield
    except jinja2.UndefinedError as exc:
        raise ConfigError(f"template variable missing: {exc.message}", file=template_file(name)) from None
    except jinja2.TemplateRuntimeError as exc:  # includes the sandbox's SecurityError
        raise ConfigError(f"template error: {exc.message}", file=template_file(name)) from None


class Prompts:
    """Rendering over our prompts dir, optionally overridden by a user's template dir."""

    def __init__(self, user_dir: Path | None = None) -> None:
        self.dirs = ([Path(user_dir)] if user_dir else []) + [PROMPTS_DIR]
        cls = SandboxedEnvironment if user_dir else jinja2.Environment
        self.env = cls(loader=jinja2.FileSystemLoader([str(d) for d in self.dirs]),
                       undefined=jinja2.StrictUndefined, autoescape=False,
                       trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=False,
                       auto_reload=False)  # no stat of the file per render: a run's templates are fixed
        self.env.filters["tojson"] = to_json

    def _template(self, name: str) -> jinja2.Template:
        try:
            return self.env.get_template(template_file(name))
        except jinja2.TemplateNotFound:
            raise ConfigError(f"prompt template not found in {', '.join(map(str, self.dirs))}",
                              file=template_file(name)) from None
        except jinja2.TemplateSyntaxError as exc:
            raise ConfigError(f"template syntax error at line {exc.lineno}: {exc.message}",
                              file=template_file(name)) from None

    def render(self, name: str, /, **variables: Any) -> str:
        with _runtime_errors(name):
            return self._template(name).render(**variables).strip()

    def render_messages(self, name: str, /, **variables: Any) -> list[dict[str, str]]:
        """Chat messages from the template's `system` and `user` blocks (a template without
        blocks becomes one user message). Define `{% set %}` variables inside the blocks."""
        tmpl = self._template(name)
        if not any(role in tmpl.blocks for role in ROLES):
            return [{"role": "user", "content": self.render(name, **variables)}]
        with _runtime_errors(name):
            ctx = tmpl.new_context(dict(variables))
            return [{"role": role, "content": "".join(tmpl.blocks[role](ctx)).strip()}
                    for role in ROLES if role in tmpl.blocks]

    def undeclared(self, name: str, declared: set[str]) -> list[str]:
        """Variables the template uses that are neither declared nor globals, sorted."""
        source, _, _ = self.env.loader.get_source(self.env, template_file(name))  # type: ignore[union-attr]
        used = meta.find_undeclared_variables(self.env.parse(source))
        return sorted(used - declared - set(self.env.globals))

    def check(self, required: Mapping[str, set[str]]) -> list[str]:
        """One problem line per template that is missing, broken or uses undeclared variables."""
        problems = []
        for name in sorted(required):
            try:
                extra = self.undeclared(name, set(required[name]))
            except jinja2.TemplateNotFound:
                problems.append(f"{template_file(name)}: template not found")
                continue
            except jinja2.TemplateSyntaxError as exc:
                problems.append(f"{template_file(name)}: syntax error at line {exc.lineno}: {exc.message}")
                continue
            if extra:
                problems.append(f"{template_file(name)}: undeclared variable(s): {', '.join(extra)}")
        return problems

    def hashes(self) -> dict[str, str]:
        """sha256 of every template in effect (user overrides win), for the run manifest."""
        found: dict[str, Path] = {}
        for d in reversed(self.dirs):  # ours first, then the user's overrides
            for path in sorted(d.glob("*.j2")) if d.is_dir() else []:
                found[path.name] = path
        return {n: hashlib.sha256(found[n].read_bytes()).hexdigest() for n in sorted(found)}


@lru_cache(maxsize=8)
def prompts(user_dir: str | None = None) -> Prompts:
    """Shared Prompts per template dir, built on first use (nothing happens at import)."""
    return Prompts(Path(user_dir) if user_dir else None)


def render(name: str, /, **variables: Any) -> str:
    return prompts().render(name, **variables)


def render_messages(name: str, /, **variables: Any) -> list[dict[str, str]]:
    return prompts().render_messages(name, **variables)


def check_templates(required: Mapping[str, set[str]]) -> list[str]:
    return prompts().check(required)


def template_hashes() -> dict[str, str]:
    return prompts().hashes()
