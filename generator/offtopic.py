"""Requests no tool of a catalog serves, for irrelevance rows when the catalog has only one
domain (or no tool of another domain is unlike the offered ones).

Each request is a general-knowledge or everyday-help template (a capital, a conversion, a
joke, a recipe, a definition, ...) filled with generic values. A request is used only when
none of its content words occurs in the offered tools' names, descriptions or parameter names
(`unrelated`): a weather catalog never receives "Will it rain in Lyon tomorrow?" as an
irrelevant request. With an LLM writer the same requests are used; they need no phrasing.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from . import semantic
from .records import Tool

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


def offtopic_request(rng: random.Random, tools: list[Tool], tries: int = 30) -> str | None:
    """A request none of `tools` serves (None when every draw touches what they do)."""
    for _ in range(tries):
        template, slots = rng.choice(TEMPLATES)
        text = template.format(**{k: fill(rng) for k, fill in slots.items()})
        if unrelated(text, tools):
            return text
    return None
