"""Config sections `card:`, `dedup:` and `splits:` (strict). None of them changes what an item
contains, so none is part of the state key: changing them re-exports without re-running."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from ..records import Record

# Licence identifiers the Hugging Face Hub accepts in a card's `license:` field.
HUB_LICENSES = (
    "apache-2.0", "mit", "openrail", "bigscience-openrail-m", "creativeml-openrail-m",
    "bigscience-bloom-rail-1.0", "bigcode-openrail-m", "afl-3.0", "artistic-2.0", "bsl-1.0", "bsd",
    "bsd-2-clause", "bsd-3-clause", "bsd-3-clause-clear", "c-uda", "cc", "cc0-1.0", "cc-by-2.0",
    "cc-by-2.5", "cc-by-3.0", "cc-by-4.0", "cc-by-sa-3.0", "cc-by-sa-4.0", "cc-by-nc-2.0",
    "cc-by-nc-3.0", "cc-by-nc-4.0", "cc-by-nd-4.0", "cc-by-nc-nd-3.0", "cc-by-nc-nd-4.0",
    "cc-by-nc-sa-2.0", "cc-by-nc-sa-3.0", "cc-by-nc-sa-4.0", "cdla-sharing-1.0",
    "cdla-permissive-1.0", "cdla-permissive-2.0", "wtfpl", "ecl-2.0", "epl-1.0", "epl-2.0",
    "etalab-2.0", "eupl-1.1", "eupl-1.2", "agpl-3.0", "gfdl", "gpl", "gpl-2.0", "gpl-3.0", "lgpl",
    "lgpl-2.1", "lgpl-3.0", "isc", "h-research", "intel-research", "lppl-1.3c", "ms-pl",
    "apple-ascl", "apple-amlr", "mpl-2.0", "odc-by", "odbl", "openrail++", "osl-3.0", "postgresql",
    "ofl-1.1", "ncsa", "unlicense", "zlib", "pddl", "lgpl-lr", "llama2", "llama3", "llama3.1",
    "llama3.2", "llama3.3", "llama4", "gemma", "unknown", "other",
)
SPLIT_NAMES = ("train", "validation", "test")
SplitName = Literal["train", "validation", "test"]
SplitKey = Literal["target", "tool", "domain", "user"]


class CardConfig(Record):
    """The dataset card's metadata. `license` is the licence you publish the data under (the
    Hub's identifiers; "other" needs `license_name` and `license_link`); `languages` (ISO 639-1
    codes) defaults to English plus the `products.bfcl.languages` of the live queries."""

    license: str = "unknown"  # the Hub licence identifier the data is published under
    license_name: str | None = None  # with license: other, its name
    license_link: str | None = None  # with license: other, where its text is
    pretty_name: str | None = Field(None, min_length=1, max_length=120)  # the card's title
    languages: list[str] | None = Field(None, min_length=1)  # ISO 639-1 codes of the queries
    tags: list[str] = Field(default_factory=list)  # extra Hub tags, after the ones trajgen sets

    @field_validator("license")
    @classmethod
    def _hub_license(cls, value: str) -> str:
        if value not in HUB_LICENSES:
            raise ValueError(f"license {value!r} is not a Hub licence identifier (e.g. apache-2.0, mit, "
                             "cc-by-4.0, cc-by-sa-4.0, cc0-1.0, odc-by; 'other' with license_name and "
                             "license_link)")
        return value

    @model_validator(mode="after")
    def _other_needs_a_name(self) -> CardConfig:
        if self.license == "other" and not (self.license_name and self.license_link):
            raise ValueError("license 'other' needs license_name and license_link")
        return self


class DedupConfig(Record):
    """Exact and near-duplicate queries, found within and across formats and removed (kept:
    the first in the order evaluation formats, then training formats; plan order within).

    threshold: Jaccard similarity of the character 5-gram sets of two normalized queries at or
        above which they count as near-duplicates (1.0 = exact duplicates only)."""

    enabled: bool = True  # false keeps every query, duplicates included
    threshold: float = Field(0.85, ge=0.5, le=1.0)


class SplitsConfig(Record):
    """train / validation / test by `ratios`, disjoint by `by`: every sample sharing a target
    (the gold calls), a called tool, a domain or a user lands in one split."""

    by: SplitKey = "target"  # what a split is disjoint by: target, tool, domain or user
    ratios: dict[SplitName, float] = Field({"train": 0.8, "validation": 0.1, "test": 0.1})  # copied per instance

    @model_validator(mode="after")
    def _ratios(self) -> SplitsConfig:
        if len(self.ratios) < 2:
            raise ValueError("splits need at least two of train, validation, test")
        if any(r <= 0 for r in self.ratios.values()):
            raise ValueError("every split ratio must be positive")
        if abs(sum(self.ratios.values()) - 1.0) > 1e-6:
            raise ValueError(f"split ratios must sum to 1 (they sum to {sum(self.ratios.values()):g})")
        return self

    def names(self) -> list[str]:
        """Split names in the Hub's conventional order."""
        return [s for s in SPLIT_NAMES if s in self.ratios]
