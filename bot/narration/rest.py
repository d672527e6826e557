"""The words of the Rest Phase's steps (rules/delve/rest_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders
from rules.delve.rest_facts import (
    CampfireBonus,
    CampfireTale,
    CampfireTaleRead,
    RestAbilities,
    RestResourcesDiscarded,
    RestTechniqueListed,
)

ABILITIES = {
    "none": "1. Rest Abilities: no Technique with the Rest keyword on the Knight Boards.",
    "listed": "1. Rest Abilities — Knights may play their Technique cards with the Rest keyword "
              "(`/knight technique action:delve technique:<name> knight:<Knight>`):",
    "done": "1. Rest Abilities: done.",
    "waits": "⏸️ The Rest waits: play the Rest Techniques now, then `/rest` again for the other steps "
             "(Resource tokens, Rotation 2, the Campfire Tale).",
}


@renders(RestAbilities)
def _abilities(f: RestAbilities) -> str:
    return ABILITIES[f.step]


@renders(RestTechniqueListed)
def _technique(f: RestTechniqueListed) -> str:
    where = "in hand" if f.playable else f"in {f.zone}: not playable now"
    return f"   • {name(f.knight)}: **{f.name}** (`{f.technique}`, {where}) — {f.text}"


@renders(RestResourcesDiscarded)
def _resources(f: RestResourcesDiscarded) -> str:
    if not f.knights:
        return "2. Resource tokens: none to discard."
    shown = "; ".join(f"{name(d.knight)}: " + ", ".join(f"{n} {token.replace('_', ' ')}" for token, n in d.tokens)
                      for d in f.knights)
    return f"2. Resource tokens discarded — {shown}."


@renders(CampfireTale)
def _campfire(f: CampfireTale) -> str:
    if not f.told:
        return "🔥 Campfire Tales: the party tells none this time."
    if f.kingdom:
        return f"4. Campfire Tales: {f.kingdom} has no Campfire Tales table in its content pack."
    between = f" (between {name(f.pair[0])} and {name(f.pair[1])})" if f.pair else ""
    return f"4. 🔥 Campfire Tales: {f.die} {f.natural} + highest Rapport {f.rapport}{between} = **{f.result}**."


@renders(CampfireTaleRead)
def _tale(f: CampfireTaleRead) -> str:
    if not f.name:
        return "No tale answers that roll tonight: the fire crackles, and nobody speaks."
    return f"*{f.name}* — {f.text}"


@renders(CampfireBonus)
def _bonus(f: CampfireBonus) -> str:
    return f"Bonus: {f.text}"
