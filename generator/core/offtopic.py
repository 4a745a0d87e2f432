"""Requests no tool of a catalog serves, for irrelevance rows when the catalog has only one
domain (or no tool of another domain is unlike the offered ones).

Each request is a general-knowledge or everyday-help template (a capital, a conversion, a
joke, a recipe, a definition, ...) filled with generic values. A request is used only when
none of its content words occurs in the tools' names, descriptions or parameter names
(`unrelated`): a weather catalog never receives "Will it rain in Lyon tomorrow?" as an
irrelevant request. With an LLM writer the same requests are used; they need no phrasing.

Requests do not repeat within a run: `request_for` gives each work item its own slot of one
seeded list of distinct requests (`pool`), templates in turn, so two rows never share one (the
duplicate removal would drop the second, and the category would come out short).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from ..records import Tool
from . import semantic

Fill = Callable[[random.Random], str]
ANIMALS = ["octopus", "penguin", "giraffe", "owl", "hedgehog", "dolphin", "cat", "tortoise"]
THINGS = ["faucet", "bicycle chain", "zipper", "squeaky door hinge", "wobbly chair"]
EVENTS = ["the first moon landing", "the fall of the Berlin Wall", "the invention of the printing press",
          "the first modern Olympic Games"]
WORDS_TO_DEFINE = ["serendipity", "photosynthesis", "inflation", "entropy", "metaphor", "latitude"]
PHRASES = ["good morning", "thank you very much", "where is the train station", "see you tomorrow"]
SKILLS = ["juggle three balls", "tie a bowline knot", "whistle with two fingers", "solve a Rubik's cube"]

TEMPLATES: list[tuple[str, dict[str, Fill]]] = [
    ("What is the capital of {country}?", {"country": lambda r: semantic.faker(r).country()}),
    ("How many kilometres are {n} miles?", {"n": lambda r: str(r.randint(3, 60))}),
    ("Tell me a joke about {animal}s.", {"animal": lambda r: r.choice(ANIMALS)}),
    ("How do I say '{phrase}' in {language}?", {"phrase": lambda r: r.choice(PHRASES),
                                              "language": lambda r: r.choice(semantic.LANGUAGES[1:])}),
    ("What does the word '{word}' mean?", {"word": lambda r: r.choice(WORDS_TO_DEFINE)}),
    ("When did {event} happen?", {"event": lambda r: r.choice(EVENTS)}),
    ("Can you give me a recipe for {dish}?", {"dish": lambda r: r.choice(semantic.DISHES)}),
    ("How do I fix a {thing}?", {"thing": lambda r: r.choice(THINGS)}),
    ("Write a short poem about {topic}.", {"topic": lambda r: r.choice(semantic.TOPICS)}),
    ("What is {a} times {b}?", {"a": lambda r: str(r.randint(12, 99)), "b": lambda r: str(r.randint(12, 99))}),
    ("Who painted the Mona Lisa?", {}),
    ("How far is the Moon from the Earth?", {}),
    ("Can you explain how {topic} works, in simple terms?", {"topic": lambda r: r.choice(semantic.TOPICS)}),
    ("What are some good names for a pet {animal}?", {"animal": lambda r: r.choice(ANIMALS)}),
    ("How can I learn to {skill}?", {"skill": lambda r: r.choice(SKILLS)}),
    ("Suggest an upbeat {genre} song for a long drive.", {"genre": lambda r: r.choice(semantic.GENRES)}),
    ("What's a polite way to decline a party invitation?", {}),
    ("Give me a two-sentence summary of {event}.", {"event": lambda r: r.choice(EVENTS)}),
    ("Is a tomato a fruit or a vegetable?", {}),
    ("How long should I boil an egg for a soft yolk?", {}),
    ("What rhymes with '{word}'?", {"word": lambda r: r.choice(WORDS_TO_DEFINE)}),
    ("How many {unit} are in {n} {bigger}?", {"unit": lambda r: "seconds", "n": lambda r: str(r.randint(2, 40)),
                                             "bigger": lambda r: r.choice(["minutes", "hours", "days"])}),
    ("Give me three fun facts about {animal}s.", {"animal": lambda r: r.choice(ANIMALS)}),
    ("What is the square root of {n}?", {"n": lambda r: str(r.randint(2, 30) ** 2)}),
    ("Recommend a classic novel for someone who likes {topic}.", {"topic": lambda r: r.choice(semantic.TOPICS)}),
    ("What's the difference between weather and climate?", {}),
    ("Why is the sky blue?", {}),
    ("How do I convert {n} degrees Celsius to Fahrenheit?", {"n": lambda r: str(r.randint(-10, 40))}),
    ("Spell '{word}' backwards.", {"word": lambda r: r.choice(WORDS_TO_DEFINE)}),
]
_STOP = frozenset({"what", "when", "does", "with", "that", "this", "some", "about", "give", "tell", "write",
                   "short", "simple", "terms", "good", "long", "many", "there", "your", "from", "have", "should",
                   "they", "into", "explain", "works", "suggest", "polite", "happen", "mean", "word", "learn"})


def content_words(text: str) -> set[str]:
    return {semantic.singular(w) for w in semantic.tokens(text) if len(w) >= 4 and w not in _STOP}


def tool_words(tools: list[Tool]) -> set[str]:
    text = " ".join(f"{t.name} {t.api} {t.app} {t.description} {' '.join(t.properties)}" for t in tools)
    return content_words(text)


def unrelated(request: str, tools: list[Tool]) -> bool:
    """No content word of the request appears in what the tools are about."""
    return not content_words(request) & tool_words(tools)


FILLS_PER_TEMPLATE = 60  # draws per template: a run's few hundred rows never reach the end of the pool


def _fills(index: int, seed: int) -> list[str]:
    """Distinct texts of template `index`, in draw order."""
    template, slots = TEMPLATES[index]
    rng = random.Random(f"{seed}:offtopic:{index}")
    texts = [template.format(**{k: fill(rng) for k, fill in slots.items()})
             for _ in range(FILLS_PER_TEMPLATE if slots else 1)]
    # "the capital of Bouvet Island (Bouvetoya)": a name with a gloss is no everyday request
    return [t for t in dict.fromkeys(texts) if "(" not in t]


@lru_cache(maxsize=32)
def _pool(seed: int, words: frozenset[str], templates: tuple[str, ...]) -> tuple[str, ...]:
    """(`templates`: the texts of TEMPLATES, so that a changed list is a new pool.)"""
    order = list(range(len(TEMPLATES)))
    random.Random(f"{seed}:offtopic").shuffle(order)
    per_template = [[t for t in _fills(i, seed) if not content_words(t) & words] for i in order]
    out: list[str] = []
    while any(per_template):
        for texts in per_template:  # templates in turn: consecutive requests differ in kind
            if texts:
                out.append(texts.pop(0))
    return tuple(out)


def pool(tools: Sequence[Tool], seed: int) -> tuple[str, ...]:
    """Every distinct request unrelated to `tools`, in one seeded order, templates in turn."""
    return _pool(seed, frozenset(tool_words(list(tools))), tuple(t for t, _ in TEMPLATES))


# The streams that draw off-topic requests (product/category), each its own: item i of stream s
# takes slot i * len(STREAMS) + s of the pool, so no two items of a run share a request.
STREAMS = ("sdg/irrelevance", "sdg/live_irrelevance", "bfcl/irrelevance", "bfcl/live_irrelevance")


def request_for(stream: str, index: int, tools: Sequence[Tool], seed: int) -> str | None:
    """The request of work item `index` of `stream` ("sdg/irrelevance"; one of STREAMS, or a new
    one after them): distinct items, distinct requests while the pool lasts. `tools`: every tool
    the request must stay clear of (the domain's, not only the offered ones, so that the pool is
    one list for the whole run). None when every request touches them."""
    requests = pool(tools, seed)
    streams = STREAMS if stream in STREAMS else (*STREAMS, stream)
    slot = index * len(streams) + streams.index(stream)
    return requests[slot % len(requests)] if requests else None
