"""User histories: TRAILBench query files and plain event logs, as UserHistory records.

TRAILBench query files hold one cumulative real log per user: record i's `user_history` is a
strict prefix of record i+1's, and the first new event after it is record i's answer at record
i's time. `read_histories` therefore returns the longest record history extended by that
record's answer (at its `time`), so record k's target is event `len(record_k.history)` of the log.

Event times must parse ("%Y-%m-%d %H:%M", seconds or an ISO "T" allowed). Upstream u7 has
"2025-07-20 180:12": by default such an event is skipped and reported through `warnings`
(and the logger), because one bad log line should not discard a whole real history;
`strict=True` makes it an InputError. A bad record `time` (the target's timestamp) is always fatal.
"""

from __future__ import annotations

import json
import logging
import re
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import Field

from ..errors import InputError
from ..records import HistoryEvent, Record, UserHistory
from .jsonfile import load_json_or_jsonl

log = logging.getLogger(__name__)

TIME_FORMATS = ("%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S")
EVENT_KEYS = ("time", "apitype", "toolname", "apiname")
_TRAIL_STEM = re.compile(r"^all_generated_queries_(?P<user>.+)_(?P<model>[^_]+)$")


class TrailAnswer(Record):
    apitype: str
    toolname: str
    apiname: str
    parameters: dict[str, Any] = Field(default_factory=dict)

    def event(self, time: str) -> HistoryEvent:
        return HistoryEvent(time=time, apitype=self.apitype, toolname=self.toolname,
                            apiname=self.apiname, parameters=self.parameters)


class TrailRecord(Record):
    """One TRAILBench query record, minimally typed. `query` maps level -> texts (a bare
    string, as in 3 upstream gemini records, becomes a one-element list)."""

    id: int
    user: str
    time: str
    query: dict[str, list[str]]
    answer: TrailAnswer
    history: list[HistoryEvent]
    source: str = ""


# ---------------------------------------------------------------- events

def parse_time(value: Any) -> datetime | None:
    return _parse_time(value) if isinstance(value, str) else None


@lru_cache(maxsize=65536)  # every probe of a log reads its earlier events' times again
def _parse_time(value: str) -> datetime | None:
    for fmt in TIME_FORMATS:
        try:
            return datetime.strptime(value, fmt)
        except ValueError:
            continue
    return None


class _Ctx:
    """Where we are in a file, and what to do with a skippable problem."""

    def __init__(self, label: str, strict: bool, warnings: list[str] | None) -> None:
        self.label, self.strict, self.warnings = label, strict, warnings
        self.skipped: list[tuple[int | None, str]] = []

    def error(self, message: str, record: int | None = None, field: str | None = None) -> InputError:
        return InputError(message, file=self.label, record=record, field=field)

    def skip(self, message: str, record: int | None, field: str) -> None:
        if self.strict:
            raise self.error(message, record, field)
        self.skipped.append((record, f"{self.error(message, record, field)} (event skipped)"))

    def flush(self) -> None:
        """Log the skipped events and hand them to the caller's warnings list."""
        for _, text in self.skipped:
            log.warning(text)
            if self.warnings is not None:
                self.warnings.append(text)


def parse_event(raw: Any, ctx: _Ctx, record: int | None, field: str) -> HistoryEvent | None:
    """One event, or None when its time is unparseable and the context allows skipping."""
    if not isinstance(raw, dict):
        raise ctx.error(f"event must be an object, got {type(raw).__name__}", record, field or None)
    missing = [k for k in EVENT_KEYS if k not in raw]
    if missing:
        raise ctx.error(f"event misses {', '.join(missing)}", record, field or None)
    bad = [k for k in EVENT_KEYS if not isinstance(raw[k], str)]
    if bad or not isinstance(raw.get("parameters", {}), dict):
        raise ctx.error(f"event field types wrong: {bad or ['parameters']}", record, field or None)
    if parse_time(raw["time"]) is None:
        ctx.skip(f"unparseable event time {raw['time']!r}", record, f"{field}.time".lstrip("."))
        return None
    return HistoryEvent(**{k: raw[k] for k in EVENT_KEYS}, parameters=raw.get("parameters", {}))


def parse_events(raws: Any, ctx: _Ctx, record: int | None, field: str) -> list[HistoryEvent]:
    if not isinstance(raws, list):
        raise ctx.error("events must be a list", record, field)
    events = (parse_event(e, ctx, record, f"{field}[{i}]") for i, e in enumerate(raws))
    return [e for e in events if e is not None]


# ---------------------------------------------------------------- TRAILBench query files

def trail_user(path: Path) -> str:
    """"all_generated_queries_u7_gpt.json" -> "u7"; any other name -> its stem."""
    m = _TRAIL_STEM.match(path.stem)
    return m.group("user") if m else path.stem.removeprefix("all_generated_queries_")


def read_trail_records(path: str | Path, *, strict: bool = False,
                       warnings: list[str] | None = None) -> list[TrailRecord]:
    """The records of one TRAILBench query file, validated; see the module doc for bad times."""
    path = Path(path)
    ctx = _Ctx(str(path), strict, warnings)
    records = _read_trail(path, ctx)
    ctx.flush()
    return records


def _read_trail(path: Path, ctx: _Ctx) -> list[TrailRecord]:
    _, value = load_json_or_jsonl(path, ctx.label)
    if not isinstance(value, list):
        raise ctx.error("expected a JSON array of query records")
    return [_trail_record(raw, i, trail_user(path), ctx) for i, raw in enumerate(value)]


def _trail_record(raw: Any, index: int, user: str, ctx: _Ctx) -> TrailRecord:
    if not isinstance(raw, dict):
        raise ctx.error("query record must be an object", index)
    missing = [k for k in ("id", "time", "query", "answer", "user_history") if k not in raw]
    if missing:
        raise ctx.error(f"query record misses {', '.join(missing)}", index)
    if parse_time(raw["time"]) is None:
        raise ctx.error(f"unparseable time {raw['time']!r}", index, "time")
    return TrailRecord(
        id=_int(raw["id"], ctx, index), user=user, time=raw["time"],
        query=_levels(raw["query"], ctx, index), answer=_answer(raw["answer"], ctx, index),
        history=parse_events(_decoded(raw["user_history"], ctx, index), ctx, index, "user_history"),
        source=ctx.label,
    )


def _int(value: Any, ctx: _Ctx, index: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ctx.error(f"id must be an integer, got {value!r}", index, "id")
    return value


def _levels(query: Any, ctx: _Ctx, index: int) -> dict[str, list[str]]:
    if not isinstance(query, dict):
        raise ctx.error("query must be an object of level -> texts", index, "query")
    levels = {}
    for level, texts in query.items():
        texts = [texts] if isinstance(texts, str) else texts
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise ctx.error("query texts must be strings", index, f"query.{level}")
        levels[level] = texts
    return levels


def _answer(raw: Any, ctx: _Ctx, index: int) -> TrailAnswer:
    if not isinstance(raw, dict):
        raise ctx.error("answer must be an object", index, "answer")
    missing = [k for k in ("apitype", "toolname", "apiname") if not isinstance(raw.get(k), str)]
    if missing or not isinstance(raw.get("parameters", {}), dict):
        raise ctx.error(f"answer misses or mistypes {missing or ['parameters']}", index, "answer")
    return TrailAnswer(apitype=raw["apitype"], toolname=raw["toolname"], apiname=raw["apiname"],
                       parameters=raw.get("parameters", {}))


def _decoded(history: Any, ctx: _Ctx, index: int) -> Any:
    """`user_history` is a JSON-encoded string upstream; an already decoded list is accepted."""
    if not isinstance(history, str):
        return history
    try:
        return json.loads(history)
    except json.JSONDecodeError as e:
        raise ctx.error(f"user_history is not valid JSON (column {e.colno}: {e.msg})",
                        index, "user_history") from None


def last_record(records: list[TrailRecord]) -> int:
    """Index of the record with the longest history (the last one upstream)."""
    return max(range(len(records)), key=lambda i: (len(records[i].history), i))


def trail_history(records: list[TrailRecord], source: str = "") -> UserHistory:
    """The user's whole log: the longest history plus that record's answer at its time."""
    if not records:
        raise InputError("no query records", file=source or None)
    last = records[last_record(records)]
    return UserHistory(user=last.user, events=[*last.history, last.answer.event(last.time)],
                       source=source)


# ---------------------------------------------------------------- any history file

def read_histories(path: str | Path, *, strict: bool = False,
                   warnings: list[str] | None = None) -> list[UserHistory]:
    """Histories of one file, detected by content:

    - TRAILBench query file (array of records with "user_history") -> one user, see module doc;
    - {"user": ..., "events": [...]}, or an array / JSON Lines of such objects;
    - an array / JSON Lines of events {time, apitype, toolname, apiname, parameters}, grouped by
      an optional per-event "user" field (default: the file stem), in first-seen order.
    A directory reads its *.json / *.jsonl files in sorted order.
    """
    path = Path(path)
    if path.is_dir():
        files = sorted(f for f in path.rglob("*") if f.suffix in (".json", ".jsonl") and f.is_file())
        return [h for f in files for h in read_histories(f, strict=strict, warnings=warnings)]
    ctx = _Ctx(str(path), strict, warnings)
    _, value = load_json_or_jsonl(path, ctx.label)
    items = value if isinstance(value, list) else [value]
    first = next((x for x in items if isinstance(x, dict)), None)
    if first is None:
        raise ctx.error("expected a list of events, query records or user objects")
    if "user_history" in first:
        histories = [_trail_file(path, ctx)]
    elif "events" in first:
        histories = [_user_object(x, i, path, ctx) for i, x in enumerate(items)]
    else:
        histories = _event_list(items, path, ctx)
    ctx.flush()
    return histories


def _trail_file(path: Path, ctx: _Ctx) -> UserHistory:
    records = _read_trail(path, ctx)
    history = trail_history(records, source=ctx.label)
    # Earlier histories are prefixes of the last one: report each skipped event once.
    ctx.skipped = [(r, t) for r, t in ctx.skipped if r == last_record(records)]
    return history


def _user_object(raw: Any, index: int, path: Path, ctx: _Ctx) -> UserHistory:
    if not isinstance(raw, dict) or "events" not in raw:
        raise ctx.error("expected an object with 'events'", index)
    user = raw.get("user", path.stem)
    if not isinstance(user, str) or not user:
        raise ctx.error("user must be a non-empty string", index, "user")
    return UserHistory(user=user, events=parse_events(raw["events"], ctx, index, "events"),
                       source=ctx.label)


def _event_list(items: list[Any], path: Path, ctx: _Ctx) -> list[UserHistory]:
    groups: dict[str, list[HistoryEvent]] = {}
    for i, raw in enumerate(items):
        user = raw.get("user", path.stem) if isinstance(raw, dict) else path.stem
        if not isinstance(user, str) or not user:
            raise ctx.error("user must be a non-empty string", i, "user")
        event = parse_event(raw, ctx, i, "")
        groups.setdefault(user, [])
        if event is not None:
            groups[user].append(event)
    return [UserHistory(user=u, events=ev, source=ctx.label) for u, ev in groups.items()]


