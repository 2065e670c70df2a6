"""Regenerate ``tests/golden/onuw_games.json``: a few hundred seeded ``onuw`` bot games, ids only.

    PYTHONPATH=src python3 tests/golden/make_golden.py

Run it ONLY when a change of behaviour is intended (a rules fix), and say so in the commit message: the
golden file is how everybody checks that refactors and speed work leave ``onuw`` games unchanged.
Games: every onuw preset (base, beginner, chaos, masons, daybreak, bonus, mixed, vampire, epic battle;
3–10 players) with informed and random bots over several seeds, plus random decks of every playable
role."""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "src"))

from golden_games import GOLDEN_VERSION, play_recorded, random_decks, setup_of  # noqa: E402

from onenight_core.catalog import default_catalog  # noqa: E402
from onenight_core.catalog.presets import PRESETS  # noqa: E402
from onenight_core.engine import validate_setup  # noqa: E402
from onenight_core.errors import SetupError  # noqa: E402
from onenight_core.rulesets.onuw.roles import playable  # noqa: E402
from onenight_core.model.rng import stream  # noqa: E402

OUT = HERE / "onuw_games.json"
SEEDS_PER_PRESET = 4  # x 2 bot kinds
RANDOM_DECKS = 120


def main() -> int:
    seeds = stream(2026, "golden")
    games = []
    for preset in sorted(PRESETS.values(), key=lambda p: p.id):
        if preset.ruleset != "onuw":
            continue
        for bot in ("informed", "random"):
            for _ in range(SEEDS_PER_PRESET):
                games.append(play_recorded(preset.roles, preset.players, seeds.getrandbits(32), bot))
    catalog = default_catalog()
    roles = sorted(r.id for r in catalog.roles if "onuw" in r.rulesets and playable(r.id))
    for i, (players, deck) in enumerate(random_decks(RANDOM_DECKS, 2026, roles)):
        try:
            validate_setup(setup_of(deck, players), catalog)
        except SetupError:
            continue
        games.append(play_recorded(deck, players, seeds.getrandbits(32), ("informed", "random")[i % 2]))
    lines = ",\n".join(json.dumps(g, ensure_ascii=False, separators=(",", ":")) for g in games)
    OUT.write_text(f'{{"version":{GOLDEN_VERSION},"games":[\n{lines}\n]}}\n', encoding="utf-8")
    print(f"wrote {len(games)} games to {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
