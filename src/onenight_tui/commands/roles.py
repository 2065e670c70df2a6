"""``onenight roles``: the role catalog as a table, or as JSON for tools.

Every role of the chosen ruleset is listed — playable or not — with its name in the chosen language,
edition, team, wake code for that ruleset, and whether the engine can play it yet."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from onenight_core.catalog.loader import LANGUAGES, RoleInfo, default_catalog
from onenight_core.rulesets import RULESETS, ruleset_for


def add_parser(subparsers) -> None:
    p = subparsers.add_parser(
        "roles", help="list every role: team, wake order, text, playable",
        description="The role catalog (roles.toml): every role of the ruleset, its team, wake code, "
                    "and whether it is playable yet.")
    p.add_argument("--json", action="store_true", help="print a JSON array instead of a table")
    # SUPPRESS keeps `onenight --lang ko roles` working: the top-level value is not overwritten.
    p.add_argument("--ruleset", choices=tuple(RULESETS), default=argparse.SUPPRESS,
                   help="whose wake codes and roles to show (default onuw)")
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS,
                   help="language of the role names and texts (default en)")


def role_json(info: RoleInfo, ruleset: str) -> dict[str, Any]:
    """One role as a JSON object (the ``--json`` array's items)."""
    playable = ruleset_for(ruleset).is_playable

    return {
        "id": info.id,
        "number": info.number,
        "names": dict(info.names),
        "edition": info.edition,
        "team": info.team,
        "special_team": info.special_team,
        "rep": info.rep,
        "hero": info.hero,
        "group": info.group,
        "phase": info.phase,
        "wake": info.wake_code(ruleset),
        "rulesets": list(info.rulesets),
        "playable": playable(info.id),
        "text": dict(info.text),
    }


def run(args: argparse.Namespace) -> int:
    ruleset = getattr(args, "ruleset", None) or "onuw"
    rules = ruleset_for(ruleset)  # argparse already refused an unknown id
    lang = getattr(args, "lang", None) or "en"
    catalog = default_catalog()
    roles = rules.roles(catalog)
    if args.json:
        json.dump([role_json(r, ruleset) for r in roles], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    _table(roles, ruleset, lang)
    return 0


def team_label(info: RoleInfo) -> str:
    """A short team name for the table: ``village`` for village_hero, a special team's own key."""
    if info.team == "village_hero":
        return "village"
    if info.team == "special":
        return info.special_team or "special"
    return info.team


def _table(roles: tuple[RoleInfo, ...], ruleset: str, lang: str) -> None:
    from rich.console import Console  # noqa: PLC0415 — rich only when a table is printed
    from rich import box
    from rich.table import Table
    from rich.text import Text

    rules = ruleset_for(ruleset)
    playable = rules.is_playable
    table = Table(title=f"Roles ({ruleset}): {len(roles)}, "
                        f"{sum(playable(r.id) for r in roles)} playable", title_justify="left",
                  box=box.SIMPLE_HEAD, pad_edge=False, collapse_padding=True)
    # the name column carries the role's text too, so it takes the room the other columns leave
    table.add_column("Name", width=24, overflow="fold")
    table.add_column("id", style="dim", overflow="fold", width=12)
    table.add_column("Edition", overflow="fold", width=8)
    table.add_column("Team", overflow="fold", width=8)
    table.add_column("Wake", justify="right", no_wrap=True, width=5)
    table.add_column("Playable", justify="center", no_wrap=True, width=8)
    for info in roles:
        table.add_row(Text(info.name(lang), style="bold"), info.id, info.edition, team_label(info),
                      info.wake_code(ruleset) or "-", "yes" if playable(info.id) else "no")
        # what the role does, in the same language, on a row of its own (issue 15: a name and a text for
        # every role); its own row keeps folded cells of the row above from interleaving with it
        table.add_row(Text(info.ability(lang), style="dim"), end_section=True)
    console = Console()
    console.print(table)
    if not rules.playable:
        console.print(f"Note: {rules.not_playable}.", markup=False, highlight=False)
