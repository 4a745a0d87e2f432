"""judge product (see its issue)."""
