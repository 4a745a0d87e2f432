"""traject product (see its issue)."""
