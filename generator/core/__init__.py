"""The disclosure core: what a query reveals (plans, vagueness), the values it reveals
(values, semantic types, schemas, constraints, profiles) and how they read (surface forms,
text quality). Everything here is pure: no files, no network, no run state."""
