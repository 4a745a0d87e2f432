"""Vagueness figures of TRAILBench-format records (docs/formats.md, Vagueness), per level.

Shared by `trajgen stats`, the audit and the tests. VR is the mean per-query share of gold
values found verbatim (queries of answers without countable values are left out of VR and
NONE), as in the independent reference check. A value missing from a query is *recoverable*
when it occurs in the history for the same toolname, apiname and parameter, when it equals
the schema default, or when its parameter is listed in `temporal_parameters` AND the time
really gives it: alone (a meal type by hour, a "today"-like enum, the query date) or through
a phrase of the query that resolves to it ("tomorrow", "at 7 pm"). Stricter than the
reviewer's check, which takes any listed temporal parameter as recoverable: a date a week
ahead that the query never mentions cannot be recovered.

*Determined* is stricter still: a rule picks exactly that value, read as a reader reads the
query (validators.habitphrase.Reader, docs/trail.md "Determined") -- the most recent value of the
parameter when the query says "last time", the single most frequent one when it says "usual",
both when it says neither, the place a habit word ("home", "work") is tied to; over the named
app's calls, or, when the app is not named, over the same kind of app and the whole history
alike; time-derived and default values count.
"""

from __future__ import annotations

import json
from collections import defaultdict
from itertools import pairwise
from typing import Any

from pydantic import Field

from ..audit import Table, legend
from ..core.surface import mentions
from ..core.vagueness import gold_values, mean, mentions_app, normalize, value_elements, value_recall
from ..records import Record, Tool, dict_at
from ..validators.habitphrase import Reader
from ..validators.timephrase import from_time_alone, parse_query_time, said_in
from .export import LEVELS


class LevelFigures(Record):
    queries: int = 0
    valued: int = 0  # queries whose answer has countable values (VR and NONE are over these)
    vr: float = 0.0
    app: float = 0.0
    none: float = 0.0
    words: float = 0.0
    omitted: int = 0
    recoverable: int = 0
    determined: int = 0

    @property
    def recoverable_rate(self) -> float:
        return self.recoverable / self.omitted if self.omitted else 1.0

    @property
    def determined_rate(self) -> float:
        return self.determined / self.omitted if self.omitted else 1.0


class Figures(Record):
    records: int = 0
    levels: dict[str, LevelFigures] = Field(default_factory=dict)
    non_monotone: int = 0
    samples_with_values: int = 0
    exact_repeats: int = 0  # answer = an earlier history call of the same function, verbatim
    recent_repeats: int = 0  # answer = the most recent history call of the same function

    @property
    def exact_repeat_rate(self) -> float:
        return self.exact_repeats / self.records if self.records else 0.0

    @property
    def recent_repeat_rate(self) -> float:
        return self.recent_repeats / self.records if self.records else 0.0


class _Acc:
    """Running sums for one level."""

    def __init__(self) -> None:
        self.vr: list[float] = []
        self.app: list[bool] = []
        self.none: list[bool] = []
        self.words: list[int] = []
        self.omitted = 0
        self.recoverable = 0
        self.determined = 0

    def figures(self) -> LevelFigures:
        return LevelFigures(queries=len(self.app), valued=len(self.vr), vr=mean(self.vr), app=mean(self.app),
                            none=mean(self.none), words=mean(self.words),
                            omitted=self.omitted, recoverable=self.recoverable, determined=self.determined)


def history_events(record: dict[str, Any]) -> list[dict[str, Any]]:
    hist = record.get("user_history", "[]")
    try:
        hist = json.loads(hist) if isinstance(hist, str) else hist
    except json.JSONDecodeError:
        return []
    return [e for e in hist if isinstance(e, dict)] if isinstance(hist, list) else []


def seen_values(events: list[dict[str, Any]]) -> dict[tuple[str, str, str], set[str]]:
    seen: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for e in events:
        params = dict_at(e, "parameters")
        for k, v in params.items():
            for x in value_elements(v):
                seen[(str(e.get("toolname")), str(e.get("apiname")), k)].add(normalize(x))
    return seen


def level_queries(record: dict[str, Any], level: str) -> list[str]:
    qs = record.get("query", {}).get(level, [])
    return [qs] if isinstance(qs, str) else [q for q in qs if isinstance(q, str)]


class Recoverability:
    """Decides whether a gold value missing from a query can be recovered."""

    def __init__(self, record: dict[str, Any], tools: dict[str, Tool]) -> None:
        a = record["answer"]
        self.app, self.api = str(a.get("toolname")), str(a.get("apiname"))
        self.temporal = set(a.get("temporal_parameters") or [])
        self.params = dict_at(a, "parameters")
        self.time = parse_query_time(record.get("time", ""))
        events = history_events(record)
        self.seen = seen_values(events)
        tool = self.tool = tools.get(f"{self.app}_{self.api}")
        props = tool.properties if tool else {}
        self.reader = Reader(events, self.app, self.api, str(a.get("apitype") or ""), str(record.get("time", "")),
                             {q: str(s.get("description", "")) for q, s in props.items()})
        self.defaults = {k: normalize(s["default"]) for k, s in props.items() if "default" in s}

    def __call__(self, param: str, value: str, query: str = "") -> bool:
        return (value in self.seen.get((self.app, self.api, param), set())
                or self.defaults.get(param) == value or self.from_time(param, query))

    def determined(self, param: str, value: str, query: str, unsaid: dict[str, Any]) -> bool:
        """A rule picks the whole value: the query time or the default, or the history under
        every reading the query invites (`unsaid`: the arguments the query leaves out; the others'
        values are said, so their words are no cue)."""
        if self.defaults.get(param) == value or self.from_time(param, query):
            return True
        if self.said(param, value, query):
            return True  # said in other words ("weekdays only", "6:30 pm"): stated, so read as said
        said = [x for p, v in self.params.items() if p not in unsaid for x in value_elements(v)]
        return self.reader.problem(query, param, self.params.get(param), None, unsaid,
                                   named=mentions_app(query, self.app), said=said) is None

    def said(self, param: str, value: str, query: str) -> bool:
        """Whether the query says the value in any accepted surface form ("public transport" for
        `transit`, "6:30 pm" for 18:30; without the tool's schema, its words: "weekdays only")."""
        if self.tool is not None:
            return mentions(query, self.params.get(param), param, self.tool, self.time)
        return normalize(value, words=True) in normalize(query, words=True)

    def from_time(self, param: str, query: str) -> bool:
        if param not in self.temporal or self.time is None:
            return False
        raw = self.params.get(param)
        return from_time_alone(param, raw, self.time) or said_in(query, raw, self.time)


def repeat_of(record: dict[str, Any]) -> tuple[bool, bool]:
    """(exact repeat, repeat of the most recent same-function call): a High query about such
    a target is solvable by "do that again"."""
    a = record["answer"]
    same = [e for e in history_events(record)
            if e.get("toolname") == a.get("toolname") and e.get("apiname") == a.get("apiname")]
    params = a.get("parameters")
    return any(e.get("parameters") == params for e in same), bool(same) and same[-1].get("parameters") == params


def add_record(accs: dict[str, _Acc], record: dict[str, Any], tools: dict[str, Tool]) -> list[float] | None:
    """Accumulate one record; returns its mean VR per level (None without countable values)."""
    answer = record["answer"]
    vals = gold_values(answer.get("parameters") or {})
    recover = Recoverability(record, tools)
    means = []
    for level in LEVELS:
        rs = [_add_query(accs[level], q, vals, str(answer.get("toolname")), recover)
              for q in level_queries(record, level)]
        means.append(mean(rs))
    return means if vals else None


def _add_query(acc: _Acc, q: str, vals: list[tuple[str, str]], app: str, recover: Recoverability) -> float:
    nq = normalize(q)
    acc.app.append(mentions_app(q, app))
    acc.words.append(len(q.split()))
    vr = value_recall(q, vals)
    if vals:
        acc.vr.append(vr)
        acc.none.append(vr == 0.0)
    unsaid = {k: recover.params.get(k) for k, v in vals if v not in nq}
    for k, v in vals:
        if v not in nq:
            acc.omitted += 1
            acc.recoverable += recover(k, v, q)
            acc.determined += recover.determined(k, v, q, unsaid)
    return vr


def ordered(means: list[float]) -> bool:
    """Never more explicit than the level before; High strictly below Minimum."""
    return all(b <= a + 1e-9 for a, b in pairwise(means)) and means[0] > means[-1]


def measure(records: list[dict[str, Any]], tools: dict[str, Tool] | None = None) -> Figures:
    accs = {lv: _Acc() for lv in LEVELS}
    fig = Figures()
    for rec in records:
        if not _measurable(rec):
            continue
        fig.records += 1
        exact, recent = repeat_of(rec)
        fig.exact_repeats += exact
        fig.recent_repeats += recent
        means = add_record(accs, rec, tools or {})
        if means is not None:
            fig.samples_with_values += 1
            fig.non_monotone += not ordered(means)
    fig.levels = {lv: accs[lv].figures() for lv in LEVELS}
    return fig


def _measurable(rec: Any) -> bool:
    return (isinstance(rec, dict) and isinstance(rec.get("answer"), dict)
            and isinstance(rec["answer"].get("parameters"), dict) and isinstance(rec.get("query"), dict))


LEGEND = legend("VR", "APP", "NONE", "words", recoverable=(
    "share of the gold values left out of a query that the user's history (same function and "
    "parameter), the query time or the schema default gives back (recovered/left out)"),
    determined=("share of the left-out gold values that a rule picks whole: the query time, the schema "
                "default, or the history under every reading the query invites, wherever a reader may look "
                "(the named app, else the same kind of app and the whole history; a habit word for the place "
                "the history ties it to); a value said in other words counts as said (determined/left out)"))


def table(fig: Figures, title: str) -> Table:
    head = (f"{title}: {fig.records} records, {fig.samples_with_values} with values, "
            f"{fig.non_monotone} not ordered across levels")
    out = Table(title=head, columns=["level", "queries", "VR", "APP", "NONE", "words", "recoverable",
                                     "determined"],
                decimals={"words": 1}, legend=LEGEND)
    for level, f in fig.levels.items():
        asked, valued = f.queries > 0, f.valued > 0
        out.rows.append([level, f.queries, f.vr if valued else None, f.app if asked else None,
                         f.none if valued else None, f.words if asked else None,
                         _share(f.recoverable, f.omitted), _share(f.determined, f.omitted)])
    out.notes.append(f"targets repeating a history call verbatim: {fig.exact_repeat_rate:.3f} "
                     f"({fig.exact_repeats}/{fig.records}); repeating the most recent call of the same "
                     f"function: {fig.recent_repeat_rate:.3f} ({fig.recent_repeats}/{fig.records})")
    return out


def _share(part: int, whole: int) -> str:
    return f"{part / whole:.3f} ({part}/{whole})" if whole else "n/a (0/0)"
