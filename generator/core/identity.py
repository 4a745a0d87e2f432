"""Who a tool is: its app, API and domain as the catalog itself says, and the words a query
about it may not contain.

Reading rules (applied per catalog file by `apply_identity`, documented in the README under
"Bring your own tools"):

- `x-trajgen.app` / `x-trajgen.api` / `x-trajgen.domain` (OpenAI format) and TRAJECT-Bench's
  "parent tool name" / "API name" / "domain name" are taken as given.
- Otherwise a function name is whole: the app is empty and the API is the name (`lock_door`
  names no app "lock"; `math.factorial` is one function). Only TRAILBench's own layout, a file
  `apis_openai/<apitype>_openai.json`, splits `<toolname>_<apiname>` at the first underscore,
  because that is how TRAILBench names its functions; `catalog_options.naming: prefix` asks
  for that split elsewhere, `whole` refuses it everywhere.
- A tool with no domain of its own gets `catalog_options.domain`, else the TRAILBench
  `<apitype>` of its file name, else the file's stem (the dataset card says so).

TRAILBench files need a `toolname` and an `apiname` whose join is the function name
(`trail_names`): a split name keeps its parts; any other tool gets an identifier of its app
(or of its domain when it has none) and its name in snake_case, and the TRAIL export names
the function `<toolname>_<apiname>` accordingly.

Forbidden words (`forbidden`): a query never contains a function, API or parameter name in
identifier form (snake_case, camelCase, dotted or with digits), an enum identifier (an enum
code such as "F1_minus80" or "v1" is a value users say as written, not an identifier), nor the
app's name unless the plan names the app. Plain words are never forbidden: a function called
`search` or an API "Get Trip Plan" does not ban the verbs a user says anyway.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, field_validator

from ..records import CallPlan, DisclosurePlan, Record, Tool, dict_at
from .unitcodes import is_unit_code
from .vagueness import value_elements

Naming = Literal["auto", "prefix", "whole"]
TRAIL_STEM = "_openai"
_NON_WORD = re.compile(r"[^A-Za-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


class CatalogOptions(Record):
    """Config section `catalog_options`: how catalogs are read and values drawn.

    naming: auto (split `<app>_<api>` only in TRAILBench's `<apitype>_openai.json` files),
        prefix (split every name without an explicit app), whole (never split).
    domain: the domain of tools whose catalog names none (default: see the module doc).
    locale: Faker locale of generated names, addresses and phone numbers.
    """

    naming: Naming = "auto"
    domain: str | None = Field(None, min_length=1)
    locale: str = "en_US"

    @field_validator("locale")
    @classmethod
    def _known_locale(cls, value: str) -> str:
        from .semantic import check_locale

        problem = check_locale(value)
        if problem:
            raise ValueError(problem)
        return value


# ---------------------------------------------------------------- reading


def trailbench_file(path: Path) -> bool:
    """A file laid out as TRAILBench's `apis_openai/<apitype>_openai.json`."""
    return path.stem.endswith(TRAIL_STEM) and len(path.stem) > len(TRAIL_STEM)


def split_name(name: str) -> tuple[str, str] | None:
    """TRAILBench convention: "GaodeMap_get_path" -> ("GaodeMap", "get_path")."""
    app, sep, api = name.partition("_")
    return (app, api) if sep and app and api else None


def default_domain(path: Path, options: CatalogOptions) -> str:
    if options.domain:
        return options.domain
    if trailbench_file(path):
        return path.stem.removesuffix(TRAIL_STEM)
    return path.stem


def apply_identity(tools: list[Tool], path: Path, options: CatalogOptions | None = None) -> list[Tool]:
    """Tools of one catalog file with the reading rules of the module doc applied."""
    options = options or CatalogOptions()
    split = options.naming == "prefix" or (options.naming == "auto" and trailbench_file(path))
    out = []
    for tool in tools:
        update: dict[str, Any] = {}
        parts = split_name(tool.name) if split and not tool.app else None
        if parts:
            update.update(app=parts[0], api=parts[1])
        if not tool.domain:
            update["domain"] = default_domain(path, options)
        out.append(tool.model_copy(update=update) if update else tool)
    return out


def domain_from_file(tool: Tool) -> bool:
    """Whether a tool's domain is only its file's name (the card says so)."""
    return bool(tool.source) and tool.source_format != "traject" and tool.domain == Path(tool.source).stem


# ---------------------------------------------------------------- TRAILBench names


def camel(text: str) -> str:
    """An app identifier: "smart_home" -> "SmartHome", "AI Trip Planner" -> "AITripPlanner"."""
    parts = [p for p in _NON_WORD.split(text) if p]
    return "".join(p[:1].upper() + p[1:] for p in parts)


def snake(text: str) -> str:
    """An API identifier: "Get Trip Plan" -> "get_trip_plan", "math.factorial" -> "math_factorial"."""
    return _NON_WORD.sub("_", _CAMEL.sub("_", text)).strip("_").lower()


def trail_names(tool: Tool) -> tuple[str, str]:
    """(toolname, apiname) of a tool in TRAILBench files; their join is the exported name."""
    if tool.app and tool.name == f"{tool.app}_{tool.api}":
        return tool.app, tool.api
    app = camel(tool.app) or camel(tool.domain) or "App"
    return app, snake(tool.api if tool.app else tool.name) or "call"


def trail_function_name(tool: Tool) -> str:
    toolname, apiname = trail_names(tool)
    return f"{toolname}_{apiname}"


def same_function(tool: Tool, toolname: str, apiname: str) -> bool:
    """Whether a TRAILBench event or answer (toolname, apiname) calls `tool`."""
    return trail_names(tool) == (toolname, apiname)


# ---------------------------------------------------------------- forbidden words


def is_identifier(name: str) -> bool:
    """Identifier-looking names (snake_case, camelCase, dotted, digits) that users never type."""
    return bool(re.search(r"_|[a-z][A-Z]|[A-Za-z]\d|[A-Za-z]\.[A-Za-z]", name))


Forbidden = tuple[str, str, bool]  # (identifier, what it is, case-sensitive)


def forbidden(tool: Tool, name_app: bool = False, enum_values: list[str] | None = None) -> list[Forbidden]:
    """What a query about `tool` must not contain (see the module doc); `name_app` when the
    plan names the app, `enum_values` the stated enum identifiers of the call. The one builder
    of forbidden words: the text validator, the TRAJECT check and the LLM writer's prompt use it."""
    out: list[Forbidden] = []
    if is_identifier(tool.name) or ":" in tool.name:  # TRAJECT-Bench's "<tool>: <API>" is a name too
        out.append((tool.name, "function name", False))
    if tool.api != tool.name and is_identifier(tool.api):
        out.append((tool.api, "API name", False))
    if tool.app and not name_app and not said_by_app(tool):
        out.append((tool.app, "app name", True))
    out += [(p, "parameter name", False) for p in tool.properties if is_identifier(p) and not _written_term(tool, p)]
    out += [(v, "enum identifier", False) for v in enum_values or [] if _enum_identifier(v)]
    return out


def _written_term(tool: Tool, param: str) -> bool:
    """A name of letters and digits the catalog's prose writes as a word of its field ("SEER2
    efficiency of the outdoor unit" for `seer2`, "CO2 in ppm" for `co2`): the domain's term, said
    by every person of the trade, no identifier (players and readers, set 15)."""
    if not re.fullmatch(r"[a-z]+[0-9]+[a-z0-9]*|[A-Z]+[0-9]+[A-Z0-9]*", param):
        return False
    spec = tool.properties.get(param)
    prose = f"{tool.description} {spec.get('description') or '' if isinstance(spec, dict) else ''}"
    return re.search(rf"(?<![\w-]){re.escape(param)}(?![\w-])", prose, re.IGNORECASE) is not None


def _enum_identifier(value: str) -> bool:
    """An enum value that reads as an identifier; one with spaces is a name as written ("AutoZone
    Commercial" is how the brand is spelled, not a camelCase code)."""
    return is_identifier(value) and not re.search(r"\s", value.strip()) and not is_code(value)


def said_by_app(tool: Tool) -> bool:
    """A tool whose catalog words give no verb phrase is asked for by its app ("make a Billboard
    request", the plain frame of generator.phrasebook.intent): there the app is how it is said."""
    from ..phrasebook import hints_of
    from ..phrasebook.intent import plain_intent

    hints = hints_of(tool)
    return tool.hints is None and hints is not None and hints.intents[:1] == [plain_intent(tool)]


def is_code(value: Any) -> bool:
    from ..phrasebook.fragments import is_code as code

    return code(value)


def is_enum_value(param: str, value: Any, tool: Tool | None) -> bool:
    """Whether (an element of) `value` is one of the parameter's enum values."""
    spec = tool.properties.get(param, {}) if tool else {}
    enum = spec.get("enum") or dict_at(spec, "items").get("enum") or []
    return any(x in enum for x in value_elements(value) if isinstance(x, str))


def _enum_values(call: CallPlan, tool: Tool) -> list[str]:
    """The call's enum values, less unit codes ("mL", "mg/dL") and members of a family of status
    codes ("GroundFailure" beside "EVCommunicationError"): those are said as written (the template
    writer's own OCPP error codes were refused, set 35)."""
    from ..phrasebook.fragments import code_family
    from .surface import written_cased

    return [str(x) for a in call.args if is_enum_value(a.param, a.value, tool)
            for x in value_elements(a.value) if isinstance(x, str) and not is_unit_code(a.param, x, _options(tool, a.param))
            and not code_family(x, _options(tool, a.param)) and written_cased(x) != x]  # a name as written: "VigiBase" (set 36)


def _options(tool: Tool, param: str) -> dict[str, Any]:
    spec = tool.properties.get(param, {})
    return spec if spec.get("enum") else {**dict_at(spec, "items"), "description": spec.get("description")}


def forbidden_in(plan: DisclosurePlan, tools: dict[str, Tool], enums: bool = True) -> list[Forbidden]:
    """`forbidden` over every call of `plan`: the app unless the plan names it, with the enum
    identifiers among the call's values when `enums` (a writer is not told those: it says them
    in words);
    a tool missing from `tools` forbids its name when that is an identifier."""
    named_apps = {tools[c.tool].app for c in plan.calls if c.tool_mode == "named" and c.tool in tools}
    out: list[Forbidden] = []
    for call in plan.calls:
        tool = tools.get(call.tool)
        if tool is None:
            out += [(call.tool, "function name", False)] if is_identifier(call.tool) else []
            continue
        out += forbidden(tool, name_app=tool.app in named_apps, enum_values=_enum_values(call, tool) if enums else None)
    return out
