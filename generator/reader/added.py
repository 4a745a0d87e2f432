"""Added content: what the text asks for that the gold calls do not hold.

- alternative: a fallback the calls do not hold ("or else book the 11:15", "if it's full, try ...",
  "otherwise ...");
- condition: a constraint with no argument to hold it ("only if it's under $50" when no gold value
  is 50; "as long as it has parking" when no argument is about parking);
- request: a further request clause ("and also email Sam the list") whose words touch none of the
  gold calls (their tool, API and parameter names, their values), beyond the one request per gold
  call a query may make in its own words;
- wish: a preference about the thing asked for that no argument carries ("with a nice ambience",
  wishes.py).
Style wishes about the answer's form ("keep it short", "bullet points", "prefer rank over prose")
are not added content: their verbs are not request verbs.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..records import Tool, ToolCall
from .numbers import as_number, numbers_in, same_number
from .records import Added
from .text import content_stems, identifier_words, stem
from .wishes import wishes

_CLAUSE_SPLIT = re.compile(r"(?<=[.!?;])\s+|\s*\b(?:and then|and also|after that|as well as|also|plus)\b\s*|,\s+and\s+|,\s+then\s+")
_ALTERNATIVE = re.compile(r"\b(?:or else|otherwise|alternatively|failing that|as a (?:fallback|backup)|or (?:if|instead)"
                          r"|if (?:not|none|nothing)|if (?:that|it|this|there|they)(?:'s|’s| is| are|'re)? (?:not|isn'?t|unavailable|"
                          r"full|sold out|closed|booked|too)|in case (?:it|that|there)|fall ?back to|if unavailable)\b")
_CONDITION = re.compile(r"\b(?:only if|unless|as long as|provided(?: that)?|on (?:the )?condition|but only|only when"
                        r"|if (?:it|they|the \w+)(?:'s|’s| is| are)? (?:under|below|less|over|above|more|cheaper|at least|at most)"
                        r"|(?:under|below|less than|cheaper than|more than|over|above|at least|at most|no more than|"
                        r"within|up to|max(?:imum)?|min(?:imum)?) (?:\$|€|£)?\d)")
_REQUEST_VERBS = frozenset(stem(w) for w in ["book", "order", "buy", "purchase", "reserve", "send", "email", "mail", "text", "message", "call", "phone", "remind", "schedule", "cancel", "add", "create", "delete", "remove", "set", "play", "download", "upload", "translate", "share", "post", "pay", "transfer", "find", "search", "look", "get", "fetch", "check", "show", "tell", "give", "list", "open", "navigate", "rent", "hire", "subscribe", "follow", "convert", "compute", "calculate"])
_LEADS = frozenset(["please", "can", "could", "would", "will", "you", "i", "d", "like", "want", "need", "me", "us", "and", "then", "also", "too", "kindly", "help"])
_GENERIC = frozenset(stem(w) for w in ["something", "thing", "things", "stuff", "some", "any", "info", "information", "detail", "details", "help", "like", "want", "need", "please", "option", "options", "result", "results", "one", "ones", "place", "good", "nice", "best", "quick", "quickly", "right", "now", "today", "me", "my", "what", "which", "where", "how"])


class _Lazy:
    """The gold calls' vocabulary, built only when a clause needs comparing."""

    def __init__(self, build: Callable[[], frozenset[str]]) -> None:
        self.build = build
        self.value: frozenset[str] | None = None

    def __call__(self) -> frozenset[str]:
        if self.value is None:
            self.value = self.build()
        return self.value


@lru_cache(maxsize=4096)
def clauses(text: str) -> tuple[str, ...]:
    return tuple(c.strip(" ,") for c in _CLAUSE_SPLIT.split(text) if c and c.strip(" ,"))


def added_content(text: str, calls: Sequence[ToolCall], tools: dict[str, Tool]) -> list[Added]:
    """The alternatives, conditions and requests of `text` the gold calls do not hold."""
    out: list[Added] = []
    vocab = _Lazy(lambda: _vocabulary(tuple(calls), tools))
    golds = _gold_numbers(calls)
    for clause in clauses(text):
        lowered = clause.lower()
        m = _ALTERNATIVE.search(lowered)
        if m and not _value_said(m.group(0), calls):
            out.append(Added(kind="alternative", span=clause[m.start():].strip()))
            continue
        # every condition of the clause: "at most 40, but only if it has wifi" holds the first only
        c = next((c for c in _CONDITION.finditer(lowered) if not _condition_held(clause[c.start():], vocab(), golds)
                  and not _described(lowered[c.start():], calls, tools)), None)
        if c:
            out.append(Added(kind="condition", span=clause[c.start():].strip()))
    out += _added_requests(text, calls, vocab)
    out += wishes(text, calls, tools)
    return out


def _value_said(span: str, calls: Sequence[ToolCall]) -> bool:
    """Whether an alternative's own word is a gold value ("as a backup offer" for an offer whose
    type is `backup`): the call holds it, no fallback is added (set 45)."""
    words = set(content_stems(span))
    values = {s for c in calls for v in c.arguments.values() if isinstance(v, str) for s in _stems_of(v)}
    return bool(words) and words <= values


def _vocabulary(calls: tuple[ToolCall, ...], tools: dict[str, Tool]) -> frozenset[str]:
    """Stems that tie a clause to a gold call: tool, API and parameter names, values, enum options
    and the first sentence of the tool's description."""
    out: set[str] = set()
    for call in calls:
        tool = tools.get(call.tool)
        out |= set(_stems_of(call.tool))
        for name, value in call.arguments.items():
            out |= set(_stems_of(name)) | set(_stems_of(str(value)))
        if tool is not None:
            out |= _tool_vocabulary(tool.name, f"{tool.app} {tool.api} {tool.description.split('.')[0]}",
                                    " ".join(f"{n} {' '.join(map(str, s.get('enum') or []))}"
                                             for n, s in tool.properties.items()))
    return frozenset(out - _GENERIC)


@lru_cache(maxsize=4096)
def _tool_vocabulary(name: str, title: str, params: str) -> frozenset[str]:
    return frozenset(_stems_of(title)) | frozenset(_stems_of(params))


@lru_cache(maxsize=16384)
def _stems_of(text: str) -> tuple[str, ...]:
    return content_stems(" ".join(identifier_words(text)))


def _gold_numbers(calls: Sequence[ToolCall]) -> list[float]:
    """Every number a gold value holds, alone or inside a text ("more_than_30_min" holds 30)."""
    out = []
    for c in calls:
        for v in c.arguments.values():
            n = as_number(v)
            out += [n] if n is not None else [float(x) for x in re.findall(r"\d+(?:\.\d+)?", str(v))]
    return out


def _condition_held(span: str, vocab: frozenset[str], golds: list[float]) -> bool:
    said = [n.value for n in numbers_in(span)]
    if said:
        return any(same_number(s, g) for s in said for g in golds)
    return bool(set(content_stems(span)) & vocab)


def _described(span: str, calls: Sequence[ToolCall], tools: dict[str, Tool]) -> bool:
    """Whether a condition is the description's own words for an argument the calls set ("including
    referees under 18" of a `youth_referee` flag described "Include referees under 18")."""
    words = re.findall(r"[a-z0-9]+", span)[:4]
    if len(words) < 2:
        return False
    said = re.compile(r"\b" + r"\W+".join(map(re.escape, words)) + r"\b")
    return any(said.search(str(((tools[c.tool].properties.get(n) if c.tool in tools else None) or {}).get("description")
                               or "").lower()) for c in calls for n in c.arguments)


def _added_requests(text: str, calls: Sequence[ToolCall], vocab: _Lazy) -> list[Added]:
    requests = [c for c in clauses(text) if _request_verb(c)]
    if len(requests) <= len(calls):  # one request per gold call: nothing to compare
        return []
    unmatched = [c for c in requests if not (set(content_stems(c)) - _REQUEST_VERBS - _GENERIC) & vocab()]
    slack = max(0, len(calls) - (len(requests) - len(unmatched)))
    return [Added(kind="request", span=c) for c in unmatched[slack:]]


def _request_verb(clause: str) -> bool:
    ws = [w for w in re.findall(r"[a-z']+", clause.lower()) if w not in _LEADS]
    return bool(ws) and stem(ws[0]) in _REQUEST_VERBS
