"""Languages, honestly: a query labelled with a language is written in it.

`language` identifies the language of every query with py3langid (a maintained, offline,
deterministic language identifier: naive Bayes over byte n-grams, its model shipped in the
package), restricted to the languages trajgen can label (LANGUAGES). Stated values are masked
first: a city or a product name says nothing about the language around it. A query with
fewer than MIN_WORDS words left cannot be told apart; it passes only when labelled English
(the writers' own language), so a short "Hola." frame around English never passes as Spanish.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from ..core.surface import blank_out
from ..core.vagueness import value_elements
from ..writers.base import WriteRequest
from .base import VALIDATORS, plan_args, verdicts

LANGUAGES = {"en": "English", "es": "Spanish", "de": "German", "fr": "French", "zh": "Chinese"}
MIN_WORDS = 4
_WORD = re.compile(r"[^\W\d_]+")
_CJK = re.compile(r"[\u4e00-\u9fff]")


@lru_cache(maxsize=1)
def _identifier() -> Any:
    from py3langid.langid import MODEL_FILE, LanguageIdentifier

    ident = LanguageIdentifier.from_model_file(MODEL_FILE, norm_probs=True)
    ident.set_languages(sorted(LANGUAGES))
    return ident


def _masked(text: str, values: list[str]) -> str:
    return blank_out(text, sorted({v for v in values if len(v) > 1}, key=len, reverse=True))


def identify(text: str, values: list[str] = ()) -> str | None:  # type: ignore[assignment]
    """The language code of `text` (values masked), None when too little text is left to tell."""
    masked = _masked(text, list(values))
    words = len(_WORD.findall(masked)) + len(_CJK.findall(masked))
    if words < MIN_WORDS:
        return None
    return str(_identifier().classify(masked)[0])


def _values(req: WriteRequest) -> list[str]:
    return [str(x) for _, a, _ in plan_args(req) if a.mode == "stated" for x in value_elements(a.value)]


@VALIDATORS.register("language")
def language(req: WriteRequest, texts: list[str]) -> list:
    """Every query is in the request's language (py3langid over the text, values masked)."""
    want, values, problems = req.language, _values(req), []
    for k, text in enumerate(texts):
        got = identify(text, values)
        if got is None and want != "en":
            problems.append(f"query {k + 1} is too short to tell it is {LANGUAGES.get(want, want)}; "
                            f"write the whole request in {LANGUAGES.get(want, want)}")
        elif got is not None and got != want:
            problems.append(f"query {k + 1} is written in {LANGUAGES.get(got, got)}, not "
                            f"{LANGUAGES.get(want, want)}; write the whole request in {LANGUAGES.get(want, want)}")
    return verdicts("language", problems)
