"""What the app remembers between games: the players' names, the deck, the timers and preferences.

Settings and the interrupted game live where each platform keeps such files (``platformdirs``):
``settings.toml`` in the user config folder (``~/.config/onenight`` on Linux, ``~/Library/Application
Support/onenight`` on macOS, ``%LOCALAPPDATA%\\onenight`` on Windows) and ``game.json`` in the user state
folder (``~/.local/state/onenight`` on Linux; the settings' folder elsewhere). A missing file means
defaults; a file that cannot be used (not TOML, not UTF-8, too large, nested too deep, not a regular
file) means defaults plus a notice on screen, never a crash. Unknown or
out-of-range values are dropped one by one with a notice naming them, so one bad line costs only that
line; before the app writes over a file it could not fully use, the file is kept beside it as
``settings.toml.bad``, so nothing a player wrote is lost."""

from __future__ import annotations

import dataclasses
import math
import os
from pathlib import Path
from typing import Any, Callable, Mapping

from onenight_core.languages import FALLBACK, LANGUAGE_INFO, LANGUAGES
from onenight_core.ruleset_ids import DEFAULT_RULESET

# onenight_core.file_io is imported inside the functions: importing the engine package costs ~50 ms,
# and the set-up screen paints before the engine is needed (docs/design.md, "Speed budgets").

APP_NAME = "onenight"
MAX_SETTINGS_BYTES = 256 * 1024
MAX_PLAYERS = 20
MAX_NAME = 40  # characters of one player's name
VOTE_MODES = ("public", "private")
THEMES = ("textual-dark", "textual-light")
LANGS = LANGUAGES  # the one list (onenight_core/languages.py)
DAY_CHOICES = (60, 120, 180, 240, 300, 360, 420, 480, 600)
ACTION_CHOICES = (10, 15, 20, 25, 30, 45, 60)  # 15–30 s: take the laptop, read, choose, put it back


@dataclasses.dataclass(frozen=True)
class Settings:
    """The remembered choices. ``action_seconds`` is how long every night step lasts, acted or not.

    A plain dataclass, not attrs: it is read before the first screen, and the cold start counts."""

    players: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()
    day_seconds: int = 300
    action_seconds: float = 20
    vote_mode: str = "public"
    speech: bool = True
    theme: str = "textual-dark"
    lang: str = "en"
    ruleset: str = DEFAULT_RULESET
    # The night's sound (speech.py, ambience.py): speaking speed in words per minute, volume in percent,
    # the background sound ("none" is off) and a tick in the last seconds of each night step.
    voice_rate: int = 160
    volume: int = 100
    sound: str = "none"
    night_tick: bool = False
    # Each ruleset's options as last chosen (screens/setup/rules_options.py): ((ruleset, ((name, value), ...)), ...)
    rule_options: tuple[tuple[str, tuple[tuple[str, Any], ...]], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", tuple(self.players))
        object.__setattr__(self, "deck", tuple(self.deck))

    def replace(self, **changes: Any) -> "Settings":
        return dataclasses.replace(self, **changes)

    def options_for(self, ruleset: str) -> tuple[tuple[str, Any], ...]:
        """The options last chosen for ``ruleset`` (empty: its defaults)."""
        return dict(self.rule_options).get(ruleset, ())

    def with_options(self, ruleset: str, options: tuple[tuple[str, Any], ...]) -> "Settings":
        kept = dict(self.rule_options)
        kept[ruleset] = tuple(options)
        return self.replace(rule_options=tuple(sorted(kept.items())))


def config_dir() -> Path:
    """The platform's folder for this user's settings (platformdirs; XDG on Linux)."""
    import platformdirs  # a few milliseconds, only when a path is asked for

    return platformdirs.user_config_path(APP_NAME, appauthor=False)


def state_dir() -> Path:
    """The platform's folder for this user's state: the interrupted game, a crash report."""
    import platformdirs

    return platformdirs.user_state_path(APP_NAME, appauthor=False)


def collections_dir() -> Path:
    """The platform's folder for this user's data (platformdirs; XDG on Linux), ``collections`` in it:
    the card collections (``collection_store``, which is imported when one is first opened)."""
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False) / "collections"


def settings_path() -> Path:
    return config_dir() / "settings.toml"


def save_path() -> Path:
    return state_dir() / "game.json"


def from_mapping(data: Mapping[str, Any]) -> Settings:
    """Settings from parsed TOML, keeping each valid value and dropping the rest."""
    return read_mapping(data)[0]


def read_mapping(data: Mapping[str, Any]) -> tuple[Settings, tuple[str, ...]]:
    """Settings from parsed TOML and the keys whose values were dropped (wrong type, out of range,
    unknown key), in file order."""
    values: dict[str, Any] = {}
    names = data.get("players")
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        cleaned = [_clean_name(n) for n in names]
        if all(cleaned) and len(set(cleaned)) == len(cleaned) and len(cleaned) <= MAX_PLAYERS:
            values["players"] = tuple(cleaned)
    deck = data.get("deck")
    if isinstance(deck, list) and all(isinstance(r, str) and r.isascii() and r.isidentifier() for r in deck) \
            and len(deck) <= 40:
        values["deck"] = tuple(deck)
    day = data.get("day_seconds")
    if isinstance(day, int) and not isinstance(day, bool) and 10 <= day <= 3600:
        values["day_seconds"] = day
    action = data.get("action_seconds")
    if isinstance(action, (int, float)) and not isinstance(action, bool) and math.isfinite(action) \
            and 0 <= action <= 300:
        values["action_seconds"] = action
    rulesets = _rulesets_for(data)
    for key, allowed in (("vote_mode", VOTE_MODES), ("theme", THEMES), ("lang", LANGS),
                         ("ruleset", tuple(rulesets))):
        if isinstance(data.get(key), str) and data[key] in allowed:
            values[key] = data[key]
    if isinstance(data.get("speech"), bool):
        values["speech"] = data["speech"]
    for key, low, high in (("voice_rate", 80, 450), ("volume", 0, 100)):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            values[key] = value
    if isinstance(data.get("sound"), str) and data["sound"] in ("none", "wind", "crickets"):
        values["sound"] = data["sound"]
    if isinstance(data.get("night_tick"), bool):
        values["night_tick"] = data["night_tick"]
    dropped_options: tuple[str, ...] = ()
    if isinstance(data.get("rule_options"), Mapping):
        values["rule_options"], dropped_options = _rule_options(data["rule_options"], rulesets)
    known = {f.name for f in dataclasses.fields(Settings)}
    dropped = tuple(str(k) for k in data if k not in values or k not in known) + dropped_options
    return Settings(**values), dropped


def _rulesets_for(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The rulesets to check ``data``'s ``ruleset`` and ``rule_options`` against: the registry (the one
    list of rulesets, with their options), read only when the file names another ruleset than the
    default one or remembers options. Importing it loads the engine (~40 ms), and a plain start reads
    the settings before its first frame (docs/tui.md, "Start-up time"); the default ruleset is always
    in the registry (tests/test_settings_start.py)."""
    ruleset, options = data.get("ruleset"), data.get("rule_options")
    if (ruleset is None or ruleset == Settings.ruleset) and not (isinstance(options, Mapping) and options):
        return {Settings.ruleset: None}
    from onenight_core.rulesets import RULESETS  # the one list of rulesets

    return RULESETS


def _clean_name(name: str) -> str:
    """A remembered name as the set-up screen takes it: one plain line (no escapes or control
    characters, plain_text.one_line), trimmed, not too long."""
    from .plain_text import one_line

    text = one_line(name)
    return text if len(text) <= MAX_NAME else ""


def _rule_options(data: Mapping[str, Any], rulesets: Mapping[str, Any]
                  ) -> tuple[tuple[tuple[str, tuple[tuple[str, Any], ...]], ...], tuple[str, ...]]:
    """``[rule_options.<ruleset>]`` tables, keeping each value its ruleset's schema accepts, and the
    dotted names of the values dropped (``rule_options.onuw.no_such_option``)."""
    out, dropped = [], []
    for ruleset, given in data.items():
        if ruleset not in rulesets or not isinstance(given, Mapping):
            dropped.append(f"rule_options.{ruleset}")
            continue
        kept = []
        for name, value in given.items():
            try:
                kept.append((name, rulesets[ruleset].options.spec(name).check(value)))
            except ValueError:  # an option the ruleset no longer has, or a value it refuses: that line only
                dropped.append(f"rule_options.{ruleset}.{name}")
        out.append((ruleset, tuple(sorted(kept))))
    return tuple(sorted(out)), tuple(dropped)


class Notice(str):
    """A notice for the table: its English text (what logs and tests read, so it stays a ``str``) and
    the same as a catalog message, ``msg_id`` with named parameters, which the app words in its own
    language (``worded``); a parameter may be a notice in turn (the reason a file was refused)."""

    msg_id: str
    params: dict[str, Any]

    def __new__(cls, english: str, msg_id: str, **params: Any) -> Notice:
        notice = super().__new__(cls, english)
        notice.msg_id, notice.params = msg_id, params
        return notice

    def worded(self, words: Callable[..., str]) -> str:
        """The notice in the language of ``words`` (the app's ``AppWords``)."""
        return words(self.msg_id, **{k: v.worded(words) if isinstance(v, Notice) else v
                                     for k, v in self.params.items()})


def said_notice(notice: str, words: Callable[..., str]) -> str:
    """Any notice in the language of ``words``: a ``Notice`` worded, a plain string as it is."""
    return notice.worded(words) if isinstance(notice, Notice) else notice


def reason_notice(exc: BaseException) -> Notice:
    """Why a file could not be read or written, as a notice: a file_io ``UnreadableFile`` reason, an
    operating system's refusal (no permission, disk full…), or, for anything else, its text as it is."""
    from onenight_core.file_io import UnreadableFile, os_reason

    if isinstance(exc, OSError):
        exc = os_reason(exc)
    if isinstance(exc, UnreadableFile):
        return Notice(short_line(str(exc)), exc.reason_id, **exc.params)
    return Notice(short_line(str(exc)), "file_reason_other", text=short_line(str(exc)))


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The language of the user's locale when it is one of ours (``ko_KR.UTF-8`` → ``ko``), else English,
    chosen as gettext (git, ls) chooses: the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set
    names the locale; ``C``/``POSIX`` or none is English; otherwise GNU's ``LANGUAGE`` list, when set,
    picks the first of its languages that is ours (``LANGUAGE=de:fr`` → ``fr``; none of ours → English).
    Where none is set on Windows, the locale module's guess (``Korean_Korea`` → ``ko``)."""
    import os
    import sys

    env = os.environ if environ is None else environ
    name = next((env[k] for k in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(k)), None)
    if name is None and environ is None and sys.platform == "win32":
        import locale

        name = locale.getlocale()[0]
    code = _language_code(name or "")
    if code in ("", "c", "posix"):
        return FALLBACK
    listed = [_language_code(entry) for entry in env.get("LANGUAGE", "").split(":") if entry]
    if listed:
        return next((entry for entry in listed if entry in LANGS), FALLBACK)
    return code if code in LANGS else FALLBACK


def _language_code(name: str) -> str:
    """``ko_KR.UTF-8`` → ``ko``, ``zh-Hans`` → ``zh``, Windows' ``Korean_Korea`` → ``ko``."""
    code = name.replace("-", "_").split("_")[0].split(".")[0].split("@")[0].lower()
    return next((lang.id for lang in LANGUAGE_INFO if lang.english.lower() == code), code)


def load_settings(path: str | Path | None = None, *, lang: str = "en") -> tuple[Settings, str | None]:
    """The remembered settings and, when the file could not be fully used, a one-line notice naming
    the file (and the keys that were dropped). Never raises. ``lang`` is the language when the file
    names none (the game passes ``system_language()``: a first start speaks the user's language)."""
    from onenight_core.file_io import UnreadableFile, decode_utf8, parse_toml, read_bytes

    path = Path(path) if path is not None else settings_path()
    default = Settings(lang=lang)
    try:
        raw = read_bytes(path, MAX_SETTINGS_BYTES)
    except UnreadableFile as exc:
        if exc.missing:
            return default, None
        return default, Notice(f"Could not read the settings in {path} ({exc}); using the defaults.",
                               "settings_unreadable", path=str(path), reason=reason_notice(exc))
    try:
        data = _parsed(raw, lambda: parse_toml(decode_utf8(raw)))
    except UnreadableFile as exc:
        keep_bad_copy(path, raw)
        return default, Notice(f"Could not read the settings in {path} ({short_line(str(exc))}); using the defaults.",
                               "settings_unreadable", path=str(path), reason=reason_notice(exc))
    settings, dropped = read_mapping(data)
    if settings.lang == "en" and data.get("lang") != "en":
        settings = settings.replace(lang=lang)  # the file chose no (usable) language
    if not dropped:
        return settings, None
    keep_bad_copy(path, raw)
    keys = ", ".join(short_line(k, 20) for k in dropped[:5]) + (", ..." if len(dropped) > 5 else "")
    return settings, Notice(f"Some settings in {path} were not usable and use their defaults: {keys}.",
                            "settings_dropped", path=str(path), keys=keys)


#: The settings file's last parses, kept in the user's cache folder (``onenight_core.catalog.cache``):
#: parsing TOML at start-up imports ``tomllib``, whose patterns are compiled at import (~2 ms of the
#: set-up's start; docs/tui.md, "Start-up time"). A parse is keyed by the file's very bytes, so it is
#: reused only for the same text; the file holds the last one written, by ``store_settings`` (the next
#: start reads what it wrote) or after a start that parsed (``keep_parse``).
PARSE_CACHE = "settings.pickle"
_unkept: tuple[bytes, dict[str, Any]] | None = None  # a parse made at start, not kept yet


def _parse_key(raw: bytes) -> bytes:
    return b"settings-toml 1\0" + raw


def _parsed(raw: bytes, parse: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The settings file's TOML (``raw``): its parse kept from a run before, else ``parse()`` (which may
    raise UnreadableFile), to be kept by ``keep_parse``."""
    global _unkept
    from onenight_core.catalog.cache import cache_file, read_cached

    key = _parse_key(raw)
    data = read_cached(cache_file(PARSE_CACHE), key, dict)
    if data is None:
        data = parse()
        _unkept = (key, data)
    return data


def keep_parse() -> None:
    """Keep the settings' parse made at this start for the next one (best effort; the set-up calls it
    once its screen is complete)."""
    global _unkept
    if _unkept is None:
        return
    from onenight_core.catalog.cache import cache_file, write_cached

    key, data = _unkept
    _unkept = None
    write_cached(cache_file(PARSE_CACHE), key, data)


def keep_bad_copy(path: Path, raw: bytes) -> bool:
    """Keep what the player wrote beside the file, as ``<name>.bad``, before the app ever writes over it
    (best effort: says whether it was kept). Shared by the settings and the collection store."""
    from onenight_core.file_io import write_atomic

    try:
        write_atomic(path.with_name(path.name + ".bad"), raw)
    except OSError:
        return False
    return True


def short_line(text: str, limit: int = 120) -> str:
    """``text`` on one printable line, cut to ``limit`` characters: a reason fit for a notice."""
    text = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def store_settings(settings: Settings, path: str | Path | None = None) -> str | None:
    """Write the settings atomically (fsynced, owner-only, no temporary file left on failure); returns a
    notice instead of raising when the disk refuses."""
    import tomli_w  # only when saving: keeps it off the cold start
    from onenight_core.file_io import write_atomic

    path = Path(path) if path is not None else settings_path()
    if path.is_symlink():  # a dotfiles link: write the file it points to, keep the link
        path = Path(os.path.realpath(path))
    data = dataclasses.asdict(settings)
    data["players"], data["deck"] = list(settings.players), list(settings.deck)
    data["rule_options"] = {ruleset: dict(values) for ruleset, values in settings.rule_options}
    try:
        text = tomli_w.dumps(data)
        write_atomic(path, text.encode("utf-8"))
    except (OSError, ValueError, TypeError) as exc:
        return Notice(f"Could not save the settings in {path} ({getattr(exc, 'strerror', None) or exc}).",
                      "settings_not_saved", path=str(path), reason=reason_notice(exc))
    _keep_written(text)
    return None


def _keep_written(text: str) -> None:
    """Keep the parse of the settings just written, so that the next start does not parse them."""
    global _unkept
    from onenight_core.file_io import UnreadableFile, parse_toml

    try:
        _unkept = (_parse_key(text.encode("utf-8")), parse_toml(text))
    except UnreadableFile:  # (never: tomli_w writes TOML) no parse to keep
        return
    keep_parse()
