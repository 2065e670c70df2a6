"""narrator screens."""
