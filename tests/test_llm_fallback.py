"""A server that refuses json_schema with a 500 (llama.cpp's Python server) is a fallback, not a retry."""

try:  # the HTTP library this openai release is built on
    import httpx2 as httpx
except ImportError:
    import httpx
import openai

from generator.llm.client import is_transient
from generator.llm.request import mentions_response_format

LLAMA_BODY = ('{"error": {"message": "[{\'type\': \'literal_error\', \'loc\': (\'body\', \'response_format\', '
              '\'type\'), \'msg\': \\"Input should be \'text\' or \'json_object\'\\"}]"}}')


def status_error(code: int, body: str) -> openai.APIStatusError:
    req = httpx.Request("POST", "http://127.0.0.1/v1/chat/completions")
    resp = httpx.Response(code, request=req, text=body)
    return openai.APIStatusError(body, response=resp, body=None)


def test_500_naming_the_format_is_a_refusal():
    assert mentions_response_format(500, LLAMA_BODY)
    assert not is_transient(status_error(500, LLAMA_BODY))


def test_plain_500_is_still_transient():
    assert not mentions_response_format(500, "internal error")
    assert is_transient(status_error(500, "internal error"))
    assert is_transient(status_error(429, "slow down"))
    assert not is_transient(status_error(404, "no such model"))
