"""The words of the Technique cards' facts (rules/knights/technique_facts.py)."""

from __future__ import annotations

from bot.narration.registry import command, name, renders
from rules.knights.technique_facts import (
    AllTechniquesReturned,
    InstantsReturned,
    NothingToRefresh,
    RefreshChoice,
    RefreshedX,
    Restrained,
    TechniqueDepleted,
    TechniqueMoved,
    TechniquesRefreshed,
    TechniqueUsed,
    WarmUp,
)


def _cards(ids: list[str], none: str = "nothing") -> str:
    return ", ".join(ids) or none


@renders(TechniqueUsed)
def _used(f: TechniqueUsed) -> str:
    if f.exert:
        return f"Exert **{f.name}**: {f.text} (cost ignored)."
    return f"{f.side} Technique **{f.name}** ({f.cost}): {f.text}"


@renders(WarmUp)
def _warm_up(f: WarmUp) -> str:
    return f"Warm-up: {f.text}"


@renders(TechniqueDepleted)
def _depleted(f: TechniqueDepleted) -> str:
    if f.zone == "instant":
        return f"{f.name} is Instant: it returns to the hand at the end of the Round."
    return f"{f.name} goes to the **{f.zone.capitalize()}** area."


@renders(TechniquesRefreshed)
def _refreshed(f: TechniquesRefreshed) -> str:
    return f"Refresh: to the hand {_cards(f.back)}; Delay → Cooldown: {_cards(f.delayed)}."


@renders(InstantsReturned)
def _instants(f: InstantsReturned) -> str:
    return f"End of Round: {', '.join(f.back)} back to the hand." if f.back else "End of Round: no Instant cards."


@renders(TechniqueMoved)
def _moved(f: TechniqueMoved) -> str:
    if not f.keyword:
        return f"{f.technique} → {f.zone.capitalize()}."
    if f.technique is None:
        return f"{f.keyword}: {name(f.knight)} has no card in the hand; nothing happens."
    return f"{f.keyword}: {f.technique} (a random card from {name(f.knight)}'s hand) → {f.zone.capitalize()} area."


@renders(AllTechniquesReturned)
def _all(f: AllTechniquesReturned) -> str:
    return "Every Technique returns to the hand."


@renders(Restrained)
def _restrained(f: Restrained) -> str:
    if f.moved:
        return f"Restrain: Cooldown → Delay: {', '.join(f.moved)}."
    return f"Restrain: {name(f.knight)} has no card in the Cooldown area; nothing happens."


@renders(RefreshedX)
def _refreshed_x(f: RefreshedX) -> str:
    where = "the Cooldown area" if f.from_area == "delay" else "the hand"
    return f"Refresh {f.x}: {f.from_area.capitalize()} → {where}: {_cards(f.back, 'nothing (the area is empty)')}."


@renders(RefreshChoice)
def _choice(f: RefreshChoice) -> str:
    ways = []
    if f.delay is not None:
        ways.append(f"Delay → Cooldown ({_cards(f.delay, 'none there')}) with "
                    f"{command('/knight technique op:cooldown technique:<id>')}")
    if f.cooldown is not None:
        ways.append(f"Cooldown → hand ({_cards(f.cooldown, 'none there')}) with "
                    f"{command('/knight technique op:hand technique:<id>')}")
    return f"✋ Refresh {f.x} ({name(f.knight)} chooses): move up to {f.x} card(s) " + ", OR ".join(ways) + "."


@renders(NothingToRefresh)
def _nothing(f: NothingToRefresh) -> str:
    return f"Refresh {f.x}: {name(f.knight)} has no card in the Delay or Cooldown area; nothing happens."
