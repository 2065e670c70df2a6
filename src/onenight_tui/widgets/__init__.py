"""Widgets of the hot-seat app: the table picture, the countdown, the deck and vote rows, the set-up's pickers
and the key bar."""
