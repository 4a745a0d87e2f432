"""Input readers: tool catalogs (OpenAI tools, BFCL function docs/questions, TRAJECT-Bench)
and user histories (TRAILBench query files, plain event logs), all detected by content.

Every malformed input raises generator.errors.InputError naming file, record and field.
"""

from __future__ import annotations

from . import bfcl, openai, traject  # noqa: F401  (register the catalog formats)
from .base import CATALOG_FORMATS, CatalogFormat, CatalogSource, collapse_ws
from .catalogs import detect_catalog_format, expand_paths, merge_tools, read_catalog, read_catalogs
from .histories import (
    TrailAnswer,
    TrailRecord,
    parse_time,
    read_histories,
    read_trail_records,
    trail_history,
    trail_user,
)
from .openai import XTrajgen, split_app_api, tool_from_openai
from .traject import RAPIDAPI_TYPES, traject_tool_name

__all__ = [
    "CATALOG_FORMATS",
    "RAPIDAPI_TYPES",
    "CatalogFormat",
    "CatalogSource",
    "TrailAnswer",
    "TrailRecord",
    "XTrajgen",
    "collapse_ws",
    "detect_catalog_format",
    "expand_paths",
    "merge_tools",
    "parse_time",
    "read_catalog",
    "read_catalogs",
    "read_histories",
    "read_trail_records",
    "split_app_api",
    "tool_from_openai",
    "trail_history",
    "trail_user",
    "traject_tool_name",
]
