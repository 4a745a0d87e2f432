"""Parameter schemas: BFCL <-> JSON Schema, and the one JSON-Schema validator of the project.

Every Tool carries standard JSON Schema (Draft 2020-12). Catalog readers normalize into it
with `normalize_schema`; the BFCL exporter converts back with `to_bfcl`. Validation lives here
only: the sampler (generator.core.values) asks `is_valid(schema, value)` of every candidate value,
and every stage that checks a call uses `argument_problems` / `argument_errors` /
`validate_call`. Both use the same Draft 2020-12 validator with the `format` checker on
(email, date, date-time, time, uri, uuid, ipv4, ipv6, hostname, duration, ...; the format
libraries in the dependencies, those of jsonschema's `format-nongpl` extra but rfc3987-syntax,
make date-time, time, uri and hostname strict; iri and iri-reference are not checked).

Enums typed against their own type are re-typed on read (`_retype_enum`): BFCL live docs
declare `{"type": "boolean", "enum": ["True", "False", "dontcare"]}`, which no value can
satisfy; the enum's values show what the API takes, so the type follows them. An array whose
own `enum` lists item values gets that enum moved to its items.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import SchemaError, ValidationError

from ..errors import InputError
from ..records import Tool, ToolCall, dict_at
from .memo import by_identity

# Source type name -> JSON Schema type (None = any value, the "type" key is dropped).
# BFCL Python docs use dict/float/tuple/any; BFCL Java/JS docs use language type names.
TYPE_MAP: dict[str, str | None] = {
    "string": "string", "integer": "integer", "number": "number", "boolean": "boolean",
    "array": "array", "object": "object", "null": "null",
    "dict": "object", "float": "number", "tuple": "array", "any": None,
    "str": "string", "int": "integer", "bool": "boolean", "list": "array",
    "String": "string", "char": "string", "Boolean": "boolean", "long": "integer",
    "Long": "integer", "Integer": "integer", "short": "integer", "byte": "integer",
    "Bigint": "integer", "double": "number", "Double": "number", "Float": "number",
    "HashMap": "object", "ArrayList": "array", "Array": "array", "Set": "array",
    "List": "array", "Map": "object",
}

# JSON Schema keywords we keep; anything else (BFCL's "optional", "response", ...) is dropped
# because it is either meaningless to validators or breaks strict consumers.
_KEEP = frozenset({
    "type", "description", "enum", "const", "default", "examples", "format", "pattern",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "minLength", "maxLength", "minItems", "maxItems", "uniqueItems", "minProperties",
    "maxProperties", "properties", "required", "items", "prefixItems", "additionalProperties",
    "anyOf", "oneOf", "allOf", "not", "title",
})

_TO_BFCL = {"object": "dict", "number": "float"}


# ---------------------------------------------------------------- normalize

def normalize_schema(params: dict[str, Any], path: str = "parameters") -> dict[str, Any]:
    """BFCL/loose schema -> standard JSON Schema. Raises InputError(field=path) on bad input."""
    if not isinstance(params, dict):
        raise InputError(f"schema must be an object, got {type(params).__name__}", field=path)
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key not in _KEEP:
            continue
        # Old-style tuple validation ("items": [..]) is "prefixItems" in Draft 2020-12.
        target = "prefixItems" if key == "items" and isinstance(value, list) else key
        out[target] = _normalize_key(key, value, f"{path}.{key}")
    if out.get("type") is None:
        out.pop("type", None)
    _retype_enum(out)
    _check_required(out, path)
    return out


def _enum_type(values: list[Any]) -> str | None:
    """The one JSON type all enum values share (None when they mix types)."""
    kinds = {"boolean" if isinstance(v, bool) else "integer" if isinstance(v, int)
             else "number" if isinstance(v, float) else "string" if isinstance(v, str)
             else "null" if v is None else "other" for v in values}
    kinds = kinds - {"null"} if len(kinds) > 1 else kinds
    if kinds == {"integer", "number"}:
        return "number"
    return next(iter(kinds)) if len(kinds) == 1 and kinds != {"other"} else None


def _fits(value_type: str, declared: Any) -> bool:
    declared = declared if isinstance(declared, list) else [declared]
    return value_type in declared or (value_type == "integer" and "number" in declared)


def _retype_enum(schema: dict[str, Any]) -> None:
    """Make a schema's `type` agree with its `enum` (see the module doc); in place."""
    enum, declared = schema.get("enum"), schema.get("type")
    if not isinstance(enum, list) or not enum or declared is None:
        return
    if (declared == "array" or declared == ["array"]) and not any(isinstance(v, list) for v in enum):
        items = dict_at(schema, "items")
        if "enum" not in items:
            schema["items"] = {**items, "enum": schema.pop("enum")}
            _retype_enum(schema["items"])
        return
    kind = _enum_type(enum)
    if kind not in (None, "other", "null") and not _fits(kind, declared):
        schema["type"] = kind


def _normalize_key(key: str, value: Any, path: str) -> Any:
    if key == "type":
        return _json_type(value, path)
    if key in ("properties",):
        if not isinstance(value, dict):
            raise InputError("'properties' must be an object", field=path)
        return {name: normalize_schema(sub, f"{path}.{name}") for name, sub in value.items()}
    if key in ("items", "additionalProperties", "not") and isinstance(value, dict):
        return normalize_schema(value, path)
    if key in ("items", "prefixItems", "anyOf", "oneOf", "allOf") and isinstance(value, list):
        return [normalize_schema(sub, f"{path}[{i}]") for i, sub in enumerate(value)]
    return value


def _json_type(value: Any, path: str) -> str | list[str] | None:
    if isinstance(value, list):
        mapped = [_json_type(v, path) for v in value]
        return None if None in mapped else mapped  # type: ignore[return-value]
    if not isinstance(value, str) or value not in TYPE_MAP:
        raise InputError(f"unknown type {value!r}", field=path)
    return TYPE_MAP[value]


def _check_required(schema: dict[str, Any], path: str) -> None:
    required = schema.get("required")
    if required is None:
        return
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        raise InputError("'required' must be a list of names", field=f"{path}.required")
    # Nested objects may list required keys without declaring properties (valid JSON Schema,
    # seen in BFCL parallel_29); only a declared property map must cover them.
    if "properties" not in schema:
        return
    missing = [r for r in required if r not in schema["properties"]]
    if missing:
        raise InputError(f"required names not in properties: {missing}", field=f"{path}.required")


# ---------------------------------------------------------------- satisfiability

# (lower, upper) keyword pairs whose bounds must not cross, else no value satisfies them.
_BOUNDS = (("minimum", "maximum"), ("minLength", "maxLength"), ("minItems", "maxItems"),
           ("minProperties", "maxProperties"))
# Keywords holding one subschema / a list of subschemas, walked for the sanity checks.
_SUB_ONE = ("items", "additionalProperties", "not")
_SUB_MANY = ("prefixItems", "anyOf", "oneOf", "allOf")


def check_schema(schema: dict[str, Any], path: str = "parameters") -> None:
    """Refuse a (normalized) parameter schema no value can satisfy, or that is not JSON Schema.

    Generation picks values from the schema, so an empty enum, crossed bounds or a pattern
    that does not compile would otherwise fail mid-run; InputError(field=<path>.<key>) instead.
    """
    _check_node(schema, path)
    try:
        Draft202012Validator.check_schema(schema)
    except SchemaError as e:
        where = ".".join([path, *map(str, e.absolute_path)])
        raise InputError(f"not a valid JSON Schema (Draft 2020-12): {_trim(e.message)}",
                         field=where) from None


def _check_node(schema: Any, path: str) -> None:
    if not isinstance(schema, dict):
        if isinstance(schema, bool):
            return
        raise InputError(f"schema must be an object, got {type(schema).__name__}", field=path)
    _check_enum(schema, path)
    _check_bounds(schema, path)
    _check_pattern(schema, path)
    for name, sub in (schema.get("properties") or {}).items():
        _check_node(sub, f"{path}.properties.{name}")
    for key in _SUB_ONE:
        if key in schema:
            _check_node(schema[key], f"{path}.{key}")
    for key in _SUB_MANY:
        if isinstance(schema.get(key), list):
            for i, sub in enumerate(schema[key]):
                _check_node(sub, f"{path}.{key}[{i}]")


def _check_enum(schema: dict[str, Any], path: str) -> None:
    enum = schema.get("enum")
    if enum is None:
        return
    if not isinstance(enum, list) or not enum:
        raise InputError("'enum' must be a non-empty list (no value can satisfy an empty one)",
                         field=f"{path}.enum")
    # Not checked against "type": BFCL live docs put an array's item values in the array's own
    # enum (live_simple 71), and a string enum on an integer parameter (live_relevance 8).


def _check_bounds(schema: dict[str, Any], path: str) -> None:
    for lo_key, hi_key in _BOUNDS:
        lo, hi = schema.get(lo_key), schema.get(hi_key)
        if _is_number(lo) and _is_number(hi) and lo > hi:  # type: ignore[operator]
            raise InputError(f"{lo_key} {lo} is greater than {hi_key} {hi}", field=f"{path}.{lo_key}")
    lo = schema.get("exclusiveMinimum", schema.get("minimum"))
    hi = schema.get("exclusiveMaximum", schema.get("maximum"))
    exclusive = "exclusiveMinimum" in schema or "exclusiveMaximum" in schema
    if exclusive and _is_number(lo) and _is_number(hi) and lo >= hi:  # type: ignore[operator]
        key = "exclusiveMinimum" if "exclusiveMinimum" in schema else "minimum"
        raise InputError(f"the bounds {lo}..{hi} (exclusive) leave no value", field=f"{path}.{key}")


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_pattern(schema: dict[str, Any], path: str) -> None:
    pattern = schema.get("pattern")
    if pattern is None:
        return
    if not isinstance(pattern, str):
        raise InputError("'pattern' must be a string", field=f"{path}.pattern")
    try:
        re.compile(pattern)
    except re.error as e:
        raise InputError(f"invalid regular expression {pattern!r}: {e}", field=f"{path}.pattern") from None


def to_bfcl(params: dict[str, Any]) -> dict[str, Any]:
    """JSON Schema -> BFCL function-doc parameters (object->dict, number->float, no type->any)."""
    out: dict[str, Any] = {"type": _bfcl_type(params.get("type"))}
    for key, value in params.items():
        if key == "type":
            continue
        if key == "properties":
            out[key] = {name: to_bfcl(sub) for name, sub in value.items()}
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            out[key] = to_bfcl(value)
        else:
            out[key] = value
    return out


def _bfcl_type(value: Any) -> str:
    if isinstance(value, list):  # BFCL has no unions; take the first non-null member
        value = next((v for v in value if v != "null"), None)
    if value is None:
        return "any"
    return _TO_BFCL.get(value, value)


# ---------------------------------------------------------------- argument validation

FORMATS = FormatChecker(())
FORMATS.checkers = dict(Draft202012Validator.FORMAT_CHECKER.checkers)

# "ISO 8601 local time, e.g. '2025-06-12T14:30:00'" on a `format: date-time` parameter: the
# catalog's own words make it a moment on the site's clock, written with no zone, which RFC 3339
# (the `date-time` format) cannot hold. Such a parameter is checked as a local date-time (with or
# without an offset), and its values are drawn with none (set 34: every vet appointment at "Z").
LOCAL_FORMAT = "local-date-time"
_LOCAL_WORDS = re.compile(r"\blocal (?:date[- ]?)?time\b|\blocal\b[^.]{0,20}\b(?:time|clock)\b", re.IGNORECASE)
NAIVE_MOMENT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?(?![\d:Z+-])")  # an example with no zone
ZONE_WORDS = re.compile(r"\bUTC\b|\bGMT\b|\bZulu\b|\boffset\b|\btime ?zone\b|[+-]\d\d:\d\d", re.IGNORECASE)
_LOCAL_MOMENT = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?")


def local_date_time(spec: Any) -> bool:
    """Whether a `format: date-time` property is in local time by its own description."""
    if not isinstance(spec, dict) or spec.get("format") != "date-time":
        return False
    said = str(spec.get("description") or "")
    return bool(_LOCAL_WORDS.search(said) or NAIVE_MOMENT.search(said)) and not ZONE_WORDS.search(said)


LOCAL_TIME_FORMAT = "local-time"
_CLOCK_TIME = re.compile(r"(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d)?")


def local_time(spec: Any) -> bool:
    """Whether a `format: time` property is a time of day on the site's clock by its own
    description ("Approximate time of loss, HH:MM (24-hour), local time"): written with no zone,
    which RFC 3339's `time` cannot hold (set 35: every loss at "15:45:00Z")."""
    if not isinstance(spec, dict) or spec.get("format") != "time":
        return False
    said = str(spec.get("description") or "")
    return bool(_LOCAL_WORDS.search(said) or re.search(r"\bHH:MM\b(?!:SS)", said)) and not ZONE_WORDS.search(said)


@FORMATS.checks(LOCAL_TIME_FORMAT)
def _is_local_time(value: object) -> bool:
    return not isinstance(value, str) or _CLOCK_TIME.fullmatch(value) is not None or FORMATS.conforms(value, "time")


def local_moments(props: Any) -> frozenset[str]:
    """The date-time properties of one object that are in local time: described so, or the other
    end of a span whose local end they name or mirror (set 34: a radon test's end in UTC beside
    its local start, `end_datetime` "at least 48 hours after start_datetime")."""
    if not isinstance(props, dict):
        return frozenset()
    local = {n for n, s in props.items() if local_date_time(s)}
    ends = {n for n, s in props.items() if isinstance(s, dict) and s.get("format") == "date-time" and n not in local
            and not ZONE_WORDS.search(str(s.get("description") or ""))
            and any(_one_span(n, other, str(s.get("description") or "")) for other in local)}
    return frozenset(local | ends)


_SPAN_ENDS = frozenset({"start", "end", "begin", "finish", "from", "to", "until"})


def _one_span(param: str, other: str, description: str) -> bool:
    """Two moments of one span: the description names the other ("after start_datetime"), or the
    names differ only by start and end (`start_datetime`, `end_datetime`)."""
    mine, theirs = ([w for w in n.split("_") if w not in _SPAN_ENDS] for n in (param, other))
    return re.search(rf"\b{re.escape(other)}\b", description) is not None or mine == theirs != []


@FORMATS.checks(LOCAL_FORMAT)
def _is_local_moment(value: object) -> bool:
    if not isinstance(value, str):
        return True
    naive = _LOCAL_MOMENT.fullmatch(value) is not None  # checked as the same moment at UTC: its day and clock
    return bool(FORMATS.conforms(value + "Z" if naive else value, "date-time"))


def _localized(schema: Any) -> Any:
    """The schema with each local date-time property checked as one (LOCAL_FORMAT)."""
    if isinstance(schema, list):
        return [_localized(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _localized(v) for k, v in schema.items()}
    props = out.get("properties")
    if isinstance(props, dict):
        local = local_moments(schema["properties"])  # once per object, not per property
        out["properties"] = {n: {**s, "format": LOCAL_FORMAT} if n in local and isinstance(s, dict) else
                             {**s, "format": LOCAL_TIME_FORMAT} if local_time(s) else s for n, s in props.items()}
    return {**out, "format": LOCAL_FORMAT} if local_date_time(schema) else \
        {**out, "format": LOCAL_TIME_FORMAT} if local_time(schema) else out


@by_identity()
def schema_key(schema: Any) -> str | None:
    """A canonical JSON text of a schema, the cache key of its validator (None: not JSON)."""
    try:
        return json.dumps(schema, sort_keys=True, ensure_ascii=False)
    except (TypeError, ValueError):
        return None


@by_identity()
def _ordered_key(schema: Any) -> str | None:
    """The schema's JSON text with its keys in their order (None: not JSON)."""
    try:
        return json.dumps(schema, ensure_ascii=False)
    except (TypeError, ValueError):
        return None


@lru_cache(maxsize=8192)
def _compiled_json(schema_json: str) -> Draft202012Validator:
    return Draft202012Validator(_localized(json.loads(schema_json)), format_checker=FORMATS)


def compiled(schema: Any) -> Draft202012Validator:
    """The project's one JSON-Schema validator: Draft 2020-12 with formats checked, made once
    per schema text (keys kept in their order: it decides which error comes first). Every check
    of a value or a call goes through it."""
    text = _ordered_key(schema)
    if text is None:
        return Draft202012Validator(_localized(schema), format_checker=FORMATS)
    return _compiled_json(text)


@lru_cache(maxsize=8192)
def _value_validator(schema_json: str) -> Draft202012Validator | None:
    """Validator of one property schema, normalized (None when the schema itself is unusable)."""
    try:
        schema = normalize_schema(json.loads(schema_json)) if schema_json.startswith("{") \
            else json.loads(schema_json)
        Draft202012Validator.check_schema(schema)
    except (InputError, SchemaError, ValueError):
        return None
    return compiled(schema)


def is_valid(schema: dict[str, Any] | bool, value: Any) -> bool:
    """True when `value` validates against the property schema `schema` (formats checked;
    BFCL type names such as float/dict/tuple understood; NaN and infinities never valid)."""
    return value_check(schema)(value)


def value_check(schema: dict[str, Any] | bool) -> Callable[[Any], bool]:
    """`is_valid(schema, .)` with the schema's validator looked up once (for checking many values)."""
    key = schema_key(schema)
    validator = _value_validator(key) if key is not None else None

    def check(value: Any) -> bool:
        if validator is None or (isinstance(value, float) and not math.isfinite(value)):
            return False
        try:
            return bool(validator.is_valid(value))
        except (TypeError, ValueError, RecursionError):  # e.g. a pattern the regex engine rejects
            return False
    return check


def first_error(schema: Any, value: Any) -> str | None:
    """The validator's first complaint about `value` against the property schema (normalized
    first when it is an object); None when it validates. Raises when the schema is unusable."""
    normalized = normalize_schema(schema) if isinstance(schema, dict) else schema
    error = next(compiled(normalized).iter_errors(value), None)
    return None if error is None else error.message


def validator_for(tool: Tool) -> Draft202012Validator:
    return compiled(tool.parameters)


def argument_problems(tool: Tool, args: Any) -> list[tuple[str, str]]:
    """(param, message) for every problem of `args` against `tool`; param "" = whole call."""
    if not isinstance(args, dict):
        return [("", f"arguments must be an object, got {type(args).__name__}")]
    problems = [(name, f"param '{name}': unknown parameter") for name in args
                if name not in tool.properties]
    errors = sorted(validator_for(tool).iter_errors(args), key=_error_order)
    problems += [p for e in errors if (p := _describe(e)) is not None]
    return problems


def argument_errors(tool: Tool, args: Any) -> list[str]:
    """Short field-named messages for every problem of a call's arguments; [] = valid."""
    return [msg for _, msg in argument_problems(tool, args)]


def validate_call(tool: Tool, call: ToolCall | dict[str, Any]) -> None:
    """Raise InputError(field=<first bad param>) naming every problem of the call."""
    args = call.arguments if isinstance(call, ToolCall) else call
    problems = argument_problems(tool, args)
    if problems:
        message = f"call of {tool.name}: " + "; ".join(msg for _, msg in problems)
        raise InputError(message, field=problems[0][0] or None)


def _error_order(error: ValidationError) -> tuple[str, str]:
    return (".".join(map(str, error.absolute_path)), error.message)


def _describe(error: ValidationError) -> tuple[str, str] | None:
    path = list(error.absolute_path)
    if error.validator == "additionalProperties" and not path:
        return None  # already reported as unknown parameter, even without additionalProperties
    if error.validator == "required":
        name = _required_name(error)
        return (str(path[0]) if path else name), f"param '{name}': missing required parameter"
    param = str(path[0]) if path else ""
    field = ".".join(map(str, path)) or "arguments"
    return param, f"param '{field}': {_message(error)}"


def _required_name(error: ValidationError) -> str:
    # jsonschema phrases it "'x' is a required property"; the instance path is the parent.
    name = error.message.split("'")[1] if error.message.count("'") >= 2 else error.message
    prefix = ".".join(map(str, error.absolute_path))
    return f"{prefix}.{name}" if prefix else name


def _message(error: ValidationError) -> str:
    value = error.instance
    if error.validator == "type" and error.validator_value == "boolean" and isinstance(value, str):
        return f"boolean given as string {value!r}"
    if error.validator == "type" and error.validator_value in ("integer", "number") \
            and isinstance(value, str):
        return f"number given as string {value!r}"
    if error.validator == "enum":
        allowed = ", ".join(map(repr, error.validator_value[:8]))
        more = ", ..." if len(error.validator_value) > 8 else ""
        return f"{_short(value)} is not one of [{allowed}{more}]"
    return _trim(error.message)


def _short(value: Any) -> str:
    return _trim(repr(value), 60)


def _trim(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."
