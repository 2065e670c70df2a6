"""A classic narration in words, as the narrator app and ``narrate --export`` read it: the one narration
interface (``text.script.narration_words`` over ``narration_for``) for the ``classic`` ruleset. (The app
itself never names the ruleset: the command line gives it.)"""

from __future__ import annotations

from collections.abc import Mapping

from onenight_core.engine.narration import Narration, Timing
from onenight_tui.text.classic_script import format_nights
from onenight_tui.text.script import narration_words


def classic_narration(deck: tuple[str, ...], lang: str, nights: int = 1,
                      options: Mapping[str, object] | None = None) -> Narration:
    return narration_words("classic", deck, lang, nights=nights, options=options)


def format_classic_script(deck: tuple[str, ...], lang: str, timing: Timing, nights: int,
                          options: Mapping[str, object] | None = None) -> str:
    """Nights 1..``nights`` as ``narrate --print`` prints them."""
    return format_nights(classic_narration(deck, lang, nights, options), timing)
