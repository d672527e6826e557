"""The words of the Clash's Rounds (rules/clash/round_facts.py), with the commands to type next."""

from __future__ import annotations

from bot.narration.registry import bold, name, renders, words
from rules.clash.round_facts import ClashOverCalled, KnightRoundEnded, RoundBegins, SighReplay


@renders(RoundBegins)
def _begins(f: RoundBegins) -> str:
    if f.phase == "monster":
        return f"🌑 **Monster Round {f.round}.** Every Activation token is ready."
    return (f"🌕 **Knight Round {f.round}.** Each Knight takes a turn, in any order: /knight move, /knight attack, "
            "then /knight end-turn.")


@renders(KnightRoundEnded)
def _ended(f: KnightRoundEnded) -> str:
    if f.next is not None:
        return f"Next: Monster Round {f.next} — /monster round."
    return f"End of Knight Round {f.round}."


@renders(ClashOverCalled)
def _over(f: ClashOverCalled) -> str:
    return f"🏁 The Clash is over: **{f.outcome}**. The GM closes it with /clash end."


@renders(SighReplay)
def _sigh(f: SighReplay) -> str:
    if f.step == "spent":
        where = f" against {f.against}" if f.against else ""
        return (f"🌬️ {bold(f.knight)} spends a Sigh of the Graal: the Clash{where} is replayed without any of its "
                "consequences.")
    if f.step == "erased":
        then = [x if isinstance(x, str) else words(x) for x in f.then]
        return f"{name(f.knight)}: " + " ".join(t for t in then if t is not None)
    if f.step == "restored":
        return "The game is restored to the state from before the Clash (Knights, Kingdom track, decks, board)."
    return ("The dice go on from where they stand: the replayed Clash rolls new dice. The GM starts it again with "
            "/clash start.")
