"""Request styles: openers per style, need statements, length fitting per level and the
optional situation sentence before an explicit request."""

from __future__ import annotations

import random
import re

from ...phrasebook import hints_of
from ...records import DisclosurePlan, Tool
from .grammar import capitalize

OPENERS: dict[str, list[tuple[str, str]]] = {
    "explicit": [
        ("Please {c}", "."),
        ("Can you {c}", "?"),
        ("Could you {c}", "?"),
        ("I'd like to {c}", "."),
        ("Help me {c}", "."),
        ("I want to {c}", "."),
        ("Can you please {c}", "?"),
        ("{c}", "."),
    ],
    "casual": [
        ("Hey, can you {c}", "?"),
        ("{c}, please", "."),
        ("Quick one: {c}", "."),
        ("I wanna {c}", "."),
        ("Can you {c} for me", "?"),
        ("Could ya {c}", "?"),
        ("Yo, {c}", "."),
        ("Gotta {c}", "."),
    ],
    "indirect": [
        ("I was wondering if you could {c}", "."),
        ("Is there a way to {c}", "?"),
        ("I'd love to {c}", "."),
        ("Would it be possible to {c}", "?"),
        ("I've been meaning to {c}", "."),
        ("It would help if you could {c}", "."),
        ("Any chance you could {c}", "?"),
        ("Could you maybe {c}", "?"),
        ("Maybe you could {c}", "?"),
    ],
    "need": [
        ("{n}. Can you help me {c}", "?"),
        ("{n}. Could you {c}", "?"),
        ("{n}, so please {c}", "."),  # not after a question need (see _need_openers)
        ("{n}. I'd like to {c}", "."),
        ("{n}. Maybe {c}", "?"),
    ],
    "need_bare": [
        ("I need to {c}", "."),
        ("I have to {c}", "."),
        ("I've got to {c}", "."),
        ("Need to {c}", "."),
    ],
}
BARE_NEED = [
    ("{n}", "."),
    ("{n}. Can you help", "?"),
    ("{n}. Any ideas", "?"),
    ("{n}. Sort it out for me", "."),
]


_QUESTION_START = (
    "how",
    "what",
    "what's",
    "where's",
    "how's",
    "where",
    "when",
    "why",
    "who",
    "which",
    "am",
    "is",
    "are",
    "can",
    "could",
    "do",
    "does",
    "has",
    "have",
    "should",
    "will",
    "anything",
)


def _need(tool: Tool | None, rng: random.Random) -> str | None:
    hints = hints_of(tool)
    needs = hints.need if hints else []
    return rng.choice(needs).rstrip(".!?") if needs else None


def _is_question(need: str) -> bool:
    return need.split(" ", 1)[0].lower() in _QUESTION_START


def _need_sentence(need: str) -> str:
    """A need said on its own: "I'm hungry." / "Where is my package?"."""
    return capitalize(need) + ("?" if _is_question(need) else ".")


def only_need(plan: DisclosurePlan) -> bool:
    """A need-style plan that states nothing and names no app can be said as the need alone."""
    return all(a.mode == "omitted" for _, a in plan.args()) and all(
        c.tool_mode != "named" for c in plan.calls
    )


_ADDRESSED = re.compile(r"^(\w+ me|let me)\b", re.IGNORECASE)
_FIRST_PERSON = ("to ", "me ", "Gotta ", "wanna ")
SAFE_OPENERS = [("Can you {c}", "?"), ("Please {c}", "."), ("Could you {c}", "?")]
# Levels whose real queries are short (TRAILBench Medium / High: ~10 words): openers of at most
# this many words before the request.
SHORT_LEVELS = {"Medium": 4, "High": 3}
# Levels whose real queries often open with the situation ("I'm at X and hungry. ..."), and how often.
CONTEXT_RATE = {"Minimum": 0.9, "Low": 0.4}


def fitting(openers: list[tuple[str, str]], body: str) -> list[tuple[str, str]]:
    """Openers that read well before `body`: "tell me ..." / "remind me ..." addresses the
    assistant, so "I'd like to tell me" and "Help me remind me" are out."""
    if not _ADDRESSED.match(body):
        return openers
    ok = [o for o in openers if not o[0].split("{c}")[0].endswith(_FIRST_PERSON)]
    return ok or SAFE_OPENERS


def _short(openers: list[tuple[str, str]], level: str) -> list[tuple[str, str]]:
    if level not in SHORT_LEVELS:
        return openers
    short = [o for o in openers if len(o[0].split("{c}")[0].split()) <= SHORT_LEVELS[level]]
    return short if len(short) >= 2 else openers


def _need_openers(need: str) -> list[tuple[str, str]]:
    """Need openers, the need said as its own sentence ("Where is my parcel? Can you ...")."""
    if not _is_question(need):
        return OPENERS["need"]
    return [(o.replace("{n}.", "{n}?"), m) for o, m in OPENERS["need"] if o.startswith("{n}.")]


def head_sentence(body: str, plan: DisclosurePlan, tool: Tool | None, rng: random.Random) -> str:
    """The first sentence: opener + first request body (or the need alone)."""
    need = _need(tool, rng) if plan.style == "need" else None
    if need is None:
        # Without need statements a need is said as the intent itself ("I need to get a taxi").
        style = "need_bare" if plan.style == "need" else plan.style
        opener, mark = rng.choice(fitting(_short(OPENERS[style], plan.level), body))
        return capitalize(opener.format(c=body).strip()) + mark
    if only_need(plan):
        opener, mark = rng.choice(BARE_NEED)
        mark = "?" if _is_question(need) and opener == "{n}" else mark
        return (
            capitalize(opener.replace("{n}.", "{n}?" if _is_question(need) else "{n}.").format(n=need)) + mark
        )
    opener, mark = rng.choice(fitting(_short(_need_openers(need), plan.level), body))
    return capitalize(opener.format(c=body, n=need).strip()) + mark


def context_sentence(plan: DisclosurePlan, tool: Tool | None, rng: random.Random) -> str | None:
    """An optional situation sentence before an explicit request ("I need a ride. Book ...")."""
    rate = CONTEXT_RATE.get(plan.level, 0.0)
    if plan.style == "need" or rng.random() >= rate:
        return None
    need = _need(tool, rng)
    return _need_sentence(need) if need else None
