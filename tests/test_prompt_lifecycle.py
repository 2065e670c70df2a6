"""The private prompt's shared lifecycle (``screens/common/prompt.py``): one decision for both families
whether a prompt stays open after an answer, and one base screen both prompt screens build on."""

from onenight_tui.screens.classic.prompt import ClassicPromptScreen
from onenight_tui.screens.common.prompt import BasePromptScreen, PromptScreen, stays_open


def test_the_same_seat_answering_again_in_the_same_step_keeps_the_prompt_open():
    assert stays_open(2, "seer", 2, "seer")


def test_another_seat_another_step_or_nothing_pending_closes_the_prompt():
    assert not stays_open(2, "seer", 3, "seer")  # the laptop goes on to someone else
    assert not stays_open(2, "seer", 2, "robber")  # the same seat, but a later step
    assert not stays_open(2, "seer", None, None)  # nothing pending
    assert not stays_open(2, None, 2, "seer")  # the screen never had a prompt


def test_both_families_prompts_share_one_base_screen():
    for screen in (PromptScreen, ClassicPromptScreen):
        assert issubclass(screen, BasePromptScreen)
        for shared in ("show_time", "start_clock", "list_answers", "action_hide", "time_up"):
            assert getattr(screen, shared) is getattr(BasePromptScreen, shared)
