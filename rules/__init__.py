"""The pure rules engine. Importing the package registers every action handler."""

from rules import (  # noqa: F401  (they register themselves)
    attack_rolls,
    board_handlers,
    campaign_handlers,
    clash_handlers,
    clash_round_handlers,
    deck_handlers,
    delve_handlers,
    encounter_handlers,
    expedition_handlers,
    fog_handlers,
    knight_handlers,
    outpost_handlers,
    postgame_handlers,
    rogue_handlers,
    roll_handlers,
    spoils_handlers,  # after expedition_handlers: its observer begins the Spoils Phase the phases entered
    squire_handlers,
    table_dice,
    waiting,  # last: the one waiting model reads every kind of question
)
from rules.campaign import edition  # noqa: F401  (/campaign edition registers itself)
from rules.clash import (
    armor_piercing,  # noqa: F401  (/clash armor registers itself)
    deploy,  # noqa: F401  (Deploy X's decision at Clash Setup registers itself)
    knight_attack,  # noqa: F401  (the Knight attack sequence registers itself)
    modifiers,  # noqa: F401  (/clash modifier registers itself)
    pieces,  # noqa: F401  (the Knights' miniatures carry their Loadout's board keywords: an observer)
    sigh,  # noqa: F401  (the Sigh of the Graal registers itself)
)
from rules.delve import (
    adventures,  # noqa: F401  (Kingdom Adventures: /delve adventure registers itself)
    contracts,  # noqa: F401  (a Contract's plan followed through the Delve, /delve contract)
)
from rules.knights import keyword_actions  # noqa: F401  (/keyword apply, /keyword tokens register themselves)
from rules.modes import settings, true_solo  # noqa: F401  (/campaign mode, /solo investigation register themselves)
from rules.squires import clash as squire_clash  # noqa: F401  (Squires in the Clash register themselves)
from rules.squires import gear as squire_gear  # noqa: F401  (a lent weapon, /squire remove, the policy)
from rules.squires import investigation as squire_investigation  # noqa: F401  (Squire Investigations)
from rules.squires import unlock as squire_unlock  # noqa: F401  (unlocking Mettle cards)
