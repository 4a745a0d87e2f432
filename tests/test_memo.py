"""The identity memos of schema analyses (generator/core/memo.py) and the per-log prefix of a
parameter's past values (generator/core/habits.py `_Prefix`): cached answers are the answers."""

from __future__ import annotations

from generator.core.habits import SCOPES, Habits, value_key
from generator.core.memo import by_identity
from generator.records import HistoryEvent, Tool


def test_a_memo_answers_for_the_object_it_was_given_and_no_other():
    calls = []

    @by_identity(size=2)
    def size_of(schema):
        calls.append(1)
        return len(schema)

    a, b = {"x": 1}, {"x": 1, "y": 2}
    assert size_of(a) == 1 and size_of(a) == 1 and len(calls) == 1  # read once
    assert size_of(b) == 2  # an equal id is never another object's: the memo keeps a alive
    c = {"z": 3, "w": 4, "v": 5}
    assert size_of(c) == 3 and size_of(a) == 1  # past `size` the oldest entry goes, and is read again
    assert size_of("text") == 4  # no dict or list: straight through


def test_the_memo_keys_on_the_other_arguments_too():
    @by_identity()
    def said(prose, props):
        return f"{prose}:{sorted(props)}"

    props = {"a": {}}
    assert said("one", props) == "one:['a']" and said("two", props) == "two:['a']"


def _event(i: int, api: str, **params) -> HistoryEvent:
    return HistoryEvent(time=f"2025-03-{3 + i // 20:02d} {8 + i % 10:02d}:00", apitype="brewing",
                        toolname="Brewlab" if i % 3 else "Other", apiname=api, parameters=params)


SEARCH = Tool(name="Brewlab_search_brewers", app="Brewlab", api="search_brewers", domain="brewing", description="",
              parameters={"type": "object", "properties": {"style": {"type": "string"}}})


def _read_directly(history: list[HistoryEvent]) -> dict[str, list[str]]:
    """What a reader counts: every scope's values of `style` over the history, read anew."""
    scopes = {"function": lambda e: (e.toolname, e.apiname) == ("Brewlab", "search_brewers"),
              "app": lambda e: e.toolname == "Brewlab", "kind_api": lambda e: e.apiname == "search_brewers",
              "kind": lambda e: True, "whole": lambda e: True}
    out: dict[str, list[str]] = {s: [] for s in SCOPES}
    for e in history:
        if "style" in e.parameters:
            keys = [value_key(e.parameters["style"])]
        elif e.apiname == "search_brewers":
            keys = ["\x00absent"]
        else:
            keys = [value_key(o["style"]) for o in e.parameters.get("steps", []) if "style" in o]
        for s in SCOPES:
            if keys and scopes[s](e):
                out[s].extend(keys)
    return out


def test_the_past_of_every_prefix_of_a_log_is_read_as_if_read_anew():
    styles = ["stout", "lager", "ipa", "stout", "porter"]
    log = [_event(i, "search_brewers", style=styles[i % 5]) if i % 4 else
           (_event(i, "search_brewers") if i % 8 else _event(i, "write_recipe", steps=[{"style": "sour"}]))
           for i in range(40)]
    for k in [5, 30, 12, 40, 1, 0, 22]:  # out of order: shorter after longer, longer after shorter
        assert Habits(log[:k], SEARCH).past("style") == _read_directly(log[:k]), k
    other = [log[0], *(_event(i, "search_brewers", style="gose") for i in range(1, 10))]  # same first event
    assert Habits(other, SEARCH).past("style") == _read_directly(other)
    assert Habits(log[:10], SEARCH).past("style") == _read_directly(log[:10])
