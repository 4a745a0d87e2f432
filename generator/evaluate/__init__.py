"""`trajgen eval`: score any OpenAI-compatible model per vagueness level on trajgen's files or the
original benchmarks' files, each with its own scoring rule, with intervals clustered by target.

items (formats/*) -> ask (native tool calling or JSON) -> score (formats/*) -> results.jsonl
-> summary.json (stats.py) -> table and plots.
"""
