"""Dalbula: a placeholder until its issue lands (its roles are in roles.toml with ``dalbula_wake`` codes)."""
