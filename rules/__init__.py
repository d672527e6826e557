"""The pure rules engine. Importing the package registers every action handler."""

from rules import board_handlers, deck_handlers, roll_handlers  # noqa: F401  (they register themselves)
