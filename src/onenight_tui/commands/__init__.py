"""Subcommands of ``onenight``: one module each, with ``add_parser(subparsers, lang)`` (its ``--help`` in
the ``--lang`` language) and ``run(args)``."""
