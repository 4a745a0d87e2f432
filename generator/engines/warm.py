"""Importing this module loads once the data a run would otherwise load on its first items (the
language model, lemma tables, the inflection engine, Faker's default locale, pycountry's indexes).
The process engine's fork server imports it, so each worker forked from the server starts warm;
an LLM run in one process imports it before its first request (engine.warm_up), so the first
replies' checks do not stall every request in flight."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import suppress

from ..core.semantic import check_locale
from ..core.textquality import is_plural, right_article
from ..validators.language import identify

WARMERS: list[Callable[[], object]] = [
    lambda: identify("is this sentence long enough to tell its language"),
    lambda: is_plural("devices"),
    lambda: right_article("hour"),
    lambda: check_locale("en_US"),
    lambda: __import__("pycountry").countries.get(alpha_2="US"),  # builds its indexes on first lookup
]


def warm() -> None:
    for step in WARMERS:
        with suppress(Exception):  # a cold cache only costs time: never stop the server for it
            step()


warm()
