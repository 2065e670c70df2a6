"""classic screens."""
