"""The app's screens, one per module. Public screens render only the public view; private screens are
modal, render one seat's view, and clear themselves when they close."""
