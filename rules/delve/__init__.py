"""The Delve Phase: the Kingdom track, the Kingdom map, Clues (docs/delve.md).

Modules: ``state`` (the campaign's ``delve`` field), ``track`` (Threat, Curse, Time and the losses
they cause), ``kingdom_map`` (tiles placed, revealed, explored; legal travel; disjointed sections),
``clues`` (Clue types by direction). The actions are ``actions``; their handlers ``handlers`` (the Delve),
``fog_handlers`` (the Deep Fog), ``rest_handlers`` (the Rest), ``encounter_handlers``, built on ``results`` (every
action's reply, the Travel step) and ``tile_step`` (the Kingdom Tile step).
"""
