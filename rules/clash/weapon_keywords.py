"""Keywords of the active weapon that act at one step of a Knight's Attack in a Clash (rulebook Keyword List):
Commit (step 1), Provoke and Spotlight (the first ability window), Pass X and Greater Pass X (step 9), Cumbersome
and Tireless (the second ability window). rules/clash/knight_attack.py calls them."""

from __future__ import annotations

from collections.abc import Sequence

from content.loader import Catalogue
from content.schema.gear import GearFace, Keyword
from rules.clash import attention
from rules.clash.knight_attack_facts import AttackCommitted, AttackCumbersome
from rules.errors import RuleError
from rules.facts import Line
from rules.knights import loadout as lo
from rules.knights import statistics as st
from rules.knights.state import KnightState
from rules.state import CampaignState


def commit(cat: Catalogue, k: KnightState, face: GearFace, keywords: list[Keyword]) -> list[Line]:
    """"Commit: To attack with this weapon, gain +1 Heat." — a cost: refused beyond the Heat Limit."""
    if not any(kw.name == "Commit" for kw in keywords):
        return []
    return [AttackCommitted(weapon=face.name, lines=st.change_heat(cat, k, 1, voluntary=True))]


def cumbersome(cat: Catalogue, k: KnightState, gid: str, face: GearFace, keywords: list[Keyword],
                wound: bool) -> list[Line]:
    """"Cumbersome: During the second ability window, if you successfully wounded with this weapon, exhaust it."
    "Tireless: When you are about to activate the Cumbersome keyword, you may ignore it." """
    if not wound or not any(kw.name == "Cumbersome" for kw in keywords):
        return []
    if any(kw.name == "Tireless" for e in k.loadout if not e.discarded for kw in lo.face(cat, k, e.gear).keywords):
        return [AttackCumbersome(weapon=face.name, knight=k.name, tireless=True)]
    entry = next(e for e in k.loadout if e.gear == gid)
    entry.exhausted = True
    return [AttackCumbersome(weapon=face.name)]


PASS_TOKENS = {"opening", "break", "cantrip"}  # "You can only choose Opening, Break, or Cantrip tokens."


def passed_tokens(cat: Catalogue, k: KnightState, keywords: list[Keyword], keep: Sequence[str]) -> dict[str, int]:
    """"Pass X: During the Clear the Knight Pool step, choose up to X Knight tokens to remain in the Knight Pool. You
    can only choose Opening, Break, or Cantrip tokens." "Greater Pass X: ... except Sunder and Power tokens." The
    attacker declares them with the Attack (``keep:``); those still in the Pool at that step stay."""
    if not keep:
        return {}
    found = {kw.name: kw.value or 1 for kw in keywords if kw.name in ("Pass", "Greater Pass")}
    if not found:
        raise RuleError("keep: is for a weapon with Pass X or Greater Pass X; this weapon has neither")
    greater = "Greater Pass" in found
    most = max(found.values())
    if len(keep) > most:
        raise RuleError(f"{'Greater Pass' if greater else 'Pass'} {most}: at most {most} token(s) can stay")
    if not greater and any(t not in PASS_TOKENS for t in keep):
        raise RuleError("Pass: \"You can only choose Opening, Break, or Cantrip tokens\" (Greater Pass allows others "
                        "but Sunder and Power)")
    out: dict[str, int] = {}
    for t in keep:
        out[t] = out.get(t, 0) + 1
    return out


def attention_keywords(state: CampaignState, k: KnightState, mini: str, monster: str,
                       keywords: list[Keyword]) -> list[str]:
    """Provoke and Spotlight of the active weapon, "During the first ability window"."""
    assert state.clash is not None
    names = {kw.name for kw in keywords}
    lines = attention.provoke(state, k, mini, monster) if "Provoke" in names else []
    if "Spotlight" in names:
        power, said = attention.spotlight(state.clash, k)
        if power:
            state.clash.flow.pool["power"] = state.clash.flow.pool.get("power", 0) + power
        lines += said
    return lines
