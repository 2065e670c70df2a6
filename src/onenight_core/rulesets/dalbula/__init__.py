"""Dalbula (seed 000): One Night with Korean house rules — its set-up and draws, its own roles'
behaviours and its resolution (docs/dalbula.md; its roles are in roles.toml with ``dalbula_wake`` codes)."""
