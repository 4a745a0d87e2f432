"""traject product: TRAJECT-Bench trajectories and queries (docs/formats.md, TRAJECT-Bench)."""
