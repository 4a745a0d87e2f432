"""Writers realize disclosure plans as natural-language queries."""
