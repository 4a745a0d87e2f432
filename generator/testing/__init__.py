"""Test support shipped with the package: a fake OpenAI-compatible server (`fake_openai`)."""
