"""Subcommands of ``onenight``: one module each, with ``add_parser(subparsers)`` and ``run(args)``."""
