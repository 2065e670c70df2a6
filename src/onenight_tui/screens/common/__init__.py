"""common screens."""
