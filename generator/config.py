"""One strict config model, loaded from YAML and overridden by CLI flags."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Literal, TypeVar, cast

import yaml
from pydantic import (
    Field,
    PositiveFloat,
    PositiveInt,
    SerializeAsAny,
    ValidationError,
    create_model,
    field_validator,
)

from .core.identity import CatalogOptions
from .errors import ConfigError
from .hub.config import CardConfig, DedupConfig, SplitsConfig
from .llm.usage import Price
from .records import Record

C = TypeVar("C", bound=Record)

# The most any count in a product section may ask for. A week-long paid run is a few million
# rows; a count past this is a typo (`1e20`), and planning it would run for days before the
# first item (a run of 200,000 items plans for minutes).
MAX_COUNT = 10_000_000


def _counts_over(value: Any, where: str) -> Iterator[tuple[str, Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _counts_over(v, f"{where}.{k}")
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _counts_over(v, f"{where}.{i}")
    elif isinstance(value, int | float) and not isinstance(value, bool) and abs(value) > MAX_COUNT:
        yield where, value


class LLMConfig(Record):
    base_url: str | None = None  # default: $OPENAI_BASE_URL, else the OpenAI API
    model: str | None = None  # the model name sent with every request (required by writer: llm)
    api_key_env: str = "OPENAI_API_KEY"  # the environment variable holding the API key (never the key itself)
    concurrency: PositiveInt = 8  # requests in flight at most (flow control lowers it under 429s)
    max_retries: int = Field(8, ge=0, le=20)  # 0.2**9: a 20%-failing endpoint still completes
    max_reasks: int = Field(2, ge=0, le=10)  # re-asks of a reply the validators refused, with their reasons
    timeout_s: float = Field(60.0, gt=0)  # longest wait for one reply (adapted down to the observed latency)
    temperature: float = Field(0.7, ge=0, le=2)  # sampling temperature of the writer's requests
    # how replies are constrained to JSON: the endpoint's json_schema, json_object with the schema
    # in the prompt, json_object alone, or none (parsed from free text)
    structured: Literal["json_schema", "json_object_schema", "json_object", "none"] = "json_schema"
    max_tokens: PositiveInt | None = None  # cap on each reply's length (sent, and part of the cache key)
    budget_tokens: PositiveInt | None = None  # whole dataset, every invocation counted
    budget_usd: PositiveFloat | None = None  # needs the model in `prices`
    prices: dict[str, Price] = Field(default_factory=dict)  # model -> USD per 1M tokens
    rpm: PositiveInt | None = None  # requests per minute, at most
    tpm: PositiveInt | None = None  # tokens per minute (prompt + reply), at most
    breaker_s: float = Field(60.0, gt=0)  # stop when nothing succeeded for this long
    preflight: bool = True  # one cheap request before the first real one: fail in seconds
    cache_dir: str | None = None  # default: <out>/.cache/llm


class ProductsConfig(Record):
    """The `products` section: one optional section per registered product, in the order the
    products register. Its fields come from the registry (`products_model`); this base holds
    the accessors."""

    def enabled(self) -> list[str]:
        return [name for name in type(self).model_fields if getattr(self, name) is not None]

    def section(self, name: str, model: type[C]) -> C | None:
        """The section `products.<name>` (None when absent), typed as the product's config model."""
        value = getattr(self, name, None)
        if value is not None and not isinstance(value, model):
            raise TypeError(f"products.{name} is a {type(value).__name__}, not a {model.__name__}")
        return value

    def __reduce__(self) -> tuple[Any, ...]:
        # The concrete class is built at run time from the registry, so pickle cannot find it by
        # name (a shard job sent to a worker process holds one): rebuild it there the same way.
        return (_products_section, ({name: getattr(self, name) for name in type(self).model_fields},))


def _products_section(fields: dict[str, Any]) -> ProductsConfig:
    return products_model()(**fields)


_PRODUCTS_MODELS: dict[tuple[str, ...], type[ProductsConfig]] = {}


def products_model() -> type[ProductsConfig]:
    """The `products` section's model: a field `<name>: <config model> | None` per registered
    product (strict, so an unknown product name is refused like any unknown key)."""
    from .plugins import load_plugins
    from .products.base import products_in_order

    load_plugins()
    registered = products_in_order()
    key = tuple(name for name, _ in registered)
    if key not in _PRODUCTS_MODELS:
        fields: dict[str, Any] = {name: (cls.config_model | None, None) for name, cls in registered}
        _PRODUCTS_MODELS[key] = cast(type[ProductsConfig], create_model(
            "ProductsConfig", __base__=ProductsConfig, __module__=__name__, **fields))
    return _PRODUCTS_MODELS[key]


class RunConfig(Record):
    seed: int = 0  # the one seed of the run: the same config and seed give byte-identical files
    catalog: list[str] = Field(min_length=1)  # tool catalog files or folders (OpenAI tools, TRAJECT, BFCL, TRAIL apis)
    histories: list[str] = Field(default_factory=list)  # user histories (TRAILBench logs, JSON/JSONL event lists)
    personas: str | None = None  # personas file for synthetic histories; absent: derived from the catalog
    hints: str | None = None  # cache file of LLM-written phrasing hints (trajgen hints)
    catalog_options: CatalogOptions = Field(default_factory=CatalogOptions)  # identity, domain, locale
    writer: Literal["template", "llm"] = "template"  # who writes the queries: the offline templates or an LLM
    llm: LLMConfig = Field(default_factory=LLMConfig)  # the OpenAI-compatible endpoint (writer: llm, eval)
    out: str = "outputs/run"  # output folder (--out overrides)
    products: SerializeAsAny[ProductsConfig] = Field(default_factory=lambda: products_model()())  # one section per format
    card: CardConfig = Field(default_factory=CardConfig)  # the dataset card's licence, name, languages
    dedup: DedupConfig = Field(default_factory=DedupConfig)  # near-duplicate removal across the run
    splits: SplitsConfig | None = None  # absent: one split per format (sdg train, the others test)

    @field_validator("products", mode="plain")
    @classmethod
    def _registered(cls, value: Any) -> ProductsConfig:
        section = products_model().model_validate(value)
        for where, count in _counts_over(section.model_dump(), "products"):
            raise ConfigError(f"{count:.4g} is over the limit of {MAX_COUNT:,} a run may ask for; "
                              "split the dataset into several runs", field=where)
        return section


# A setting that changes nothing under the rest of the config is refused, so a run never looks
# configured one way while it ran another. Each rule: the dotted path of the setting and a
# function of the whole config giving why the setting has no effect (None when it has one).
# A setting left at its default is never refused.
Unused = Callable[[RunConfig], str | None]


def _unread(cfg: RunConfig, what: Literal["histories", "personas"]) -> str | None:
    """No enabled product reads the run's `what` under its config (Product.needs); the message
    names the products that would, from what they declare (Product.reads)."""
    from .products.base import enabled_sections, products_in_order

    if any(getattr(cls.needs(section, cfg), what) for cls, section in enabled_sections(cfg)):
        return None
    readers = [f"products.{name}" + (f" ({when})" if when else "")
               for name, cls in products_in_order() if (when := cls.reads.get(what)) is not None]
    return f"only {' and '.join(readers)} read {what}"


def _histories_unused(cfg: RunConfig) -> str | None:
    return _unread(cfg, "histories")


def _personas_unused(cfg: RunConfig) -> str | None:
    return _unread(cfg, "personas")


UNUSED: dict[str, Unused] = {  # run-level settings; a product's own come from Product.unused
    "histories": _histories_unused,
    "personas": _personas_unused,
}


def _setting(cfg: RunConfig, path: str) -> tuple[Any, Any] | None:
    """(value, default) of a dotted setting; None when its section is absent."""
    *parents, name = path.split(".")
    section: Any = cfg
    for part in parents:
        section = getattr(section, part)
        if section is None:
            return None
    default = type(section).model_fields[name].get_default(call_default_factory=True)
    return getattr(section, name), default


def ineffective_settings(cfg: RunConfig) -> list[tuple[str, str]]:
    """(setting, why it has no effect) for every non-default setting the rest of the config ignores:
    the run-level ones here, each enabled product's from its plug-in (Product.unused)."""
    from .products.base import enabled_sections

    rules = {path: unused(cfg) for path, unused in UNUSED.items()}
    for cls, section in enabled_sections(cfg):
        rules |= {f"products.{cls.name}.{name}": why for name, why in cls.unused(section, cfg).items()}
    out = []
    for path, why in rules.items():
        got = _setting(cfg, path)
        if why and got is not None and got[0] != got[1]:
            out.append((path, why))
    return out


def check_settings(cfg: RunConfig) -> None:
    """Refuse the first setting that would have no effect (called once flags are applied), then
    what a product cannot run (Product.check, e.g. a language its writer cannot write)."""
    for path, why in ineffective_settings(cfg)[:1]:
        raise ConfigError(f"this setting has no effect: {why}; remove it", field=path)
    from .products.base import enabled_sections

    for cls, section in enabled_sections(cfg):
        cls.check(section, cfg)


def _first_error(err: ValidationError) -> tuple[str, str]:
    e = err.errors()[0]
    loc = ".".join(str(p) for p in e["loc"])
    if e["type"] == "extra_forbidden" and len(e["loc"]) == 2 and e["loc"][0] == "products":
        return loc, f"unknown product (known: {', '.join(products_model().model_fields)})"
    return loc, e["msg"]


_ENV_VAR = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


# Values a config may hold once its YAML aliases are expanded: a real config has a few hundred;
# an alias bomb (nine aliases of nine aliases of ...) a few hundred million, which took minutes
# and then all the memory to copy out.
MAX_CONFIG_VALUES = 100_000
MAX_CONFIG_DEPTH = 64


class _Budget:
    def __init__(self, path: Path) -> None:
        self.left, self.path = MAX_CONFIG_VALUES, path

    def spend(self, where: str, depth: int) -> None:
        self.left -= 1
        if self.left < 0:
            raise ConfigError(f"expands to more than {MAX_CONFIG_VALUES:,} values (YAML aliases "
                              "repeated inside each other?); refused", file=str(self.path), field=where or None)
        if depth > MAX_CONFIG_DEPTH:
            raise ConfigError(f"nested more than {MAX_CONFIG_DEPTH} levels deep; refused",
                              file=str(self.path), field=where or None)


def _expand(value: Any, path: Path, where: str, budget: _Budget | None = None, depth: int = 0) -> Any:
    """`${NAME}` in any string of the config becomes the environment variable's value, so a
    config can point at data outside the repo without naming a machine's paths. The walk counts
    what it copies (aliases are copied out here) and refuses a config past MAX_CONFIG_VALUES."""
    budget = budget or _Budget(path)
    budget.spend(where, depth)
    if isinstance(value, dict):
        return {k: _expand(v, path, f"{where}.{k}".lstrip("."), budget, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [_expand(v, path, f"{where}.{i}".lstrip("."), budget, depth + 1) for i, v in enumerate(value)]
    if not isinstance(value, str):
        return value
    missing = [name for name in _ENV_VAR.findall(value) if name not in os.environ]
    if missing:
        raise ConfigError(f"environment variable {missing[0]} is not set", file=str(path), field=where)
    return _ENV_VAR.sub(lambda m: os.environ[m[1]], value)


def load_config(path: str | Path) -> RunConfig:
    path = Path(path)
    try:
        if path.exists() and not path.is_dir() and not path.is_file():
            raise ConfigError("not a regular file (a device, FIFO or socket); refused", file=str(path))
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError("config file not found", file=str(path)) from None
    except IsADirectoryError:
        raise ConfigError("expected a YAML file, got a directory", file=str(path)) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror}", file=str(path)) from None
    except RecursionError:
        raise ConfigError(f"nested more than {MAX_CONFIG_DEPTH} levels deep; refused", file=str(path)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise ConfigError(f"invalid YAML{where}", file=str(path)) from None
    if not isinstance(data, dict):
        raise ConfigError("expected a mapping at the top level", file=str(path))
    data = _expand(data, path, "")
    try:
        return RunConfig.model_validate(data)
    except ValidationError as err:
        loc, msg = _first_error(err)
        raise ConfigError(msg, file=str(path), field=loc) from None
    except ConfigError as err:  # a validator's own refusal (a count over MAX_COUNT)
        err.file = err.file or str(path)
        raise
