"""The pure rules engine. Importing the package registers every action handler."""

# ruff: noqa: I001  (not sorted: the handler modules register themselves, and their observers run, in this order)
from content.collector import collector_paused

with collector_paused(freeze=True):  # some 1,300 models declared, kept for good (content/collector.py)
    from rules import attack_rolls  # noqa: F401
    from rules.board import handlers as board_handlers  # noqa: F401
    from rules.campaign import handlers as campaign_handlers  # noqa: F401
    from rules.clash import handlers as clash_handlers  # noqa: F401
    from rules.clash import round_handlers as clash_round_handlers  # noqa: F401
    from rules.decks import handlers as deck_handlers  # noqa: F401
    from rules.delve import handlers as delve_handlers  # noqa: F401
    from rules.delve import encounter_handlers  # noqa: F401
    from rules.expedition import handlers as expedition_handlers  # noqa: F401
    from rules.delve import fog_handlers  # noqa: F401
    from rules.delve import rest_handlers  # noqa: F401
    from rules.knights import handlers as knight_handlers  # noqa: F401
    from rules.expedition import outpost_handlers  # noqa: F401
    from rules.postgame import handlers as postgame_handlers  # noqa: F401
    from rules.rogue import handlers as rogue_handlers  # noqa: F401
    from rules.rolls import handlers as roll_handlers  # noqa: F401
    from rules.expedition import spoils_handlers  # noqa: F401  (after expedition's: its observer begins the Spoils Phase)
    from rules.squires import handlers as squire_handlers  # noqa: F401
    from rules import table_dice  # noqa: F401
    from rules import waiting  # noqa: F401  (last: the one waiting model reads every kind of question)
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
    from rules.squires import defence as squire_defence  # noqa: F401  (what the Clash asks of the Squires)
    from rules.squires import gear as squire_gear  # noqa: F401  (a lent weapon, /squire remove, the policy)
    from rules.squires import investigation as squire_investigation  # noqa: F401  (Squire Investigations)
    from rules.squires import unlock as squire_unlock  # noqa: F401  (unlocking Mettle cards)
