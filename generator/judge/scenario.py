"""Draw a request situation: the wanted call, the offered tools, and whether any offered tool
serves the request (gold call) or none does (irrelevance: gold is None)."""

from __future__ import annotations

import random
from typing import Any

from ..catalog import Catalog
from ..core.values import sample_arguments
from ..records import Tool, ToolCall, UserHistory
from .cases import Scenario
from .similarity import jaccard, nearest

# A foreign tool this similar to the wanted one might actually serve the request; never offer
# it in an irrelevance scenario.
MAX_FOREIGN_SIMILARITY = 0.25


def history_values(history: UserHistory) -> dict[str, list[Any]]:
    """Parameter name -> distinct values the user has used, in first-seen order."""
    out: dict[str, list[Any]] = {}
    for event in history.events:
        for name, value in event.parameters.items():
            seen = out.setdefault(name, [])
            if value not in seen:
                seen.append(value)
    return out


def user_values(histories: list[UserHistory]) -> list[dict[str, list[Any]]]:
    """history_values of every user, computed once per run (see draw_scenario's `users`)."""
    return [history_values(h) for h in histories]


def offered_with(tool: Tool, catalog: Catalog, rng: random.Random, lo: int, hi: int) -> list[Tool]:
    """The gold tool, its nearest same-domain neighbour and random same-domain distractors,
    shuffled. Always offering the neighbour keeps the tool list from leaking the label."""
    k = rng.randint(lo, hi)
    ranked = nearest(tool, catalog.by_domain.get(tool.domain, [])) or nearest(tool, catalog.tools)[:1]
    # a one-tool catalog has no neighbour: nothing to sample (never a negative count)
    chosen = ranked[:1] + rng.sample(ranked[1:], max(0, min(k - 1, len(ranked) - 1))) if k else []
    offered = [tool, *chosen]
    rng.shuffle(offered)
    return offered


def foreign_tools(wanted: Tool, catalog: Catalog, rng: random.Random, n: int) -> list[Tool]:
    """n tools that cannot serve a request written for `wanted` (another domain, dissimilar)."""
    ok = [t for t in catalog.tools if t.domain != wanted.domain and t.api != wanted.api
          and jaccard(wanted, t) <= MAX_FOREIGN_SIMILARITY]
    domains = sorted({t.domain for t in ok})
    if not domains:
        return []
    domain = rng.choice(domains)
    same = [t for t in ok if t.domain == domain]
    pool = same if len(same) >= n else ok
    return rng.sample(pool, min(n, len(pool)))


def draw_scenario(catalog: Catalog, users: list[dict[str, list[Any]]], rng: random.Random, *,
                  needs_gold: bool, distractors: tuple[int, int]) -> Scenario | None:
    """`users`: per-user history values (user_values); one user is drawn as the requester."""
    wanted = rng.choice(catalog.tools)
    values = rng.choice(users) if users else {}
    call = ToolCall(tool=wanted.name, arguments=sample_arguments(wanted, rng, pool=values))
    lo, hi = distractors
    if needs_gold:
        offered = offered_with(wanted, catalog, rng, lo, hi)
        return Scenario(wanted, call, offered, call, catalog, values)
    offered = foreign_tools(wanted, catalog, rng, max(2, rng.randint(lo + 1, hi + 1)))
    if not offered:
        return None
    return Scenario(wanted, call, offered, None, catalog, values)
