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
from typing import TYPE_CHECKING, Any

from onenight_core.catalog.loader import RoleInfo, default_catalog
from onenight_core.languages import LANGUAGES
from onenight_core.rulesets import RULESETS, ruleset_for

from ..cli_text import args_language, cli_text

if TYPE_CHECKING:
    from onenight_core.rulesets.classic.catalog import ClassicRole


def add_parser(subparsers: "argparse._SubParsersAction[argparse.ArgumentParser]", lang: str = "en") -> None:
    p = subparsers.add_parser("roles", help=cli_text(lang, "help_roles_command"),
                              description=cli_text(lang, "help_roles_about"))
    p.add_argument("--json", action="store_true", help=cli_text(lang, "help_roles_json"))
    # SUPPRESS keeps `onenight --lang ko roles` working: the top-level value is not overwritten.
    p.add_argument("--ruleset", choices=tuple(RULESETS), default=argparse.SUPPRESS,
                   help=cli_text(lang, "help_roles_ruleset"))
    p.add_argument("--lang", choices=LANGUAGES, default=argparse.SUPPRESS, help=cli_text(lang, "help_lang"))


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
    from onenight_core.ruleset_ids import DEFAULT_RULESET

    from ..families import NIGHTS_AND_DAYS, ONE_NIGHT, by_family

    ruleset = getattr(args, "ruleset", None) or DEFAULT_RULESET
    # a ruleset with its own game has its own roles (classic.toml), not roles.toml's
    return by_family(ruleset, {ONE_NIGHT: _run_one_night, NIGHTS_AND_DAYS: _run_classic})(args, ruleset)


def _run_one_night(args: argparse.Namespace, ruleset: str) -> int:
    rules = ruleset_for(ruleset)  # argparse already refused an unknown id
    lang = args_language(args)
    catalog = default_catalog()
    roles = rules.roles(catalog)
    if args.json:
        json.dump([role_json(r, ruleset) for r in roles], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    _table(roles, ruleset, lang)
    return 0


def team_label(info: RoleInfo, lang: str = "en") -> str:
    """The side the role plays for, as the app says it (``Werewolf team``, ``Tanner (own team)``)."""
    from ..text.words import Wording

    return Wording((), lang=lang).team(info.id)


def edition_name(edition: str, lang: str = "en") -> str:
    """The box a role comes from (``Daybreak``); an edition the catalogs do not know reads as its id."""
    from ..text.catalog import load

    msg_id = f"edition_{edition}"
    return cli_text(lang, msg_id) if msg_id in load("en") else edition


def _own_wake(info: RoleInfo, ruleset: str) -> str | None:
    """The role's own wake code; Dalbula's ``X`` codes number passive roles, which do not wake."""
    from onenight_core.rulesets.night_script import wakes

    code = info.wake_code(ruleset)
    return code if wakes(code) else None


def night_order(roles: tuple[RoleInfo, ...], ruleset: str, lang: str = "en") -> list[tuple[RoleInfo, str]]:
    """The roles in the order they wake, each with what a player needs to know of its night: ``wakes
    5th`` (roles waking together share the number), ``never wakes: thumb up for the werewolves`` (a
    group member with no action, placed with its group), ``no night action`` (last, in catalog order)."""
    from onenight_core.rulesets.night_script import WakeKey, wake_key

    group_codes: dict[str, str] = {}
    for info in roles:
        code = _own_wake(info, ruleset)
        if info.group and code and (info.group not in group_codes
                                    or wake_key(code) < wake_key(group_codes[info.group])):
            group_codes[info.group] = code
    keyed: list[tuple[tuple[int, WakeKey | tuple[()], int, int], RoleInfo, str | None]] = []
    for index, info in enumerate(roles):
        code = _own_wake(info, ruleset) or group_codes.get(info.group or "")
        passive = _own_wake(info, ruleset) is None
        if code is None:
            keyed.append(((1, (), 0, index), info, None))
        else:
            keyed.append(((0, wake_key(code), int(passive), index), info, code))
    keyed.sort(key=lambda item: item[0])
    ranks: dict[WakeKey, int] = {}
    for _, _, code in keyed:
        if code is not None:
            ranks.setdefault(wake_key(code), len(ranks) + 1)
    from onenight_core.catalog.rules import default_rules

    out = []
    for _, info, code in keyed:
        if code is None:
            label = cli_text(lang, "roles_no_night_action")
        elif _own_wake(info, ruleset) is None and info.night == "-":
            group = default_rules().group(info.group or "")
            label = cli_text(lang, "roles_thumb_up", group=group.name(lang) if group else info.group)
        else:
            rank = ranks[wake_key(code)]
            label = cli_text(lang, "roles_wakes", count=rank, ordinal=ordinal(rank))
        out.append((info, label))
    return out


def _longest_word(texts: list[str]) -> int:
    from rich.cells import cell_len

    return max((cell_len(word) for text in texts for word in text.split()), default=1)


def _label_width(texts: list[str], cap: int = 12) -> int:
    """A narrow column (team, night) as wide as its longest word, but a word of wide letters counts at most
    ``cap`` cells: Chinese has no spaces ("从不醒来；为狼人竖起大拇指" is one "word") and folds between any two
    characters, so sizing by it would leave no room for the text column at 80 cells."""
    from rich.cells import cell_len

    def width(word: str) -> int:
        cells = cell_len(word)
        return min(cells, cap) if cells > len(word) else cells

    return max((width(word) for text in texts for word in text.split()), default=1)


def _role_width(names: list[str], words: list[str], wide: bool) -> int:
    """The role column: a role's name on one line when names are short enough (``Simple villageois``),
    else as wide as the longest word; never narrower than an id."""
    from rich.cells import cell_len

    longest_name = max((cell_len(name) for name in names), default=1)
    return max(_longest_word(names + words), min(longest_name, 18 if wide else 12))


def ordinal(n: int) -> str:
    """``5th``: the English ordinal (the other languages' messages say it with ``{count}``)."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _table(roles: tuple[RoleInfo, ...], ruleset: str, lang: str) -> None:
    from rich import box  # rich only when a table is printed
    from rich.table import Table
    from rich.text import Text

    from onenight_tui.console import CommandConsole

    rules = ruleset_for(ruleset)
    playable = rules.is_playable

    def say(msg_id: str, **params: Any) -> str:
        return cli_text(lang, msg_id, **params)

    table = Table(title=say("roles_title", ruleset=ruleset, count=len(roles),
                            playable=sum(playable(r.id) for r in roles)),
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    # Narrow columns as wide as their longest word (an id is one word: it is typed as it is), so nothing
    # is cut or broken mid-word; the text takes the rest of the terminal's width.
    rows = night_order(roles, ruleset, lang)
    teams = {info.id: team_label(info, lang) for info, _ in rows}
    editions = {info.id: edition_name(info.edition, lang) for info, _ in rows}
    table.add_column(say("roles_column_role"),
                     width=_role_width([i.name(lang) for i, _ in rows], [f"{i.id} {editions[i.id]}" for i, _ in rows],
                                       CommandConsole().width >= 100))
    table.add_column(say("roles_column_team"), width=_label_width(list(teams.values())), overflow="fold")
    console = CommandConsole()
    nights = [night for _, night in rows]
    wide = console.width >= 100  # room for "no night action" on one line
    table.add_column(say("roles_column_night"), width=max(_label_width(nights), 16 if wide else 6), overflow="fold")
    # fold: rich may misjudge a line of wide letters
    table.add_column(say("roles_column_text"), min_width=20, overflow="fold")
    for info, night in rows:
        ok = playable(info.id)
        role = Text.assemble((info.name(lang), "bold"), "\n", (info.id, "dim"), "\n",
                             (editions[info.id], "dim italic"))
        text = Text(dict(info.text).get(lang) or dict(info.text).get("en", ""))
        if not ok:
            text.append(" " + say("roles_not_playable"), "italic")
        table.add_row(role, teams[info.id], night, text, style=None if ok else "dim")
    console.print(table)
    if not rules.playable:
        from ..text.rules_words import not_playable

        console.print(say("roles_note", text=not_playable(rules, lang)), markup=False, highlight=False)


# --- classic: its own catalog (classic.toml), its own night (docs/resolution.md 4.3) --------------------------

#: When a classic role is called at night (``classic_night``), and the message that says it.
CLASSIC_NIGHTS = {"first_night_only": "roles_first_night_only", "every_night": "roles_every_night",
                  "never": "roles_never"}
#: A classic side (classic.toml ``side``), and the message that names it; the sheriff is a title.
CLASSIC_SIDES = {"werewolves": "cli_classic_side_werewolves", "villagers": "cli_classic_side_villagers",
                 "piper": "cli_classic_side_piper", None: "roles_title_side"}


def classic_night(role: ClassicRole) -> str:
    """When a classic role is called at night: its slot on night 1 only (thief, cupid), every night, or
    never (no slot: the little girl spies during the werewolves' step but is not called)."""
    if not role.slot:
        return "never"
    return "first_night_only" if role.first_night_only else "every_night"


def classic_rows() -> list[dict[str, Any]]:
    """The classic roles in the order the night calls them (slot order, catalog order within a slot), the
    roles never called after them, and the sheriff title last; each as its JSON object."""
    from onenight_core.rulesets.classic.catalog import SLOTS, classic_catalog

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


def _run_classic(args: argparse.Namespace, ruleset: str) -> int:
    lang = args_language(args)
    rows = classic_rows()
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    from rich import box  # rich only when a table is printed
    from rich.table import Table
    from rich.text import Text

    from onenight_tui.console import CommandConsole

    def local(texts: dict[str, str]) -> str:
        return texts.get(lang) or texts.get("en", "")

    sides = [cli_text(lang, CLASSIC_SIDES[row["side"]]) for row in rows]
    nights = [cli_text(lang, CLASSIC_NIGHTS[row["night"]]) for row in rows]
    console = CommandConsole()
    roles = len(rows) - 1
    table = Table(title=cli_text(lang, "roles_classic_title", count=roles),
                  title_justify="left", box=box.SIMPLE_HEAD, pad_edge=False)
    table.add_column(cli_text(lang, "roles_column_role"),
                     width=_role_width([local(r["names"]) for r in rows], [r["id"] for r in rows],
                                       console.width >= 100))
    table.add_column(cli_text(lang, "roles_column_side"), width=_label_width(sides), overflow="fold")
    table.add_column(cli_text(lang, "roles_column_night"),
                     width=max(_label_width(nights), 16 if console.width >= 100 else 6), overflow="fold")
    table.add_column(cli_text(lang, "roles_column_text"), min_width=20, overflow="fold")
    for row, side, night in zip(rows, sides, nights):
        role = Text.assemble((local(row["names"]), "bold"), "\n", (row["id"], "dim"))
        table.add_row(role, side, night, Text(local(row["text"])))
    console.print(table)
    rules = ruleset_for(ruleset)
    if not rules.playable:
        from ..text.rules_words import not_playable

        console.print(cli_text(lang, "roles_note", text=not_playable(rules, lang)), markup=False,
                      highlight=False)
    return 0
