"""Parallel trajectories whose hard query can leave out enough: the draws of an item, and the
domain's probe that says, once per run, whether any draw can (see `parallel_target`)."""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import dataclass

from ..core.identity import said_by_app
from ..products.base import RunContext, item_rng
from ..records import Target, Tool
from . import plans, sample
from .config import TrajectConfig
from .shapes import conflicting

# Parallel draws per attempt: the first whose hard query can leave out enough (plans.hard_floor,
# by meaning and literally) is taken, else, of those whose hard query can stay within the cap
# by meaning (plans.meaning_floor), the one that leaves out most, once EARLY_DRAWS are drawn. Every
# other draw is lean (required values and defaults only: calls.arguments), which a domain whose
# tools take few defaults needs before any hard query can leave half out.
PARALLEL_DRAWS = 128
EARLY_DRAWS = 32
LISTED_DRAWS = 96
# Draws of the domain's probe (`hard_limit`): a domain none of whose probe draws can make a
# hard query is skipped without drawing for each item and attempt.
PROBE_DRAWS = 256


def _draw(item_id: str, ctx: RunContext, cfg: TrajectConfig, tools: list[Tool], rng: random.Random,
          n: int, chosen: list[Tool] | None = None) -> tuple[Target, float, float]:
    """The n-th parallel draw with its (hard floor, meaning floor); both 2.0 when a tool can be
    asked for only by its app ("make a Billboard request"), which a hard query cannot do. With
    `chosen`, a lean draw of exactly those tools (a set the domain's probe found fitting)."""
    if chosen is not None:
        target = sample.sample_parallel(item_id, chosen, len(chosen), rng, lean=True)
    else:
        k = rng.randint(cfg.k.min, cfg.k.max)
        target = sample.sample_parallel(item_id, tools, k, rng, allow_repeats=cfg.allow_repeats, lean=n % 2 == 1)
    if any(said_by_app(ctx.catalog.by_name[c.tool]) for c in target.calls):
        return target, 2.0, 2.0
    floor, meaning = plans.floors(target, ctx.catalog.by_name)
    return target, floor, meaning


def no_hard_query(domain: str, draws: int, least: float | None = None) -> str:
    """Why a parallel item of `domain` was not made, said first (the card keeps 140 characters),
    with the least share of its values a hard query there must state (`least`, by meaning) and
    the setting that writes such queries."""
    why = (f"no hard query possible in {domain}: a hard query (TRAJECT-Bench's vague version of an item) leaves "
           f"half the values unsaid, and no draw can (no default, hint or earlier step gives them; {draws} draws "
           "and the tool sets stating least)")
    if least is None or least > 1.0:
        return why + "; parameters with a default in the schema make them possible"
    return (why + f": the least a hard query there must state is {least:.2f} of its values; "
            f"products.traject.hard_ceiling: {math.ceil(least * 100) / 100:g} writes hard queries that state that "
            "much (indirect words, every value determined), or parameters with a default in the schema make "
            "vaguer ones possible")


@dataclass(frozen=True)
class Probe:
    """What a domain's parallel draws can do: the least share of its values (by meaning) a hard
    query there must state, and the tool sets whose lean draw was seen to stay within
    HARD_RECALL_CAP (an item that finds no fitting draw of its own in EARLY_DRAWS draws one of
    these: set 41, where two domains of three had a fitting set no random draw found)."""

    least: float
    sets: tuple[tuple[str, ...], ...] = ()
    drawn: bool = False  # a random draw of the probe fit: the sets only help items that find none


def few_sets(domain: str, found: Probe) -> str | None:
    """What a user should know when an item's draws come from a handful of tool sets (no random
    probe draw fit): which, and why."""
    if found.drawn or not found.sets or len(found.sets) > 3:
        return None
    named = "; ".join(" + ".join(s) for s in found.sets)
    return (f"parallel items in {domain} call {named}: the only tool set{'s' if len(found.sets) > 1 else ''} "
            "whose hard query can leave half the values unsaid (their schema defaults); defaults on more "
            "parameters give more")


def probe(ctx: RunContext, cfg: TrajectConfig, domain: str) -> Probe:
    """The domain's Probe: PROBE_DRAWS random draws (stopping at the first that fits) and the
    sets `fitting_sets` finds, all from the domain's own seeds (the same answer in every process
    and order); least is 2.0 when every draw names a tool only by its app."""
    rng = item_rng(ctx.seed, f"traject-probe:{domain}")
    tools = ctx.catalog.by_domain[domain]
    least = 2.0
    for n in range(PROBE_DRAWS):
        least = min(least, _draw(f"probe:{domain}", ctx, cfg, tools, rng, n)[2])
        if least <= plans.HARD_RECALL_CAP:
            least = plans.HARD_RECALL_CAP
            break
    sets, steered = fitting_sets(ctx, cfg, domain)
    return Probe(plans.HARD_RECALL_CAP if sets else min(least, steered), sets, least <= plans.HARD_RECALL_CAP)


# Lean draws of each tool alone, for its own share of stated values; the tools of least share
# combined into sets; the sets of least estimated share drawn for real.
LEAN_DRAWS = 3
SET_TOOLS = 20
SET_TRIES = 48


def fitting_sets(ctx: RunContext, cfg: TrajectConfig, domain: str) -> tuple[tuple[tuple[str, ...], ...], float]:
    """The tool sets of `domain` (k.min to k.max tools, none undoing another) whose lean draw's
    hard query stays within HARD_RECALL_CAP, found by estimate (each tool's stated and total
    values over its own lean draws, summed) and drawn to confirm; with the least share a drawn
    set states. A random draw of k of 16 tools rarely meets the two or three that take defaults."""
    rng = item_rng(ctx.seed, f"traject-fit:{domain}")
    tools = ctx.catalog.by_name
    counts: dict[str, tuple[int, int]] = {}
    for tool in sorted(ctx.catalog.by_domain[domain], key=lambda t: t.name):
        if said_by_app(tool):
            continue
        drawn = [plans.stated_counts(sample.sample_parallel(f"fit:{domain}", [tool], 1, rng, lean=True), tools)
                 for _ in range(LEAN_DRAWS)]
        counts[tool.name] = min((c for c in drawn if c[1]), key=lambda c: (c[0] / c[1], c), default=(0, 0))
    names = sorted((n for n, c in counts.items() if c[1]), key=lambda n: (counts[n][0] / counts[n][1], n))[:SET_TOOLS]
    estimated = []
    for k in range(cfg.k.min, min(cfg.k.max, len(names)) + 1):
        for combo in itertools.combinations(names, k):
            stated, total = (sum(counts[n][i] for n in combo) for i in (0, 1))
            estimated.append((stated / total, combo))
    estimated.sort()
    fitting, least = [], 2.0
    for share, combo in estimated[:SET_TRIES]:
        chosen = [tools[n] for n in combo]
        if any(conflicting(chosen[:i], t) for i, t in enumerate(chosen)):
            continue
        meaning = _draw(f"fit:{domain}", ctx, cfg, chosen, rng, 0, chosen)[2]
        least = min(least, meaning)
        if meaning <= plans.HARD_RECALL_CAP:
            fitting.append(combo)
    return tuple(fitting), least


def hard_limit(least: float, cfg: TrajectConfig) -> float | None:
    """How much a hard query of a domain whose probe found `least` may state, read by meaning:
    `least` (HARD_RECALL_CAP where a draw stays within it) up to the config's `hard_ceiling`;
    None above that."""
    return least if least <= cfg.hard_ceiling else None


def parallel_target(item_id: str, ctx: RunContext, cfg: TrajectConfig, tools: list[Tool],
                    rng: random.Random, limit: float = plans.HARD_RECALL_CAP,
                    sets: tuple[tuple[str, ...], ...] = ()) -> Target | None:
    """A draw whose hard query can leave out enough (see PARALLEL_DRAWS); where none can, the
    one whose hard plan states least, if that is within the config's `hard_ceiling` (its hard query is
    then held to what its own plan states: plans.hard_cap). In a domain none of whose probe
    draws could (`limit` above HARD_RECALL_CAP, `hard_limit`), that one after EARLY_DRAWS. Past
    EARLY_DRAWS with no draw of scalar values within the cap, the draws take the probe's fitting
    `sets`."""
    best: tuple[bool, float, Target] | None = None  # (a required list, floor, draw): scalar draws first
    lowest: tuple[bool, float, Target] | None = None
    listed: Target | None = None
    for n in range(PARALLEL_DRAWS):
        if n >= EARLY_DRAWS and (best and not best[0] or (lowest and limit > plans.HARD_RECALL_CAP)) or \
                n >= LISTED_DRAWS and (listed or best):
            break  # a draw of scalar values is looked for longer before a list-valued one is taken
        steer = sets and n >= EARLY_DRAWS and (best is None or best[0])
        steered = [ctx.catalog.by_name[t] for t in rng.choice(sets)] if steer else None
        target, floor, meaning = _draw(item_id, ctx, cfg, tools, rng, n, steered)
        has_list = _required_list(target, ctx)
        if floor <= plans.HARD_FLOOR and not has_list:
            return target
        if floor <= plans.HARD_FLOOR:
            listed = listed or target
            continue
        if meaning <= plans.HARD_RECALL_CAP and (best is None or (has_list, floor) < best[:2]):
            best = (has_list, floor, target)
        if meaning <= cfg.hard_ceiling and (lowest is None or (has_list, meaning) < lowest[:2]):
            lowest = (has_list, meaning, target)
    scalar = best[2] if best is not None and not best[0] else None
    chosen = scalar or listed or (best[2] if best is not None else None)
    return chosen or (lowest[2] if lowest is not None else None)


def _required_list(target: Target, ctx: RunContext) -> bool:
    """Whether a call passes a list to a required parameter. TRAJECT-Bench's own tools never take
    one (a several-valued parameter is a comma-joined string there), and its value recall, which
    counts a simple query's required values said word for word, cannot find a list: a draw of
    scalar values is preferred, a list-valued one kept when no other draw is found."""
    required = {c.tool: set(ctx.catalog.by_name[c.tool].parameters.get("required") or []) for c in target.calls}
    return any(isinstance(v, list) and p in required[c.tool] for c in target.calls for p, v in c.arguments.items())
