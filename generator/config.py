"""One strict config model, loaded from YAML and overridden by CLI flags."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

import yaml
from pydantic import Field, PositiveInt, ValidationError

from .bfcl.config import BfclConfig
from .errors import ConfigError
from .hub.config import CardConfig, DedupConfig, SplitsConfig
from .judge.config import JudgeConfig
from .products.sdg_config import SdgConfig
from .records import Record
from .trail.config import TrailConfig
from .traject.config import TrajectConfig


class LLMConfig(Record):
    base_url: str | None = None  # default: $OPENAI_BASE_URL, else the OpenAI API
    model: str | None = None
    api_key_env: str = "OPENAI_API_KEY"
    concurrency: PositiveInt = 8
    max_retries: int = Field(8, ge=0, le=20)  # 0.2**9: a 20%-failing endpoint still completes
    max_reasks: int = Field(2, ge=0, le=10)
    timeout_s: float = Field(60.0, gt=0)
    temperature: float = Field(0.7, ge=0, le=2)
    structured: Literal["json_schema", "json_object_schema", "json_object", "none"] = "json_schema"
    max_tokens: PositiveInt | None = None  # cap on each reply's length (sent, and part of the cache key)
    budget_tokens: PositiveInt | None = None
    cache_dir: str | None = None  # default: <out>/.cache/llm


class ProductsConfig(Record):
    sdg: SdgConfig | None = None
    trail: TrailConfig | None = None
    traject: TrajectConfig | None = None
    judge: JudgeConfig | None = None
    bfcl: BfclConfig | None = None

    def enabled(self) -> list[str]:
        return [name for name in type(self).model_fields if getattr(self, name) is not None]


class RunConfig(Record):
    seed: int = 0
    catalog: list[str] = Field(min_length=1)
    histories: list[str] = Field(default_factory=list)
    personas: str | None = None
    hints: str | None = None  # cache file of LLM-written phrasing hints (trajgen hints)
    writer: Literal["template", "llm"] = "template"
    llm: LLMConfig = Field(default_factory=LLMConfig)
    out: str = "outputs/run"
    products: ProductsConfig = Field(default_factory=ProductsConfig)
    card: CardConfig = Field(default_factory=CardConfig)  # the dataset card's licence, name, languages
    dedup: DedupConfig = Field(default_factory=DedupConfig)
    splits: SplitsConfig | None = None  # absent: one split per format (sdg train, the others test)


def _first_error(err: ValidationError) -> tuple[str, str]:
    e = err.errors()[0]
    loc = ".".join(str(p) for p in e["loc"])
    return loc, e["msg"]


def load_config(path: str | Path) -> RunConfig:
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ConfigError("config file not found", file=str(path)) from None
    except IsADirectoryError:
        raise ConfigError("expected a YAML file, got a directory", file=str(path)) from None
    except UnicodeDecodeError as exc:
        raise ConfigError(f"not UTF-8 text (byte {exc.start})", file=str(path)) from None
    except OSError as exc:
        raise ConfigError(f"cannot read: {exc.strerror}", file=str(path)) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise ConfigError(f"invalid YAML{where}", file=str(path)) from None
    if not isinstance(data, dict):
        raise ConfigError("expected a mapping at the top level", file=str(path))
    try:
        return RunConfig.model_validate(data)
    except ValidationError as err:
        loc, msg = _first_error(err)
        raise ConfigError(msg, file=str(path), field=loc) from None
