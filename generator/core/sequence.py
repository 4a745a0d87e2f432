"""Lists of objects written in the order their things happen or lie.

Items of a list are drawn one by one, so a survey's stations came out 9,100 ft, 6,500 ft, 6,900 ft,
a rig's day had 1 pm to 8 pm and 4:15 pm to 5 pm, and slurries were pumped tail before spacer
(set 22). A list whose items are intervals (`from_time`/`to_time`, `begin_mp`/`end_mp`) is put in
order of their starts and an interval that overlaps the one before is moved to start where it ends;
a list whose items have a position (a depth, a station, a milepost, a step number) is sorted by it;
a list its description says is "in order" is sorted by its items' required kind, in the order the
enum lists the kinds (spacer, lead, tail).
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from .constraints import _STRETCH_ROLES, Pair, Point, as_point, pairs_for, tokens

_POSITION_WORDS = frozenset({"depth", "md", "tvd", "station", "milepost", "mp", "km", "kp", "chainage", "sequence",
                             "seq", "step", "stop", "position", "offset", "odometer", "elevation", "floor", "stage"})
_INTERVAL_ROLES = _STRETCH_ROLES | {(("since",), ("until",)), (("from",), ("until",)), (("open",), ("close",)),
                                    (("opens",), ("closes",))}
_IN_ORDER = re.compile(r"\b(?:in order|in sequence|in the order|shallowest first|top down|chronological(?:ly)?|"
                       r"earliest first|oldest first|first to last|ascending)\b", re.IGNORECASE)
_REVERSED = re.compile(r"\b(?:deepest first|latest first|newest first|most recent first|descending|bottom up)\b",
                       re.IGNORECASE)


def in_sequence(schema: dict[str, Any], items: dict[str, Any], out: list[Any]) -> list[Any]:
    """`out` (the list drawn for `schema`, of items `items`) in the order a person writes it."""
    props = items.get("properties")
    if len(out) < 2 or not isinstance(props, dict) or not all(isinstance(o, dict) for o in out):
        return out
    said = str(schema.get("description") or "")
    interval = next((p for p in pairs_for(props) if p.kind == "order" and p.role is not None
                     and (p.role.first, p.role.second) in _INTERVAL_ROLES), None)
    if interval is not None and all(_point(o, interval.first, props) for o in out):
        return _chained(interval, props, sorted(out, key=lambda o: _key(_point(o, interval.first, props))),
                        int(schema.get("minItems") or 0))
    position = next((n for n, s in props.items() if isinstance(s, dict) and s.get("type") in ("integer", "number")
                     and set(tokens(n)) & _POSITION_WORDS), None)
    if position is not None and all(isinstance(o.get(position), int | float) for o in out):
        return sorted(out, key=lambda o: o[position], reverse=bool(_REVERSED.search(said)))
    kind = next((n for n in items.get("required") or [] if isinstance((props.get(n) or {}).get("enum"), list)), None)
    if kind is not None and _IN_ORDER.search(said) and all(o.get(kind) in props[kind]["enum"] for o in out):
        return sorted(out, key=lambda o: props[kind]["enum"].index(o[kind]))
    return out


def _point(item: dict[str, Any], name: str, props: dict[str, Any]) -> Point | None:
    return as_point(item.get(name), props.get(name) or {}) if name in item else None


def _key(point: Point | None) -> Any:
    assert point is not None
    return point.number if point.kind == "number" else (point.moment, point.has_day)


def _chained(pair: Pair, props: dict[str, Any], out: list[dict[str, Any]], least: int) -> list[Any]:
    """Intervals sorted by start, each starting no earlier than the one before ends (moved, its
    length kept); an interval that cannot move (past midnight, an end missing) ends the list where
    the schema allows it."""
    kept = [out[0]]
    for item in out[1:]:
        moved = _after(pair, props, kept[-1], item)
        if moved is None:
            if len(kept) >= max(1, least):
                break
            moved = item
        kept.append(moved)
    return kept


def _after(pair: Pair, props: dict[str, Any], before: dict[str, Any], item: dict[str, Any]) -> dict[str, Any] | None:
    end, start = _point(before, pair.second, props), _point(item, pair.first, props)
    own_end = _point(item, pair.second, props)
    if end is None or start is None or own_end is None or end.kind != start.kind:
        return None
    if _key(start) >= _key(end):
        return item
    if start.kind == "number":
        run = own_end.number - start.number
        return {**item, pair.first: _typed(end.number, item[pair.first]),
                pair.second: _typed(end.number + run, item[pair.second])}
    assert start.moment is not None and own_end.moment is not None and end.moment is not None
    new_end = end.moment + (own_end.moment - start.moment)
    if not start.has_day and new_end.date() != end.moment.date() and new_end.time() != new_end.time().min:
        return None  # a day's clock times: a row past midnight belongs to the next day's list
    written = (end.moment.strftime(start.fmt), (new_end - timedelta(minutes=1) if new_end.date() != end.moment.date()
                                                 and not start.has_day else new_end).strftime(own_end.fmt))
    return {**item, pair.first: written[0], pair.second: written[1]}


def _typed(value: float, raw: Any) -> Any:
    if isinstance(raw, str):
        return f"{value:g}"
    if isinstance(raw, int) and not isinstance(raw, bool):
        return round(value)
    return round(value, 2)
