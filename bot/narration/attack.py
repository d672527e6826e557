"""The words of a Knight's Attack in a Clash, steps 5 to 8, and of an Encounter's Power Roll
(rules/clash/attack_facts.py)."""

from __future__ import annotations

from bot.narration.registry import renders, words
from rules.clash.attack_facts import (
    AreaRolled,
    BPCardRevealed,
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
