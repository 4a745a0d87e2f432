"""trail product (see its issue)."""
