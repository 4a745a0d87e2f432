"""Vagueness read by meaning: the independent reader (generator/reader/, rules only, no language
model) over a run's query files, a table per format and level, and whether each level lands in
the vagueness band the format is calibrated to.

The literal value recall of `trajgen stats` counts a value as stated only when it occurs verbatim,
so "two hours" for `duration_minutes=120` reads as left out; the reader reads it as a person does
(docs/reader.md). The dataset card's section *Vagueness read by meaning* and `trajgen stats` (via
`add_meaning`) show the same `Table`s from `meaning_tables`, so they cannot disagree.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from ..audit import AuditReport, Table, render
from ..errors import InputError
from .card import CardInput, format_name, md_table, section, stats_path


@dataclass(frozen=True)
class Band:
    """The value recall (by meaning) a level of a format is calibrated to: `low` <= VR <= `high`.
    With `by_size` (the benchmark's own recall by meaning for calls of 1, 2, 3 or more values, and
    `mean`, over its own files), the band is for the benchmark's own mix of call sizes and moves
    with a file's (`for_sizes`): a level gives away more of a one-value call than of a five-value one."""

    kind: str  # the reader's file kind (generator.reader.sources.SOURCES)
    level: str
    low: float
    high: float
    by_size: tuple[float, ...] = ()
    mean: float = 0.0

    def text(self) -> str:
        return f"at most {self.high:.2f}" if self.low <= 0 else f"{self.low:.2f} to {self.high:.2f}"

    def for_sizes(self, sizes: Mapping[int, int]) -> Band:
        """The band of a file whose calls of n values hold sizes[n] values in all: shifted by what the
        benchmark reads for that mix of sizes minus what it reads for its own (`mean`)."""
        values = sum(sizes.values())
        if not self.by_size or not values:
            return self
        ref = sum(k * self.by_size[min(n, len(self.by_size)) - 1] for n, k in sizes.items() if n) / values
        shift = ref - self.mean
        return replace(self, low=round(max(0.0, self.low + shift), 3), high=round(min(1.0, self.high + shift), 3),
                       by_size=())


# The bands each format registers (its package's hub.py, `add_bands`): the value recall by
# meaning its levels are calibrated to. A format without bands gets the table and no verdict.
BANDS: list[Band] = []


def add_bands(*bands: Band) -> None:
    BANDS.extend(b for b in bands if b not in BANDS)


LABEL_COLUMNS = ("stated", "described", "hinted", "omitted")
COLUMNS = ["level", "queries", "pairs", "VR by meaning", *LABEL_COLUMNS[1:], "determined", "added"]
LEGEND = {
    "VR by meaning": "value recall by meaning: the share of gold argument values the text states (label "
                     "stated), in any wording a person reads without help (numbers in words, dates resolved "
                     "with the query time, converted units, enum values by their words, codes by what they "
                     "name)",
    "described / hinted / omitted": "shares of the gold argument values the reader labels so (described: "
                                    "pinned down by world knowledge, 'the capital of France'; hinted: pointed "
                                    "at through the history or situation, 'same as last time'; omitted: "
                                    "nothing in the text gives it)",
    "determined": "share of the hinted and omitted values a reading rule (history, query time, schema "
                  "default, an earlier step's output) yields exactly",
    "added": "share of queries asking for something the gold calls do not hold",
}


@dataclass(frozen=True)
class Verdict:
    band: Band
    vr: float

    @property
    def held(self) -> bool:
        return self.band.low <= self.vr <= self.band.high

    def text(self) -> str:
        return (f"{self.band.kind} {self.band.level}: VR by meaning {self.vr:.3f}, band {self.band.text()}: "
                f"{'held' if self.held else 'FAILED'}")


@dataclass(frozen=True)
class Meaning:
    """The reader's figures of one format's files: its table and the band verdicts."""

    kind: str
    table: Table
    verdicts: tuple[Verdict, ...]


def read_by_meaning(kind: str, path: Path) -> Meaning:
    """The reader over the query files of `path` (rules only); InputError when it cannot read them."""
    from ..reader.command import read_files

    summary = read_files([path], write=False)
    rows, verdicts = [], []
    for row in summary.rows():
        level, queries, pairs, *counts = row[:3 + len(LABEL_COLUMNS)]
        determined, vr, added = row[3 + len(LABEL_COLUMNS):]
        level = level.split(" ", 1)[1]
        shares = [c / pairs if pairs else None for c in counts[1:]]  # counts[0], stated, is VR
        rows.append([level, queries, pairs, vr, *shares, determined, added])
        band = next((b for b in BANDS if b.kind == kind and b.level == level), None)
        if band is not None and vr is not None:
            verdicts.append(Verdict(band.for_sizes(summary.sizes[row[0]]), vr))
    notes = [f"band {v.text()}" for v in verdicts]
    table = Table(title=f"{format_name(kind)}: vagueness read by meaning", columns=COLUMNS, rows=rows,
                  legend=LEGEND, notes=notes)
    return Meaning(kind, table, tuple(verdicts))


_SEEN: dict[tuple[str, str], tuple[tuple[tuple[str, int, int], ...], Meaning]] = {}


def _signature(path: Path) -> tuple[tuple[str, int, int], ...]:
    files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    return tuple((str(p), (st := p.stat()).st_size, st.st_mtime_ns) for p in files)


def meaning_of(kind: str, path: Path) -> Meaning:
    """`read_by_meaning`, read again only when the files changed (a card built again over the
    same files reads nothing)."""
    key, sig = (kind, str(path.resolve())), _signature(path)
    seen = _SEEN.get(key)
    if seen is None or seen[0] != sig:
        if len(_SEEN) > 64:
            _SEEN.clear()
        _SEEN[key] = (sig, read_by_meaning(kind, path))
    return _SEEN[key][1]


def readable(kind: str) -> bool:
    """Whether the reader reads files of this format (its sources are named as the formats)."""
    from ..reader.sources import SOURCES

    return kind in SOURCES


def meaning_tables(parts: list[tuple[str, Path]]) -> list[Meaning | str]:
    """Per (format, path) the reader reads: its figures, or one line saying why it could not."""
    out: list[Meaning | str] = []
    for kind, path in parts:
        if not readable(kind) or not path.exists():
            continue
        try:
            out.append(meaning_of(kind, path))
        except InputError as exc:
            out.append(f"{format_name(kind)}: not read by the reader: {exc}")
    return out


# ---------------------------------------------------------------- trajgen stats


def add_meaning(report: AuditReport, parts: list[tuple[str, Path]]) -> AuditReport:
    """`trajgen stats` hook: the reader's table per format part, figures under
    `meaning.<format>.<level>.<column>` and `meaning.<format>.<level>.band_held` (1 or 0)."""
    for got in meaning_tables(parts):
        if isinstance(got, str):
            report.lines += ["== vagueness read by meaning", got]
            continue
        report.lines += [f"== vagueness read by meaning (reader, rules only): {got.kind}", *render(got.table)]
        for row in got.table.rows:
            report.figures |= {f"meaning.{got.kind}.{row[0]}.{col}": v
                               for col, v in zip(COLUMNS[1:], row[1:], strict=True)}
        report.figures |= {f"meaning.{got.kind}.{v.band.level}.band_held": int(v.held) for v in got.verdicts}
    return report


# ---------------------------------------------------------------- the card


WHAT = ("trajgen's independent reader (`trajgen read`; it shares no code with the writers or the checks) "
        "read every query of the files above and labelled each gold argument value *stated*, *described*, "
        "*hinted* or *omitted* by meaning, not by literal match: \"two hours\" states `duration_minutes=120`, "
        "\"US dollars\" states `USD`. Value recall by meaning is the stated share; it is the figure the "
        "vagueness levels are held to below.")
BLIND = ("What the reader cannot see: it reads by rules only (no language model was asked here), so a value "
         "given through world knowledge its tables lack (a stock by its company, a landmark for its city) "
         "reads omitted rather than described, and a wording none of its rules knows reads omitted where a "
         "person would read it stated. Its agreement with people who did not write it, over 2,873 hand-labelled "
         "(query, argument) pairs of four sets (original benchmark queries and new LLM-written ones): 0.908 by its "
         "rules alone, as here (stated 0.936, described 0.104, hinted 0.770, omitted 0.973), and 0.973 with a "
         "language model answering its world-knowledge questions (`trajgen read --model`: every label at least "
         "0.928); on the last set, drawn after its last fix for a reading class, 0.863 and 0.973 (its docs, "
         "Agreement with people). "
         "The figures are the rules' reading, not people's.")
TEMPLATE = ("These queries were written by the `template` writer: a stated value is said in the few forms its "
            "templates know, which the reader reads easily, and the phrasing is far narrower than a person's or "
            "a language model's. The figures say how much each query gives away, not that it reads naturally; "
            "people reading template-written queries on catalogs new to trajgen found many stiff or defective "
            "(trajgen's readings, `benchmarks/reading/` in its repository).")


def band_lines(meanings: list[Meaning]) -> list[str]:
    """'Bands held: k of n.' and one line per band with its verdict (nothing without a band)."""
    verdicts = [v for m in meanings for v in m.verdicts]
    if not verdicts:
        return []
    held = sum(v.held for v in verdicts)
    return [f"Bands held: {held} of {len(verdicts)}.", "", *[f"- {v.text()}" for v in verdicts], ""]


@section(66, "vagueness by meaning")
def vagueness_by_meaning(inp: CardInput) -> list[str]:
    parts = [(p, stats_path(inp.out_dir, p)) for p in inp.products]
    # The card streams data rows: a format written as JSON Lines (millions of rows at scale) is
    # read by `trajgen stats` / `trajgen read`, not here.
    lines = [(p, path) for p, path in parts if readable(p) and path.is_dir() and any(path.rglob("*.jsonl"))]
    got = meaning_tables([part for part in parts if part not in lines])
    if not got:
        return []
    meanings = [m for m in got if isinstance(m, Meaning)]
    out = ["## Vagueness read by meaning", "", WHAT, "", BLIND, ""]
    if inp.manifest.writer == "template":
        out += [TEMPLATE, ""]
    out += band_lines(meanings)
    for m in got:
        out += [m, ""] if isinstance(m, str) else [f"**{m.table.title}**", "", *md_table(COLUMNS, m.table.rows), ""]
    if lines:
        names = ", ".join(format_name(p) for p, _ in lines)
        out += [(f"{names}: written as JSON Lines, which the card does not read whole; `trajgen stats RUN` "
                 "(or `trajgen read`) prints their tables."), ""]
    return out + [f"- {abbr}: {meaning}" for abbr, meaning in LEGEND.items()]
