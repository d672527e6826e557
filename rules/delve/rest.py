"""The Rest Phase (rulebook "Rest Phase", "Campfire Tales"): Rest Techniques, Resource tokens discarded, Monster
Rotation 2 and a Campfire Tale rolled with the highest Rapport of the party.

Pure functions; the handler (``RestPhase``, ``/rest``) is in rules/delve/rest_handlers.py.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from content.loader import Catalogue
from content.schema.kingdom import Kingdom
from rules.coverage import implements
from rules.delve import exploration as ex
from rules.delve import rest_facts as rf
from rules.delve.monsters import rotate, wheel_text
from rules.dice import Dice
from rules.facts import random_targets_said, said
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.knights.view import summary
from rules.state import CampaignState

T = "tests/delve/test_rest.py::"
REST_WORDS = re.compile(r"\brest\b", re.IGNORECASE)


def rest_techniques(cat: Catalogue, party: Sequence[KnightState]) -> list[dict[str, Any]]:
    """"Rest Abilities: Knights may play Technique cards with the Rest keyword": every Technique on a Knight Board
    whose Delve side has a keyword named Rest or speaks of the Rest (docs/rulings.md), with the area it is in."""
    out = []
    for k in party:
        for tid, zone in k.board.techniques.items():
            tech = next((t for t in st.content(cat, k).techniques if t.id == tid), None)
            if tech is None:
                continue
            side = tech.delve
            keyword = any(kw.name.lower() == "rest" for kw in [*side.keywords, *side.extra_keywords])
            if keyword or REST_WORDS.search(side.text):
                out.append({"knight": k.id, "knight_name": k.name, "technique": tid, "name": side.name,
                            "zone": zone, "text": side.text, "playable": zone == "hand"})
    return out


def techniques_text(techniques: list[dict[str, Any]]) -> list[str]:
    if not techniques:
        return [said(rf.RestAbilities(step="none"))]
    lines = [said(rf.RestAbilities(step="listed"))]
    for t in techniques:
        lines.append(said(rf.RestTechniqueListed(knight=t["knight_name"], name=t["name"], technique=t["technique"],
                                                 zone=t["zone"], playable=t["playable"], text=t["text"])))
    return lines


def discard_resources(party: Sequence[KnightState]) -> dict[str, dict[str, int]]:
    """"Resource tokens: Discard all Resource tokens" (from each Knight Board)."""
    out = {}
    for k in party:
        held = {token: n for token, n in k.board.resources.items() if n}
        if held:
            out[k.id] = held
        k.board.resources = {}
    return out


def resources_text(discarded: dict[str, dict[str, int]], party: Sequence[KnightState]) -> list[str]:
    names = {k.id: k.name for k in party}
    return [said(rf.RestResourcesDiscarded(knights=[rf.Discarded(knight=names.get(kid, kid), tokens=list(held.items()))
                                                    for kid, held in discarded.items()]))]


def rotation(kingdom: Kingdom, amount: int, state: CampaignState | None = None) -> dict[str, Any]:
    """"Monster Rotation: Perform Rotation 2": every Encounter Monster token on the District Wheel moves ``amount``
    spaces clockwise (rules/delve/monsters.py ``rotate``), in ``state.delve`` when a state is given."""
    wheel = list(kingdom.wheel)
    moves: list[dict[str, str | None]] = [
        {"from": d, "to": wheel[(i + amount) % len(wheel)]} for i, d in enumerate(wheel)]
    if state is None or state.delve is None:
        return {"amount": amount, "by_hand": True, "moves": moves, "wheel": {},
                "text": f"3. Monster Rotation: perform Rotation {amount} on the District Wheel."}
    state.delve = rotate(state.delve, kingdom, amount)
    for m in moves:
        m["card"] = next((c for d, c in state.delve.wheel_tokens.items() if d == m["to"]), None)
    text = (f"3. Monster Rotation: Rotation {amount} — every Encounter Monster token on the District Wheel moves "
            f"{amount} spaces clockwise. District Wheel — {wheel_text(state.delve, kingdom)}.")
    return {"amount": amount, "by_hand": False, "moves": moves, "wheel": dict(state.delve.wheel_tokens),
            "text": text}


def highest_rapport(party: Sequence[KnightState]) -> tuple[int, list[str]]:
    """The highest Rapport between any two Knights of the party (a Rapport track naming a Knight of the party by
    name or id), with the two Knights; 0 and no one when there is none."""
    best, pair = 0, []
    by_name = {k.name.lower(): k for k in party} | {k.id: k for k in party}
    for k in party:
        for track in k.sheet.rapport:
            other = by_name.get(track.knight.strip().lower())
            if other is not None and other.id != k.id and track.hearts > best:
                best, pair = track.hearts, [k.name, other.name]
    return best, pair


@implements(
    "Campfire Tales", chapter="Rest Phase",
    tests=[T + "test_campfire_tale_adds_the_highest_rapport_and_gives_each_knight_the_bonus",
           T + "test_a_low_roll_tells_no_tale",
           "tests/delve/test_delve_gaps.py::test_a_campfire_tale_with_a_save_is_rolled"],
    note="the Kingdom's die + the highest Rapport; the tale's bonus applied to each living Knight (a Save rolled)",
)
@implements(
    "Rapport", chapter="Other Rules",
    tests=[T + "test_campfire_tale_adds_the_highest_rapport_and_gives_each_knight_the_bonus"],
    note="Campfire Tales: the highest Rapport between two Knights of the party is added to the roll",
)
def campfire_tale(cat: Catalogue, kingdom: Kingdom, state: CampaignState, party: Sequence[KnightState],
                  dice: Dice) -> tuple[dict[str, Any] | None, list[str]]:
    """"roll on the Campfire Tales table in the Kingdom Codex, adding the highest Rapport between any two Knights in
    your party to the result, then read the tale you rolled, if any". The tale's bonus goes to each living
    Knight (Kingdom track effects to the track)."""
    table = kingdom.campfire
    if table is None:
        return None, [said(rf.CampfireTale(kingdom=kingdom.name))]
    natural = dice.d10("Campfire Tale") if table.die == "d10" else dice.d6("Campfire Tale")
    rapport, pair = highest_rapport(party)
    result = natural + rapport
    texts = [said(rf.CampfireTale(die=table.die, natural=natural, rapport=rapport, pair=pair, result=result))]
    tale = table.tale(result)
    data: dict[str, Any] = {"die": table.die, "naturals": [natural], "natural": natural, "rapport": rapport,
                            "result": result, "tale": None}
    if tale is None:
        texts.append(said(rf.CampfireTaleRead()))
        return data, texts
    data["tale"] = {"id": tale.id, "name": tale.name, "text": tale.text, "bonus": tale.bonus.text}
    texts.append(said(rf.CampfireTaleRead(name=tale.name, text=tale.text)))
    texts += [said(rf.CampfireBonus(text=tale.bonus.text)), *random_targets_said(f"{tale.text} {tale.bonus.text}")]
    more, _ = ex.apply_effects(cat, kingdom, state, tale.bonus, knights=[k.id for k in party], who="each Knight",
                               dice=dice, source=f"the Campfire Tale {tale.name}")
    texts += more
    return data, texts


def knight_view(cat: Catalogue, k: KnightState) -> dict[str, Any]:
    return summary(cat, k)
