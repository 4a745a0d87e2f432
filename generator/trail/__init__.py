"""The `trail` product: personalized single-call queries at four verified vagueness levels,
written as TRAILBench files (docs/formats.md, TRAILBench), plus the audit, stats and scorer for
TRAILBench-format files. Modules: config (TrailConfig), targets (event k of a log as target),
product (PRODUCTS "trail"), export (byte-compatible files), files/measure/audit (AUDITS,
STATS and DETECTORS "trail"), score (TRAILBench's scoring rule)."""
