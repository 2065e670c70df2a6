"""Playing games with the engine: bots (``bots``), many seeded games (``simulate``), saves (``saves``),
the told story of a night (``story``) and scenario files (``scenario``)."""
