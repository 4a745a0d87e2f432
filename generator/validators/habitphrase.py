"""An independent reader of history hints, for the validators and the stats.

The planner (generator.plan) *writes* hint phrases such as "the same gym as last time",
"my usual sort order" or "from home"; this module *reads* them back, on purpose without
sharing its code, as generator.validators.timephrase does for time phrases. A history hint
is only worth something when its rule picks exactly one value from the user's history:

- a "last time" phrase (`recent`): the most recent value of that function's parameter;
- a "usual" phrase (`usual`): the single most frequent value (a tie picks nothing);
- a place word ("home", "work"): the place a reader takes for granted, so the value must be
  both the most recent and the single most frequent one (`both`);
- no phrase at all: every reading must agree, so again both.

A cue word anywhere in a query ("again", "as usual") invites its reading for the whole
request: a reader cannot tell which argument it was meant for, so every value the query
leaves unsaid must come out the same under it.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Sequence
from typing import Any, Literal

Rule = Literal["recent", "usual", "both"]

# Cue words of each reading. Broad on purpose: a reader who sees "previously" or "normal"
# anywhere may take the request that way, so the check must too. "previous" alone is no cue:
# it names a thing ("the logs of the previous container", a boolean named `previous`), not
# the user's history; "the previous time" / "same as previous" are.
CUES: dict[Rule, tuple[str, ...]] = {
    "recent": ("last time", "same as before", "like before", "previous time", "previously", "as previous",
               "again", "last one"),
    "usual": ("usual", "always", "regular", "normal", "as ever", "the standard"),
}
PLACE_WORDS = ("home", "work", "the office")


def key(value: Any) -> str:
    """A value as a reader compares it: lowercase and whitespace-collapsed; lists and objects
    as sorted JSON (a list value is one choice, not several)."""
    text = json.dumps(value, sort_keys=True) if isinstance(value, list | dict) else str(value)
    return re.sub(r"\s+", " ", text.lower()).strip()


def resolve(rule: Rule, past: Sequence[Any]) -> str | None:
    """The value key `rule` picks from `past` (oldest first), or None when it picks none."""
    keys = [key(v) for v in past]
    if not keys:
        return None
    recent = keys[-1]
    counts = Counter(keys)
    top = max(counts.values())
    modal = [k for k, c in counts.items() if c == top]
    usual = modal[0] if len(modal) == 1 else None
    if rule == "recent":
        return recent
    if rule == "usual":
        return usual
    return recent if usual == recent else None


def _has(text: str, cue: str) -> bool:
    # Plain substring on the normalized text: "against" holds "again", "abnormal" "normal"; a
    # reader skimming for cues may stumble on them too, so the check errs on that side.
    return cue in re.sub(r"\s+", " ", text.lower())


def readings(text: str) -> set[Rule]:
    """The readings ("recent", "usual") a text invites by its cue words."""
    return {rule for rule, cues in CUES.items() if any(_has(text, c) for c in cues)}


def _has_word(text: str, word: str) -> bool:
    return re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", text.lower()) is not None


def phrase_rule(hint: str) -> Rule | None:
    """The rule a hint phrase invokes: exactly one reading's cues, or a place word alone."""
    found = readings(hint)
    if len(found) == 1:
        return found.pop()  # type: ignore[return-value]
    if not found and any(_has_word(hint, w) for w in PLACE_WORDS):
        return "both"
    return None


def hint_said(text: str, hint: str, rule: Rule) -> bool:
    """Whether `text` carries the hint: the phrase itself, or (merged with other hints, as in
    "the same gym and class as last time") a cue of its reading; a place word as a word."""
    if hint.lower() in text.lower():
        return True
    if rule == "both":
        return any(_has_word(hint, w) and _has_word(text, w) for w in PLACE_WORDS)
    return any(_has(text, c) for c in CUES[rule])


def unsaid_problem(text: str, past: Sequence[Any], value: Any, hint: str | None) -> str | None:
    """None when every reading the text invites (and the hint's own rule) picks `value` from
    `past`; else why not. `hint` is None for an argument left out without a phrase."""
    want = key(value)
    rules = readings(text)
    if hint is not None:
        rule = phrase_rule(hint)
        if rule is None:
            return f"hint '{hint}' does not name one rule (last time, usual, home/work)"
        if not hint_said(text, hint, rule):
            return f"the query does not say '{hint}'"
        rules.add(rule)
    if not rules:
        rules = {"both"}
    for rule in sorted(rules):
        got = resolve(rule, past)
        if got != want:
            picked = "no single value (a tie)" if got is None else f"'{got}'"
            return f"read as {_READING[rule]}, the history gives {picked}, not '{want}'"
    return None


_READING = {"recent": "'last time'", "usual": "'usual'", "both": "a habit (most recent and most frequent)"}
