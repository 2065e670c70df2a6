"""``onenight roles``: the role catalog as a table, or as JSON for tools.

Every role of the chosen ruleset is listed — playable or not — with its name in the chosen language,
id, edition, team, its text, and when it wakes. The table lists the roles in the order they wake and says
it as players count it (``wakes 5th``, ``no night action``) rather than as a wake code; it fits the
terminal's width without cutting a word, and the text column takes what wider terminals offer. The JSON
keeps the catalog's order and raw wake codes, for tools."""

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
    if ruleset == "classic":  # classic roles are not in roles.toml: they have their own catalog
        return _run_classic(args)
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
    """A short team name for the table: ``village`` for village_hero, a special team's own name."""
    if info.team == "village_hero":
        return "village"
    if info.team == "special":
        return (info.special_team or "special").replace("_", " ")
    return info.team


def _own_wake(info: RoleInfo, ruleset: str) -> str | None:
    """The role's own wake code; Dalbula's ``X`` codes number passive roles, which do not wake."""
    from onenight_core.rulesets.night_script import wakes  # noqa: PLC0415

    code = info.wake_code(ruleset)
    return code if wakes(code) else None


def night_order(roles: tuple[RoleInfo, ...], ruleset: str) -> list[tuple[RoleInfo, str]]:
    """The roles in the order they wake, each with what a player needs to know of its night: ``wakes
    5th`` (roles waking together share the number), ``never wakes: thumb up for the werewolves`` (a
    group member with no action, placed with its group), ``no night action`` (last, in catalog order)."""
    from onenight_core.rulesets.night_script import wake_key  # noqa: PLC0415

    group_codes: dict[str, str] = {}
    for info in roles:
        code = _own_wake(info, ruleset)
        if info.group and code and (info.group not in group_codes
                                    or wake_key(code) < wake_key(group_codes[info.group])):
            group_codes[info.group] = code
    keyed = []
    for index, info in enumerate(roles):
        code = _own_wake(info, ruleset) or group_codes.get(info.group or "")
        passive = _own_wake(info, ruleset) is None
        if code is None:
            keyed.append(((1, (), 0, index), info, None))
        else:
            keyed.append(((0, wake_key(code), int(passive), index), info, code))
    keyed.sort(key=lambda item: item[0])
    ranks: dict[tuple, int] = {}
    for _, _, code in keyed:
        if code is not None:
            ranks.setdefault(wake_key(code), len(ranks) + 1)
    out = []
    for _, info, code in keyed:
        if code is None:
            label = "no night action"
        elif _own_wake(info, ruleset) is None and info.night == "-":
            label = f"never wakes; thumb up for the {info.group}"
        else:
            label = f"wakes {ordinal(ranks[wake_key(code)])}"
        out.append((info, label))
    return out


def _longest_word(texts: list[str]) -> int:
    from rich.cells import cell_len  # noqa: PLC0415

    return max((cell_len(word) for text in texts for word in text.split()), default=1)


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _table(roles: tuple[RoleInfo, ...], ruleset: str, lang: str) -> None:
    from rich import box  # noqa: PLC0415 — rich only when a table is printed
    from rich.table import Table
    from rich.text import Text

    from onenight_tui.console import CommandConsole  # noqa: PLC0415

    rules = ruleset_for(ruleset)
    playable = rules.is_playable

    table = Table(title=f"Roles ({ruleset}): {len(roles)}, {sum(playable(r.id) for r in roles)} playable, "
                        "in the order they wake", title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    # Narrow columns as wide as their longest word (an id is one word: it is typed as it is), so nothing
    # is cut or broken mid-word; the text takes the rest of the terminal's width.
    rows = night_order(roles, ruleset)
    table.add_column("Role", width=_longest_word([f"{i.name(lang)} {i.id} {i.edition}" for i, _ in rows]))
    table.add_column("Team", width=_longest_word([team_label(i) for i, _ in rows]))
    console = CommandConsole()
    nights = [night for _, night in rows]
    wide = console.width >= 100  # room for "no night action" on one line
    table.add_column("Night", width=max(_longest_word(nights), 16 if wide else 6))
    table.add_column("Text", min_width=20, overflow="fold")  # fold: rich may misjudge a line of wide letters
    for info, night in rows:
        ok = playable(info.id)
        role = Text.assemble((info.name(lang), "bold"), "\n", (info.id, "dim"), "\n", (info.edition, "dim italic"))
        text = Text(dict(info.text).get(lang) or dict(info.text).get("en", ""))
        if not ok:
            text.append(" (not playable yet)", "italic")
        table.add_row(role, team_label(info), night, text, style=None if ok else "dim")
    console.print(table)
    if not rules.playable:
        console.print(f"Note: {rules.not_playable}.", markup=False, highlight=False)


# --- classic: its own catalog (classic.toml), its own night (resolution.md 4.3) --------------------------

CLASSIC_NIGHTS = {"first_night_only": "first night only", "every_night": "every night", "never": "never"}


def classic_night(role) -> str:
    """When a classic role is called at night: its slot on night 1 only (thief, cupid), every night, or
    never (no slot: the little girl spies during the werewolves' step but is not called)."""
    if not role.slot:
        return "never"
    return "first_night_only" if role.first_night_only else "every_night"


def classic_rows() -> list[dict[str, Any]]:
    """The classic roles in the order the night calls them (slot order, catalog order within a slot), the
    roles never called after them, and the sheriff title last; each as its JSON object."""
    from onenight_core.rulesets.classic.catalog import SLOTS, classic_catalog  # noqa: PLC0415

    catalog = classic_catalog()
    ordered = sorted(enumerate(catalog.roles),
                     key=lambda item: (not item[1].slot, SLOTS.index(item[1].slot), item[0]))
    rows: list[dict[str, Any]] = [
        {"kind": "role", "id": r.id, "names": dict(r.names), "side": r.side, "slot": r.slot or None,
         "night": classic_night(r), "unique": r.unique, "text": dict(r.text)}
        for _, r in ordered]
    rows.append({"kind": "title", "id": "sheriff", "names": dict(catalog.sheriff_names), "side": None,
                 "slot": None, "night": "never", "unique": True, "text": dict(catalog.sheriff_text)})
    return rows


def _run_classic(args: argparse.Namespace) -> int:
    lang = getattr(args, "lang", None) or "en"
    rows = classic_rows()
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    from rich import box  # noqa: PLC0415 — rich only when a table is printed
    from rich.table import Table
    from rich.text import Text

    from onenight_tui.console import CommandConsole  # noqa: PLC0415

    def local(texts: dict[str, str]) -> str:
        return texts.get(lang) or texts.get("en", "")

    sides = [row["side"] or "title" for row in rows]
    nights = [CLASSIC_NIGHTS[row["night"]] for row in rows]
    console = CommandConsole()
    roles = len(rows) - 1
    table = Table(title=f"Roles (classic): {roles} and the sheriff title, in the order the night calls them",
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column("Role", width=_longest_word([f"{local(r['names'])} {r['id']}" for r in rows]))
    table.add_column("Side", width=_longest_word(sides))
    table.add_column("Night", width=max(_longest_word(nights), 16 if console.width >= 100 else 6))
    table.add_column("Text", min_width=20, overflow="fold")
    for row, side, night in zip(rows, sides, nights):
        role = Text.assemble((local(row["names"]), "bold"), "\n", (row["id"], "dim"))
        table.add_row(role, side, night, Text(local(row["text"])))
    console.print(table)
    rules = ruleset_for("classic")
    if not rules.playable:
        console.print(f"Note: {rules.not_playable}.", markup=False, highlight=False)
    return 0
