"""The facts of the keywords the bot does not resolve where they are met (rules/keywords/registry.shown); their words:
bot/narration/keywords.py."""

from typing import Literal

from rules.facts import Fact, fact


@fact
class KeywordByHand(Fact):
    """The keyword ``label`` (of ``source``, when given) met in the context ``context``: a Kingdom keyword not in the
    Keyword List (``kingdom``), one the player may use now with ``command`` (``may_use``), or one the bot does not
    apply there (``by_hand``: its rulebook ``text`` and the ``command`` to apply it by hand)."""

    fact: Literal["keyword_by_hand"] = "keyword_by_hand"
    label: str
    source: str = ""
    context: str
    how: Literal["kingdom", "may_use", "by_hand"]
    command: str
    text: str = ""
