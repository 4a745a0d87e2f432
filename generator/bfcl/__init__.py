"""bfcl product (see its issue)."""
