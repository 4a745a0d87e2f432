"""When2Call: when to call a tool, when to ask, when to decline, when to answer directly --
twins per target that differ in one controlled way, checked by the reader (docs/when2call.md)."""
