"""The LLM layer: a small protocol, one OpenAI-compatible implementation, an on-disk cache."""
