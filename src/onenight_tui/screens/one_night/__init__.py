"""one_night screens."""
