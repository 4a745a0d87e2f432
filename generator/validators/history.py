"""History hints checked against the text: every argument hinted or left out because the
user's history holds it is determined by what the query says.

For each query and each such argument the independent reader (habitphrase) checks that the
hint phrase is really in the text (or, merged with others, its cue word), and that every
reading the text invites -- the hint's own rule, any "last time" / "usual" cue elsewhere in
the query, and "most recent and most frequent" when nothing is said -- picks exactly that
value from the history of the same function and parameter, recomputed here from the target.
"""

from __future__ import annotations

from typing import Any

from ..identity import trail_names
from ..records import Target, Tool
from ..writers.base import WriteRequest
from .base import VALIDATORS, plan_args, show, verdicts
from .habitphrase import unsaid_problem


def past_values(target: Target, tool: Tool, param: str) -> list[Any]:
    """Values of `param` in the user's earlier calls of the same function, oldest first."""
    names = trail_names(tool)
    return [e.parameters[param] for e in target.history
            if (e.toolname, e.apiname) == names and param in e.parameters]


@VALIDATORS.register("history_hints")
def history_hints(req: WriteRequest, texts: list[str]) -> list:
    """History-sourced hinted / omitted arguments are said (hint present) and determined
    (every reading of the query resolves to the value)."""
    problems = []
    for k, text in enumerate(texts):
        for _, a, tool in plan_args(req):
            if a.mode == "stated" or a.source != "history" or tool is None:
                continue
            why = unsaid_problem(text, past_values(req.target, tool, a.param), a.value,
                                 a.hint if a.mode == "hinted" else None)
            if why:
                problems.append(f"query {k + 1}: {a.mode} {a.param}={show(a.value)}: {why}")
    return verdicts("history_hints", problems)
