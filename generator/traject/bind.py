"""Sequential trajectories: which arguments of a step come from an earlier step's output.

A step after the first follows an edge of the tool graph (graph.py) from the previous tool and
binds, from that tool's output:

- every edge param whose value the producer was not itself asked for (a value the producer
  was told is stated in the query, so binding it would give it away), one param per output
  field, identifiers first; when every param only echoes an optional filter of the producer,
  that filter is left out of the producer's call (never a value an earlier step bound);
- both members of a pair or neither (latitude/longitude, a window's start/end, as `partners`
  reads them from the names): a step never takes one coordinate from a result and states
  the other;
- an identifier an earlier, non-adjacent step's output holds (the production found in step 1
  is the production booked in step 3).

A choice an earlier call made (the same dates, the same production) keeps its value; when
that value was itself bound, the later use is bound to the same output. Every value bound from
one producer is written into the same result of its output (simulate.py), and the values of
one producer never differ for one field, so a step's gold is the values of one result.
`binding_problems` states the invariants the rest of the product relies on.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core import semantic
from ..core.constraints import pairs_for
from ..core.lore import entity_keys, id_format, id_formats, param_schema
from ..core.profiles import kept_rules
from ..core.value_sense import nested_by_examples, under_given
from ..core.values import REFERENCE_TIME, Unsampleable, is_valid, repair_arguments, sample_arguments
from ..records import Binding, Edge, Target, Tool, ToolCall
from .calls import arguments, coordinate_stem, maybe_value, partners
from .fresh import creates, fresh_id, made_at, names_record
from .graph import (
    COORDINATES,
    echo_arg,
    id_source,
    is_id_param,
    output_fields,
    param_words,
    source_field,
    words,
)
from .shapes import GETTER_VERBS, LOOKUP_VERBS, moves, verb_of
from .timeline import forward

Step = tuple[str, Edge | None]  # (tool name, the edge that led to it; None for the first step)


def provides(producer: Tool, consumer: Tool, param: str) -> str:
    """The producer's output field holding `param` of the consumer ("" when its output does not
    hold it): a field the rules of graph.py name, or one the output description spells."""
    f = source_field(producer, consumer, param)
    if f in output_fields(producer):
        return f
    spec = consumer.properties.get(param) or {}
    kind = semantic.infer(param, spec)
    for out in output_fields(producer):  # a coordinate under another spelling (lat for latitude)
        if kind in COORDINATES and semantic.infer(out, {"type": "number"}) == kind and _same_stem(out, param, spec):
            return out
    text = words(f"{producer.output or ''} {producer.description}")
    said = f" {param_words(param)} " in text or (kind in COORDINATES and f" {kind} " in text)
    return f if said else ""


def bound_field(producer: Tool, consumer: Tool, param: str) -> str:
    """Where a bound value sits in the producer's output: the field it `provides`, else the
    field graph.py names (the param's own name for an edge no rule explains)."""
    return provides(producer, consumer, param) or source_field(producer, consumer, param)


def _same_stem(field_name: str, param: str, spec: dict[str, Any]) -> bool:
    a, b = coordinate_stem(field_name, {"type": "number"}), coordinate_stem(param, spec)
    return bool(a and b and a[1] == b[1])


# ---------------------------------------------------------------- one step


@dataclass
class Chain:
    """The calls made so far, their bindings, and per producer the values later steps read
    from its output (field -> value), all in one result."""

    tools: dict[str, Tool]
    formats: dict[str, dict[str, Any]] = field(default_factory=dict)  # the catalog's id formats (lore)
    calls: list[ToolCall] = field(default_factory=list)
    bindings: list[Binding] = field(default_factory=list)
    carry: dict[int, dict[str, Any]] = field(default_factory=dict)

    def tool(self, i: int) -> Tool:
        return self.tools[self.calls[i].tool]

    def bound(self, i: int) -> dict[str, int]:
        """param -> producer call, of call i's bindings."""
        return {b.param: b.from_call for b in self.bindings if b.call == i}

    def stated_values(self) -> list[Any]:
        return [v for i, c in enumerate(self.calls) for p, v in c.arguments.items() if p not in self.bound(i)]


def _fresh(chain: Chain, consumer: Tool, params: list[str], j: int) -> list[str]:
    """The params whose field of call j's output does not repeat one of call j's arguments."""
    asked = chain.calls[j].arguments
    return [p for p in params if echo_arg(asked, bound_field(chain.tool(j), consumer, p)) is None]


def _drop_echo(chain: Chain, consumer: Tool, params: list[str], j: int) -> list[str]:
    """When every param only echoes a filter of call j: leave out the first optional filter
    that no earlier step bound, so call j's output names a value the query does not."""
    producer, call, bound = chain.tool(j), chain.calls[j], chain.bound(j)
    for p in params:
        f = bound_field(producer, consumer, p)
        drop = {f, partners(producer).get(f, f)}  # a coordinate goes with its partner
        if all(d in call.arguments and d not in producer.required and d not in bound for d in drop):
            kept = {k: v for k, v in call.arguments.items() if k not in drop}
            if unfiltered(producer, kept):
                continue  # a search for everything would make its one result arbitrary
            chain.calls[j] = call.model_copy(update={"arguments": kept})
            return [p]
    return []


# Parameters that page or present results: a search given only these filters nothing.
PAGING = frozenset({"limit", "page", "offset", "count", "size", "format", "lang", "language", "locale", "sort",
                    "order", "sort_by", "order_by", "callback", "fields", "per_page", "page_size", "max_results",
                    "timezone", "units", "unit", "currency"})
FILTER_TRIES = 8


def unfiltered(tool: Tool, args: dict[str, Any]) -> bool:
    """Whether a call searches for everything: a lookup (search, list, find ...) given no filter.
    A later step that reads its one result would take an arbitrary record."""
    return verb_of(tool) in LOOKUP_VERBS and all(p.lower() in PAGING for p in args)


def first_call(tool: Tool, rng: random.Random, optional_rate: float, then: Tool | None = None) -> dict[str, Any]:
    """The arguments of a chain's first call: a lookup filters on something when its schema
    lets it (the chain's later steps read one of its results), and never on a state that is over
    when the next step acts on what it finds (no rehearsal put on a closed production)."""
    args = arguments(tool, rng, optional_rate)
    filters = [p for p in tool.properties if p.lower() not in PAGING]
    for _ in range(FILTER_TRIES if filters else 0):
        if not unfiltered(tool, args):
            break
        args = arguments(tool, rng, max(optional_rate, 0.5))
    return _live(tool, _kind_for(tool, _live(tool, args, then, rng), then, frozenset(), rng), then, rng)  # (a trip
    # "landed" is no trip to declare a landing for: set 38)


def _kind_for(tool: Tool, args: dict[str, Any], then: Tool | None, keep: frozenset[str],
              rng: random.Random) -> dict[str, Any]:
    """`args` with an enum set to the one member the next tool names: a copy request before an
    article is delivered for "a copy request", a loan before one is renewed, a search of the
    lending side before "ship lending item" (set 23: articles delivered for loans, copies renewed).
    The next tool's name speaks first, then its first sentence; the call's other rules are kept."""
    if then is None:
        return args
    named = _state_before_noun(tool, then, keep)  # "Set the charge for every hole of a drilled blast": drilled,
    for text in (() if named else (then.name, then.description.split(". ", 1)[0])):  # whatever the name says
        said = words(text)
        stems = {_state_stem(w) for w in said.split()}  # "a loaded blast" names the state "loading" (set 28)
        for p, spec in tool.properties.items():
            enum = [v for v in (spec.get("enum") or []) if isinstance(v, str)] if isinstance(spec, dict) else []
            hits = [v for v in enum if f" {param_words(v)} " in said or _state_stem(v) in stems] if len(enum) >= 2 else []
            if len(hits) > 1:  # "Record that a loaded blast was fired": the state it is in is the one before its noun
                hits = [v for v in hits if any(_state_stem(v) == _state_stem(w) for w, _ in _before_nouns(said))]
            if len(hits) == 1 and p not in keep and p not in named:
                named[p] = hits[0]
        if named:
            break
    wanted = {p: v for p, v in named.items() if args.get(p) != v}
    if not wanted:
        return args
    try:
        redrawn = sample_arguments(tool, rng, optional_rate=0.0, fixed={**args, **wanted})
    except Unsampleable:
        return args
    return redrawn if all(is_valid(tool.properties.get(p) or {}, v) for p, v in redrawn.items()) else args


def _state_stem(word: str) -> str:
    """A state word without its ending ("loaded", "loading", "load" -> "load"); a two-word state
    ("misfire_open") is its words, which no single word of a sentence matches."""
    w = param_words(word) if "_" in word else word.lower()
    return w if " " in w else re.sub(r"(?:ing|ed|e|s)$", "", w)


def _state_before_noun(tool: Tool, then: Tool, keep: frozenset[str]) -> dict[str, str]:
    """The one enum member of `tool` the next tool's first sentence says as the state of its thing
    ("of a drilled blast", "a loaded blast was fired"), by parameter; {} when none or several."""
    things = {w.rstrip("s") for w in param_words(tool.name).split()}  # "a drilled blast" of search_blasts, but
    said = [w for w, noun in _before_nouns(words(then.description.split(". ", 1)[0]))  # never "a borrowing
            if noun.rstrip("s") in things]  # library" of search_requests: the library is not what it finds
    out: dict[str, str] = {}
    for p, spec in tool.properties.items():
        enum = [v for v in (spec.get("enum") or []) if isinstance(v, str)] if isinstance(spec, dict) else []
        hits = [v for v in enum if any(_state_stem(v) == _state_stem(w) for w in said)] if len(enum) >= 2 else []
        if len(hits) == 1 and p not in keep:
            out[p] = hits[0]
    return out


def _before_nouns(said: str) -> list[tuple[str, str]]:
    """The words said between an article and the next word, with that word ("a loaded blast" ->
    ("loaded", "blast"))."""
    return re.findall(r"\b(?:a|an|the) ([a-z]+) ([a-z]+)", said)


# States a record is past acting on: a later step that books, assigns or changes it makes no sense.
_OVER = frozenset({"closed", "cancelled", "canceled", "completed", "complete", "archived", "rejected", "inactive",
                   "expired", "shipped", "finished", "done", "retired", "deleted", "void", "voided", "terminated",
                   "withdrawn", "declined", "refunded", "resolved",
                   # a trip landed, a deficiency corrected, a parcel delivered, a bill paid (set 38: a landing
                   # declared for a trip found "with status landed", a corrected deficiency closed again)
                   "landed", "corrected", "delivered", "paid", "settled", "fulfilled", "discharged", "disposed"})


def _live(tool: Tool, args: dict[str, Any], then: Tool | None, rng: random.Random) -> dict[str, Any]:
    """`args` with a filter on a state that is over set to a live one (or left out) when `then` acts."""
    if then is None or verb_of(then) in LOOKUP_VERBS | GETTER_VERBS:
        return args
    out = dict(args)
    done = _done_by(verb_of(then)) | _ruled_out(then.description)  # "preempted" before preempt_spot: already done
    # (set 41: preempting preempted spots); "A running order is shut off with ... instead" (set 43)
    for param, value in args.items():
        if not isinstance(value, str) or value.lower() not in _OVER | done:
            continue
        live = [v for v in tool.properties.get(param, {}).get("enum") or [] if str(v).lower() not in _OVER | done]
        if live:
            out[param] = rng.choice(live)
        elif param not in tool.required:
            out.pop(param)
    return out


# "A running order is shut off with change_water_order instead", "Cancel an order that has not started"
# (set 43: orders found running and cancelled): the states the next step does not take.
_INSTEAD = re.compile(r"\b(?:an?|the)\s+([a-z]+)\s+[a-z]+\s+(?:is|are)\s+[^.;]*\binstead\b", re.IGNORECASE)
_NOT_STARTED = re.compile(r"\b(?:has|have) not (?:yet )?(?:started|begun)\b|\bnot yet started\b", re.IGNORECASE)
_UNDER_WAY = frozenset({"running", "started", "in_progress", "active", "ongoing", "underway", "completed", "complete"})


@lru_cache(maxsize=1024)
def _ruled_out(description: str) -> frozenset[str]:
    said = {m[1].lower() for m in _INSTEAD.finditer(description)}
    return frozenset(said | (_UNDER_WAY if _NOT_STARTED.search(description) else set()))


@lru_cache(maxsize=1024)
def _done_by(verb: str) -> frozenset[str]:
    """The states a thing is in once `verb` was done to it: "preempted", "cancelled", "closed"."""
    from lemminflect import getInflection

    if not verb or not verb.isalpha():
        return frozenset()
    return frozenset(f.lower() for f in (*getInflection(verb, "VBN"), *getInflection(verb, "VBD")))


def _ordered(params: list[str]) -> list[str]:
    return [p for p in params if is_id_param(p)] + [p for p in params if not is_id_param(p)]


def _one_per_field(chain: Chain, consumer: Tool, params: list[str], j: int) -> dict[str, str]:
    """param -> field of call j's output, at most one param per field (an origin and a
    destination both read from one `address` would be the same place)."""
    out: dict[str, str] = {}
    for p in _ordered(params):
        f = bound_field(chain.tool(j), consumer, p)
        if f not in out.values():
            out[p] = f
    return out


def _close_pairs(chain: Chain, consumer: Tool, chosen: dict[str, str], j: int) -> None:
    """Bind the partner of every bound param from the same output, or unbind the param."""
    pairs = partners(consumer)
    for p in list(chosen):
        q = pairs.get(p)
        if p not in chosen or q is None or q in chosen:
            continue
        f = provides(chain.tool(j), consumer, q)
        if f and f not in chosen.values():
            chosen[q] = f
        else:
            del chosen[p]


def _edge_sources(chain: Chain, consumer: Tool, edge: Edge) -> dict[str, str]:
    """param -> field of the previous output, for the params the step binds along `edge`."""
    j = len(chain.calls) - 1
    params = [p for p in edge.params if p in consumer.properties]
    fresh = _fresh(chain, consumer, params, j) or _drop_echo(chain, consumer, params, j)
    chosen = _one_per_field(chain, consumer, fresh, j)
    _close_pairs(chain, consumer, chosen, j)
    return chosen


def _earlier_ids(chain: Chain, consumer: Tool, args: dict[str, Any], taken: set[str]) -> dict[str, tuple[int, str]]:
    """Identifiers of the consumer that a non-adjacent earlier output lists (the id rule of
    graph.py), param -> (call, field)."""
    out: dict[str, tuple[int, str]] = {}
    for p in [p for p in args if is_id_param(p) and p not in taken]:
        for j in range(len(chain.calls) - 2, -1, -1):
            f = bound_field(chain.tool(j), consumer, p) if id_source(chain.tool(j), consumer, p) else ""
            if f and f not in chain.calls[j].arguments:
                out[p] = (j, f)
                break
    return out


def _draw(chain: Chain, consumer: Tool, param: str, j: int, f: str, rng: random.Random) -> Any:
    """The value of a bound param: what call j's output already carries in that field (one
    result), else a fresh value in the param's style that no call states (None: none fits)."""
    spec = consumer.properties[param]
    have = chain.carry.get(j, {})
    if f in have:
        return have[f] if is_valid(spec, have[f]) else None
    stated, draw = chain.stated_values(), _drawn_from(chain, consumer, param, f)
    value = _new(chain, j, f, draw, param, rng)
    for _ in range(8):  # a value a call states would be in the query already
        if value not in stated and is_valid(spec, value):
            break
        value = _new(chain, j, f, draw, param, rng)
    return value if is_valid(spec, value) else maybe_value(param_schema(consumer, param), rng, param)


def _new(chain: Chain, j: int, f: str, draw: dict[str, Any], param: str, rng: random.Random) -> Any:
    """An id call j's output holds is a new one in the catalog's format (fresh.py: never the
    example, dated when call j makes the record, with the parts call j asked for), anything
    else a draw from `draw`."""
    asked = chain.calls[j].arguments
    made = made_at(creates(chain.tool(j), f, asked), rng)
    return (fresh_id(draw, rng, made, asked) if names_record(f) else None) or maybe_value(draw, rng, param)


def _drawn_from(chain: Chain, consumer: Tool, param: str, f: str) -> dict[str, Any]:
    """The schema a bound value is drawn from: the param's, with what the catalog says of it
    (lore), unless the output field it sits in is one id of an entity whose format the catalog
    shows and the param says none of its own (or lists several: `reviewer_ids` reads one
    `reviewer_id`), so the id looks like the catalog's ids of that entity."""
    own = param_schema(consumer, param)
    found = id_format(chain.formats, f) if is_id_param(f) else None
    plural = param_words(param).split()[-1:] == ["ids"]
    if found and (plural or not any(k in own for k in ("examples", "pattern", "enum"))):
        return found
    return own


def _carried(chain: Chain, consumer: Tool, args: dict[str, Any], sources: dict[str, tuple[int, str]],
             rng: random.Random) -> dict[str, tuple[int, str, Any]]:
    """param -> (call, field, value) for every source whose value fits; a pair whose member
    does not fit is bound by neither."""
    values = {p: (j, f, _draw(chain, consumer, p, j, f, rng)) for p, (j, f) in sources.items()}
    pairs = partners(consumer)
    bad = {p for p, (_, _, v) in values.items() if v is None}
    bad |= {pairs[p] for p in bad if p in pairs}
    return {p: v for p, v in values.items() if p not in bad}


def _bounds_in_force(chain: Chain, consumer: Tool, args: dict[str, Any]) -> list[str]:
    """Params the consumer leaves out whose pair partner it sets, which an earlier call set
    (a maximum price searched before a minimum price now): they come along, so the repair keeps
    the minimum below the maximum the user already gave."""
    out = []
    for pair in pairs_for(consumer.properties):
        for p, q in ((pair.first, pair.second), (pair.second, pair.first)):
            if pair.kind == "order" and p not in args and q in args and any(p in c.arguments for c in chain.calls):
                out.append(p)
    return out


def _kept_choices(chain: Chain, consumer: Tool, args: dict[str, Any], bound: dict[str, tuple[int, str, Any]],
                  rng: random.Random) -> None:
    """A param an earlier call took keeps that call's value; bound there, it is bound here to the
    same output. A value the consumer cannot take (another enum) is left out when optional. A
    call that changes a record changes it: its values are new ones (`_changed`)."""
    for p in _bounds_in_force(chain, consumer, args):
        args[p] = None  # filled below from the earlier call
    for p in [p for p in list(args) if p not in bound]:
        if args[p] is not None and moves(consumer) and not is_id_param(p):
            _changed(chain, consumer, args, p, rng)
            continue
        k, q = next(((k, q) for k in range(len(chain.calls) - 1, -1, -1)
                     if (q := _same_in(chain.calls[k].arguments, consumer, p))), (None, ""))
        if k is None:
            continue
        value = _one_of(chain.calls[k].arguments[q], consumer, p)
        if not is_valid(consumer.properties.get(p) or {}, value):
            if p not in consumer.required or args[p] is None:
                del args[p]
            continue
        args[p] = value
        j = chain.bound(k).get(p)
        f = bound_field(chain.tool(j), consumer, p) if j is not None else ""
        if j is not None and chain.carry[j].get(f, value) == value:
            bound[p] = (j, f, value)
        elif j is not None and p not in consumer.required:
            del args[p]  # a value read from an output, which this call could not read the same way


def _one_of(value: Any, consumer: Tool, param: str) -> Any:
    """An earlier list's first element, for a param that takes one of them."""
    many = (consumer.properties.get(param) or {}).get("type") == "array"
    return value[0] if isinstance(value, list) and value and not many else value


def _changed(chain: Chain, consumer: Tool, args: dict[str, Any], param: str, rng: random.Random) -> None:
    """A value a change sets that differs from what an earlier call of the chain set (a cue added
    at 3 seconds is retimed to another time, never to 3 seconds again)."""
    before = [c.arguments[param] for c in chain.calls if param in c.arguments]
    spec = param_schema(consumer, param)
    for _ in range(8 if args[param] in before else 0):
        new = maybe_value(spec, rng, param)
        if new is not None and new not in before and is_valid(consumer.properties.get(param) or {}, new):
            args[param] = new
            return


def _same_in(earlier: dict[str, Any], consumer: Tool, param: str) -> str:
    """The argument of an earlier call that holds what `param` holds: the same name, or the
    plain id of the same entity (the `submission_id` a `conflict_submission_id` checks) when
    no other id of the consumer names that entity (an origin and a destination airport differ)."""
    if param in earlier:
        return param
    if is_id_param(param) and isinstance(earlier.get(f"{param}s"), list) and earlier[f"{param}s"]:
        return f"{param}s"  # the casing inspected is one of the casings the work order holds
    keys = entity_keys(param) if is_id_param(param) else ()
    plain = f"{keys[-1].replace(' ', '_')}_id" if keys else ""
    rivals = [q for q in consumer.properties if is_id_param(q) and keys and keys[-1] in entity_keys(q)]
    return plain if plain in earlier and rivals == [param] else ""


def _id_part(chain: Chain, j: int, field: str, value: Any, spec: dict[str, Any]) -> Any:
    """A part the earlier call's id holds is that id's part: the lateral found for turnout TO-L10-336
    is L10, never L34 (set 43: `core.id_parts`)."""
    from ..core.id_parts import part_of_call

    own = part_of_call(chain.tools[chain.calls[j].tool].properties, chain.calls[j].arguments, field)
    return own if own is not None and is_valid(spec, own) else value


def add_step(chain: Chain, consumer: Tool, edge: Edge, rng: random.Random, optional_rate: float) -> bool:
    """Append one bound call along `edge`; False (chain unchanged but for a dropped echo) when
    nothing of the previous output can be bound."""
    if len(chain.calls) > 1:  # the first call was drawn for its next one already (first_call)
        last, i = chain.calls[-1], len(chain.calls) - 1
        held = frozenset(b.param for b in chain.bindings if b.call == i)
        chain.calls[-1] = last.model_copy(update={"arguments": _kind_for(
            chain.tools[last.tool], last.arguments, consumer, held, rng)})
    args = arguments(consumer, rng, optional_rate)
    sources = {p: (len(chain.calls) - 1, f) for p, f in _edge_sources(chain, consumer, edge).items()}
    bound = _carried(chain, consumer, args, sources, rng)
    if not bound:
        return False
    bound.update(_carried(chain, consumer, args, _earlier_ids(chain, consumer, args, set(bound)), rng))
    bound = {p: (j, f, _id_part(chain, j, f, under_given(v, consumer.properties[p], chain.tools[chain.calls[j].tool],
                                                          chain.calls[j].arguments), consumer.properties[p]))
             for p, (j, f, v) in bound.items()}  # the unit opened at a site is that site's
    _kept_choices(chain, consumer, args, bound, rng)
    args.update({p: v for p, (_, _, v) in bound.items()})
    args.update(day := _on_the_day_found(chain, consumer, bound))
    fixed = {p for p in args if p in bound or p in day or any(p in c.arguments for c in chain.calls)}
    args = nested_by_examples(consumer.properties, args, frozenset(fixed))  # the site of the unit read
    args = repair_arguments(consumer, args, rng, keep=fixed)
    args = kept_rules(consumer, args, REFERENCE_TIME, rng, frozenset(fixed))  # a value profile's rules (generator.core.profiles)
    args = _forward_valid(consumer, [c.arguments for c in chain.calls], args, fixed)
    i = len(chain.calls)
    chain.calls.append(ToolCall(tool=consumer.name, arguments={p: args[p] for p in consumer.properties if p in args}))
    for p, (j, f, v) in bound.items():
        chain.carry.setdefault(j, {})[f] = v
        chain.bindings.append(Binding(call=i, param=p, from_call=j))
    return True


# Words of a lookup's date filter that finds what is free that day ("Only crews free on this date").
_FREE_ON = frozenset({"available", "availability", "free", "open", "vacant"})


def _on_the_day_found(chain: Chain, consumer: Tool, bound: dict[str, Any]) -> dict[str, Any]:
    """A thing found free on a day is booked that day: the consumer's one date parameter takes the
    date the lookup that found the bound thing filtered on (set 39: crews listed as free on June 3,
    booked for June 14)."""
    for j in sorted({j for j, _, _ in bound.values()}):
        found = chain.calls[j].arguments
        day = next((v for p, v in found.items() if _FREE_ON & set(param_words(p).split())
                    and isinstance(v, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", v)), None)
        dates = [p for p, sch in consumer.properties.items() if p not in bound and isinstance(sch, dict)
                 and sch.get("format") == "date"]
        if day and len(dates) == 1 and is_valid(consumer.properties[dates[0]], day):
            return {dates[0]: day}
    return {}


def _forward_valid(consumer: Tool, before: list[dict[str, Any]], args: dict[str, Any], fixed: set[str]
                   ) -> dict[str, Any]:
    """`args` moved forward in time after the calls `before` (timeline.py), when every moved
    value still fits its schema."""
    moved = forward(before, args, fixed)
    ok = all(is_valid(consumer.properties.get(p) or {}, v) for p, v in moved.items() if v != args[p])
    return moved if ok else args


def sample_chain(item_id: str, steps: list[Step], tools: dict[str, Tool], rng: random.Random,
                 optional_rate: float = 0.2) -> Target:
    """The calls of `steps` with their bindings; the chain ends early at a step whose edge
    has nothing left to bind (the caller checks the length it needs)."""
    domain = tools[steps[0][0]].domain if steps else ""
    chain = Chain(tools, formats=id_formats([t for t in tools.values() if t.domain == domain]))
    for name, edge in steps:
        if edge is None:
            then = tools[steps[1][0]] if len(steps) > 1 else None
            chain.calls.append(ToolCall(tool=name, arguments=first_call(tools[name], rng, optional_rate, then)))
        elif not add_step(chain, tools[name], edge, rng, optional_rate):
            break
    under_earlier(chain.calls, tools, rng)
    return Target(id=item_id, kind="sequential", calls=chain.calls, offered=[c.tool for c in chain.calls],
                  domain=tools[steps[0][0]].domain, bindings=sorted(chain.bindings, key=lambda b: (b.call, b.from_call)))


# "The tare must be less than the ticket's gross weight" (set 46: a 10,800 lb tare weighed out of a ticket
# opened at 5,600 lb gross): a number of a later call below one an earlier call of the chain gave.
_LESS_THAN = re.compile(r"\b(?:the )?([a-z]+)(?: [a-z]+)? (?:must|should|has to) be (?:less|lower|smaller) than "
                        r"(?:the |its |this )?(?:[a-z]+'s )?([a-z]+(?: [a-z]+)?)\b", re.IGNORECASE)


def under_earlier(calls: list[ToolCall], tools: dict[str, Tool], rng: random.Random) -> None:
    """A number a call's prose keeps under an earlier call's (by their names' words) drawn under it."""
    for i, call in enumerate(calls[1:], 1):
        for m in _LESS_THAN.finditer(tools[call.tool].description):
            mine = [p for p, v in call.arguments.items() if m[1].lower() in p.lower().split("_") and _figure(v)]
            words = m[2].lower().split()
            theirs = [c.arguments[p] for c in calls[:i] for p in c.arguments
                      if all(w in p.lower().split("_") for w in words) and _figure(c.arguments[p])]
            if len(mine) != 1 or len(theirs) != 1 or float(call.arguments[mine[0]]) < float(theirs[0]):
                continue
            spec = tools[call.tool].properties.get(mine[0]) or {}
            step = float(spec.get("multipleOf") or 1)
            under = max(float(spec.get("minimum") or 0), float(theirs[0]) * rng.uniform(0.3, 0.7) // step * step)
            if under < float(theirs[0]):
                call.arguments[mine[0]] = int(under) if spec.get("type") == "integer" else under


def _figure(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# ---------------------------------------------------------------- invariants


def carries(target: Target, tools: dict[str, Tool]) -> list[dict[str, Any]]:
    """Per call: the values later calls read from its output (field -> value), all of which
    the simulator writes into one result."""
    out: list[dict[str, Any]] = [{} for _ in target.calls]
    for b in target.bindings:
        value = target.calls[b.call].arguments.get(b.param)
        if value is not None and 0 <= b.from_call < b.call:
            producer, consumer = tools[target.calls[b.from_call].tool], tools[target.calls[b.call].tool]
            out[b.from_call].setdefault(bound_field(producer, consumer, b.param), value)
    return out


def binding_problems(target: Target, tools: dict[str, Tool]) -> list[str]:
    """What would make a sequential target unusable: a binding whose param the call lacks or
    whose producer is not earlier, two values for one field of one output, a pair half bound."""
    out = []
    seen: dict[tuple[int, str], Any] = {}
    for b in target.bindings:
        args = target.calls[b.call].arguments if 0 <= b.call < len(target.calls) else {}
        if b.param not in args:
            out.append(f"call {b.call + 1}: bound {b.param} is not among its arguments")
            continue
        if not 0 <= b.from_call < b.call:
            out.append(f"call {b.call + 1}: {b.param} bound to call {b.from_call + 1}, which is not earlier")
            continue
        key = (b.from_call, bound_field(tools[target.calls[b.from_call].tool], tools[target.calls[b.call].tool],
                                        b.param))
        if seen.setdefault(key, args[b.param]) != args[b.param]:
            out.append(f"call {b.call + 1}: {b.param} reads field {key[1]} of call {b.from_call + 1}, which "
                       f"another step reads with another value")
    for i, call in enumerate(target.calls):
        bound = {b.param for b in target.bindings if b.call == i}
        for p, q in partners(tools[call.tool]).items():
            if p in bound and q not in bound:
                out.append(f"call {i + 1}: {p} is bound but its partner {q} is "
                           f"{'stated' if q in call.arguments else 'missing'}")
    return out
