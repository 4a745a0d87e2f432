"""Synthetic user histories from personas with habits.

A persona has places (home, work, gym...), favourite apps per function, value pools for
one-off calls, and habits: recurring calls of catalog tools with fixed arguments on a
schedule ("weekdays", "08:10-08:30"). `synthesize_history` walks day by day from a start
time, fires the habits that match each day, adds occasional one-off calls, and returns a
time-ordered UserHistory whose every event validates against its tool's schema. Temporal
arguments (meal type, dates, clock times) are derived from the event's own time, so that a
history never says "breakfast" at 21:00.

Values no person has a habit for (generator.core.habitual: a new record's title, the id of the
batch recalled, a reading, a note) are drawn anew at every event and differ from every earlier
value of theirs in the history (`Fresh`), unless a habit's own `args` fix them: a treatment is
closed once, an acquisition registered once, a colony count is what that sample found.

Argument strings may use placeholders: `{home}` and any other place name of the persona,
plus `{today}`, `{tomorrow}` (event day, "%Y-%m-%d") and `{meal}` (meal type by hour).
"""

from __future__ import annotations

import math
import random
import re
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .catalog import Catalog
from .core import freetext
from .core.habits import value_key
from .core.habitual import habitual
from .core.identity import trail_names
from .core.lore import param_schema
from .core.profiles import kept_rules
from .core.schema import argument_errors
from .core.value_sense import ended_periods, said_windows
from .core.values import (
    DATE_FMT,
    is_temporal,
    meal_for_hour,
    repair_arguments,
    sample_arguments,
    temporal_value,
    value_for,
)
from .errors import InputError
from .records import HistoryEvent, Tool, UserHistory

EVENT_FMT = "%Y-%m-%d %H:%M"
WEEKDAY_NAMES = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
DAY_SETS: dict[str, frozenset[int]] = {
    "daily": frozenset(range(7)),
    "weekdays": frozenset(range(5)),
    "weekends": frozenset({5, 6}),
}
TEMPORAL_PLACEHOLDERS = ("today", "tomorrow", "meal")
_WINDOW_RE = re.compile(r"^([01]\d|2[0-3]):([0-5]\d)(?:-([01]\d|2[0-3]):([0-5]\d))?$")
_SLOT_RE = re.compile(r"\{(\w+)\}")
# Share of one-off calls that use the persona's favourite app when the drawn app differs:
# preferences are strong but not absolute, as in real logs.
FAVOURITE_SHARE = 0.85
ONE_OFF_HOURS = (7, 23)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


Weekday = Literal["mon", "tue", "wed", "thu", "fri", "sat", "sun"]


class FollowUp(_Strict):
    """A call that follows its habit `after` minutes later ("5" or "5-20"), e.g. ordering
    from the restaurant just searched: histories then hold producer->consumer pairs."""

    tool: str = Field(min_length=1)
    after: str = Field("5-15", pattern=r"^\d{1,3}(-\d{1,3})?$")
    args: dict[str, Any] = Field(default_factory=dict)
    chance: float = Field(0.7, gt=0.0, le=1.0)

    def delay(self, rng: random.Random) -> int:
        lo, _, hi = self.after.partition("-")
        return rng.randint(int(lo), max(int(lo), int(hi or lo)))


class Habit(_Strict):
    """A recurring call: `tool` with fixed `args`, on `days`, inside the window `at`,
    optionally followed by `then` calls."""

    tool: str = Field(min_length=1)
    days: Literal["daily", "weekdays", "weekends"] | list[Weekday] = "daily"
    at: str
    args: dict[str, Any] = Field(default_factory=dict)
    chance: float = Field(0.9, gt=0.0, le=1.0)  # probability that the habit fires on a matching day
    then: list[FollowUp] = Field(default_factory=list)
    # param -> alternatives, one drawn per firing (alternating destinations, party sizes): every
    # value recurs, but their combinations vary, so a habit is not a call repeated verbatim.
    vary: dict[str, list[Any]] = Field(default_factory=dict)

    def args_for(self, rng: random.Random) -> dict[str, Any]:
        if not self.vary:
            return self.args  # no draw: habits without `vary` keep their random stream
        return {**self.args, **{k: rng.choice(v) for k, v in sorted(self.vary.items()) if v}}
    note: str = ""

    @field_validator("at")
    @classmethod
    def _window(cls, value: str) -> str:
        m = _WINDOW_RE.match(value)
        if not m:
            raise ValueError("expected 'HH:MM' or 'HH:MM-HH:MM'")
        if m.group(3) and (m.group(3), m.group(4)) < (m.group(1), m.group(2)):
            raise ValueError("window ends before it starts")
        return value

    def window(self) -> tuple[int, int]:
        """Window as minutes after midnight (start, end)."""
        m = _WINDOW_RE.match(self.at)
        assert m  # validated on load
        start = int(m.group(1)) * 60 + int(m.group(2))
        end = int(m.group(3)) * 60 + int(m.group(4)) if m.group(3) else start
        return start, end

    def weekdays(self) -> frozenset[int]:
        if isinstance(self.days, str):
            return DAY_SETS[self.days]
        return frozenset(WEEKDAY_NAMES.index(d) for d in self.days)


class Persona(_Strict):
    id: str = Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
    name: str = Field(min_length=1)
    description: str = ""
    places: dict[str, str] = Field(default_factory=dict)
    apps: dict[str, str] = Field(default_factory=dict)  # api name -> favourite app
    pools: dict[str, list[Any]] = Field(default_factory=dict)  # param name -> preferred values
    domains: list[str] = Field(default_factory=list)  # one-off domains; [] = every domain
    one_offs_per_day: float = Field(1.5, ge=0.0, le=10.0)
    habits: list[Habit] = Field(min_length=1)

    @model_validator(mode="after")
    def _placeholders_known(self) -> Persona:
        known = set(self.places) | set(TEMPORAL_PLACEHOLDERS)
        for i, habit in enumerate(self.habits):
            unknown = sorted((_slots(habit.args) | _slots(habit.vary) | _slots([f.args for f in habit.then]))
                             - known)
            if unknown:
                raise ValueError(f"habits[{i}]: unknown placeholder '{{{unknown[0]}}}' "
                                 f"(known: {', '.join(sorted(known))})")
        unknown = sorted(_slots(self.pools) - set(self.places))
        if unknown:
            raise ValueError(f"pools: unknown placeholder '{{{unknown[0]}}}' (pools may use places only)")
        return self


def _slots(value: Any) -> set[str]:
    if isinstance(value, str):
        return set(_SLOT_RE.findall(value))
    if isinstance(value, dict):
        return set().union(*(_slots(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_slots(v) for v in value)) if value else set()
    return set()


# ---------------------------------------------------------------- loading

def load_personas(path: str | Path) -> list[Persona]:
    """Personas from a YAML file: a list, or a mapping with a `personas` list."""
    path = Path(path)
    raws = _read_yaml(path)
    personas = [_parse_persona(raw, i, path) for i, raw in enumerate(raws)]
    seen: set[str] = set()
    for i, p in enumerate(personas):
        if p.id in seen:
            raise InputError(f"duplicate persona id '{p.id}'", file=str(path), record=i, field="id")
        seen.add(p.id)
    return personas


def _read_yaml(path: Path) -> list[Any]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise InputError(f"cannot read persona file: {exc.strerror or exc}", file=str(path)) from None
    except yaml.YAMLError as exc:
        raise InputError(f"not valid YAML: {exc}", file=str(path)) from None
    if isinstance(data, dict) and set(data) == {"personas"}:
        data = data["personas"]
    if not isinstance(data, list) or not data:
        raise InputError("expected a non-empty list of personas (or a mapping with `personas`)",
                         file=str(path))
    return data


def _parse_persona(raw: Any, index: int, path: Path) -> Persona:
    try:
        return Persona.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        # Union members add their type name ("literal['daily',...]") to the location: drop it.
        field = ".".join(str(p) for p in err["loc"] if "[" not in str(p)) or None
        raise InputError(err["msg"], file=str(path), record=index, field=field) from None


# ---------------------------------------------------------------- placeholder expansion

def _expand(value: Any, names: dict[str, str]) -> Any:
    """Replace {placeholders} in strings, recursively; unknown names are left as they are
    (load_personas has already refused them)."""
    if isinstance(value, str):
        return _SLOT_RE.sub(lambda m: names.get(m.group(1), m.group(0)), value)
    if isinstance(value, list):
        return [_expand(v, names) for v in value]
    if isinstance(value, dict):
        return {k: _expand(v, names) for k, v in value.items()}
    return value


def _names_at(persona: Persona, when: datetime) -> dict[str, str]:
    return {**persona.places,
            "today": when.strftime(DATE_FMT),
            "tomorrow": (when + timedelta(days=1)).strftime(DATE_FMT),
            "meal": meal_for_hour(when.hour)}


# ---------------------------------------------------------------- resolution against the catalog

@dataclass(frozen=True)
class Routine:
    """A habit resolved against the catalog: its tool and its follow-ups' tools."""

    index: int
    habit: Habit
    tool: Tool
    follow: tuple[tuple[FollowUp, Tool], ...]


def _step_tool(persona: Persona, where: str, name: str, args: dict[str, Any], catalog: Catalog) -> Tool:
    if name not in catalog:
        raise InputError(f"habit tool '{name}' is not in the catalog", record=persona.id, field=f"{where}.tool")
    tool = catalog[name]
    unknown = sorted(set(args) - set(tool.properties))
    if unknown:
        raise InputError(f"unknown parameter(s) {', '.join(unknown)} for {tool.name}",
                         record=persona.id, field=f"{where}.args")
    return tool


def resolve_routines(persona: Persona, catalog: Catalog) -> list[Routine]:
    """Every habit with its tools; InputError names the habit when a tool or param is unknown."""
    out = []
    for i, h in enumerate(persona.habits):
        tool = _step_tool(persona, f"habits[{i}]", h.tool, h.args, catalog)
        follow = tuple((f, _step_tool(persona, f"habits[{i}].then[{j}]", f.tool, f.args, catalog))
                       for j, f in enumerate(h.then))
        out.append(Routine(i, h, tool, follow))
    return out


def _check_event(persona: Persona, where: str, tool: Tool, args: dict[str, Any]) -> None:
    problems = argument_errors(tool, args)
    if problems:
        raise InputError(f"{tool.name}: {'; '.join(problems)}", record=persona.id, field=where)


# ---------------------------------------------------------------- event construction

REDRAWS = 32  # draws of a one-off value before a repeat is accepted (a small enum has few values; a
# realistic range of readings, few: a third of a reading's values may be taken late in a long history)


class Fresh:
    """The one-off values a history already holds, per (tool, parameter): a new event's are drawn
    unlike them (`renew`)."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str], set[str]] = {}

    def renew(self, tool: Tool, args: dict[str, Any], when: datetime, rng: random.Random,
              keep: set[str]) -> dict[str, Any]:
        """`args` with each non-habitual value not in `keep` redrawn when the history holds it."""
        out = dict(args)
        for param in sorted(args):
            if param in keep or habitual(tool, param):
                continue
            seen = self.seen.setdefault((tool.name, param), set())
            out[param] = self._unseen(tool, param, out, seen, when, rng)
            seen.add(value_key(out[param]))
        return out

    @staticmethod
    def _unseen(tool: Tool, param: str, args: dict[str, Any], seen: set[str], when: datetime,
                rng: random.Random) -> Any:
        """A value of `param` the history does not hold and the call stays valid with, else the
        drawn one (a three-valued enum repeats)."""
        if value_key(args[param]) not in seen:
            return args[param]
        schema = param_schema(tool, param)
        for _ in range(REDRAWS):
            try:
                with freetext.in_domain(tool.domain):  # a town of the catalog's region, as the call's own
                    value = value_for(schema, rng, name=param, ref=when, optional=param not in tool.required)
            except ValueError:
                break
            if value_key(value) not in seen and not argument_errors(tool, {**args, param: value}):
                return value
        return args[param]


def _fill_temporal(tool: Tool, args: dict[str, Any], when: datetime, rng: random.Random,
                   keep: set[str]) -> dict[str, Any]:
    """Re-derive temporal arguments from the event time, except those in `keep`."""
    out = dict(args)
    for name in args:
        if name in keep:
            continue
        value = temporal_value(name, tool.properties[name], when, rng)
        if value is not None:
            out[name] = value
    out = said_windows(tool, out, rng, frozenset(keep))  # a dig booked in June is for the fall season (set 27)
    out = ended_periods(tool, out, rng, frozenset(keep), when)  # a month billed has ended (set 40: July billed July 13)
    return repair_arguments(tool, out, rng, keep=keep, ref=when)  # re-derived dates must stay ordered


def _event(tool: Tool, when: datetime, args: dict[str, Any]) -> HistoryEvent:
    toolname, apiname = trail_names(tool)
    return HistoryEvent(time=when.strftime(EVENT_FMT), apitype=tool.domain, toolname=toolname,
                        apiname=apiname, parameters=args)


def habit_event(persona: Persona, where: str, template: dict[str, Any], tool: Tool, when: datetime,
                rng: random.Random, fresh: Fresh | None = None) -> HistoryEvent:
    """One occurrence of a habit step at `when`: the step's args with placeholders filled,
    missing required params sampled (one-off ones unlike the history's, `fresh`), temporal ones
    derived from `when`."""
    fixed = _expand(template, _names_at(persona, when))
    args = sample_arguments(tool, rng, optional_rate=0.0, fixed=fixed, ref=when, pool=_defaults(tool))
    args = kept_rules(tool, _fill_temporal(tool, args, when, rng, keep=set(template)), when, rng, frozenset(template))
    args = (fresh or Fresh()).renew(tool, args, when, rng, keep=set(template))
    _check_event(persona, f"{where}.args", tool, args)
    return _event(tool, when, args)


def _defaults(tool: Tool) -> dict[str, list[Any]]:
    """A habit repeats itself: what it does not fix takes the schema default where there is one."""
    return {p: [s["default"]] for p, s in tool.properties.items() if "default" in s}


def routine_events(persona: Persona, routine: Routine, day: datetime,
                   rng: random.Random, fresh: Fresh | None = None) -> list[HistoryEvent]:
    """The habit's events on `day` (none when it does not fire): the call and its follow-ups."""
    habit = routine.habit
    if day.weekday() not in habit.weekdays() or rng.random() >= habit.chance:
        return []
    when = day + timedelta(minutes=_minute_in(habit.window(), rng))
    where = f"habits[{routine.index}]"
    events = [habit_event(persona, where, habit.args_for(rng), routine.tool, when, rng, fresh)]
    for j, (follow, tool) in enumerate(routine.follow):
        if rng.random() >= follow.chance:
            break  # a chain stops at the first step the user did not take
        when += timedelta(minutes=follow.delay(rng))
        events.append(habit_event(persona, f"{where}.then[{j}]", follow.args, tool, when, rng, fresh))
    return events


def one_off_event(persona: Persona, tool: Tool, when: datetime, rng: random.Random,
                  fresh: Fresh | None = None) -> HistoryEvent:
    """A single call of `tool` with persona-pool values (preferences: a pool gives no value no
    person repeats, generator.core.habitual), one-off values unlike the history's (`fresh`), and
    time-consistent temporal args."""
    pools = {p: vs for p, vs in _expand(persona.pools, persona.places).items()
             if p not in tool.properties or habitual(tool, p)}
    args = sample_arguments(tool, rng, optional_rate=0.4, pool=pools, ref=when)
    args = kept_rules(tool, _fill_temporal(tool, args, when, rng, keep=set()), when, rng)  # generator.core.profiles
    args = (fresh or Fresh()).renew(tool, args, when, rng, keep=set())
    _check_event(persona, "pools", tool, args)
    return _event(tool, when, args)


# ---------------------------------------------------------------- one-off tool choice

def one_off_tools(persona: Persona, catalog: Catalog) -> list[Tool]:
    domains = persona.domains or catalog.domains
    return [t for d in domains for t in catalog.by_domain.get(d, [])]


def _favourite(persona: Persona, tool: Tool, catalog: Catalog, rng: random.Random) -> Tool:
    app = persona.apps.get(tool.api)
    favourite = catalog.by_app_api.get((app, tool.api)) if app else None
    if favourite is not None and app != tool.app and rng.random() < FAVOURITE_SHARE:
        return favourite
    return tool


def _check_refs(persona: Persona, catalog: Catalog) -> None:
    """Favourite apps and one-off domains must exist in the catalog."""
    for i, domain in enumerate(persona.domains):
        if domain not in catalog.by_domain:
            raise InputError(f"domain '{domain}' is not in the catalog (known: {', '.join(catalog.domains)})",
                             record=persona.id, field=f"domains[{i}]")
    for api, app in sorted(persona.apps.items()):
        if (app, api) not in catalog.by_app_api:
            raise InputError(f"favourite app '{app}' has no function '{api}' in the catalog",
                             record=persona.id, field=f"apps.{api}")


# ---------------------------------------------------------------- the day-by-day walk

def _minute_in(window: tuple[int, int], rng: random.Random) -> int:
    return rng.randint(window[0], window[1])


def _count(rate: float, rng: random.Random) -> int:
    """A small random count with mean `rate` (binomial over a few trials)."""
    trials = max(1, 2 * math.ceil(rate))
    return sum(rng.random() < rate / trials for _ in range(trials))


def day_events(persona: Persona, routines: list[Routine], pool: list[Tool],
               catalog: Catalog, day: datetime, rng: random.Random, fresh: Fresh | None = None) -> list[HistoryEvent]:
    """Events of one day: the habits that fire, plus a few one-off calls."""
    events = [e for r in routines for e in routine_events(persona, r, day, rng, fresh)]
    for _ in range(_count(persona.one_offs_per_day, rng) if pool else 0):
        tool = _favourite(persona, rng.choice(pool), catalog, rng)
        when = day + timedelta(minutes=rng.randint(ONE_OFF_HOURS[0] * 60, ONE_OFF_HOURS[1] * 60 + 59))
        events.append(one_off_event(persona, tool, when, rng, fresh))
    return events


def _strictly_increasing(events: list[HistoryEvent]) -> list[HistoryEvent]:
    """Sort by time; two events in the same minute are pushed one minute apart."""
    ordered = sorted(events, key=lambda e: e.time)
    out: list[HistoryEvent] = []
    last: datetime | None = None
    for event in ordered:
        when = datetime.strptime(event.time, EVENT_FMT)
        if last is not None and when <= last:
            when = last + timedelta(minutes=1)
            event = event.model_copy(update={"time": when.strftime(EVENT_FMT)})
        out.append(event)
        last = when
    return out


def synthesize_history(persona: Persona, catalog: Catalog, rng: random.Random, *,
                       start: datetime, n_events: int, max_days: int = 3660) -> UserHistory:
    """`n_events` time-ordered events of `persona`, from the day of `start` on.

    Events before `start` on the first day are not produced. Raises InputError when a habit
    names an unknown tool/parameter or yields arguments that do not validate.
    """
    if n_events < 1:
        raise ValueError("n_events must be positive")
    _check_refs(persona, catalog)
    return _history_from(persona, _day_stream(persona, catalog, rng, start, max_days), n_events)


def _day_stream(persona: Persona, catalog: Catalog, rng: random.Random, start: datetime,
                max_days: int) -> Iterator[list[HistoryEvent]]:
    """The events of each day from the day of `start` on, as `rng` draws them (none before `start`)."""
    routines = resolve_routines(persona, catalog)
    pool = one_off_tools(persona, catalog)
    day0 = start.replace(hour=0, minute=0, second=0, microsecond=0)
    fresh = Fresh()
    for offset in range(max_days):
        todays = day_events(persona, routines, pool, catalog, day0 + timedelta(days=offset), rng, fresh)
        yield [e for e in todays if e.time >= start.strftime(EVENT_FMT)]


def _history_from(persona: Persona, days: Iterable[list[HistoryEvent]], n_events: int) -> UserHistory:
    events: list[HistoryEvent] = []
    for todays in days:
        events += todays
        if len(events) >= n_events:
            break
    return UserHistory(user=persona.id, events=_strictly_increasing(events)[:n_events], source=f"persona:{persona.id}")


class _Days:
    """A persona's days as its seeded generator walks them, kept for the run: the products that
    simulate histories from the same start (trail, when2call, judge) read the days the first one
    walked instead of drawing them again. A day's events do not depend on how many are asked for,
    so each history is the one its own walk would give."""

    def __init__(self, stream: Iterator[list[HistoryEvent]], key: tuple[Any, ...]) -> None:
        self.stream, self.key = stream, key
        self.seen: list[list[HistoryEvent]] = []

    def __iter__(self) -> Iterator[list[HistoryEvent]]:
        i = 0
        while True:
            if i == len(self.seen):
                try:
                    self.seen.append(next(self.stream))
                except StopIteration:
                    return
                except Exception:
                    _DAYS.pop(self.key, None)  # a walk that failed is walked again (and fails again)
                    raise
            yield self.seen[i]
            i += 1


_DAYS: dict[tuple[Any, ...], _Days] = {}
_DAYS_CATALOG: list[weakref.ref[Catalog]] = []


def _days_of(persona: Persona, catalog: Catalog, seed: int, start: datetime) -> _Days:
    if not _DAYS_CATALOG or _DAYS_CATALOG[0]() is not catalog:  # one catalog's days at a time
        _DAYS.clear()
        _DAYS_CATALOG[:] = [weakref.ref(catalog)]
    key = (persona.model_dump_json(), seed, start)
    if key not in _DAYS:
        _DAYS[key] = _Days(_day_stream(persona, catalog, random.Random(f"{seed}:{persona.id}"), start, 3660), key)
    return _DAYS[key]


def synthesize_histories(personas: list[Persona], catalog: Catalog, seed: int, *,
                         start: datetime, n_events: int) -> list[UserHistory]:
    """One history per persona, each from its own seeded generator (order-independent)."""
    if n_events < 1:
        raise ValueError("n_events must be positive")

    def one(p: Persona) -> UserHistory:
        _check_refs(p, catalog)
        return _history_from(p, _days_of(p, catalog, seed, start), n_events)

    return [one(p) for p in personas]


def is_habit_param(persona: Persona, tool_name: str, param: str) -> bool:
    """True when some habit of `persona` fixes `param` of `tool_name` (a history-inferable value)."""
    steps = [(h.tool, h.args) for h in persona.habits] + [(f.tool, f.args) for h in persona.habits
                                                            for f in h.then]
    return any(tool == tool_name and param in args for tool, args in steps)


__all__ = [
    "FollowUp",
    "Fresh",
    "Habit",
    "Persona",
    "Routine",
    "day_events",
    "habit_event",
    "is_habit_param",
    "is_temporal",
    "load_personas",
    "one_off_event",
    "resolve_routines",
    "routine_events",
    "synthesize_histories",
    "synthesize_history",
]
