"""The one jinja2 environment: strict variables, start-up checks, hashes, sandboxed user templates."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.errors import ConfigError
from generator.prompting import PROMPTS_DIR, Prompts, template_hashes


def _dir(tmp_path: Path, **files: str) -> Path:
    for name, text in files.items():
        (tmp_path / f"{name}.j2").write_text(text, encoding="utf-8")
    return tmp_path


def test_missing_variable_is_an_error_not_an_empty_string(tmp_path):
    p = Prompts(_dir(tmp_path, greet="Hello {{ name }} from {{ place }}"))
    assert p.render("greet", name="Ann", place="Oslo") == "Hello Ann from Oslo"
    with pytest.raises(ConfigError, match="place"):
        p.render("greet", name="Ann")


def test_check_lists_undeclared_variables_by_name(tmp_path):
    p = Prompts(_dir(tmp_path, a="{{ x }} {{ y }} {{ z.w }} {% for i in items %}{{ i }}{% endfor %}",
                     b="{% set local = 1 %}{{ local }}"))
    problems = p.check({"a": {"x"}, "b": set(), "missing": {"q"}})
    assert problems == ["a.j2: undeclared variable(s): items, y, z", "missing.j2: template not found"]
    assert p.check({"a": {"x", "y", "z", "items"}}) == []


def test_check_reports_syntax_errors(tmp_path):
    p = Prompts(_dir(tmp_path, broken="{% if x %}never closed"))
    assert "syntax error" in p.check({"broken": {"x"}})[0]
    with pytest.raises(ConfigError, match="syntax"):
        p.render("broken", x=1)


def test_render_messages_uses_system_and_user_blocks(tmp_path):
    p = Prompts(_dir(tmp_path, chat="{% block system %}Be brief.{% endblock %}\n"
                                    "{% block user %}Ask {{ who }}.{% endblock %}",
                     flat="Just {{ who }}"))
    msgs = p.render_messages("chat", who="Bo")
    assert [m["role"] for m in msgs] == ["system", "user"] and msgs[0]["content"] == "Be brief."
    assert msgs[1] == {"role": "user", "content": "Ask Bo."}
    assert p.render_messages("flat", who="Bo") == [{"role": "user", "content": "Just Bo"}]
    with pytest.raises(ConfigError, match="who"):
        p.render_messages("chat")


def test_tojson_does_not_html_escape(tmp_path):
    p = Prompts(_dir(tmp_path, j="{{ v | tojson }}"))
    assert p.render("j", v={"k": "<&>"}) == '{"k": "<&>"}'


def test_user_templates_are_sandboxed(tmp_path):
    p = Prompts(_dir(tmp_path, evil="{{ ''.__class__.__mro__ }}"))
    with pytest.raises(ConfigError, match="unsafe"):
        p.render("evil")


def test_user_templates_override_ours_and_change_the_hash(tmp_path):
    ours = template_hashes()
    assert "tool_hints.j2" in ours and len(ours["tool_hints.j2"]) == 64
    assert set(ours) == {p.name for p in PROMPTS_DIR.glob("*.j2")}
    p = Prompts(_dir(tmp_path, tool_hints="custom {{ tool }}", extra="x"))
    hashes = p.hashes()
    assert hashes["tool_hints.j2"] != ours["tool_hints.j2"] and "extra.j2" in hashes
    assert p.render("tool_hints", tool="T") == "custom T"


def test_unknown_template_is_a_config_error():
    with pytest.raises(ConfigError, match="not found"):
        Prompts().render("does_not_exist")
