"""The app's screens, one per module. Public screens render only the public view; private screens are
modal, render one seat's view, and clear themselves when they close."""

# The smallest terminal the game is laid out for; the app checks it on every resize (here, not in
# too_small.py, so that the app's start does not import that screen).
MIN_WIDTH, MIN_HEIGHT = 80, 24
