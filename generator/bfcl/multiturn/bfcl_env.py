"""BFCL's own stateful API classes (package `bfcl-eval`) as a conversation environment.

The classes are imported lazily: trajgen runs without bfcl-eval, and only the native
multi-turn files need it (`bfcl_available()` says whether they can be written). Instances are
loaded exactly as BFCL's checker loads them (`_load_scenario(deepcopy(config), long_context)`),
so the results we see while generating are the ones the checker reproduces.
"""

from __future__ import annotations

import copy
import functools
import importlib
import importlib.resources
import importlib.util
import inspect
import json
import random
from collections.abc import Callable
from typing import Any

from ...errors import ConfigError
from ...records import Tool, ToolCall
from ...registry import Registry
from .model import StepGen

BACKEND = "bfcl_eval.eval_checker.multi_turn_eval.func_source_code"
MODULES = {"GorillaFileSystem": "gorilla_file_system", "MathAPI": "math_api",
           "MessageAPI": "message_api", "TwitterAPI": "posting_api", "TicketAPI": "ticket_api",
           "TradingBot": "trading_bot", "TravelAPI": "travel_booking",
           "VehicleControlAPI": "vehicle_control"}

# class name -> (rng -> initial_config of that class, step generators)
ScenarioFactory = Callable[[random.Random], tuple[dict[str, Any], list[StepGen]]]
BFCL_SCENARIOS: Registry[ScenarioFactory] = Registry("BFCL class scenario")


def bfcl_available() -> bool:
    return importlib.util.find_spec("bfcl_eval") is not None


def load_instance(class_name: str, config: dict[str, Any], long_context: bool) -> Any:
    if not bfcl_available():
        raise ConfigError("native multi-turn files need the bfcl-eval package (pip install bfcl-eval)")
    module = importlib.import_module(f"{BACKEND}.{MODULES[class_name]}")
    instance = getattr(module, class_name)()
    if class_name != "MathAPI":  # BFCL treats MathAPI as stateless: no scenario is loaded
        instance._load_scenario(copy.deepcopy(config), long_context=long_context)
    return instance


@functools.lru_cache(maxsize=16)
def func_docs(class_name: str) -> dict[str, dict[str, Any]]:
    """BFCL's function docs of a class (what its runner shows the model), by function name."""
    from bfcl_eval.constants.executable_backend_config import MULTI_TURN_FUNC_DOC_FILE_MAPPING

    root = importlib.resources.files("bfcl_eval") / "data" / "multi_turn_func_doc"
    text = (root / MULTI_TURN_FUNC_DOC_FILE_MAPPING[class_name]).read_text(encoding="utf-8")
    docs = [json.loads(line) for line in text.splitlines() if line.strip()]
    return {d["name"]: d for d in docs}


def public_methods(instance: Any) -> list[str]:
    return [n for n, _ in inspect.getmembers(instance, predicate=inspect.ismethod) if not n.startswith("_")]


class BfclEnv:
    """One conversation's instances; `execute` calls the real method with keyword arguments."""

    name = "bfcl"

    def __init__(self, config: dict[str, dict[str, Any]], long_context: bool) -> None:
        self.config = copy.deepcopy(config)
        self.instances = {c: load_instance(c, cfg, long_context) for c, cfg in config.items()}
        self.owner: dict[str, str] = {}
        for c, inst in self.instances.items():
            for m in public_methods(inst):
                if m in self.owner:  # BFCL resolves bare method names: they must be unique
                    raise ConfigError(f"classes {self.owner[m]} and {c} both define {m}()")
                self.owner[m] = c

    def tools(self) -> list[Tool]:
        return []  # BFCL's runner offers the classes' own function docs

    def execute(self, call: ToolCall) -> Any:
        method = getattr(self.instances[self.owner[call.tool]], call.tool)
        try:
            return method(**call.arguments)
        except Exception as exc:  # noqa: BLE001 -- BFCL's checker records these as results too
            return f"Error during execution: {exc}"

    def initial_config(self) -> dict[str, Any]:
        return copy.deepcopy(self.config)

    def required_params(self, tool: str) -> list[str]:
        return list(func_docs(self.owner[tool])[tool]["parameters"].get("required", []))

    def instance(self, class_name: str) -> Any:
        return self.instances[class_name]


def call_string(call: ToolCall) -> str:
    """Keyword-only Python call text (BFCL's decoder drops positional arguments)."""
    args = ", ".join(f"{k}={v!r}" for k, v in call.arguments.items())
    return f"{call.tool}({args})"
