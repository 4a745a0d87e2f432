"""BFCL v4: native question / possible_answer files (product `bfcl`), the BFCL categories beyond
the foundation ones as SDG rows (live_*, relevance, multi-turn), multi-turn conversations over
our simulated tools and over BFCL's own classes, the audit, and the official-checker run."""
