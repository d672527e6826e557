"""Technique cards cycling between the hand and the Cooldown, Delay and Discard areas (rulebook "Depletion",
"Refresh Step", "Exert and Warm-up Effects")."""

from __future__ import annotations

from typing import Literal

from content.loader import Catalogue
from content.schema.knights import Technique
from rules.coverage import implements
from rules.errors import RuleError
from rules.knights import statistics as st
from rules.knights.state import KnightState

T = "tests/knights/test_techniques.py::"
Use = Literal["delve", "clash", "exert"]


def technique(cat: Catalogue, k: KnightState, tid: str) -> Technique:
    for t in st.content(cat, k).techniques:
        if t.id == tid:
            return t
    raise RuleError(f"{k.name} has no Technique {tid!r}")


def _on_board(k: KnightState, tid: str) -> None:
    if tid not in k.board.techniques:
        raise RuleError(f"{tid} is not among {k.name}'s chosen Techniques ({', '.join(k.board.techniques)})")


@implements("Depletion", tests=[T + "test_use_pays_the_cost_and_depletes", T + "test_exert_ignores_the_cost"])
def use(cat: Catalogue, k: KnightState, tid: str, how: Use) -> list[str]:
    """Rulebook, "Technique Cards": "When you use a Technique, you must first pay its cost. Then, resolve its
    main effect and Deplete the card from your hand" and "you can use the Exert effect INSTEAD of the card's
    normal effect. If you do, IGNORE the Technique cost, and simply Deplete the card according to the symbol
    right below the exert effect."""
    _on_board(k, tid)
    if k.board.techniques[tid] != "hand":
        raise RuleError(f"{tid} is in the {k.board.techniques[tid].capitalize()} area, not in {k.name}'s hand")
    card = technique(cat, k, tid)
    side = card.delve if how == "delve" else card.clash
    out: list[str] = []
    if how == "exert":
        zone = side.extra_depletion or side.depletion
        out.append(f"Exert **{side.name}**: {side.extra} (cost ignored).")
    else:
        # a cost is voluntary: refused beyond the Heat Limit or below 1 Vigor (a refusal changes nothing)
        if side.cost.heat:
            out += st.change_heat(cat, k, side.cost.heat, voluntary=True)
        if side.cost.vigor:
            out += st.change_vigor(cat, k, -side.cost.vigor, voluntary=True)
        zone = side.depletion
        label = "Delve" if how == "delve" else "Clash"
        out.insert(0, f"{label} Technique **{side.name}** ({side.cost.label()}): {side.text}")
        if how == "delve":
            out.append(f"Warm-up: {side.extra}")
    k.board.techniques[tid] = zone
    out.append(f"{side.name} goes to the **{zone.capitalize()}** area." if zone != "instant" else
               f"{side.name} is Instant: it returns to the hand at the end of the Round.")
    return out


@implements("Refresh Step", tests=[T + "test_refresh_step"])
def refresh(cat: Catalogue, k: KnightState, chosen: list[str]) -> list[str]:
    """Rulebook, "Refresh Step": "First, lower your current Heat by the amount equal to your Knight's Heat
    Refresh rate. Then, return to your hand X Technique cards from the Cooldown area of your Knight Board,
    where X is your Knight's Card Refresh rate. Finally, move all cards from the Delay area of your Knight
    Board to your Cooldown area."""
    p = st.portrait(cat, k)
    cooling = [t for t, z in k.board.techniques.items() if z == "cooldown"]
    if len(cooling) > p.card_refresh and not chosen:
        raise RuleError(f"{len(cooling)} cards are in Cooldown and the Card Refresh is {p.card_refresh}: "
                        f"choose which return with cards:a,b (from {', '.join(cooling)})")
    back = chosen or cooling
    wrong = [t for t in back if t not in cooling]
    if wrong or len(back) > p.card_refresh:
        raise RuleError(f"return at most {p.card_refresh} cards, from the Cooldown area: {', '.join(cooling)}")
    out = st.change_heat(cat, k, -p.heat_refresh) if p.heat_refresh else []
    for t in back:
        k.board.techniques[t] = "hand"
    delayed = [t for t, z in k.board.techniques.items() if z == "delay"]
    for t in delayed:
        k.board.techniques[t] = "cooldown"
    moved = ", ".join(delayed) or "nothing"
    out.append(f"Refresh: to the hand {', '.join(back) or 'nothing'}; Delay → Cooldown: {moved}.")
    return out


def end_of_round(k: KnightState) -> list[str]:
    """Rulebook, "Depletion": "When you use a Technique with an Instant Depletion, it returns to your hand at
    the end of the current Round"."""
    back = [t for t, z in k.board.techniques.items() if z == "instant"]
    for t in back:
        k.board.techniques[t] = "hand"
    return [f"End of Round: {', '.join(back)} back to the hand."] if back else ["End of Round: no Instant cards."]


def move(k: KnightState, tid: str, zone: Literal["hand", "cooldown", "delay", "discard"]) -> list[str]:
    """Move a card by an effect (Cooldown, Delay, Discard, Restrain, Refresh X...)."""
    _on_board(k, tid)
    k.board.techniques[tid] = zone
    return [f"{tid} → {zone.capitalize()}."]


def return_all(k: KnightState) -> list[str]:
    """Clash Aftermath: "Return all Technique cards from your Cooldown, Delay, and Discard areas to your hand."""
    for t in k.board.techniques:
        k.board.techniques[t] = "hand"
    return ["Every Technique returns to the hand."]
