"""History hints checked against the text: every argument hinted or left out because the
user's history holds it is determined by what the query says.

For each query and each such argument the independent reader (habitphrase.Reader) checks that
the hint phrase is really in the text (or, merged with others, its cue word), and that every
reading the text invites -- the hint's own rule, any "last time" / "usual" cue elsewhere in the
query, "most recent and most frequent" when nothing is said, a habit word for the place the
history ties it to -- picks exactly that value wherever a reader may look: the app the text
names, else the same kind of app and the whole history (docs/trail.md, "Determined"). The
history is re-read here from the target; whether the app is named is read from the text.
"""

from __future__ import annotations

from ..core.identity import trail_names
from ..core.vagueness import mentions_app, value_elements
from ..writers.base import WriteRequest
from .base import VALIDATORS, plan_args, show, verdicts
from .habitphrase import Reader


@VALIDATORS.register("history_hints")
def history_hints(req: WriteRequest, texts: list[str]) -> list:
    """History-sourced hinted / omitted arguments are said (hint present) and determined
    (every reading of the query resolves to the value)."""
    problems = []
    unsaid = {a.param: a.value for _, a, _ in plan_args(req) if a.mode != "stated"}
    said = [x for _, a, _ in plan_args(req) if a.mode == "stated" for x in value_elements(a.value)]
    readers: dict[str, Reader] = {}
    for k, text in enumerate(texts):
        for _, a, tool in plan_args(req):
            if a.mode == "stated" or a.source != "history" or tool is None:
                continue
            app, api = trail_names(tool)
            if tool.name not in readers:
                readers[tool.name] = Reader(req.target.history, app, api, tool.domain, req.target.time,
                                            {q: str(s.get("description", "")) for q, s in tool.properties.items()})
            reader = readers[tool.name]
            why = reader.problem(text, a.param, a.value, a.hint if a.mode == "hinted" else None, unsaid,
                                 named=mentions_app(text, app), said=said)
            if why:
                problems.append(f"query {k + 1}: {a.mode} {a.param}={show(a.value)}: {why}")
    return verdicts("history_hints", problems)
