"""setup screens."""
