"""Scenario framing for framed levels: a situation, one sentence per call, a closing wish."""

from __future__ import annotations

import random
from collections.abc import Callable

from ...records import DisclosurePlan, Tool
from .grammar import capitalize
from .styles import fitting

# Situations for scenario-framed requests, per catalog domain. No values, dates, times of day
# or app names: the frame must never disclose (or seem to disclose) an argument.
SCENES: dict[str, list[str]] = {
    "entertainment": [
        "My cousin is staying with me and I promised to plan some fun, but I've left it to the last minute.",
        "I'm trying to pull together a proper outing for friends who never agree on anything.",
        "Work has been brutal lately and I finally have some free time, so I want to line up a few things to enjoy.",
        "A friend's birthday is coming up and I'm in charge of the fun part, so the plans are on me.",
    ],
    "finance": [
        "Budget review is looming and my accounts are a bit of a mess, so I want a quick triage first.",
        "I'm trying to get my money in order before the next pay cycle, and a few things can't wait.",
        "My partner asked where our money is going and honestly I'm not sure, so let's get some clarity.",
        "I've been ignoring my finances for too long; time to clear the backlog in one go.",
    ],
    "food": [
        "I'm hosting a few friends soon and want the food side of things handled without stress.",
        "The fridge is looking sad and nobody in this house wants to cook, so let's sort out food.",
        "I promised my family a good meal and I'd rather not leave it to chance.",
        "It's a busy stretch at work, so I want food sorted without spending ages on it.",
    ],
    "shopping": [
        "I'm finally tackling the list of things I keep meaning to buy, and I want it done in one sitting.",
        "I'm moving into a new place soon and there's a pile of shopping errands I need to clear.",
        "Gift season is sneaking up and I'd rather not be the person scrambling at the last minute.",
        "I've got a few orders and purchases hanging over me, so quick triage please.",
    ],
    "travel": [
        "I'm planning a trip and the details keep slipping through the cracks, so let's pin them down.",
        "My boss just approved the trip, and I need the logistics settled before prices move.",
        "There's a family visit coming up and I'm the one who always ends up organizing everything.",
        "I want this trip to go smoothly, so I'm getting the bookings and checks out of the way now.",
    ],
    "transport": ["I've got places to be and I'd like the getting-around part figured out in advance."],
    "reminder": ["My head is all over the place lately and I keep dropping the ball on small things."],
    "health": ["I'm trying to take my health more seriously and want to get a few things on the books."],
    "messaging": ["My inbox and chats are piling up and people are waiting on me."],
    "information": ["I want a handle on what's going on before I make any plans."],
}
BRIDGES = ["Here's what I need.", "Here's the list.", "So, a few things.", "Here's the plan."]
CLOSERS = [
    "Keep it skimmable; I'm pasting the results into my notes.",
    "A short rundown of each is perfect, no need for long explanations.",
    "Just the key points for each, please, I'm short on patience.",
    "Give me the results as a quick list I can forward on.",
    "Nothing fancy, a quick summary of each will do.",
]
FRAMED_STEPS: dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]], list[tuple[str, str]]]] = {
    "parallel": (
        [("First, could you {c}", "?"), ("To start, I need to {c}", "."), ("Could you {c} first", "?")],
        [
            ("I'd also like to {c}", "."),
            ("Could you also {c}", "?"),
            ("On top of that, {c}", "."),
            ("I also need to {c}", "."),
            ("See if you can {c}", "."),
            ("While you're at it, {c}", "."),
        ],
        [("And finally, {c}", "."), ("Last thing: {c}", "."), ("To round it off, could you {c}", "?")],
    ),
    "sequential": (
        [("First, could you {c}", "?"), ("Start with this: {c}", "."), ("To begin, I need to {c}", ".")],
        [
            ("Then {c}", "."),
            ("Once that's done, {c}", "."),
            ("After that, I need to {c}", "."),
            ("Next, could you {c}", "?"),
        ],
        [("Finally, {c}", "."), ("And to wrap up, {c}", "."), ("Last step: {c}", ".")],
    ),
}


def _step(options: list[tuple[str, str]], body: str, rng: random.Random) -> str:
    opener, mark = rng.choice(fitting(options, body))
    return capitalize(opener.format(c=body)) + mark


def _framed_steps(clauses: list[str], kind: str, rng: random.Random) -> list[str]:
    firsts, mids, lasts = FRAMED_STEPS["sequential" if kind == "sequential" else "parallel"]
    if len(clauses) == 1:
        return [_step(firsts, clauses[0], rng)]
    order = rng.sample(mids, len(mids))
    middle = [_step([order[i % len(order)]], c, rng) for i, c in enumerate(clauses[1:-1])]
    return [_step(firsts, clauses[0], rng), *middle, _step(lasts, clauses[-1], rng)]


def scenario(
    clauses: list[str], plan: DisclosurePlan, tools: dict[str, Tool], kind: str, rng: random.Random
) -> str:
    """A scenario-framed request (TRAJECT-Bench hard / trajectory queries): situation, the
    calls one sentence each, a closing wish. Indirect in tone, never vague about the calls."""
    first = tools.get(plan.calls[0].tool) if plan.calls else None
    scenes = SCENES.get(first.domain if first else "", [])
    # A domain with no written situation gets none (nor a bridge): one stock sentence on every
    # query of a catalog reads as a form (readers, set 14), so the steps stand alone.
    scene = [rng.choice(scenes)] if scenes else []
    steps = _framed_steps(clauses, kind, rng)
    closer = [rng.choice(CLOSERS)] if kind != "sequential" or rng.random() < 0.5 else []
    return " ".join([*scene, *([rng.choice(BRIDGES)] if scenes else []), *steps, *closer])


Frame = Callable[[list[str], DisclosurePlan, dict[str, Tool], str, random.Random], str]
# Plan levels realized as a framed scenario instead of opener + request.
FRAMES: dict[str, Frame] = {"hard": scenario, "traj_query": scenario}
