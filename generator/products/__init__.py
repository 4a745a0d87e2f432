"""Products: what a run makes (sdg, trail, traject, judge, bfcl). Each registers in PRODUCTS."""
