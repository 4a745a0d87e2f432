"""Multi-turn conversations over stateful tools: our simulated tools (SDG rows) and BFCL's own
API classes (native files)."""
