"""Who is a bot at the table (issue 26; the game's bots are ``bots/``). Light: the set-up
screen reads it before the engine is imported.

In the names field (set-up screen, ``--players``) a name written ``@Name`` is a bot seat called Name,
and ``@bot`` a bot seat with the next free default name of the table's language ("Robot 1", "로봇 1",
"机器人1"). The save keeps the bot seats as a note (``bots``: "2,3"); a save without it is a table of
humans."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .cli_text import cli_text
from .plain_text import _NAME_SEPARATORS as _SEPARATOR

if TYPE_CHECKING:
    from .text.app_words import AppWords

BOT_MARK = "@"  # a name written "@Name" is a bot seat called Name
BOT_WORD = "bot"  # "@bot": a bot seat with the language's next default name
SAVE_KEY = "bots"  # the save's note of the bot seats ("2,3")


# -- who is a bot ------------------------------------------------------------------------------------

def bot_name(lang: str, number: int) -> str:
    """The default name of the ``number``-th bot in ``lang`` ("Robot 1", "로봇 1", "机器人1")."""
    return cli_text(lang, "bots_default_name", number=number)


def is_bot_entry(entry: str) -> bool:
    return entry.startswith(BOT_MARK) and bool(entry[len(BOT_MARK):].strip())


def seat_names(entries: Iterable[str], lang: str = "en") -> tuple[tuple[str, ...], frozenset[int]]:
    """The table's names and its bot seats from the names as typed: ``@bot`` (any case) is a bot with
    the next default name no other entry uses, ``@Name`` a bot called Name, anything else a human."""
    entries = [e.strip() for e in entries if e.strip()]
    taken = {(e[1:].strip() if is_bot_entry(e) else e).casefold() for e in entries
             if e.casefold() != BOT_MARK + BOT_WORD}
    names: list[str] = []
    bots: set[int] = set()
    number = 0
    for seat, entry in enumerate(entries):
        if entry.casefold() == BOT_MARK + BOT_WORD:
            number += 1
            while bot_name(lang, number).casefold() in taken:
                number += 1
            names.append(bot_name(lang, number))
            bots.add(seat)
        elif is_bot_entry(entry):
            names.append(entry[len(BOT_MARK):].strip())
            bots.add(seat)
        else:
            names.append(entry)
    return tuple(names), frozenset(bots)


def toggle_entry(entry: str, lang: str = "en", others: Iterable[str] = ()) -> str:
    """The names field's entry with its bot flag switched: ``Ann`` ⇄ ``@Ann``; an empty entry becomes
    ``@bot``... as the next default name. ``others``: the other entries (a default name stays unique)."""
    entry = entry.strip()
    if is_bot_entry(entry):
        return entry[len(BOT_MARK):].strip()
    if entry:
        return BOT_MARK + entry
    names, _ = seat_names([*others, BOT_MARK + BOT_WORD], lang)
    return BOT_MARK + names[-1]


def bots_note(seats: Iterable[int]) -> str:
    """The save's note of the bot seats: "2,3" ("" for none)."""
    return ",".join(str(s) for s in sorted(set(seats)))


def read_bots_note(note: object, players: int) -> frozenset[int]:
    """The bot seats a save notes (a missing or hand-edited note: the seats it names that exist)."""
    if not isinstance(note, str):
        return frozenset()
    seats = {int(part) for part in note.split(",") if part.strip().isdigit()}
    return frozenset(s for s in seats if 0 <= s < players)


def practice_game(players: int, bots: Iterable[int]) -> bool:
    """One human and bots: a practice game."""
    return players - len(set(bots)) == 1


def seat_ranges(seats: Iterable[int]) -> str:
    """Seats as the table numbers them (from 1), runs joined: {1, 2, 3, 5} → "2–4, 6"."""
    runs: list[list[int]] = []
    for seat in sorted(set(seats)):
        if runs and seat == runs[-1][-1] + 1:
            runs[-1].append(seat)
        else:
            runs.append([seat])
    return ", ".join(f"{r[0] + 1}–{r[-1] + 1}" if len(r) > 2 else ", ".join(str(s + 1) for s in r) for r in runs)


def bots_line(players: int, bots: Iterable[int], say: AppWords) -> str:
    """The set-up's line under the names: the bot seats (a practice game when one human is left); none
    without bots (how to make one is the names field's tooltip and the F1 help: a line here pushed the
    form's Start button off an 80x24 screen under a preset's long notes)."""
    bots = set(bots)
    if not bots:
        return ""
    return str(say("setup_bots_practice" if practice_game(players, bots) else "setup_bots_seats",
                   seats=seat_ranges(bots), count=len(bots)))


def toggle_at(text: str, cursor: int, lang: str = "en") -> tuple[str, int]:
    """The names field ``text`` with the bot flag of the name under ``cursor`` switched
    (``toggle_entry``), and the cursor at the end of that name."""
    parts = _SEPARATOR.split(text)
    seps = _SEPARATOR.findall(text)
    at, index = 0, len(parts) - 1
    for i, part in enumerate(parts):
        if cursor <= at + len(part):
            index = i
            break
        at += len(part) + 1
    others = [p.strip() for i, p in enumerate(parts) if i != index and p.strip()]
    new = toggle_entry(parts[index], lang, others)
    lead = " " if index and (parts[index][:1].isspace() or not parts[index].strip()) else ""
    parts[index] = lead + new
    out = parts[0] + "".join(sep + part for sep, part in zip(seps, parts[1:]))
    end = sum(len(p) + 1 for p in parts[:index]) + len(parts[index])
    return out, end

