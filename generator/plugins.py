"""Import the modules that register products, formats, writers and validators.

Registration happens at import of these modules (never on import of `generator` itself), so
the CLI and library entry points call `load_plugins()` once before looking anything up. After
the built-in modules, every installed distribution's entry point in the group `trajgen.products`
(or the older name `trajgen.plugins`, still read) is imported (its module registers what it brings, as the built-in ones do), so a product or
format shipped in another package plugs in with no change here (docs/architecture.md).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from .errors import ConfigError

ENTRY_POINT_GROUP = "trajgen.products"
ENTRY_POINT_GROUPS = (ENTRY_POINT_GROUP, "trajgen.plugins")  # the second: the group's first name, still read

PLUGIN_MODULES = (
    "generator.writers.template",
    "generator.writers.llm",
    "generator.products.sdg",
    "generator.products.sdg_audit",
    "generator.products.sdg_hub",
    "generator.products.sdg_eval",
    "generator.trail.product",
    "generator.trail.audit",
    "generator.trail.hub",
    "generator.trail.eval",
    "generator.traject.product",
    "generator.traject.audit",
    "generator.traject.hub",
    "generator.traject.eval",
    "generator.judge.product",
    "generator.judge.audit",
    "generator.judge.hub",
    "generator.bfcl.sdg_categories",
    "generator.bfcl.product",
    "generator.bfcl.audit",
    "generator.bfcl.hub",
    "generator.bfcl.eval",
    "generator.when2call.product",
    "generator.when2call.audit",
    "generator.when2call.hub",
    "generator.when2call.eval",
)

_loaded = False


def load_plugins() -> None:
    global _loaded
    if _loaded:
        return
    for name in PLUGIN_MODULES:
        importlib.import_module(name)
    _loaded = True
    found = [(group, ep) for group in ENTRY_POINT_GROUPS for ep in entry_points(group=group)]
    for group, ep in sorted(found, key=lambda g_ep: (g_ep[1].name, g_ep[0])):
        try:
            ep.load()
        except Exception as exc:  # an outside package's bug: one line naming it, never a traceback
            raise ConfigError(f"{group} entry point {ep.name!r} ({ep.value}) failed to load: "
                              f"{type(exc).__name__}: {exc}") from exc
