"""Widgets of the hot-seat app: the table picture, the countdown, the deck and vote rows."""
