"""The night step's clock both night screens time their steps with (``widgets.countdown.StepClock``):
plain values on a given ``now``, no app."""

from __future__ import annotations

from onenight_tui.widgets.countdown import StepClock


def test_time_goes_by_ticks_and_stands_still_while_paused():
    c = StepClock()
    c.restart(100.0)
    c.tick(104.0)
    assert (c.left(20), c.progress(20), c.is_up(20)) == (16.0, 4.0, False)
    c.toggle_pause(105.0)
    c.tick(150.0)  # paused: no time passes for the step
    assert c.left(20) == 16.0 and c.paused
    c.toggle_pause(160.0)  # going on from now: the pause never counts
    c.tick(170.0)
    assert c.left(20) == 6.0 and not c.paused


def test_the_step_runs_out_never_while_paused_and_never_below_zero():
    c = StepClock()
    c.restart(0.0)
    c.tick(25.0)
    assert c.is_up(20) and c.left(20) == 0.0 and c.progress(20) == 20
    c.toggle_pause(25.0)
    assert not c.is_up(20)  # a paused step waits, even with its time gone
    c.restart(30.0)
    assert c.left(20) == 20 and not c.is_up(20)
    c.run_out(20)  # (tests' fast_forward)
    assert c.left(20) == 0.0


def test_a_resumed_step_goes_on_with_the_time_it_had():
    c = StepClock()
    c.restart(0.0)
    c.resume_with(30.0, 18.0)
    assert c.left(30.0) == 18.0
    c.resume_with(30.0, -5.0)  # a hand-edited save: nothing left, never less
    assert c.left(30.0) == 0.0
    c.resume_with(30.0, 50.0)  # ... at most the whole step
    assert c.left(30.0) == 30.0
