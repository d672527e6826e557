"""The pure rules engine. Importing the package registers every action handler."""

from rules import (  # noqa: F401  (they register themselves)
    attack_rolls,
    board_handlers,
    clash_handlers,
    deck_handlers,
    delve_handlers,
    knight_handlers,
    roll_handlers,
    table_dice,
)
