"""Which chain each sequential item follows: spread over the domain's chains, not one.

Every edge of the tool graph between two tools of the domain is a chain start (a two-step
chain). The starts are put in an order that covers tools not yet covered first (a seeded
shuffle breaks ties), and item i of a domain begins with start i (start i + k * n for n items
when k chains before could not bind), so n items over a domain with n or more starts follow n different
chains and reach as many tools as the starts allow. From its start a chain grows forward
along random edges to the drawn length, and backward from its first tool only as far as the
minimum length needs. No tool of a
chain undoes another (`shapes.undoes`: a booking is never cancelled in the same breath), and no
step looks up the history of a record made one step before (`reads_history`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from functools import lru_cache

from ..core.semantic import tokens
from ..records import Edge, Tool
from .bind import Step, bound_field
from .fresh import creates
from .graph import ToolGraph, param_words, subject
from .shapes import ACTION_STATUS, GETTER_VERBS, LOOKUP_VERBS, not_yet, undoes, verb_of

Start = tuple[str, Edge]


def reads_history(producer: Tool, consumer: Tool, edge: Edge) -> bool:
    """Whether the consumer looks up the history of a record the producer has just made: a
    lookup of other things (a balance, contracts, tickets) by the id of a grower opened one
    step before, which has none yet. Reading back the record itself (the order just placed)
    is no history."""
    if verb_of(producer) not in ACTION_STATUS or verb_of(consumer) not in LOOKUP_VERBS | GETTER_VERBS:
        return False
    made = [p for p in edge.params if creates(producer, bound_field(producer, consumer, p), {})]
    return any(" ".join(param_words(p).split()[:-1]) != subject(consumer) for p in made)


def _sensible(graph: ToolGraph, producer: str, edge: Edge) -> bool:
    made, then = graph.tools[producer], graph.tools[edge.tool]
    return not reads_history(made, then, edge) and not too_soon(made, then)


# Making a record, and the steps that need time to have passed since (set 23: a loan renewed, an item
# received and returned in the breath that requested it). Their verbs, whatever the trade.
_MAKING = frozenset({"create", "open", "add", "register", "submit", "request", "file", "book", "place", "issue"})
_LATER = frozenset({"renew", "return", "receive", "extend", "close", "complete", "finish", "archive", "settle",
                    "refund", "reorder", "reopen", "expire", "deliver", "ship"})


# What is made of a thing once it has run its course: an affidavit of what aired, a makegood for what
# did not, a refund, a renewal (set 41: affidavits and makegoods of an order made one step before); an
# invoice too, of a thing made only as a proposal or a draft.
_AFTERWARDS = frozenset({"affidavit", "makegood", "makegoods", "refund", "renewal", "claim"})  # (set 42: a demurrage
# claim on a fixture made one step before)
_BILLS = frozenset({"invoice", "bill", "billing"})
_NOT_YET_BILLED = re.compile(r"\b(?:(?:in |with )?(?:status |as an? )(?:proposal|draft|quote|pending|tentative)|"
                             r"in (?:proposal|draft|quote|pending|tentative) (?:status|state|form))\b", re.IGNORECASE)


def too_soon(producer: Tool, consumer: Tool) -> bool:
    """Whether the consumer acts on what the producer has just made at a step that needs time to
    pass first (a borrowing request is received, renewed or returned days later, never at once)."""
    said = producer.description.split(maxsplit=1)[:1]  # "intake_evidence": "Book a new item ..." makes one
    if verb_of(producer) not in _MAKING and not (said and said[0].lower() in _MAKING):
        return False
    named = set(tokens(consumer.name))
    state = needed_state(consumer)
    return verb_of(consumer) in _LATER or bool(named & _AFTERWARDS) or \
        bool(named & _BILLS) and _NOT_YET_BILLED.search(producer.description) is not None or \
        state is not None and state != verb_of(producer) or _EVENT_FIRST.search(consumer.description) is not None


# "Record the bunker delivery note after pumping is finished", "a fuel sample drawn ... during delivery"
# (set 43: a delivery recorded and a sample drawn one step after the order was placed): an event that
# comes between the making and this step.
_EVENT_FIRST = re.compile(r"\b(?:after|once)\s+(?:the\s+)?[a-z]+(?:\s+[a-z]+)?\s+(?:is|are|has been|have been)\s+"
                          r"(?:finished|complete|completed|done|over|ended)\b|\bduring\s+(?:the\s+)?(?:delivery|"
                          r"loading|discharge|unloading|pumping|transfer|operation|flight|voyage|trip)\b", re.IGNORECASE)


# "Return a checked-out item", "Send voyage orders to the master of a fixed ship", "Hand an item
# authorized for release": the state another act brings the thing to first (set 42: items checked in
# one step after they were booked, orders sent for a fixture still on subjects).
_STATE_BEFORE = re.compile(r"\b(?:a|an|the|of)\s+([a-z]+(?:-(?:out|in|up|off))?)\s+[a-z]+\b", re.IGNORECASE)
_STATE_FOR = re.compile(r"\b[a-z]+\s+([a-z]+ed)\s+for\s", re.IGNORECASE)  # "items authorized for destruction"
_ANY_STATE = frozenset({"specified", "given", "selected", "chosen", "named", "listed", "related", "associated", "linked",
                        "attached", "stored", "saved", "recorded", "logged", "created", "added", "existing", "used",
                        "requested", "detailed", "combined", "expected", "estimated", "preferred", "desired"})


def needed_state(tool: Tool) -> str | None:
    """The verb whose act puts the thing a tool acts on in the state its description asks for
    ("a checked-out item": check; "a fixed ship": fix), or None (read once per description: every
    candidate step of every chain asks)."""
    return _state_needed(tool.description)


@lru_cache(maxsize=1024)
def _state_needed(description: str) -> str | None:
    from lemminflect import getInflection, getLemma

    first = re.split(r"(?<=[.;])\s", description, maxsplit=1)[0]
    for m in [*_STATE_BEFORE.finditer(first), *_STATE_FOR.finditer(first)]:
        word = m[1].lower()
        verb = word.split("-")[0]
        if word in _ANY_STATE or not verb.endswith(("ed", "en", "t")) or re.search(r"\b(?:with|using|via)\s+$", first[:m.start()]):
            continue  # "with a signed chain of custody line" is how the act is done, not the thing it acts on
        lemma = next(iter(getLemma(verb, "VERB")), "")
        if lemma and verb in getInflection(lemma, "VBN"):
            return lemma
    return None


def starts(graph: ToolGraph, names: Iterable[str]) -> list[Start]:
    """Every edge with both ends among `names` that makes sense (`reads_history`), in name order."""
    allowed = set(names)
    return [(p, e) for p in sorted(allowed) for e in graph.successors(p)
            if e.tool in allowed and _sensible(graph, p, e)]


def coverage_order(found: list[Start], seed: str) -> list[Start]:
    """`found` reordered so that each next start adds the most tools not yet covered."""
    rest = list(found)
    random.Random(seed).shuffle(rest)
    covered: set[str] = set()
    out: list[Start] = []
    while rest:
        best = max(range(len(rest)), key=lambda k: (len({rest[k][0], rest[k][1].tool} - covered), -k))
        p, e = rest.pop(best)
        covered |= {p, e.tool}
        out.append((p, e))
    return out


def _fits(graph: ToolGraph, path: list[Step], tool: str, allow_repeats: bool) -> bool:
    names = [n for n, _ in path]
    if tool in names and not allow_repeats:
        return False
    return not any(undoes(graph.tools[n], graph.tools[tool]) or not_yet(graph.tools[n], graph.tools[tool]) for n in names)


def _forward(graph: ToolGraph, path: list[Step], length: int, allowed: set[str], rng: random.Random,
             allow_repeats: bool) -> list[Step]:
    while len(path) < length:
        options = [e for e in graph.successors(path[-1][0])
                   if e.tool in allowed and _fits(graph, path, e.tool, allow_repeats) and _sensible(graph, path[-1][0], e)]
        if not options:
            break
        edge = rng.choice(options)
        path = [*path, (edge.tool, edge)]
    return path


def _backward(graph: ToolGraph, path: list[Step], length: int, allowed: set[str], rng: random.Random,
              allow_repeats: bool) -> list[Step]:
    while len(path) < length:
        first = path[0][0]
        options = sorted((p, e) for p in allowed for e in graph.successors(p)
                         if e.tool == first and _fits(graph, path, p, allow_repeats) and _sensible(graph, p, e))
        if not options:
            break
        p, e = rng.choice(options)
        path = [(p, None), (first, e), *path[1:]]
    return path


def chain_for(graph: ToolGraph, names: list[str], index: int, length: int, rng: random.Random,
              *, min_length: int = 2, allow_repeats: bool = False, seed: str = "") -> list[Step] | None:
    """The chain beginning with start `index` (modulo the starts) in coverage order, grown
    forward to `length` steps where the graph allows, and backward only as far as `min_length`
    needs (so chains of different starts stay different); None when the domain has no start."""
    order = graph.cached(("chain starts", seed, *sorted(names)),
                         lambda: coverage_order(starts(graph, names), seed))
    if not order:
        return None
    p, e = order[index % len(order)]
    allowed = set(names)
    path: list[Step] = [(p, None), (e.tool, e)]
    path = _forward(graph, path, length, allowed, rng, allow_repeats)
    return _backward(graph, path, min(length, min_length), allowed, rng, allow_repeats)


def item_index(index: int, shift: int, span: int) -> int:
    """The start an item takes: its own, then one `span` further for each chain that could not bind."""
    return index + shift * max(1, span)
