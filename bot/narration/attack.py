"""The words of a Knight's Attack in a Clash, steps 5 to 8, and of an Encounter's Power Roll
(rules/clash/attack_facts.py)."""

from __future__ import annotations

from bot.narration.registry import name, renders, words
from rules.clash.attack_facts import (
    AreaRolled,
    AttackDeclared,
    AttackDiceRolled,
    AttackStepped,
    BPCardRevealed,
    CritRolled,
    FollowUpOwed,
    MiniatureLeaves,
    PowerRollResolved,
    ResponseMet,
    ThresholdMet,
    WhileRevealed,
    WoundDealt,
)


@renders(BPCardRevealed)
def _revealed(f: BPCardRevealed) -> str:
    where = "drawn from the BP deck" if not f.mob else f"of Mob {f.mob} " + ("revealed" if f.first else "(revealed)")
    return f"🃏 BP card {where}: **{f.card}** (BP {f.level}, AT {f.at})."


@renders(WhileRevealed)
def _while(f: WhileRevealed) -> str:
    return f"✋ While {f.card} stays revealed: " + "; ".join(f.effects) + " (by hand)."


@renders(ResponseMet)
def _response(f: ResponseMet) -> str:
    label = f"{f.card} ({f.trigger.title()})"
    return f"🛡️ {label} is ignored ({f.ignored})." if f.ignored else f"↩️ Response — {label}:"


@renders(ThresholdMet)
def _threshold(f: ThresholdMet) -> str:
    return f"💥 {f.kind.title()} {f.at}+ — {f.card}:"


@renders(MiniatureLeaves)
def _leaves(f: MiniatureLeaves) -> str:
    return f"{f.monster}'s miniature leaves the Clash Board."


@renders(WoundDealt)
def _wound(f: WoundDealt) -> str:
    then = [x if isinstance(x, str) else words(x) for x in f.then]
    return f"🩸 {'**Critical Wound**' if f.critical else 'Wound'}: " + " ".join(t for t in then if t is not None)


@renders(AreaRolled)
def _area(f: AreaRolled) -> str:
    return (f"💥 Area — {f.monster}: BP card {'revealed' if f.first else '(revealed)'} **{f.card}** (BP {f.level}, "
            f"AT {f.at}); Total Power {f.total}: {'**Wound**' if f.wound else 'Fail'} (no Responses).")


VERDICTS = {"critical": "**Critical Wound**.", "wound": "**Wound**.", "fail": "**Fail**.", "scrape": "**Scrape**.",
            "no_scrape": "no Scrape."}


def _tokens(tokens: dict[str, int]) -> str:
    return ", ".join(f"{n} {t.replace('_', ' ').title()}" for t, n in tokens.items())


@renders(PowerRollResolved)
def _power_roll(f: PowerRollResolved) -> str:
    faces = ", ".join(f"{words(x)}{' (re-rolled)' if i in f.rerolled else ''}" for i, x in enumerate(f.faces))
    spent = ""
    if f.used and f.pool == "knight":
        spent = f"; tokens used: {_tokens(f.used)} (+{f.gained} Power)"
    elif f.used:
        spent = f"; Encounter Pool tokens used: {_tokens({t: n for t, n in f.used.items() if n}) or 'empty'}"
    return (f"💪 Power Roll: {faces or 'no dice'}{spent} → Total Power **{f.total}** vs AT {f.at}: "
            f"{VERDICTS[f.outcome]}")


@renders(AttackDeclared)
def _declared(f: AttackDeclared) -> str:
    return (f"⚔️ {name(f.knight)} declares {'a **Bonus Attack**' if f.bonus else 'an Attack'} on {f.monster}; active "
            f"weapon: the {f.weapon} ({f.reach}).")


@renders(AttackDiceRolled)
def _dice(f: AttackDiceRolled) -> str:
    dice = " ".join(str(n) for n in f.naturals)
    dice = f"{dice} (Precision {f.precision:+d})" if f.precision else dice
    hits = f"{f.hits} hit{'s' if f.hits != 1 else ''}"
    verdict = f"{hits}, **Full Hit**" if f.hits == len(f.naturals) else "**Full Miss**" if f.hits == 0 else hits
    who = f"{name(f.knight)} attacks {f.monster} with the {f.weapon}" if f.knight else "Attack Roll"
    return f"🎯 {who}: {dice} vs To Hit {f.to_hit} → {verdict}."


@renders(CritRolled)
def _crit(f: CritRolled) -> str:
    if f.misses:
        times = "" if f.misses == 1 else f" {f.misses} times"
        return f"Crit Miss{times} (natural 1 on the Crit die): resolve Crit Miss effects{times}, if any."
    if f.venue is None:
        return "✨ **Crit Chance** on the Crit die."
    if f.venue == "encounter":
        return "✨ **Crit Chance** on the Crit die: a Scrape with it resolves the Critical (once per Encounter)."
    return ("✨ **Crit Chance** (natural " + ("9–10 with Deadly" if f.deadly else "10")
            + " on the Crit die): Ultrainstinct is ignored and a Wound becomes a Critical Wound.")


@renders(AttackStepped)
def _stepped(f: AttackStepped) -> str:
    if f.step == "heat_limit":
        return f"{name(f.knight)} is at the Heat Limit ({f.value}): no Heat re-roll."
    if f.step == "rouse":
        return f"Rouse: {name(f.knight)}'s Passion counts as {f.value} until the end of this Attack."
    return f"Full Miss: {name(f.knight)}'s Attack ends."


@renders(FollowUpOwed)
def _follow_up(f: FollowUpOwed) -> str:
    return (f"⚔️ Follow-up Knight Attack: {name(f.knight)} is owed a Bonus Attack, resolved now: "
            f"`/knight attack knight:{f.knight_id} weapon:{f.weapon} bonus:true` (any weapon of the Loadout; an "
            "exhausted weapon may be declared and is unexhausted; its Attack Responses are ignored).")
