"""What the app remembers between games: the players' names, the deck, the timers and preferences.

Settings live in ``$XDG_CONFIG_HOME/onenight/settings.toml`` (``~/.config/onenight`` without it); the
interrupted game lives in ``$XDG_STATE_HOME/onenight/game.json`` (``~/.local/state/onenight``). A
missing file means defaults; a corrupt one means defaults plus a notice the app shows on screen, never a
crash. Unknown or out-of-range values are dropped one by one, so one bad line costs only that line."""

from __future__ import annotations

import dataclasses
import os
import tempfile
import tomllib
from pathlib import Path
from typing import Any, Mapping

VOTE_MODES = ("public", "private")
THEMES = ("textual-dark", "textual-light")
LANGS = ("en", "ko", "zh", "fr")
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
    ruleset: str = "onuw"
    # The night's sound (speech.py, ambience.py): speaking speed in words per minute, volume in percent,
    # the background sound ("none" is off) and a tick in the last seconds of each night step.
    voice_rate: int = 160
    volume: int = 100
    sound: str = "none"
    night_tick: bool = False
    # Each ruleset's options as last chosen (screens/rules_options.py): ((ruleset, ((name, value), ...)), ...)
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


def config_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "onenight"


def state_dir(env: Mapping[str, str] | None = None) -> Path:
    env = os.environ if env is None else env
    base = env.get("XDG_STATE_HOME") or str(Path.home() / ".local" / "state")
    return Path(base) / "onenight"


def settings_path(env: Mapping[str, str] | None = None) -> Path:
    return config_dir(env) / "settings.toml"


def save_path(env: Mapping[str, str] | None = None) -> Path:
    return state_dir(env) / "game.json"


def from_mapping(data: Mapping[str, Any]) -> Settings:
    """Settings from parsed TOML, keeping each valid value and dropping the rest."""
    values: dict[str, Any] = {}
    names = data.get("players")
    if isinstance(names, list) and all(isinstance(n, str) and n.strip() for n in names) \
            and len(set(names)) == len(names) and len(names) <= 20:
        values["players"] = tuple(n.strip() for n in names)
    deck = data.get("deck")
    if isinstance(deck, list) and all(isinstance(r, str) for r in deck) and len(deck) <= 40:
        values["deck"] = tuple(deck)
    day = data.get("day_seconds")
    if isinstance(day, int) and not isinstance(day, bool) and 10 <= day <= 3600:
        values["day_seconds"] = day
    action = data.get("action_seconds")
    if isinstance(action, (int, float)) and not isinstance(action, bool) and 0 <= action <= 300:
        values["action_seconds"] = action
    from onenight_core.rulesets import RULESETS  # noqa: PLC0415 — the one list of rulesets

    for key, allowed in (("vote_mode", VOTE_MODES), ("theme", THEMES), ("lang", LANGS),
                         ("ruleset", tuple(RULESETS))):
        if data.get(key) in allowed:
            values[key] = data[key]
    if isinstance(data.get("speech"), bool):
        values["speech"] = data["speech"]
    for key, low, high in (("voice_rate", 80, 450), ("volume", 0, 100)):
        value = data.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
            values[key] = value
    if data.get("sound") in ("none", "wind", "crickets"):
        values["sound"] = data["sound"]
    if isinstance(data.get("night_tick"), bool):
        values["night_tick"] = data["night_tick"]
    values["rule_options"] = _rule_options(data.get("rule_options"), RULESETS)
    return Settings(**values)


def _rule_options(data: Any, rulesets: Mapping[str, Any]) -> tuple:
    """``[rule_options.<ruleset>]`` tables, keeping each value its ruleset's schema accepts."""
    if not isinstance(data, Mapping):
        return ()
    out = []
    for ruleset, given in data.items():
        if ruleset not in rulesets or not isinstance(given, Mapping):
            continue
        kept = []
        for name, value in given.items():
            try:
                kept.append((name, rulesets[ruleset].options.spec(name).check(value)))
            except ValueError:
                continue  # an option the ruleset no longer has, or a value it refuses: that line only
        out.append((ruleset, tuple(sorted(kept))))
    return tuple(sorted(out))


def load_settings(path: str | Path | None = None) -> tuple[Settings, str | None]:
    """The remembered settings and, when the file could not be used, a one-line notice for the screen."""
    path = Path(path) if path is not None else settings_path()
    try:
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        return Settings(), None
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        return Settings(), f"Could not read the settings in {path} ({exc}); using the defaults."
    return from_mapping(data), None


def store_settings(settings: Settings, path: str | Path | None = None) -> str | None:
    """Write the settings atomically; returns a notice instead of raising when the disk refuses."""
    import tomli_w  # only when saving: keeps it off the cold start

    path = Path(path) if path is not None else settings_path()
    data = dataclasses.asdict(settings)
    data["players"], data["deck"] = list(settings.players), list(settings.deck)
    data["rule_options"] = {ruleset: dict(values) for ruleset, values in settings.rule_options}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=".settings.", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as fh:
            tomli_w.dump(data, fh)
        os.replace(tmp, path)
    except OSError as exc:
        return f"Could not save the settings in {path} ({exc.strerror or exc})."
    return None
