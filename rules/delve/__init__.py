"""The Delve Phase: the Kingdom track, the Kingdom map, Clues (docs/delve.md).

Modules: ``state`` (the campaign's ``delve`` field), ``track`` (Threat, Curse, Time and the losses
they cause), ``kingdom_map`` (tiles placed, revealed, explored; legal travel; disjointed sections),
``clues`` (Clue types by direction). The engine handlers are in ``rules/delve/handlers.py``.
"""
