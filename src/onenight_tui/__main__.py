"""``python -m onenight_tui`` — the same as the ``onenight`` command."""

from .cli import main

if __name__ == "__main__":
    raise SystemExit(main())
