"""Knights: the Knight Sheet, the Knight Board, Gear and the Knight Statistics (rulebook "Knights" to
"Knight Progression", "Bane", "Conditions", "Modifier Tokens", "Vices", "Rapport", "Saints").

One small module per rulebook section: ``state`` (the pydantic models), ``statistics``, ``sheet``,
``board``, ``techniques``, ``loadout``, ``expedition``, ``view``; ``actions`` are the engine actions,
handled in ``rules.knights.handlers``.
"""

from rules.knights import coverage as _coverage  # noqa: F401,E402  (registers its entries)
