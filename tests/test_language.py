"""Languages, honestly: a query labelled with a language is in it (py3langid), the template
writer refuses languages it has no phrasing pack for, the llm writer's prompt asks for it."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
import yaml
from test_plan import TAXI, taxi_target

from generator.config import RunConfig, check_settings
from generator.core.plan import plan_explicit
from generator.errors import ConfigError
from generator.validators import VALIDATORS
from generator.validators.language import identify
from generator.writers.base import WriteRequest
from generator.writers.llm import messages, task
from generator.writers.template import TemplateWriter


def _req(language: str) -> WriteRequest:
    t = taxi_target()
    return WriteRequest(target=t, plan=plan_explicit(t), tools=[TAXI], n=1, language=language)


def _problems(language: str, text: str) -> list[str]:
    return [v.reason for v in VALIDATORS.get("language")(_req(language), [text]) if not v.ok]


def test_identification_masks_values_and_is_deterministic() -> None:
    es = "¿Me puedes pedir un coche exprés desde Maple Court hasta Eastgate Plaza a las 7:30 pm, por 40 como máximo?"
    assert identify(es, ["Maple Court", "Eastgate Plaza"]) == "es"
    assert identify("Bitte bestelle mir ein Taxi von Maple Court nach Eastgate Plaza.") == "de"
    assert identify("Play Golden River.", ["Golden River"]) is None  # too little text to tell
    texts = [es, "Bitte bestelle mir ein Taxi.", "Réserve une table pour deux ce soir.", "帮我订一辆出租车。",
             "Book me a table for two tonight, somewhere quiet near the river."]
    here = [identify(t) for t in texts]
    assert here == ["es", "de", "fr", "zh", "en"]
    # the same answers in another process with another hash seed: nothing depends on set order
    code = ("import json, sys; from generator.validators.language import identify; "
            "print(json.dumps([identify(t) for t in json.loads(sys.stdin.read())]))")
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run([sys.executable, "-c", code], input=json.dumps(texts), capture_output=True,
                          text=True, env=env, check=True)
    assert json.loads(done.stdout) == here


def test_english_wrapped_in_a_foreign_greeting_is_not_spanish() -> None:
    framed = "Hola. Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm, for at most 40. ¡Gracias!"
    assert _problems("es", framed) == [
        "query 1 is written in English, not Spanish; write the whole request in Spanish"]
    spanish = "Pídeme un coche exprés desde Maple Court hasta Eastgate Plaza a las 7:30 pm, por 40 como máximo."
    assert _problems("es", spanish) == []
    assert _problems("en", "Get me an express car from Maple Court to Eastgate Plaza at 7:30 pm.") == []


def test_template_writer_output_labelled_chinese_is_rejected() -> None:
    req = _req("zh")
    draft = TemplateWriter().write_sync(req, 1)
    assert _problems("zh", draft.texts[0])


def test_config_refuses_a_language_the_template_writer_cannot_write() -> None:
    text = "catalog: [c.json]\nproducts: {bfcl: {languages: [en, es], second_language_share: 0.2}}"
    cfg = RunConfig.model_validate(yaml.safe_load(text))
    with pytest.raises(ConfigError) as exc:
        check_settings(cfg)
    assert "template writer writes English only" in str(exc.value) and "es" in str(exc.value)
    check_settings(RunConfig.model_validate(yaml.safe_load("writer: llm\n" + text)))


def test_llm_prompt_asks_for_the_language() -> None:
    req = _req("es")
    assert task(req, 1)["language"] == "Spanish"
    prompt = " ".join(m["content"] for m in messages(req, 1))
    assert "in Spanish" in prompt and "entirely in Spanish" in prompt
    assert "entirely in" not in " ".join(m["content"] for m in messages(_req("en"), 1))
