"""The pygame-ce app: the only package that opens a window."""
import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the banner is noise in our output
