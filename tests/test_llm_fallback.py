"""A server that refuses json_schema with a 500 (llama.cpp's Python server) is a fallback, not a retry."""

from generator.llm.client import is_transient
from generator.llm.request import mentions_response_format
from generator.llm.transport import HTTPStatusError, TransportError

LLAMA_BODY = ('{"error": {"message": "[{\'type\': \'literal_error\', \'loc\': (\'body\', \'response_format\', '
              '\'type\'), \'msg\': \\"Input should be \'text\' or \'json_object\'\\"}]"}}')


def status_error(code: int, body: str) -> HTTPStatusError:
    return HTTPStatusError(code, body[:80], body, {})


def test_500_naming_the_format_is_a_refusal():
    assert mentions_response_format(500, LLAMA_BODY)
    assert not is_transient(status_error(500, LLAMA_BODY))


def test_plain_500_is_still_transient():
    assert not mentions_response_format(500, "internal error")
    assert is_transient(status_error(500, "internal error"))
    assert is_transient(status_error(429, "slow down"))
    assert not is_transient(status_error(404, "no such model"))
    assert is_transient(TransportError("connection reset"))
