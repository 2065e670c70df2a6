"""The mypy settings keep the whole engine strict (issue 9), and the TUI too (issue 24): every module of
``onenight_core`` and ``onenight_tui`` gets each flag of mypy's ``--strict``, and no override relaxes one of
them or skips a module. ``.ci/run`` runs mypy itself; this test fails as soon as someone adds an exception
list back to pyproject.toml."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# mypy's --strict, flag by flag (mypy --help), as pyproject.toml spells them per module.
STRICT = {
    "disallow_any_generics": True, "disallow_subclassing_any": True, "disallow_untyped_calls": True,
    "disallow_untyped_defs": True, "disallow_incomplete_defs": True, "check_untyped_defs": True,
    "disallow_untyped_decorators": True, "warn_unused_ignores": True, "warn_return_any": True,
    "implicit_reexport": False, "strict_equality": True, "extra_checks": True,
}


def mypy_config() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]


def core_modules(package: str = "onenight_core") -> list[str]:
    src = ROOT / "src"
    names = []
    for path in sorted((src / package).rglob("*.py")):
        parts = path.relative_to(src).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def matches(module: str, pattern: str) -> bool:
    if pattern.endswith(".*"):
        return module == pattern[:-2] or module.startswith(pattern[:-1])
    return fnmatch.fnmatchcase(module, pattern)


def test_mypy_checks_the_whole_engine():
    assert "src/onenight_core" in mypy_config()["files"]


def test_mypy_checks_the_whole_tui_too():
    assert "src/onenight_tui" in mypy_config()["files"]


def test_every_engine_and_tui_module_gets_every_strict_flag_and_no_override_relaxes_one():
    overrides = mypy_config().get("overrides", [])
    modules = core_modules() + core_modules("onenight_tui")
    assert len(modules) > 150
    for module in modules:
        applied: dict[str, object] = {}
        for override in overrides:
            patterns = override["module"] if isinstance(override["module"], list) else [override["module"]]
            if any(matches(module, p) for p in patterns):
                assert not override.get("ignore_errors"), f"{module} is not type-checked"
                applied.update({k: v for k, v in override.items() if k != "module"})
        relaxed = {flag: applied.get(flag) for flag, want in STRICT.items() if applied.get(flag) != want}
        assert not relaxed, f"{module} is not strict: {relaxed}"


def test_strict_is_not_set_inside_an_override():
    # `strict` is one of mypy's global-only options: inside an override it does not stay with the module
    # named but turns strict on for every module checked (found with mypy 2.4), so the flags are listed.
    for override in mypy_config().get("overrides", []):
        assert "strict" not in override
