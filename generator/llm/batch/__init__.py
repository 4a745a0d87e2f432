"""Batch mode: the run's LLM requests go out as OpenAI Batch files, round after round.

`lines` the file formats, `client` the client that defers what the cache cannot answer,
`ledger` what survives a kill, `ingest` output files into the cache, `remote` the provider's
Files and Batches API; the rounds themselves are driven by generator/batch_rounds.py.
"""
