"""judge product: tool-selection-quality judge rows (docs/formats.md, Judge rows)."""
