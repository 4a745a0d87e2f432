"""Multi-call joining: two clauses share a sentence, longer chains get one sentence per call."""

from __future__ import annotations

import random

# Two calls share one sentence; longer chains become one sentence per call (no run-ons).
JOINS = {
    "sequential": ["first {0}, then {1}", "{0}, and after that {1}", "{0} and then {1}"],
    "parallel": ["{0}, and also {1}", "{0}, plus {1}", "{0} and {1}"],
}
# Follow-up sentences of a longer request: (middle leads, last leads).
FOLLOW_UPS = {
    "sequential": (
        ["Then {c}.", "After that, {c}.", "Once that's done, {c}.", "Next, {c}."],
        ["Finally, {c}.", "Last, {c}.", "And to wrap up, {c}."],
    ),
    "parallel": (
        ["Also, {c}.", "On top of that, {c}.", "And {c}.", "While you're at it, {c}."],
        ["Finally, {c}.", "And one more thing: {c}.", "Last, {c}."],
    ),
}


# Two clauses longer than this (in words) are two sentences: "X, plus Y" over forty words is a
# run-on, "X. Also, Y." is not.
LONG_PAIR = 26


def _cycle(options: list[str], n: int, rng: random.Random) -> list[str]:
    """`n` picks from `options`, no option twice in a row (follow-up leads vary)."""
    order = rng.sample(options, len(options))
    return [order[i % len(order)] for i in range(n)]


def join_clauses(clauses: list[str], kind: str, rng: random.Random) -> list[str]:
    """The request as sentence bodies: the first goes after the opener, the rest are whole
    sentences. Two short calls share one sentence; two long ones (more than LONG_PAIR words) and
    longer chains get a sentence per call."""
    k = "sequential" if kind == "sequential" else "parallel"
    if len(clauses) == 1:
        return clauses
    mids, lasts = FOLLOW_UPS[k]
    if len(clauses) == 2 and sum(len(c.split()) for c in clauses) > LONG_PAIR:
        return [clauses[0], rng.choice(mids).format(c=clauses[1])]
    if len(clauses) == 2:
        return [rng.choice(JOINS[k]).format(*clauses)]
    first = f"first {clauses[0]}" if k == "sequential" and rng.random() < 0.5 else clauses[0]
    rest = [m.format(c=c) for m, c in zip(_cycle(mids, len(clauses) - 2, rng), clauses[1:-1], strict=True)]
    return [first, *rest, rng.choice(lasts).format(c=clauses[-1])]
