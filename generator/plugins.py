"""Import the modules that register products, formats, writers and validators.

Registration happens at import of these modules (never on import of `generator` itself), so
the CLI and library entry points call `load_plugins()` once before looking anything up.
"""

from __future__ import annotations

import importlib

PLUGIN_MODULES = (
    "generator.writers.template",
    "generator.writers.llm",
    "generator.products.sdg",
    "generator.products.sdg_audit",
    "generator.trail.product",
    "generator.trail.audit",
    "generator.traject.product",
    "generator.traject.audit",
    "generator.judge.product",
    "generator.judge.audit",
    "generator.bfcl.sdg_categories",
    "generator.bfcl.product",
    "generator.bfcl.audit",
    "generator.when2call.product",
    "generator.when2call.audit",
    "generator.when2call.hub",
)

_loaded = False


def load_plugins() -> None:
    global _loaded
    if _loaded:
        return
    for name in PLUGIN_MODULES:
        importlib.import_module(name)
    _loaded = True
