"""onenight_tui — the drivers: the Textual app, the narrator and the developer command line."""
