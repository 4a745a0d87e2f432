"""Requests that need no tool, with their answers, for the `no_tool` twin (When2Call `direct`).

Each template draws its numbers or words and computes the answer (arithmetic, unit conversions,
calendar facts, spelling), so the template writer's direct answers are right by construction and
offline. A request is used only when none of its content words occurs in what the tools of the
target's domain do (generator.core.offtopic.unrelated): a calculator catalog never gets "What is 14
times 23?" as a request that needs no tool. Requests do not repeat within a run: item i takes
slot i of one seeded list of distinct requests, templates in turn.
"""

from __future__ import annotations

import calendar
import random
from collections.abc import Callable, Sequence
from datetime import date
from functools import lru_cache

from ..core.offtopic import content_words, tool_words, unrelated
from ..records import Tool

QA = tuple[str, str]
Make = Callable[[random.Random], QA]
WORDS = ("lantern", "harbour", "meadow", "pebble", "orchard", "thimble", "compass", "velvet", "saffron", "glacier")
MONTHS = tuple(calendar.month_name)[1:]


def _times(r: random.Random) -> QA:
    a, b = r.randint(12, 99), r.randint(12, 99)
    return f"What is {a} times {b}?", f"{a} times {b} is {a * b}."


def _miles(r: random.Random) -> QA:
    n = r.randint(3, 60)
    return f"How many kilometres are {n} miles?", f"{n} miles are about {n * 1.609344:.1f} kilometres."


def _celsius(r: random.Random) -> QA:
    c = r.randint(-10, 40)
    f = c * 9 / 5 + 32
    return (f"What is {c} degrees Celsius in Fahrenheit?",
            f"{c} degrees Celsius is {f:g} degrees Fahrenheit.")


def _root(r: random.Random) -> QA:
    n = r.randint(4, 30)
    return f"What is the square root of {n * n}?", f"The square root of {n * n} is {n}."


def _backwards(r: random.Random) -> QA:
    w = r.choice(WORDS)
    return f"How do you spell '{w}' backwards?", f"'{w}' backwards is '{w[::-1]}'."


def _weekday(r: random.Random) -> QA:
    d = date(r.randint(1990, 2035), r.randint(1, 12), r.randint(1, 28))
    said = f"{d.day} {MONTHS[d.month - 1]} {d.year}"
    return f"What day of the week is {said}?", f"{said} is a {calendar.day_name[d.weekday()]}."


def _month_days(r: random.Random) -> QA:
    y, m = r.randint(1990, 2035), r.randint(1, 12)
    n = calendar.monthrange(y, m)[1]
    return f"How many days does {MONTHS[m - 1]} {y} have?", f"{MONTHS[m - 1]} {y} has {n} days."


def _percent(r: random.Random) -> QA:
    p, n = r.choice((5, 10, 15, 20, 25, 40, 75)), r.randint(2, 90) * 10
    v = p * n / 100
    return f"What is {p} percent of {n}?", f"{p} percent of {n} is {v:g}."


def _seconds(r: random.Random) -> QA:
    n, unit, size = r.randint(2, 40), *r.choice((("minutes", 60), ("hours", 3600)))
    return f"How many seconds are there in {n} {unit}?", f"There are {n * size} seconds in {n} {unit}."


def _prime(r: random.Random) -> QA:
    n = r.randint(20, 200)
    factor = next((k for k in range(2, n) if n % k == 0), None)
    answer = f"Yes, {n} is a prime number." if factor is None else \
        f"No, {n} is not a prime number: it is {factor} times {n // factor}."
    return f"Is {n} a prime number?", answer


def _leap(r: random.Random) -> QA:
    y = r.randint(1890, 2100)
    answer = f"Yes, {y} is a leap year." if calendar.isleap(y) else f"No, {y} is not a leap year."
    return f"Is {y} a leap year?", answer


TEMPLATES: dict[str, Make] = {"times": _times, "miles": _miles, "celsius": _celsius, "root": _root,
                              "backwards": _backwards, "weekday": _weekday, "month_days": _month_days,
                              "percent": _percent, "seconds": _seconds, "prime": _prime, "leap": _leap}
FILLS = 40  # draws per template: a run's few hundred direct twins never reach the end of the pool


@lru_cache(maxsize=32)
def _pool(seed: int, words: frozenset[str]) -> tuple[QA, ...]:
    order = sorted(TEMPLATES)
    random.Random(f"{seed}:when2call:direct").shuffle(order)
    per: list[list[QA]] = []
    for name in order:
        rng = random.Random(f"{seed}:when2call:direct:{name}")
        drawn = list(dict.fromkeys(TEMPLATES[name](rng) for _ in range(FILLS)))
        per.append([qa for qa in drawn if not _touches(qa[0], words)])
    out: list[QA] = []
    while any(per):
        for qas in per:  # templates in turn: consecutive requests differ in kind
            if qas:
                out.append(qas.pop(0))
    return tuple(out)


def _touches(text: str, words: frozenset[str]) -> bool:
    return bool(content_words(text) & words)


def request_for(index: int, tools: Sequence[Tool], seed: int) -> QA | None:
    """Slot `index` of the run's list of requests that none of `tools` serves (None: none left)."""
    pool = _pool(seed, frozenset(tool_words(list(tools))))
    return pool[index % len(pool)] if pool else None


def serves_none(text: str, tools: Sequence[Tool]) -> bool:
    return unrelated(text, list(tools))
