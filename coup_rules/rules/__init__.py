"""The rules: legality and effects, one module per concern (internal)."""
